/**
 * History verification over HTTP (docs/audit.md): the caller's account's hash chain and kept anchors
 * walked by the event store's verifyHistory, and optionally an anchor kept outside (the mailed one).
 */
import { z } from 'zod';
import { verifyHistory } from '@trenchline/event-store';
import type { RouteDef } from '../../platform/routes.ts';
import { HttpError } from '../../platform/errors.ts';

const query = z
  .object({
    anchor: z.string().trim().toLowerCase().regex(/^[0-9a-f]{64}$/, 'must be the anchor: 64 hex digits').optional(),
    position: z.string().trim().regex(/^\d{1,19}:\d{1,19}$/, "must be the anchor's position, as the mail gives it").optional(),
  })
  .loose()
  .superRefine((q, c) => {
    // One without the other checks nothing: say which is missing.
    if (q.anchor && !q.position) c.addIssue({ code: 'custom', path: ['position'], message: 'is required with anchor' });
    if (q.position && !q.anchor) c.addIssue({ code: 'custom', path: ['anchor'], message: 'is required with position' });
  });

export const auditVerifyRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/audit/verify',
    summary:
      "Walk the account's hash chain and recompute its kept anchors (?anchor=<hex>&position=<tx:gp> checks one kept outside too): {ok, events_checked, anchors_checked, first_broken: null | {position, stream, reason}}",
    query,
    handle: async ({ actor, query: q }, ctx) => {
      const { anchor, position } = q as z.infer<typeof query>;
      // The chain lives in the Postgres events table; an empty one would answer a misleading ok.
      if (ctx.store.kind !== 'postgres') throw new HttpError(409, 'unsupported', 'History verification reads the Postgres event store; this deployment keeps its events in EventStoreDB (docs/audit.md)');
      return verifyHistory(ctx.pool, { accountId: actor.accountId, anchor: anchor && position ? { hash: anchor, position } : null });
    },
  },
];
