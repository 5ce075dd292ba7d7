/**
 * The Postgres adapter against a real, freshly migrated database: the shared contract, then what only
 * Postgres can get wrong (late-committing transactions in `$all`, LISTEN/NOTIFY, record ids).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { withDatabase } from '@trenchline/read-model/config.ts';
import { eventStoreContract, readAllUntil, testEvent, testMeta } from './contract.ts';
import { ANY_VERSION, ConcurrencyError, NO_STREAM, streamName, type RecordedEvent } from './port.ts';
import { PostgresEventStore, appendEventsInTransaction } from './postgres.ts';
import { allocateId, allocateIds, findRecord } from './record-index.ts';
import { createEventStore } from './factory.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase('event_store');
});
afterAll(async () => {
  await db?.drop();
});

eventStoreContract('Postgres', async () => {
  const store = new PostgresEventStore({ url: db.url });
  return { store, cleanup: () => store.close() };
});

describe('Postgres event store', () => {
  let store: PostgresEventStore;
  let n = 0;
  const newStream = (aggregate = 'pg') => streamName(aggregate, `${Date.now()}${++n}`);
  /** A raw connection holding a transaction open, as a slow command would. */
  const openClients: pg.Client[] = [];
  async function rawClient() {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    openClients.push(c);
    return c;
  }

  beforeAll(() => {
    store = new PostgresEventStore({ url: db.url });
  });
  afterAll(async () => {
    await Promise.all(openClients.map((c) => c.end().catch(() => undefined)));
    await store?.close();
  });

  it('given an empty store, when reading the head and $all from the start, then there is nothing', async () => {
    const empty = await createTestDatabase('event_store_empty');
    const s = new PostgresEventStore({ url: empty.url });
    try {
      expect(await s.headPosition()).toBeNull();
      expect(await s.readAll({ fromPosition: null, limit: 10 })).toEqual([]);
      await s.append('x-1', [testEvent('A')], { expectedVersion: NO_STREAM });
      await vi.waitFor(async () => expect(await s.readAll({ fromPosition: null, limit: 10 })).toHaveLength(1), { timeout: 15_000 });
    } finally {
      await s.close();
      await empty.drop();
    }
  });

  it('given a slow transaction, when a later one commits first, then $all holds both back and then returns both, skipping none', async () => {
    const early = newStream();
    await store.append(early, [testEvent('Early')], { expectedVersion: NO_STREAM });
    const [earlyEvent] = await readAllUntil(store, null, new Set([early]), 1);
    const cursor = earlyEvent.position; // the reader has read everything up to here

    const slow = await rawClient();
    await slow.query('begin');
    const slowStream = newStream();
    await appendEventsInTransaction(slow, slowStream, [testEvent('Slow')], NO_STREAM); // takes the older transaction id
    const fastStream = newStream();
    const fast = await store.append(fastStream, [testEvent('Fast')], { expectedVersion: NO_STREAM }); // commits first

    // While the slow one runs, the committed later event must stay hidden: a reader that took it now
    // would move its cursor past the slow event.
    for (let i = 0; i < 5; i++) {
      const page = await store.readAll({ fromPosition: cursor, limit: 100 });
      expect(page.filter((e) => e.streamId === fastStream || e.streamId === slowStream)).toEqual([]);
      expect(store.comparePositions((await store.headPosition())!, cursor)).toBe(0);
      // The committed event is not readable yet, but its cursor is no cursor from the future.
      expect(store.comparePositions((await store.lastPosition())!, fast.position)).toBeGreaterThanOrEqual(0);
      await new Promise((r) => setTimeout(r, 50));
    }

    await slow.query('commit');
    const after = await readAllUntil(store, cursor, new Set([slowStream, fastStream]), 2);
    expect(after.map((e) => e.type)).toEqual(['Slow', 'Fast']);
    // The trap it avoids: by global_position alone the slow event sits before the fast one.
    const { rows } = await store.pool.query<{ stream_id: string; gp: string }>(
      'select stream_id, global_position::text as gp from events where stream_id = any($1)',
      [[slowStream, fastStream]],
    );
    const gp = Object.fromEntries(rows.map((r) => [r.stream_id, BigInt(r.gp)]));
    expect(gp[slowStream] < gp[fastStream]).toBe(true);
  });

  it('given 16 writers on 16 streams, when a reader pages $all meanwhile, then it sees every event exactly once in order', async () => {
    const before = await store.headPosition();
    const streams = Array.from({ length: 16 }, () => newStream('load'));
    const appended = new Set<string>();
    let writing = true;
    const writers = Promise.all(
      streams.map(async (stream) => {
        for (let round = 0; round < 10; round++) {
          const events = [0, 1].map(() => ({ ...testEvent('Loaded', { round }), eventId: randomUUID() }));
          await store.append(stream, events, { expectedVersion: round * 2 });
          for (const e of events) appended.add(e.eventId);
        }
      }),
    ).finally(() => {
      writing = false;
    });

    const seen: RecordedEvent[] = [];
    const ours = new Set(streams);
    let cursor = before;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const page = await store.readAll({ fromPosition: cursor, limit: 7 });
      for (const e of page) seen.push(e);
      if (page.length) cursor = page[page.length - 1].position;
      else if (!writing && seen.filter((e) => ours.has(e.streamId)).length >= appended.size) break;
      else if (Date.now() > deadline) throw new Error('reader did not catch up in 30 s');
      else await new Promise((r) => setTimeout(r, 2));
    }
    await writers;

    const ids = seen.filter((e) => ours.has(e.streamId)).map((e) => e.eventId);
    expect(ids).toHaveLength(320);
    expect(new Set(ids).size).toBe(320);
    expect(new Set(ids)).toEqual(appended);
    for (let i = 1; i < seen.length; i++) expect(store.comparePositions(seen[i - 1].position, seen[i].position)).toBe(-1);
    for (const stream of streams) {
      const versions = seen.filter((e) => e.streamId === stream).map((e) => e.version);
      expect(versions).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    }
  });

  it('given an uncommitted append to the same versions, when it commits, then the waiting writer gets ConcurrencyError with the new version', async () => {
    const stream = newStream();
    const other = await rawClient();
    await other.query('begin');
    await appendEventsInTransaction(other, stream, [testEvent('First')], NO_STREAM);
    const waiting = store.append(stream, [testEvent('Second')], { expectedVersion: NO_STREAM }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 200)); // let it block on the unique index
    await other.query('commit');
    const error = await waiting;
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect(error).toMatchObject({ expectedVersion: NO_STREAM, actualVersion: 1 });
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['First']);
  });

  it('given an uncommitted append to the same versions, when an ANY_VERSION append loses the race, then it retries after the winner', async () => {
    const stream = newStream();
    const other = await rawClient();
    await other.query('begin');
    await appendEventsInTransaction(other, stream, [testEvent('First')], NO_STREAM);
    const waiting = store.append(stream, [testEvent('Second')], { expectedVersion: ANY_VERSION });
    await new Promise((r) => setTimeout(r, 200));
    await other.query('commit');
    expect((await waiting).version).toBe(2);
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['First', 'Second']);
  });

  it('given a transaction of the caller, when appending within it, then the events commit with it or roll back with it', async () => {
    const kept = newStream();
    const dropped = newStream();
    const client = await rawClient();
    await client.query('begin');
    expect(await store.appendWithin(client, kept, [testEvent('Kept')], NO_STREAM)).toMatchObject({ version: 1 });
    await client.query('commit');
    await client.query('begin');
    await store.appendWithin(client, dropped, [testEvent('Dropped')], NO_STREAM);
    await client.query('rollback');
    expect((await store.readStream(kept)).map((e) => e.type)).toEqual(['Kept']);
    expect(await store.readStream(dropped)).toEqual([]);
    await client.query('begin');
    await expect(store.appendWithin(client, kept, [testEvent('Late')], NO_STREAM)).rejects.toBeInstanceOf(ConcurrencyError);
    await client.query('rollback');
  });

  it('given no cursor, when asking for its lag, then every readable event is behind it', async () => {
    await store.append(newStream(), [testEvent('A')], { expectedVersion: NO_STREAM });
    await vi.waitFor(async () => {
      const { rows } = await store.pool.query<{ n: number }>('select count(*)::int as n from events');
      expect((await store.lag([null]))[0].behind).toBe(rows[0].n);
    }, { timeout: 15_000 });
  });

  it('given a transaction holding an xid in another database of the server, when an event is appended, then lag counts it held back and heldBackBy names that transaction; once it ends, nothing of it holds', async () => {
    const first = await store.append(newStream(), [testEvent('Before')], { expectedVersion: NO_STREAM });
    await vi.waitFor(async () => expect((await store.lag([null]))[0].heldBack).toBe(0), { timeout: 15_000 }); // nothing of this file's held back
    // The probe's case: a transaction left open elsewhere on the server (here the 'postgres' database).
    const holder = new pg.Client({ connectionString: withDatabase(db.url, 'postgres'), application_name: 'event-store-test-holder' });
    await holder.connect();
    openClients.push(holder);
    await holder.query('begin');
    const { rows } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid, txid_current()');
    const pid = rows[0].pid;
    try {
      await store.append(newStream(), [testEvent('Held')], { expectedVersion: NO_STREAM });
      const [lag] = await store.lag([first.position]);
      expect(lag).toMatchObject({ behind: 0, heldBack: 1 });
      expect(lag.waitingMs).toBeGreaterThanOrEqual(0);
      // Another engineer's older transaction on the shared server would be named first while it runs.
      await vi.waitFor(async () => expect((await store.heldBackBy())?.pid).toBe(pid), { timeout: 15_000, interval: 100 });
      const held = (await store.heldBackBy())!;
      expect(held).toMatchObject({ pid, database: 'postgres', application: 'event-store-test-holder', state: 'idle in transaction' });
      expect(held.query).toContain('txid_current()');
      expect(held.ageMs).toBeGreaterThanOrEqual(0);
      expect(held.holdingMs).toBeGreaterThanOrEqual(0);
    } finally {
      await holder.query('rollback');
    }
    await vi.waitFor(async () => {
      expect((await store.lag([first.position]))[0]).toMatchObject({ behind: 1, heldBack: 0 });
      expect((await store.heldBackBy())?.pid).not.toBe(pid);
    }, { timeout: 15_000, interval: 100 });
  });

  it('given an unread event stored a minute and a half ago, when asking for the lag, then its wait is counted from its stored time', async () => {
    const cursor = (await store.append(newStream(), [testEvent('Read')], { expectedVersion: NO_STREAM })).position;
    const late = newStream();
    await store.append(late, [testEvent('Waiting')], { expectedVersion: NO_STREAM });
    await store.pool.query(`update events set recorded_at = now() - interval '90 seconds' where stream_id = $1`, [late]);
    await vi.waitFor(async () => {
      const [lag] = await store.lag([cursor]);
      expect((lag.behind ?? 0) + (lag.heldBack ?? 0)).toBe(1);
      expect(lag.waitingMs).toBeGreaterThanOrEqual(90_000);
      expect(lag.waitingMs).toBeLessThan(10 * 60_000);
    }, { timeout: 15_000 });
    expect((await store.lag([null]))[0].waitingMs).toBeGreaterThanOrEqual(90_000); // the oldest after the cursor, whatever its order
  });

  it('given an account id in the metadata, when appending, then the account_id column carries it', async () => {
    const stream = newStream();
    await store.append(stream, [testEvent('A', {}, testMeta({ accountId: '42' }))], { expectedVersion: NO_STREAM });
    const { rows } = await store.pool.query('select account_id::text as a from events where stream_id = $1', [stream]);
    expect(rows).toEqual([{ a: '42' }]);
  });

  /** A second store subscribed with polling off (only a NOTIFY wakes it), for `test`; `woken()` counts its wake-ups. */
  async function withQuietSubscriber(test: (woken: () => number) => Promise<void>) {
    const quiet = new PostgresEventStore({ url: db.url, pollIntervalMs: 600_000 });
    let calls = 0;
    const unsubscribe = await quiet.onAppended(() => calls++);
    try {
      await test(() => calls);
    } finally {
      await unsubscribe();
      await quiet.close();
    }
  }

  it('given a subscriber with polling off, when an append commits, then the NOTIFY alone wakes it', () =>
    withQuietSubscriber(async (woken) => {
      await store.append(newStream(), [testEvent('A')], { expectedVersion: NO_STREAM });
      await vi.waitFor(() => expect(woken()).toBeGreaterThan(0), { timeout: 5_000 });
    }));

  it('given a subscriber, when events are appended inside a transaction, then it is woken at the commit, not before', () =>
    withQuietSubscriber(async (woken) => {
      const client = await rawClient();
      await client.query('begin');
      await store.appendWithin(client, newStream(), [testEvent('Within')], NO_STREAM);
      await new Promise((r) => setTimeout(r, 300));
      expect(woken()).toBe(0);
      await client.query('commit');
      await vi.waitFor(() => expect(woken()).toBeGreaterThan(0), { timeout: 5_000 });
    }));

  it('given an older transaction holding an xid, when an append commits and is notified while hidden behind it, then once the holder ends the subscriber is woken again, with polling off, and the event is readable', () =>
    withQuietSubscriber(async (woken) => {
      const cursor = await store.headPosition();
      const holder = await rawClient();
      await holder.query('begin');
      await holder.query('select pg_current_xact_id()'); // takes an id, as a projector's batch does with its first write
      const hidden = newStream();
      await store.append(hidden, [testEvent('Hidden')], { expectedVersion: NO_STREAM });
      await vi.waitFor(() => expect(woken()).toBeGreaterThan(0), { timeout: 5_000 });
      expect((await store.readAll({ fromPosition: cursor, limit: 100 })).filter((e) => e.streamId === hidden)).toEqual([]);
      const notified = woken();

      await holder.query('commit'); // no append, so no notification of its own

      await vi.waitFor(() => expect(woken()).toBeGreaterThan(notified), { timeout: 5_000 });
      expect((await store.readAll({ fromPosition: cursor, limit: 100 })).filter((e) => e.streamId === hidden).map((e) => e.type)).toEqual(['Hidden']);
    }));

  it('given a subscriber whose LISTEN connection is killed, when events are appended later, then it reconnects and is woken', () =>
    withQuietSubscriber(async (woken) => {
      const listeners = `select pid from pg_stat_activity
        where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`;
      const killed = (await store.pool.query<{ pid: number }>(listeners)).rows.map((r) => r.pid);
      expect(killed.length).toBeGreaterThan(0);
      await store.pool.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [killed]);
      // A new LISTEN connection replaces the killed one.
      await vi.waitFor(
        async () => {
          const pids = (await store.pool.query<{ pid: number }>(listeners)).rows.map((r) => r.pid);
          expect(pids.filter((p) => !killed.includes(p))).toHaveLength(1);
        },
        { timeout: 15_000, interval: 100 },
      );
      const before = woken();
      await store.append(newStream(), [testEvent('A')], { expectedVersion: NO_STREAM });
      await vi.waitFor(() => expect(woken()).toBeGreaterThan(before), { timeout: 5_000 });
    }));

  it('given a caller-owned pool, when the store closes, then the pool stays usable', async () => {
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    try {
      const s = createEventStore({ kind: 'postgres', pool });
      expect(s.kind).toBe('postgres');
      await s.close();
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('given an unknown kind or eventstoredb without a URL, when creating a store, then it says what is missing', () => {
    expect(() => createEventStore({ kind: 'mongo' })).toThrow(/unknown EVENT_STORE/);
    expect(() => createEventStore({ kind: 'eventstoredb', esdbUrl: '' })).toThrow(/ESDB_URL/);
  });

  describe('record ids', () => {
    it('given concurrent allocations, when they finish, then every id is distinct and indexed', async () => {
      const bidStream = streamName('bid', '1');
      const batches = await Promise.all(
        Array.from({ length: 20 }, () => allocateIds(store.pool, { kind: 'bid_items', accountId: '1', streamId: bidStream, count: 5 })),
      );
      const ids = batches.flat();
      expect(ids).toHaveLength(100);
      expect(new Set(ids).size).toBe(100);
      for (const b of batches) expect([...b].sort((x, y) => Number(BigInt(x) - BigInt(y)))).toEqual(b);
      expect(await findRecord(store.pool, ids[37], '1')).toEqual({ id: ids[37], kind: 'bid_items', streamId: bidStream });
    });

    it('given a new aggregate id, when finding it, then its stream is <kind>-<id>', async () => {
      const id = await allocateId(store.pool, { kind: 'bid', accountId: '1' });
      expect(id).toMatch(/^\d+$/);
      expect(await findRecord(store.pool, id, '1')).toEqual({ id, kind: 'bid', streamId: `bid-${id}` });
    });

    it("given another account's record, when finding it, then it is null like a missing or malformed id", async () => {
      const id = await allocateId(store.pool, { kind: 'job', accountId: '1' });
      expect(await findRecord(store.pool, id, '2')).toBeNull();
      expect(await findRecord(store.pool, '999999999999', '1')).toBeNull();
      expect(await findRecord(store.pool, 'abc', '1')).toBeNull();
    });

    it('given a rolled-back transaction, when finding its ids, then they are gone', async () => {
      const client = await store.pool.connect();
      try {
        await client.query('begin');
        const id = await allocateId(client, { kind: 'bid', accountId: '1' });
        await client.query('rollback');
        expect(await findRecord(store.pool, id, '1')).toBeNull();
      } finally {
        client.release();
      }
    });
  });
});
