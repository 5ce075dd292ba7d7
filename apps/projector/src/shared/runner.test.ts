/**
 * A runner that knows where its checkpoint stands: a batch that finds nothing new costs no statement,
 * one of events the projection ignores costs one, and a checkpoint moved by someone else (a rebuild's
 * swap) is read again, never overwritten; a poke that comes while a batch runs is not lost.
 */
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
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

  /**
   * A started runner in its first batch, whose batches each find nothing and are held until released:
   * `batch(n)` resolves once its n-th batch (1-based) has begun; `release(n)` lets it end. `idleSleeps`
   * counts the one-second sleeps set from now on (until `restore`).
   */
  async function runnerInItsFirstBatch() {
    // One gate per batch, made by whichever comes first: the batch itself or the test waiting on it.
    const gates = new Map<number, { begun: Promise<void>; begin: () => void; ended: Promise<void>; end: () => void }>();
    const gate = (n: number) => {
      if (!gates.has(n)) {
        let begin!: () => void;
        let end!: () => void;
        gates.set(n, { begun: new Promise<void>((r) => (begin = r)), begin: () => begin(), ended: new Promise<void>((r) => (end = r)), end: () => end() });
      }
      return gates.get(n)!;
    };
    const runner = new ProjectionRunner({ projection: projectionNamed('bids_list'), store, db, databaseUrl: database.url, live: silentPublisher });
    let batches = 0;
    runner.runBatch = async () => {
      const g = gate(++batches);
      g.begin();
      await g.ended;
      return 0;
    };
    runner.start();
    await gate(1).begun;
    const timers: MockInstance<typeof setTimeout> = vi.spyOn(globalThis, 'setTimeout');
    return {
      runner,
      batch: (n: number) => gate(n).begun,
      release: (n: number) => gate(n).end(),
      idleSleeps: () => timers.mock.calls.filter(([, ms]) => ms === 1000).length,
      restore: () => timers.mockRestore(),
    };
  }

  it('given a batch under way when the runner is told to stop, when the batch finds nothing, then the runner stops without sleeping its idle second first', async () => {
    const held = await runnerInItsFirstBatch();
    try {
      // The stop's wake-up finds no sleep to end: it came while the batch ran.
      const stopped = held.runner.stop();
      held.release(1);
      await stopped;
      expect(held.idleSleeps()).toBe(0);
    } finally {
      held.restore();
    }
  });

  it('given a batch that finds nothing while an append pokes the runner, when the batch ends, then the runner reads again at once instead of sleeping its idle second', async () => {
    const held = await runnerInItsFirstBatch();
    try {
      // The first batch read the store before the append; the append's poke comes while it runs.
      held.runner.poke();
      held.release(1);
      await held.batch(2);
      expect(held.idleSleeps()).toBe(0);
    } finally {
      held.restore();
      held.release(2);
      await held.runner.stop();
    }
  });
});
