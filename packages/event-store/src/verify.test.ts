/**
 * The tamper test (docs/audit.md): events appended through the real store, then edited, deleted and
 * inserted by SQL as an intruder with database access would, each case in a fresh database; the walk
 * finds each at the right position with its reason. A chain rewritten consistently by SQL passes the
 * walk and is found by the anchor kept before.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { testEvent, testMeta } from './contract.ts';
import { ANY_VERSION, NO_STREAM } from './port.ts';
import { PostgresEventStore, appendEventsInTransaction } from './postgres.ts';
import { migrateEventStore } from './schema.ts';
import { anchorAt, makeAnchor } from './anchors.ts';
import { verifyHistory } from './verify.ts';

interface Given {
  db: TestDatabase;
  pool: pg.Pool;
  store: PostgresEventStore;
  /** Position of each event by 'stream@version'. */
  at: (stream: string, version: number) => Promise<string>;
}

let open: Given | null = null;
afterEach(async () => {
  await open?.store.close();
  await open?.pool.end();
  await open?.db.drop();
  open = null;
});

/** Account 1: bid-1 (three events in one append), job-2 (one, then two in a caller's transaction), crew-3 (two single appends); account 2: bid-9. */
async function givenAStore(): Promise<Given> {
  const db = await createTestDatabase('verify_history');
  const pool = new pg.Pool({ connectionString: db.url, max: 3 });
  const store = new PostgresEventStore({ pool });
  await store.append('bid-1', [testEvent('BidCreated', { amount: 100 }), testEvent('BidRevised', { amount: 120 }), testEvent('BidSent', { to: 'a@b.c' })], { expectedVersion: NO_STREAM });
  await store.append('job-2', [testEvent('JobCreated', { name: 'Main St' })], { expectedVersion: NO_STREAM });
  const c = await pool.connect();
  try {
    await c.query('begin');
    await appendEventsInTransaction(c, 'job-2', [testEvent('JobRevised', { name: 'Main Street' }), testEvent('JobScheduled', { on: '2025-04-01' })], 1);
    await c.query('commit');
  } finally {
    c.release();
  }
  await store.append('crew-3', [testEvent('CrewCreated', { name: 'Bore 1' })], { expectedVersion: ANY_VERSION });
  await store.append('crew-3', [testEvent('CrewRenamed', { name: 'Bore One' })], { expectedVersion: 1 });
  await store.append('bid-9', [testEvent('BidCreated', { amount: 5 }, testMeta({ accountId: '2' }))], { expectedVersion: NO_STREAM });
  const at = async (stream: string, version: number) =>
    (await pool.query<{ p: string }>(`select transaction_id::text || ':' || global_position::text as p from events where stream_id = $1 and stream_version = $2`, [stream, version])).rows[0].p;
  open = { db, pool, store, at };
  return open;
}

