/**
 * The account's trail (docs/audit-trail.md): every event of every record, newest first, filtered by
 * when, who, area, record, event type and words; the filter menus; and its export as XLSX or CSV,
 * a report built by the worker. The rows come from the `audit_trail` read model (read-model audit/trail.ts).
 */
import { z } from 'zod';
import { AUDIT_EXPORT_FORMATS, areasByName, auditTrailReport, trailFilterShape } from '@trenchline/domain';
import { trailCount, trailPage, trailTypes, type TrailFilter } from '@trenchline/read-model';
import { defineRoutes, type RouteDef } from '../../platform/routes.ts';
import { DEFAULT_PAGE_SIZE, pageUrl, pagingShape } from '../../platform/lists.ts';
import { queueReport, queuedReply } from '../reports/routes.ts';
import { auditVerifyRoutes } from './verify.ts';

const areaNames = () => Object.keys(areasByName);
const filterShape = trailFilterShape(areaNames);
const trailQuery = z.object({ ...filterShape, ...pagingShape }).loose();
const exportBody = z.object({ format: z.enum(AUDIT_EXPORT_FORMATS, { message: `must be one of ${AUDIT_EXPORT_FORMATS.join(', ')}` }), ...filterShape });

/** The filters given (an empty one is none). */
const filterOf = (q: Record<string, unknown>): TrailFilter => Object.fromEntries(Object.keys(filterShape).flatMap((k) => (q[k] === undefined || q[k] === '' ? [] : [[k, q[k]]])));

// A write of any record shows in the trail: a client's own write is waited for, as a list's is.
const readsTrail = ['audit_trail'];

export const auditRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/audit',
    summary: `The account's trail, newest first: ?from&to&user&area&record&type&q, ?page&page_size (1..500) for {results, count, count_capped, next, previous}; the count is exact up to 10,000`,
    query: trailQuery,
    readsLists: readsTrail,
    handle: async ({ actor, query, raw }, ctx) => {
      const { page = 1, page_size: size = DEFAULT_PAGE_SIZE } = query as { page?: number; page_size?: number };
      const filter = filterOf(query as Record<string, unknown>);
      // The page and the count at once, on two connections.
      const [results, { count, capped }] = await Promise.all([trailPage(ctx.db, actor.accountId, filter, { page, pageSize: size }), trailCount(ctx.db, actor.accountId, filter)]);
      // Past the counted cap a full page says there may be more.
      const more = capped ? results.length === size : page * size < count;
      return { results, count, count_capped: capped, next: more ? pageUrl(raw, page + 1) : null, previous: page > 1 ? pageUrl(raw, page - 1) : null };
    },
  },
  {
    method: 'get',
    path: '/audit/areas',
    summary: "The trail's filter menus: the area names and the event types the account's trail holds",
    readsLists: readsTrail,
    handle: async ({ actor }, ctx) => ({ areas: areaNames(), types: await trailTypes(ctx.db, actor.accountId) }),
  },
  {
    method: 'post',
    path: '/audit/export',
    summary: 'The filtered trail as a file (format xlsx or csv), built by the worker: a report, listed at /report/; answers 202 {id, state, url, file}',
    body: exportBody,
    handle: async ({ actor, body }, ctx) => {
      const { format, ...rest } = body as z.infer<typeof exportBody>;
      const { reportId, requested } = await queueReport(ctx, actor, auditTrailReport, format, { ...filterOf(rest) });
      return queuedReply(reportId, requested.position);
    },
  },
];

/** The trail and its verification: one area. */
export const auditAreaRoutes = defineRoutes('audit', [...auditRoutes, ...auditVerifyRoutes]);
