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
import { whereAny } from '@trenchline/platform';

export interface RecordListOptions {
  aggregate: string;
  table: string;
  /** Typed columns of the row (besides the common ones of recordListColumns). */
  columns(view: Record<string, unknown>): Record<string, unknown>;
  /** Words the list's free-text search matches. */
  search(view: Record<string, unknown>): unknown[];
  /**
   * Rows of another table that are a function of the record (an ORCA job's invoices on the billing
   * dashboard), keyed by `parent`: rewritten with the record's row, in the same transaction.
   */
  children?: { table: string; parent: string; rows(state: never): Record<string, unknown>[] };
}

export function recordListProjection(o: RecordListOptions): Projection {
  const def = aggregateDef(o.aggregate);
  const list = def.list;
  if (!list) throw new Error(`${o.aggregate} has no list`);
  const prefix = `${o.aggregate}-`;
  return defineProjection({
    name: `${list}_list`,
    tables: o.children ? [o.table, o.children.table] : [o.table],
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
      const rows = await whereAny(ctx.trx(table), 'id', ids).select('id', 'state', 'version', 'deleted');
      const current = new Map(rows.map((r) => [String(r.id), r]));
      const out: Record<string, unknown>[] = [];
      const children: Record<string, unknown>[] = [];
      const goneChildren: string[] = [];

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
        if (o.children) {
          // The rows the record had (from its stored state) less those it has now go, by key, so
          // neither a live run nor a replay's side table needs an index on the parent column.
          const now = deleted ? [] : o.children.rows(state as never);
          const kept = new Set(now.map((r) => String(r.id)));
          if (row) for (const r of o.children.rows(row.state as never)) if (!kept.has(String(r.id))) goneChildren.push(String(r.id));
          for (const r of now) children.push({ ...r, account_id: accountId, [o.children.parent]: id, version: last.version, position: last.position, updated_at: last.meta.at });
        }
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
      if (o.children) {
        const childTable = ctx.table(o.children.table);
        if (goneChildren.length) await whereAny(ctx.trx(childTable), 'id', goneChildren).delete();
        await upsertRows(ctx.trx, childTable, children);
      }
    },
  });
}
