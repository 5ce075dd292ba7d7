/**
 * The one check of references: a field declared with `ref({ record })` or `ref({ line })` in the
 * domain must name a record (or line) of that kind in the caller's account, or the request is a 400
 * naming the field and nothing is written. The route layer runs it before any handler (see
 * RouteDef.references), so no counter number, coordinator or id is spent on a refused request.
 * That a line reference names a line of the same record is the domain's rule (decideLine).
 */
import { aggregateDef, collection, referenceFields, type RefTarget } from '@trenchline/domain';
import type { z } from 'zod';
import type { Actor, ApiContext } from './context.ts';
import { badRequest } from './errors.ts';

const kindOf = (t: RefTarget) => ('record' in t ? t.record : t.line);
const nounOf = (t: RefTarget) => ('record' in t ? aggregateDef(t.record).label : collection(t.line).noun).toLowerCase();

export async function checkReferences(ctx: ApiContext, actor: Actor, schema: z.ZodObject<z.ZodRawShape>, body: unknown): Promise<void> {
  if (!body || typeof body !== 'object') return;
  const sent = body as Record<string, unknown>;
  // Each value read as its field reads it (7, '7', '' for none); a value the field refuses is left to the body's own 400.
  const wanted = referenceFields(schema).flatMap(({ field, target }) => {
    const parsed = (schema.shape[field] as z.ZodType).safeParse(sent[field]);
    return parsed.success && typeof parsed.data === 'string' ? [{ field, target, id: parsed.data }] : [];
  });
  if (!wanted.length) return;
  // The record index holds every id handed out with its account and kind, deleted records included:
  // a record sent back whole keeps pointing at a bid deleted since.
  const { rows } = await ctx.pool.query<{ id: string; kind: string }>('select id::text as id, kind from record_index where account_id = $1 and id = any($2::bigint[])', [
    actor.accountId,
    wanted.map((w) => w.id),
  ]);
  const kinds = new Map(rows.map((r) => [r.id, r.kind]));
  const fields: Record<string, string> = {};
  for (const w of wanted) if (kinds.get(w.id) !== kindOf(w.target)) fields[w.field] = `no such ${nounOf(w.target)} in your account`;
  if (Object.keys(fields).length) throw badRequest(fields, Object.entries(fields).map(([f, why]) => `${f}: ${why}`).join('; '));
}
