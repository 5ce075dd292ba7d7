/**
 * The list read model of any aggregate (bids, jobs ...): one row per record with typed columns to
 * filter and sort on, the state folded by the domain's own `evolve`, and the view clients see.
 * Within a batch each record is read once and written once (all of them in one statement), which
 * keeps replays fast.
 */
import { aggregateDef, type EventMeta } from '@trenchline/domain';
import { parseStreamName, type RecordedEvent } from '@trenchline/event-store';
import type { Knex } from 'knex';
import { defineProjection, type BatchContext, type Projection } from './projection.ts';
import { upsertRows } from './upsert.ts';
import { historyTable, whereAny } from '@trenchline/platform';

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
  /**
   * Keep every state of each row (and its children's) by its span of validity in `<table>_history`
   * (migration 021, docs/as-of.md), for the lists read as of a moment.
   */
  history?: boolean;
}

/** One state of a record after the events of one moment, kept in the history tables from `at`. */
interface Step {
  at: string;
  row: Record<string, unknown>;
  children: Record<string, unknown>[];
}

export function recordListProjection(o: RecordListOptions): Projection {
  const def = aggregateDef(o.aggregate);
  const list = def.list;
  if (!list) throw new Error(`${o.aggregate} has no list`);
  const prefix = `${o.aggregate}-`;
  return defineProjection({
    name: `${list}_list`,
    tables: [o.table, ...(o.children ? [o.children.table] : [])].flatMap((t) => (o.history ? [t, historyTable(t)] : [t])),
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
      // Each record's states in this batch, one per moment, and when its open history rows end.
      const steps = new Map<string, Step[]>();
      const openChildren = new Map<string, string>();
      const open = o.history ? await openSince(ctx.trx, ctx.table(historyTable(o.table)), ids) : new Map<string, number>();

      for (const [stream, evs] of byStream) {
        const id = parseStreamName(stream).id;
        const row = current.get(id);
        let state = row?.state ?? def.decider.initialState;
        // Events at or below the stored version were applied already (re-apply changes nothing).
        const fresh = evs.filter((e) => !row || e.version > row.version);
        if (!fresh.length) continue;
        const moments: Step[] = [];
        let since = open.get(id) ?? -Infinity;
        for (const [i, e] of fresh.entries()) {
          state = def.decider.evolve(state, e as never, { ...(e.meta as EventMeta), version: e.version });
          const next = fresh[i + 1];
          // One state per moment: events sharing one `at` are one step; a clock that steps back joins the moment before.
          const at = Math.max(Date.parse(e.meta.at), since);
          if (!o.history || (next && Math.max(Date.parse(next.meta.at), at) === at)) continue;
          since = at;
          const gone = !state.id || state.deleted;
          const stepView = gone ? { id } : def.view(state, ctx.today);
          moments.push({ at: new Date(at).toISOString(), row: rowOf(e, id, state, stepView, gone), children: gone ? [] : childRowsOf(e, id, state) });
        }
        if (moments.length) steps.set(id, moments);
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
          if (!deleted) children.push(...childRowsOf(last, id, state));
          // The children it had end (in the history) with its first new moment.
          if (row && moments.length) for (const r of o.children.rows(row.state as never)) openChildren.set(String(r.id), moments[0].at);
        }
        out.push(rowOf(last, id, state, view, deleted));
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
      if (o.history) await writeHistory(ctx, steps, openChildren);
    },
  });

  /** A record's list row as of one event of it. */
  function rowOf(e: RecordedEvent, id: string, state: Record<string, unknown>, view: Record<string, unknown>, deleted: boolean): Record<string, unknown> {
    return {
      account_id: e.meta.accountId,
      id,
      version: e.version,
      position: e.position,
      archived: Boolean(view.archived),
      deleted,
      search: deleted ? '' : o.search(view).filter((v) => v !== null && v !== undefined && v !== '').join(' ').toLowerCase(),
      state,
      view,
      updated_at: e.meta.at,
      // A tombstone's columns are null, whichever batch its events arrived in (replays equal live runs).
      ...o.columns(deleted ? {} : view),
    };
  }

  /** The child rows (an ORCA job's invoices) of a record's state as of one event of it. */
  function childRowsOf(e: RecordedEvent, id: string, state: unknown): Record<string, unknown>[] {
    if (!o.children) return [];
    return o.children.rows(state as never).map((r) => ({ ...r, account_id: e.meta.accountId, [o.children!.parent]: id, version: e.version, position: e.position, updated_at: e.meta.at }));
  }

  /**
   * The batch's steps into the history tables: the open row of each record (and of each child it had)
   * ends where its first new step starts (or is replaced, at the same moment), then every step is
   * written, each valid until the next.
   */
  async function writeHistory(ctx: BatchContext, steps: Map<string, Step[]>, openChildren: Map<string, string>) {
    const ids: string[] = [];
    const firsts: string[] = [];
    const rows: Record<string, unknown>[] = [];
    const childRows: Record<string, unknown>[] = [];
    for (const [id, kept] of steps) {
      ids.push(id);
      firsts.push(kept[0].at);
      for (const [i, step] of kept.entries()) {
        const validTo = kept[i + 1]?.at ?? null;
        // No fold state: as-of reads show the view; a long record's state at every moment would cost its size squared.
        rows.push({ ...step.row, state: null, valid_from: step.at, valid_to: validTo });
        for (const c of step.children) childRows.push({ ...c, valid_from: step.at, valid_to: validTo });
      }
    }
    const h = ctx.table(historyTable(o.table));
    await endOpenRows(ctx.trx, h, ids, firsts);
    await upsertRows(ctx.trx, h, rows, { conflict: ['id', 'valid_from'] });
    if (!o.children) return;
    const ch = ctx.table(historyTable(o.children.table));
    await endOpenRows(ctx.trx, ch, [...openChildren.keys()], [...openChildren.values()]);
    await upsertRows(ctx.trx, ch, childRows, { conflict: ['id', 'valid_from'] });
  }
}

/** When each record's open history row began (ms), to keep its moments in order. */
async function openSince(trx: Knex.Transaction, table: string, ids: string[]): Promise<Map<string, number>> {
  const rows: { id: string | number; valid_from: Date }[] = await whereAny(trx(table), 'id', ids).whereNull('valid_to').select('id', 'valid_from');
  return new Map(rows.map((r) => [String(r.id), r.valid_from.getTime()]));
}

/**
 * Ends the open history rows of these records at their given moments: a row begun at that moment or
 * later is replaced by the new one (a moment split over two batches), an earlier one ends there.
 */
async function endOpenRows(trx: Knex.Transaction, table: string, ids: string[], ats: string[]): Promise<void> {
  if (!ids.length) return;
  const moments = 'unnest(?::bigint[], ?::timestamptz[]) as m(id, at)';
  await trx.raw(`delete from ?? as h using ${moments} where h.id = m.id and h.valid_to is null and h.valid_from >= m.at`, [table, ids, ats]);
  await trx.raw(`update ?? as h set valid_to = m.at from ${moments} where h.id = m.id and h.valid_to is null`, [table, ids, ats]);
}
