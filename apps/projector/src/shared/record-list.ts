/**
 * The list read model of any aggregate (bids, jobs ...): one row per record with typed columns to
 * filter and sort on, the state folded by the domain's own `evolve`, and the view clients see.
 * Within a batch each record is read once and written once (all of them in one statement), which
 * keeps replays fast.
 */
import { aggregateDef, type EventMeta } from '@trenchline/domain';
import { parseStreamName, type RecordedEvent } from '@trenchline/event-store';
import { defineProjection, type Projection } from './projection.ts';
import { upsertRows } from './upsert.ts';

export interface RecordListOptions {
  aggregate: string;
  table: string;
  /** Typed columns of the row (besides the common ones of recordListColumns). */
  columns(view: Record<string, unknown>): Record<string, unknown>;
  /** Words the list's free-text search matches. */
  search(view: Record<string, unknown>): unknown[];
}

export function recordListProjection(o: RecordListOptions): Projection {
  const def = aggregateDef(o.aggregate);
  const list = def.list;
  if (!list) throw new Error(`${o.aggregate} has no list`);
  const prefix = `${o.aggregate}-`;
  return defineProjection({
    name: `${list}_list`,
    tables: [o.table],
    handles: (e) => e.streamId.startsWith(prefix),
    async applyBatch(events, ctx) {
      const byStream = new Map<string, RecordedEvent[]>();
      for (const e of events) {
        const list = byStream.get(e.streamId);
        if (list) list.push(e);
        else byStream.set(e.streamId, [e]);
      }
      const table = ctx.table(o.table);
      const ids = [...byStream.keys()].map((s) => parseStreamName(s).id);
      const rows = await ctx.trx(table).whereIn('id', ids).select('id', 'state', 'version', 'deleted');
      const current = new Map(rows.map((r) => [String(r.id), r]));
      const out: Record<string, unknown>[] = [];

      for (const [stream, evs] of byStream) {
        const id = parseStreamName(stream).id;
        const row = current.get(id);
        let state = row?.state ?? def.decider.initialState;
        // Events at or below the stored version were applied already (re-apply changes nothing).
        const fresh = evs.filter((e) => !row || e.version > row.version);
        if (!fresh.length) continue;
        for (const e of fresh) state = def.decider.evolve(state, e as never, { ...(e.meta as EventMeta), version: e.version });
        const last = fresh[fresh.length - 1];
        const accountId = last.meta.accountId;
        const deleted = !state.id || state.deleted;
        const view = deleted ? { id } : def.view(state, ctx.today);
        out.push({
          account_id: accountId,
          id,
          version: last.version,
          position: last.position,
          archived: Boolean(view.archived),
          deleted,
          search: deleted ? '' : o.search(view).filter((v) => v !== null && v !== undefined && v !== '').join(' ').toLowerCase(),
          state,
          view,
          updated_at: last.meta.at,
          // A tombstone's columns are null, whichever batch its events arrived in (replays equal live runs).
          ...o.columns(deleted ? {} : view),
        });
        if (deleted) {
          ctx.publish({ accountId, list, op: 'remove', id, position: last.position, stream, version: last.version });
          continue;
        }
        ctx.publish({
          accountId,
          list,
          op: 'upsert',
          id,
          row: { ...def.listRow(view, ctx.today), version: last.version },
          position: last.position,
          stream,
          version: last.version,
        });
      }
      await upsertRows(ctx.trx, table, out);
    },
  });
}
