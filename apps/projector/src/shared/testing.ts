/** Test helpers: realistic bid streams written straight to the store, and the read model a fold gives. */
import { bidDecider, type BidState, type CommandMeta, aggregateDef, fold, collectionsOf } from '@trenchline/domain';
import { streamName, type EventStore } from '@trenchline/event-store';
import type { Knex } from 'knex';

export async function appendBidStreams(store: EventStore, o: { bids: number; firstId?: number; accountId?: string; concurrency?: number }) {
  const first = o.firstId ?? 1_000_000;
  const meta = (n: number): CommandMeta => ({ accountId: o.accountId ?? '1', userId: '1', userName: 'Loader', at: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString() });
  let total = 0;
  let lastPosition: string | null = null;
  const one = async (i: number) => {
    const id = String(first + i * 10);
    let state: BidState = bidDecider.initialState;
    const stream = streamName('bid', id);
    const cmds = [
      { type: 'CreateBid', bidId: id, values: { work_request: `WR-${i}`, bid_due_date: `2026-12-${String((i % 28) + 1).padStart(2, '0')}`, market: (['A', 'B', 'N', 'P', 'SW'] as const)[i % 5] } },
      { type: 'AddLine', collection: 'bid_items', lineId: String(first + i * 10 + 1), values: { item: 'Bore', bid_percent: 60 } },
      { type: 'AddLine', collection: 'bid_items', lineId: String(first + i * 10 + 2), values: { item: 'Splice', bid_percent: 40 } },
      { type: 'ReviseBid', values: { city: `City ${i}` } },
      { type: 'ReviseLine', collection: 'bid_items', lineId: String(first + i * 10 + 2), values: { frc: 'F2' } },
      ...(i % 7 === 0 ? [{ type: 'DeleteBid' }] : i % 5 === 0 ? [{ type: 'RemoveLine', collection: 'bid_items', lineId: String(first + i * 10 + 1) }] : []),
    ] as const;
    let version = 0;
    for (const [n, c] of cmds.entries()) {
      const m = meta(i * 10 + n);
      const events = bidDecider.decide(c as never, state, m);
      for (const e of events) state = bidDecider.evolve(state, e, m);
      const r = await store.append(stream, events.map((e) => ({ type: e.type, data: e.data, meta: { ...m, correlationId: 'load', causationId: null, schemaVersion: 1 } })), { expectedVersion: version });
      version = r.version;
      total += events.length;
      if (!lastPosition || store.comparePositions(r.position, lastPosition) > 0) lastPosition = r.position;
    }
  };
  const workers = o.concurrency ?? 4;
  let next = 0;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (next < o.bids) await one(next++);
  }));
  /** `lastPosition`: wait for projections to pass it (the store's head can lag behind the last write). */
  return { events: total, lastPosition: lastPosition! };
}

/** What the bid list and lines tables must hold: the fold of every stream, computed independently. */
export async function expectedFromFold(store: EventStore, streams: string[]) {
  const def = aggregateDef('bid');
  const bids: Record<string, unknown> = {};
  const lines: Record<string, unknown> = {};
  for (const s of streams) {
    const events = await store.readStream(s);
    const state = fold(def.decider, events.map((e) => ({ type: e.type, data: e.data, meta: { ...e.meta, version: e.version } })));
    if (!state.id || state.deleted) continue;
    bids[state.id] = state;
    for (const c of collectionsOf('bid')) for (const l of Object.values(state.lines[c.name] ?? {})) lines[(l as { id: string }).id] = l;
  }
  return { bids, lines };
}

/**
 * Commands decided on each stream's current fold and appended as the API does, straight to the store,
 * with a clock that moves one second per command; `caughtUp` waits for projections to pass them all.
 */
export function commandWriter(store: EventStore, o: { accountId?: string; userId?: string; userName?: string; start?: number } = {}) {
  let written = '0:0';
  let at = o.start ?? Date.UTC(2026, 10, 1);
  const meta = (): CommandMeta => ({ accountId: o.accountId ?? '1', userId: o.userId ?? '1', userName: o.userName ?? 'Office', at: new Date((at += 1000)).toISOString() });
  const foldOf = async (aggregate: string, id: string) =>
    fold(aggregateDef(aggregate).decider, (await store.readStream(streamName(aggregate, id))).map((e) => ({ type: e.type, data: e.data, meta: { ...e.meta, version: e.version } })));
  return {
    foldOf,
    async run(aggregate: string, id: string, command: Record<string, unknown>) {
      const def = aggregateDef(aggregate);
      const stream = streamName(aggregate, id);
      const events = await store.readStream(stream);
      const state = fold(def.decider, events.map((e) => ({ type: e.type, data: e.data, meta: { ...e.meta, version: e.version } })));
      const m = meta();
      const out = def.decider.decide(command as never, state, m);
      const r = await store.append(stream, out.map((e) => ({ type: e.type, data: e.data, meta: { ...m, correlationId: 't', causationId: null, schemaVersion: 1 } })), { expectedVersion: events.length });
      if (store.comparePositions(r.position, written) > 0) written = r.position;
    },
    async caughtUp(db: Knex, names: string[]) {
      for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
        const rows = await db('projection_checkpoints').whereIn('name', names).select('position');
        if (rows.length === names.length && rows.every((r) => r.position && store.comparePositions(r.position, written) >= 0)) return;
      }
      throw new Error('projections did not catch up');
    },
  };
}
