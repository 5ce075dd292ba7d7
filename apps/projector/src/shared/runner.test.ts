/**
 * A runner that knows where its checkpoint stands: a batch that finds nothing new costs no statement,
 * one of events the projection ignores costs one, and a checkpoint moved by someone else (a rebuild's
 * swap) is read again, never overwritten; a poke that comes while a batch runs is not lost.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '@trenchline/read-model';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, type EventStore } from '@trenchline/event-store';
import { silentPublisher } from '@trenchline/platform';
import { appendBidStreams } from './testing.ts';
import { projectionNamed } from '../registry.ts';
import { ProjectionRunner } from './runner.ts';

let database: TestDatabase;
let store: EventStore;
let db: Db;
let runner: ProjectionRunner;
let statements = 0;

beforeAll(async () => {
  database = await createTestDatabase('projector_runner');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  db.on('query', () => statements++);
  runner = new ProjectionRunner({ projection: projectionNamed('bids_list'), store, db, databaseUrl: database.url, live: silentPublisher });
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await db?.destroy();
  await store?.close();
  await database?.drop();
});

/** Events no projection handles, on a stream of their own; the last one's position. */
async function appendIgnored(n: number): Promise<string> {
  const meta = { accountId: '1', userId: '1', userName: 'Runner test', at: new Date().toISOString(), correlationId: randomUUID(), causationId: null, schemaVersion: 1 };
  const r = await store.append(`note-${randomUUID()}`, Array.from({ length: n }, (_, i) => ({ type: 'RunnerTestNoted', data: { i }, meta })), { expectedVersion: 0 });
  return r.position;
}

/** Batches until the checkpoint has passed `position` (another file's open transaction may hold `$all` back a while); the statements of the last batch. */
async function batchesUntil(position: string): Promise<number> {
  for (const end = Date.now() + 30_000; Date.now() < end; ) {
    const before = statements;
    const read = await runner.runBatch();
    const cp = await db('projection_checkpoints').where({ name: 'bids_list' }).first('position');
    if (read && cp?.position && store.comparePositions(cp.position, position) >= 0) return statements - before - 1; // the checkpoint read above is the test's
    if (!read) await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the runner did not pass ${position} within 30 s`);
}

const checkpoint = async () => (await db('projection_checkpoints').where({ name: 'bids_list' }).first('position', 'events_applied'))!;

describe('a runner that knows its checkpoint', () => {
  it('given a runner caught up on some bids, when nothing new is written, then a batch reads 0 events and sends no statement to the read model', async () => {
    const { lastPosition } = await appendBidStreams(store, { bids: 3 });
    await batchesUntil(lastPosition!);
    const applied = Number((await checkpoint()).events_applied);
    expect(applied).toBeGreaterThan(0);

    const before = statements;
    expect(await runner.runBatch()).toBe(0);
    expect(statements - before).toBe(0);
  });

  it('given events the bid list ignores, when the runner takes them, then one statement moves its checkpoint past them and nothing is applied', async () => {
    const applied = Number((await checkpoint()).events_applied);
    const last = await appendIgnored(4);

    expect(await batchesUntil(last)).toBe(1);

    const cp = await checkpoint();
    expect(cp.position).toBe(last);
    expect(Number(cp.events_applied)).toBe(applied);
  });

  it('given the checkpoint moved by someone else (as a swap moves it), when ignored events arrive, then the runner reads it again and goes on from there instead of writing over it', async () => {
    await db('projection_checkpoints').where({ name: 'bids_list' }).update({ position: null, events_applied: 0 });
    const last = await appendIgnored(2);

    await batchesUntil(last);

    // From the start again: every bid event applied once more (a naive move would have left 0).
    expect(Number((await checkpoint()).events_applied)).toBeGreaterThan(0);
    expect((await checkpoint()).position).toBe(last);
  });

  it('given a batch under way when the runner is told to stop, when the batch finds nothing, then the runner stops without sleeping its idle second first', async () => {
    const stopping = new ProjectionRunner({ projection: projectionNamed('bids_list'), store, db, databaseUrl: database.url, live: silentPublisher });
    let entered!: () => void;
    let release!: () => void;
    const inBatch = new Promise<void>((r) => (entered = r));
    const held = new Promise<void>((r) => (release = r));
    // A batch that finds nothing, held until the stop has been asked: the stop's wake-up finds no sleep to end.
    stopping.runBatch = async () => {
      entered();
      await held;
      return 0;
    };
    stopping.start();
    await inBatch;
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      const stopped = stopping.stop();
      release();
      await stopped;
      expect(timers.mock.calls.filter(([, ms]) => ms === 1000)).toEqual([]);
    } finally {
      timers.mockRestore();
    }
  });

  it('given a batch that finds nothing while an append pokes the runner, when the batch ends, then the runner reads again at once instead of sleeping its idle second', async () => {
    const poked = new ProjectionRunner({ projection: projectionNamed('bids_list'), store, db, databaseUrl: database.url, live: silentPublisher });
    let entered!: () => void;
    let release!: () => void;
    let readAgain!: () => void;
    let releaseSecond!: () => void;
    const inBatch = new Promise<void>((r) => (entered = r));
    const held = new Promise<void>((r) => (release = r));
    const second = new Promise<void>((r) => (readAgain = r));
    const heldSecond = new Promise<void>((r) => (releaseSecond = r));
    let batches = 0;
    // The first batch read the store before an append and finds nothing; the append's poke comes while it runs.
    poked.runBatch = async () => {
      if (++batches === 1) {
        entered();
        await held;
      } else {
        readAgain();
        await heldSecond;
      }
      return 0;
    };
    poked.start();
    await inBatch;
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      poked.poke();
      release();
      await second;
      expect(timers.mock.calls.filter(([, ms]) => ms === 1000)).toEqual([]);
    } finally {
      timers.mockRestore();
      releaseSecond();
      await poked.stop();
    }
  });
});
