/**
 * `$all` read once per projector process (shared-reader.ts), against the real store: a counting wrapper
 * around it tells how often each page was asked of Postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@trenchline/read-model';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, type EventStore, type ReadAllOptions } from '@trenchline/event-store';
import { silentPublisher } from '@trenchline/platform';
import { appendBidStreams, closeTestStore } from './testing.ts';
import { SharedReader } from './shared-reader.ts';
import { startProjector } from '../projector.ts';
import { projections as allProjections } from '../registry.ts';

let database: TestDatabase;
let store: EventStore;
let db: Db;
let written = '0:0';

/** The real store, each readAll it answers written down (from, limit and how many events it gave). */
function counted(inner: EventStore) {
  const reads: { from: string | null; limit: number; got: number }[] = [];
  const store: EventStore = Object.create(inner);
  store.readAll = async (o: ReadAllOptions) => {
    const page = await inner.readAll(o);
    reads.push({ from: o.fromPosition ?? null, limit: o.limit, got: page.length });
    return page;
  };
  return { store, reads };
}

beforeAll(async () => {
  database = await createTestDatabase('projector_shared_reader');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  written = (await appendBidStreams(store, { bids: 200 })).lastPosition;
}, 120_000);

afterAll(() => closeTestStore({ store, db, database }));

describe('one read of $all per projector process', () => {
  it('given every projection from the first event, when the projector catches up, then each full page of $all was read from Postgres once, not once per runner', async () => {
    const projections = allProjections();
    const { store: counting, reads } = counted(store);
    const projector = await startProjector({ store: counting, db, databaseUrl: database.url, live: silentPublisher, batchSize: 50 });
    try {
      for (const end = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 50))) {
        const rows = await db('projection_checkpoints').select('position');
        if (rows.length === projections.length && rows.every((r) => r.position && store.comparePositions(r.position, written) >= 0)) break;
        if (Date.now() > end) throw new Error('projections did not catch up');
      }
    } finally {
      await projector.stop();
    }
    const full = reads.filter((r) => r.got === r.limit);
    const pages = new Set(full.map((r) => r.from)).size;
    // Baseline: without the shared reader each runner reads every page itself.
    console.log(`$all reads: ${reads.length} (${full.length} full pages, ${pages} distinct) for ${projections.length} runners; unshared at least ${pages * projections.length}`);
    expect(pages).toBeGreaterThan(10);
    expect(full.length).toBe(pages);
    expect(reads.length).toBeLessThan((pages * projections.length) / 4);
  }, 180_000);

  it('given identical reads in flight, then Postgres answers one; and given a short page, when events are appended, then a later reader gets them', async () => {
    const { store: counting, reads } = counted(store);
    const reader = new SharedReader(counting);
    const head = await store.headPosition();
    const [a, b] = await Promise.all([reader.readAll({ fromPosition: null, limit: 7 }), reader.readAll({ fromPosition: null, limit: 7 })]);
    expect(a).toBe(b);
    expect(reads).toHaveLength(1);
    // A full page is kept: asked again, Postgres is not.
    await reader.readAll({ fromPosition: null, limit: 7 });
    expect(reads).toHaveLength(1);

    const short = await reader.readAll({ fromPosition: head, limit: 1000 });
    expect(short).toEqual([]);
    const more = await appendBidStreams(store, { bids: 2, firstId: 9_000_000 });
    for (const end = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 50))) {
      const later = await reader.readAll({ fromPosition: head, limit: 1000 });
      if (later.some((e) => e.position === more.lastPosition)) break;
      if (Date.now() > end) throw new Error('the later reader never saw the new events');
    }
  }, 120_000);
});
