/**
 * PageFeed against the real Postgres store: every reader gets every page in order, `$all` is read once,
 * a fast reader waits for the slowest beyond the read-ahead window, and a reader that leaves frees the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, NO_STREAM, type EventStore, type ReadAllOptions } from '@trenchline/event-store';
import { testEvent } from '@trenchline/event-store/contract.ts';
import { PageFeed } from './page-feed.ts';

let database: TestDatabase;
let store: EventStore;
let reads: number;
/** The store, counting its $all reads. */
let counted: EventStore;

beforeAll(async () => {
  database = await createTestDatabase('projector_page_feed');
  store = createEventStore({ url: database.url });
  for (let s = 0; s < 10; s++) await store.append(`feed-${s}`, Array.from({ length: 10 }, (_, i) => testEvent(`E${s}.${i}`)), { expectedVersion: NO_STREAM });
  // $all shows an event once no older transaction of the cluster is running (another test file's may be): wait for all 100.
  for (let t = 0; t < 600 && (await store.readAll({ limit: 1000 })).length < 100; t++) await new Promise((r) => setTimeout(r, 50));
  counted = Object.create(store, {
    readAll: { value: (o: ReadAllOptions) => ((reads += 1), store.readAll(o)) },
  });
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

const tick = () => new Promise((r) => setTimeout(r, 20));

describe('PageFeed', () => {
  it('given three readers, when each reads to the end, then each gets all 100 events in order and $all is read once', async () => {
    reads = 0;
    const feed = new PageFeed(counted, null, 7, 3);
    const seen = await Promise.all(
      [0, 1, 2].map(async (reader) => {
        const types: string[] = [];
        for (let k = 0; ; k++) {
          const page = await feed.page(reader, k);
          if (!page.length) break;
          types.push(...page.map((e) => e.type));
          if (reader === 1) await tick(); // one slow reader
          feed.done(reader, k);
        }
        feed.leave(reader);
        return types;
      }),
    );
    const all = (await store.readAll({ limit: 1000 })).map((e) => e.type);
    expect(all).toHaveLength(100);
    for (const types of seen) expect(types).toEqual(all);
    expect(reads).toBe(Math.ceil(100 / 7) + 1); // 15 pages, the last one empty
  });

  it('given a reader stuck on page 0, when another goes more than the window ahead, then it waits until the stuck one moves or leaves', async () => {
    const feed = new PageFeed(store, null, 10, 2, 2);
    await feed.page(0, 0); // reader 0 holds page 0
    for (let k = 0; k <= 1; k++) {
      await feed.page(1, k);
      feed.done(1, k);
    }
    const state = { got: 0 };
    const third = feed.page(1, 2).then(() => (state.got = 2)); // 2 pages past reader 0's -1 + the window of 2
    await tick();
    expect(state.got).toBe(0);
    feed.done(0, 0);
    await third;
    feed.done(1, 2);
    const fourth = feed.page(1, 3).then(() => (state.got = 3));
    await tick();
    expect(state.got).toBe(2);
    feed.leave(0);
    await fourth;
    expect(state.got).toBe(3);
  });
});
