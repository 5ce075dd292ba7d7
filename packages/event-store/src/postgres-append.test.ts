/**
 * The Postgres append statement's guarantees, kept while making it cheap: one statement for any
 * number of events, the new-stream path that lets the unique index check the version, one event id,
 * and the events table's indexes (one per guarantee) including the migration of older stores.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { readAllUntil, testEvent } from './contract.ts';
import { ANY_VERSION, ConcurrencyError, NO_STREAM, streamName } from './port.ts';
import { EVENTS_CHANNEL, PostgresEventStore, appendEventsInTransaction } from './postgres.ts';
import { migrateEventStore } from './schema.ts';

let db: TestDatabase;
let store: PostgresEventStore;
let n = 0;
const newStream = () => streamName('append', `${Date.now()}${++n}`);

beforeAll(async () => {
  db = await createTestDatabase('event_store_append');
  store = new PostgresEventStore({ url: db.url });
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

const eventIdsOf = async (stream: string) => (await store.readStream(stream)).map((e) => e.eventId);

describe('Postgres append', () => {
  it('given 2,500 events in one append, when reading them, then versions run 1..2500 and $all holds them in version order', async () => {
    const stream = newStream();
    const before = await store.headPosition();
    const events = Array.from({ length: 2500 }, (_, i) => testEvent('Counted', { i }));
    const result = await store.append(stream, events, { expectedVersion: NO_STREAM });
    expect(result.version).toBe(2500);

    const all = await readAllUntil(store, before, new Set([stream]), 2500, 1000);
    expect(all.map((e) => e.version)).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
    expect(all.map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: 2500 }, (_, i) => i));
    expect(all[2499].position).toBe(result.position);
  });

  it('given an existing stream, when appending with NO_STREAM, then ConcurrencyError with its version and nothing is written', async () => {
    const stream = newStream();
    await store.append(stream, [testEvent('A'), testEvent('B')], { expectedVersion: NO_STREAM });
    const error = await store.append(stream, [testEvent('C')], { expectedVersion: NO_STREAM }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect(error).toMatchObject({ expectedVersion: NO_STREAM, actualVersion: 2 });
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
  });

  it('given an event id already stored, when appending it again to another stream, then the append fails and writes nothing', async () => {
    const eventId = randomUUID();
    const first = newStream();
    const second = newStream();
    await store.append(first, [{ ...testEvent('A'), eventId }], { expectedVersion: NO_STREAM });
    await expect(store.append(second, [testEvent('B'), { ...testEvent('C'), eventId }], { expectedVersion: NO_STREAM })).rejects.toThrow(/event_id/);
    await expect(store.append(second, [{ ...testEvent('D'), eventId }], { expectedVersion: ANY_VERSION })).rejects.toThrow(/event_id/);
    expect(await eventIdsOf(first)).toEqual([eventId]);
    expect(await store.readStream(second)).toEqual([]);
  });

  it('given a stream at version 1, when appending within a transaction with a stale version, then ConcurrencyError and the transaction is still usable', async () => {
    const stream = newStream();
    await store.append(stream, [testEvent('A')], { expectedVersion: NO_STREAM });
    const client = await store.pool.connect();
    try {
      await client.query('begin');
      const error = await appendEventsInTransaction(client, stream, [testEvent('B')], NO_STREAM).catch((e: unknown) => e);
      expect(error).toMatchObject({ actualVersion: 1 });
      // The version was checked before inserting, so no unique violation aborted the caller's transaction.
      expect(await appendEventsInTransaction(client, stream, [testEvent('B')], 1)).toMatchObject({ version: 2 });
      await client.query('commit');
    } finally {
      client.release();
    }
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
  });

  it('given events with null, absent and nested data, when reading them back, then the data round-trips (absent as null)', async () => {
    const stream = newStream();
    const nested = { a: [1, 2.5, 'x"y\\z'], b: { c: null, d: true }, e: 'ünï©ødé' };
    await store.append(stream, [testEvent('Null', null), { ...testEvent('Absent'), data: undefined }, testEvent('Nested', nested)], { expectedVersion: NO_STREAM });
    expect((await store.readStream(stream)).map((e) => e.data)).toEqual([null, null, nested]);
    // One event at a time takes typed parameters instead of the JSON array: the same data comes back.
    const single = newStream();
    await store.append(single, [testEvent('Null', null)], { expectedVersion: NO_STREAM });
    await store.append(single, [{ ...testEvent('Absent'), data: undefined }], { expectedVersion: 1 });
    await store.append(single, [testEvent('Nested', nested)], { expectedVersion: ANY_VERSION });
    expect((await store.readStream(single)).map((e) => [e.version, e.data])).toEqual([[1, null], [2, null], [3, nested]]);
  });

  it('given a listener on the events channel, when a burst of appends commits, then a wake-up follows the last commit', async () => {
    // LISTEN directly: whether a reader then sees the events also depends on every other transaction of
    // the cluster (visibility), which the subscriber's polling covers; here only the NOTIFY is at stake.
    const listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    await listener.query(`listen ${EVENTS_CHANNEL}`);
    const wakeUps: number[] = [];
    listener.on('notification', () => wakeUps.push(performance.now()));
    const stream = newStream();
    try {
      for (let i = 0; i < 19; i++) await store.append(stream, [testEvent(`E${i}`)], { expectedVersion: i });
      // A NOTIFY is delivered only after its transaction commits, and the last append's comes after the last commit.
      const lastStarted = performance.now();
      await store.append(stream, [testEvent('E19')], { expectedVersion: 19 });
      await vi.waitFor(() => expect(wakeUps.some((t) => t > lastStarted)).toBe(true), { timeout: 5_000 });
      expect(wakeUps.length).toBeGreaterThan(0);
    } finally {
      await listener.end();
    }
  });

  it('given a stream, when appending no events, then its head comes back or a wrong version is refused', async () => {
    const stream = newStream();
    const written = await store.append(stream, [testEvent('A')], { expectedVersion: NO_STREAM });
    expect(await store.append(stream, [], { expectedVersion: 1 })).toEqual(written);
    expect(await store.append(newStream(), [], { expectedVersion: NO_STREAM })).toEqual({ version: 0, position: '0:0' });
    await expect(store.append(stream, [], { expectedVersion: 3 })).rejects.toMatchObject({ actualVersion: 1 });
  });
});

describe('events table indexes', () => {
  const indexesOf = async (c: pg.ClientBase | pg.Pool) =>
    (await c.query<{ def: string }>(`select regexp_replace(indexdef, '^.* USING ', '') as def from pg_indexes where tablename = 'events' order by 1`)).rows.map((r) => r.def);

  it('given a migrated store, when listing its indexes, then there is one per guarantee: $all order, event id, stream version', async () => {
    expect(await indexesOf(store.pool)).toEqual(['btree (event_id)', 'btree (stream_id, stream_version)', 'btree (transaction_id, global_position)']);
  });

  it('given a store made when global_position alone was the key, when migrating twice, then $all order is the key and the old index is gone', async () => {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      await c.query('create schema old_store');
      await c.query('set search_path = old_store');
      await c.query(`create table events (
        global_position bigint generated always as identity primary key,
        transaction_id xid8 not null default pg_current_xact_id(),
        event_id uuid not null unique, stream_id text not null, stream_version integer not null,
        type text not null, data jsonb not null, metadata jsonb not null, account_id bigint,
        recorded_at timestamptz not null default clock_timestamp(), unique (stream_id, stream_version))`);
      await c.query('create index events_all_order on events (transaction_id, global_position)');
      await c.query(`insert into events (event_id, stream_id, stream_version, type, data, metadata) values ($1, 'old-1', 1, 'Kept', '{}', '{}')`, [randomUUID()]);
      await migrateEventStore(c);
      await migrateEventStore(c);
      const { rows } = await c.query(`select indexname, indexdef from pg_indexes where schemaname = 'old_store' and tablename = 'events' order by 1`);
      expect(rows.map((r) => r.indexname)).toEqual(['events_event_id_key', 'events_pkey', 'events_stream_id_stream_version_key']);
      expect(rows.find((r) => r.indexname === 'events_pkey').indexdef).toMatch(/\(transaction_id, global_position\)$/);
      expect((await c.query('select type from events')).rows).toEqual([{ type: 'Kept' }]);
    } finally {
      await c.query('drop schema if exists old_store cascade').catch(() => undefined);
      await c.end();
    }
  });
});
