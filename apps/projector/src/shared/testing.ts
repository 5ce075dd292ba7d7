/** Test helpers: realistic bid streams written through the command handler, and the read model a fold gives. */
import { aggregateDef, fold, collectionsOf, type AnyState, type BidState } from '@trenchline/domain';
import { streamName, type EventStore } from '@trenchline/event-store';
import { commandHandler, type Command, type Loaded, whereAny } from '@trenchline/platform';
import type { Knex } from 'knex';
import { silentPublisher } from '@trenchline/platform';
import type { Db } from '@trenchline/read-model';
import { startProjector } from '../projector.ts';

export async function appendBidStreams(store: EventStore, o: { bids: number; firstId?: number; accountId?: string; concurrency?: number }) {
  const first = o.firstId ?? 1_000_000;
  const writer = { accountId: o.accountId ?? '1', userId: '1', userName: 'Loader' };
  let total = 0;
  let lastPosition: string | null = null;
  const one = async (i: number) => {
    const id = String(first + i * 10);
    let at = 0;
    // Each bid its own clock: command n of bid i is stamped at second i * 10 + n of 2026.
    const commands = commandHandler({ store, now: () => new Date(Date.UTC(2026, 0, 1) + at * 1000) });
    const cmds = [
      { type: 'CreateBid', bidId: id, values: { work_request: `WR-${i}`, bid_due_date: `2026-12-${String((i % 28) + 1).padStart(2, '0')}`, market: (['A', 'B', 'N', 'P', 'SW'] as const)[i % 5] } },
      { type: 'AddLine', collection: 'bid_items', lineId: String(first + i * 10 + 1), values: { item: 'Bore', bid_percent: 60 } },
      { type: 'AddLine', collection: 'bid_items', lineId: String(first + i * 10 + 2), values: { item: 'Splice', bid_percent: 40 } },
      { type: 'ReviseBid', values: { city: `City ${i}` } },
      { type: 'ReviseLine', collection: 'bid_items', lineId: String(first + i * 10 + 2), values: { frc: 'F2' } },
      ...(i % 7 === 0 ? [{ type: 'DeleteBid' }] : i % 5 === 0 ? [{ type: 'RemoveLine', collection: 'bid_items', lineId: String(first + i * 10 + 1) }] : []),
    ];
    let loaded: Loaded | undefined;
    for (const [n, c] of cmds.entries()) {
      at = i * 10 + n;
      // Decided on the state the previous command left, as the API would after loading it.
      const r = await commands.execute(writer, 'bid', id, c, loaded ? { unscoped: true, loaded } : { create: true });
      loaded = { aggregate: 'bid', id, stream: streamName('bid', id), state: r.state, version: r.version, position: r.position, events: [] };
      total += r.events.length;
      if (r.position && (!lastPosition || store.comparePositions(r.position, lastPosition) > 0)) lastPosition = r.position;
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
    const state = fold(def.decider, events.map((e) => ({ type: e.type, data: e.data, meta: { ...e.meta, version: e.version } }))) as BidState;
    if (!state.id || state.deleted) continue;
    bids[state.id] = state;
    for (const c of collectionsOf('bid')) for (const l of Object.values(state.lines[c.name] ?? {})) lines[(l as { id: string }).id] = l;
  }
  return { bids, lines };
}

/**
 * Commands decided on each stream's current fold and appended by the command handler, as the API
 * does (without the account's record index), with a clock that moves one second per command; `caughtUp` waits for projections to pass them all.
 */
export function commandWriter(store: EventStore, o: { accountId?: string; userId?: string; userName?: string; start?: number } = {}) {
  let written = '0:0';
  let at = o.start ?? Date.UTC(2026, 10, 1);
  const writer = { accountId: o.accountId ?? '1', userId: o.userId ?? '1', userName: o.userName ?? 'Office' };
  const commands = commandHandler({ store, now: () => new Date((at += 1000)) });
  const foldOf = async <S extends AnyState = AnyState>(aggregate: string, id: string) => (await commands.read<S>(aggregate, id)).state;
  return {
    foldOf,
    async run(aggregate: string, id: string, command: Record<string, unknown>) {
      const r = await commands.execute(writer, aggregate, id, command as Command, { unscoped: true });
      if (r.position && store.comparePositions(r.position, written) > 0) written = r.position;
    },
    async caughtUp(db: Knex, names: string[]) {
      for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
        const rows = await whereAny(db('projection_checkpoints'), 'name', names, 'text').select('position');
        if (rows.length === names.length && rows.every((r) => r.position && store.comparePositions(r.position, written) >= 0)) return;
      }
      throw new Error('projections did not catch up');
    },
  };
}

/** Runs a projector over the store until `caughtUp` resolves, then stops it: the read model as the live runners leave it. */
export async function projectUntil(o: { store: EventStore; db: Db; databaseUrl: string }, caughtUp: () => Promise<void>) {
  const projector = await startProjector({ ...o, live: silentPublisher, batchSize: 50 });
  try {
    await caughtUp();
  } finally {
    await projector.stop();
  }
}

/** A test's store, read model connection and database, closed and dropped in that order (each may be missing after a failed start). */
export async function closeTestStore(o: { store?: EventStore; db?: Db; database?: { drop(): Promise<void> } }) {
  await o.store?.close();
  await o.db?.destroy();
  await o.database?.drop();
}
