/** Reading a record list read model: scoped to the account, tombstones left out, rows refreshed for today. */
import type { Knex } from 'knex';
import { aggregateDef } from '@trenchline/domain';
import { today, type Actor, type ApiContext } from './context.ts';

/**
 * `omit`: view fields a list does not show (long texts, nested roll-ups), dropped in Postgres so a
 * large list sends only what its table needs.
 */
export async function listRecords(ctx: ApiContext, actor: Actor, aggregate: string, narrow: (q: Knex.QueryBuilder) => void, o: { omit?: readonly string[] } = {}) {
  const def = aggregateDef(aggregate);
  if (!def.list) throw new Error(`${aggregate} has no list`);
  const view = o.omit?.length ? ctx.db.raw(`view ${o.omit.map(() => '- ?').join(' ')} as view`, [...o.omit]) : 'view';
  const q = ctx.db(def.list).where({ account_id: actor.accountId, deleted: false }).select(view, 'version');
  narrow(q);
  const rows: { view: Record<string, unknown>; version: number }[] = await q;
  const day = today(ctx);
  return rows.map((r) => ({ ...def.listRow(r.view, day), id: String(r.view.id), version: r.version }));
}

/** `?archived=t|true` means the archived list, anything else the active one. */
export const wantsArchived = (v: unknown) => v === 't' || v === 'true';
