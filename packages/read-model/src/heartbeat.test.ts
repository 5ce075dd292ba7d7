/**
 * The worker's heartbeat beaten from its own thread: it keeps beating while the main loop is busy for
 * a while, withholds its beats once the loop has not run for the stall limit, and the supervisor's
 * question (isBeating) reads the row as health does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createDb } from './db.ts';
import { createTestDatabase } from './testing.ts';
import { isBeating, startThreadHeartbeat } from './heartbeat.ts';

let db: Knex;
let drop: () => Promise<void>;
let url: string;
beforeAll(async () => {
  const database = await createTestDatabase('heartbeat');
  url = database.url;
  drop = database.drop;
  db = createDb(url, { max: 2 });
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

/** Keeps this thread's loop busy, as a job computing would. */
const busyFor = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    /* computing */
  }
};
const beatOf = async (id: string) => (await db('process_heartbeats').where({ id }).first('beat_at'))?.beat_at as Date | undefined;

describe('the thread heartbeat', () => {
  it('given the main loop busy for 2 s (under the stall limit), then beats land during it; once stopped, the row is gone', async () => {
    const beat = startThreadHeartbeat(url, 'worker', { intervalMs: 100, stallMs: 10_000 });
    // Told of its first beat: the row is there then.
    await beat.firstBeat(10_000);
    expect(await beatOf(beat.id)).toBeTruthy();
    const before = (await db.raw('select now() as t')).rows[0].t as Date;
    busyFor(2000);
    const last = (await beatOf(beat.id))!;
    // A beat written while this loop computed: later than the moment it started, by the database's clock.
    expect(last.getTime()).toBeGreaterThan(before.getTime() + 200);
    expect(beat.withheld).toBe(0);
    expect(await isBeating(db)('worker', process.pid)).toBe(true);
    await beat.stop();
    expect(await beatOf(beat.id)).toBeUndefined();
  }, 30_000);

  it('given the main loop stuck past the stall limit, then the thread withholds its beats and the row goes stale', async () => {
    const beat = startThreadHeartbeat(url, 'worker', { intervalMs: 100, stallMs: 500 });
    await expect.poll(() => beatOf(beat.id), { timeout: 10_000 }).toBeTruthy();
    busyFor(2000);
    const stale = (await db('process_heartbeats').where({ id: beat.id }).first(db.raw("now() - beat_at > interval '1 second' as stale"))) as { stale: boolean };
    expect(stale.stale).toBe(true);
    // Told once the loop runs again (the thread's messages wait for it).
    await expect.poll(() => beat.withheld, { timeout: 5000 }).toBeGreaterThan(0);
    await beat.stop();
  }, 30_000);

  it('given no row for a pid, when asked, then it is unknown (null), not stopped', async () => {
    expect(await isBeating(db)('worker', 999_999)).toBeNull();
  });
});