describe('history verification', () => {
  it('given events appended through the store, when verifying, then every event is chained and the history is whole', async () => {
    const { pool } = await givenAStore();
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from events where length(hash) = 32');
    expect(rows[0].n).toBe(9);
    expect(await verifyHistory(pool)).toEqual({ ok: true, events_checked: 9, anchors_checked: 0, first_broken: null });
    expect(await verifyHistory(pool, { accountId: '1', batchSize: 2 })).toEqual({ ok: true, events_checked: 8, anchors_checked: 0, first_broken: null });
  });

  it("given an event's data edited by SQL, when verifying, then it is found at its position as edited", async () => {
    const { pool, at } = await givenAStore();
    await pool.query(`update events set data = '{"amount": 1200}' where stream_id = 'bid-1' and stream_version = 2`);
    const check = await verifyHistory(pool, { accountId: '1', batchSize: 2 });
    expect(check.ok).toBe(false);
    expect(check.first_broken).toEqual({ position: await at('bid-1', 2), stream: 'bid-1', reason: expect.stringMatching(/edited/) });
  });

  it('given an event deleted by SQL, when verifying, then the event after it is found, its predecessor missing', async () => {
    const { pool, at } = await givenAStore();
    const next = await at('job-2', 3);
    await pool.query(`delete from events where stream_id = 'job-2' and stream_version = 2`);
    const check = await verifyHistory(pool, { accountId: '1' });
    expect(check.first_broken).toEqual({ position: next, stream: 'job-2', reason: expect.stringMatching(/version 2 is missing/) });
  });

  it('given events inserted by SQL (one at the end, one before the first), when verifying, then the lower is found with its reason', async () => {
    const { pool } = await givenAStore();
    const insert = (version: number) =>
      pool.query<{ p: string }>(
        `insert into events (event_id, stream_id, stream_version, type, data, metadata, account_id)
         values ($1, 'crew-3', $2, 'CrewRenamed', '{"name": "Ghost"}', $3, 1) returning transaction_id::text || ':' || global_position::text as p`,
        [randomUUID(), version, JSON.stringify(testMeta())],
      );
    const atEnd = (await insert(3)).rows[0].p;
    expect((await verifyHistory(pool, { accountId: '1' })).first_broken).toEqual({ position: atEnd, stream: 'crew-3', reason: expect.stringMatching(/no hash/) });

    await insert(0);
    // The end one stays the lowest broken position: the walk reports the earliest break in $all's order.
    expect((await verifyHistory(pool)).first_broken?.position).toBe(atEnd);
    await pool.query(`delete from events where stream_id = 'crew-3' and stream_version = 3`);
    expect((await verifyHistory(pool)).first_broken).toEqual({ position: expect.any(String), stream: 'crew-3', reason: expect.stringMatching(/out of place/) });
  });

  it('given an anchor kept and then a chain rewritten whole by SQL, when verifying, then the walk passes and the anchor finds it', async () => {
    const { pool } = await givenAStore();
    const anchor = await makeAnchor(pool, '1');
    expect(anchor).toMatchObject({ accountId: '1', events: 8, streams: 3, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await verifyHistory(pool, { accountId: '1' })).toMatchObject({ ok: true, anchors_checked: 1 });

    // The intruder edits an amount and hashes the stream again as the application would.
    await pool.query(`update events set data = '{"amount": 1}' where stream_id = 'bid-1' and stream_version = 1`);
    await pool.query(`update events e set hash = c.h
                        from (select event_id, event_chain(null, event_content(event_id, stream_id, stream_version, type, data, metadata, account_id))
                                over (order by stream_version) as h from events where stream_id = 'bid-1') c
                       where e.event_id = c.event_id`);
    const check = await verifyHistory(pool, { accountId: '1' });
    expect(check).toMatchObject({ ok: false, events_checked: 8, anchors_checked: 1 });
    expect(check.first_broken).toEqual({ position: anchor.position, stream: null, reason: expect.stringMatching(/anchor of account 1 .* does not match/) });

    // With the kept anchor deleted too, the one mailed out still finds it.
    await pool.query('delete from history_anchors');
    expect((await verifyHistory(pool, { accountId: '1' })).ok).toBe(true);
    const outside = await verifyHistory(pool, { accountId: '1', anchor: { position: anchor.position, hash: anchor.hash } });
    expect(outside.first_broken).toMatchObject({ position: anchor.position, stream: null });
    // Another account's history is untouched.
    expect((await verifyHistory(pool, { accountId: '2' })).ok).toBe(true);
  });

  it('given a store made before the chain, when migrated, then every older event gets its hash once and later starts add none', async () => {
    const { pool } = await givenAStore();
    const before = (await pool.query<{ h: string }>(`select string_agg(encode(hash, 'hex'), ',' order by stream_id, stream_version) as h from events`)).rows[0].h;
    await pool.query('update events set hash = null');
    await pool.query('delete from event_chain_backfill');
    await migrateEventStore(pool);
    const after = (await pool.query<{ h: string }>(`select string_agg(encode(hash, 'hex'), ',' order by stream_id, stream_version) as h from events`)).rows[0].h;
    expect(after).toBe(before);

    await pool.query(`update events set hash = null where stream_id = 'crew-3' and stream_version = 2`);
    await migrateEventStore(pool);
    expect((await verifyHistory(pool)).first_broken).toMatchObject({ stream: 'crew-3', reason: expect.stringMatching(/no hash/) });
  });

  it('given no events for an account, when anchored, then the anchor is the hash of nothing', async () => {
    const { pool } = await givenAStore();
    expect(await anchorAt(pool, '77', '0:0')).toMatchObject({ events: 0, streams: 0, hash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' });
  });
});
