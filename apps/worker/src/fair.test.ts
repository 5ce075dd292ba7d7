/**
 * Heavy jobs take fair turns between accounts (queue.ts fairShare), against the real Redis and BullMQ:
 * the order of runs is recorded, never a time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { REDIS_URL } from '@trenchline/read-model';
import { createQueue } from '@trenchline/platform/queue.ts';
import { startWorker } from './worker.ts';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

/** A worker of one slot whose reports record the account they ran for; the first waits until `release` is called. */
async function oneSlotWorker() {
  const prefix = `test-fair-${randomUUID()}`;
  const q = createQueue(REDIS_URL, { prefix });
  const events = q.events();
  const runs: string[] = [];
  let release!: () => void;
  const firstHeld = new Promise<void>((r) => (release = r));
  let started!: () => void;
  const firstStarted = new Promise<void>((r) => (started = r));
  const worker = startWorker(REDIS_URL, {
    prefix,
    concurrency: 1,
    fair: q.fair,
    handlers: {
      'report.generate': async (d: { accountId: string; reportId: string }) => {
        runs.push(`${d.accountId}:${d.reportId}`);
        if (runs.length === 1) {
          started();
          await firstHeld;
        }
      },
    },
  });
  closers.push(() => q.close(), () => events.close(), () => worker.close());
  await Promise.all([events.waitUntilReady(), worker.waitUntilReady()]);
  return { q, events, runs, release, firstStarted };
}

describe('fair turns between accounts', () => {
  it("given one slot, when account A asks 10 reports and then B asks 1, then B's runs before A's third, and every report runs once", async () => {
    const { q, events, runs, release, firstStarted } = await oneSlotWorker();
    const jobs = [];
    for (let n = 1; n <= 10; n++) jobs.push(await q.enqueue('report.generate', { accountId: 'A', reportId: String(n) }, `A-${n}`));
    await firstStarted;
    jobs.push(await q.enqueue('report.generate', { accountId: 'B', reportId: '1' }, 'B-1'));
    release();
    await Promise.all(jobs.map((j) => j.waitUntilFinished(events, 20_000)));

    expect(runs).toHaveLength(11);
    expect(new Set(runs).size).toBe(11);
    const thirdOfA = runs.filter((r) => r.startsWith('A:'))[2];
    expect(runs.indexOf('B:1')).toBeLessThan(runs.indexOf(thirdOfA));
    // A's own reports still run in the order A asked them.
    expect(runs.filter((r) => r.startsWith('A:'))).toEqual(Array.from({ length: 10 }, (_, i) => `A:${i + 1}`));
    // Every heavy job's count was given back.
    expect(await q.fair.count('A')).toBe(0);
    expect(await q.fair.count('B')).toBe(0);
  });

  it('given two accounts asking in bursts, when both bursts wait, then their reports alternate', async () => {
    const { q, events, runs, release, firstStarted } = await oneSlotWorker();
    const jobs = [await q.enqueue('report.generate', { accountId: 'A', reportId: '0' }, 'A-0')];
    await firstStarted;
    for (let n = 1; n <= 4; n++) jobs.push(await q.enqueue('report.generate', { accountId: 'A', reportId: String(n) }, `A-${n}`));
    for (let n = 1; n <= 4; n++) jobs.push(await q.enqueue('report.generate', { accountId: 'B', reportId: String(n) }, `B-${n}`));
    release();
    await Promise.all(jobs.map((j) => j.waitUntilFinished(events, 20_000)));
    // A's first was at work; then each account's n-th before either's (n+1)-th.
    expect(runs.map((r) => r[0]).join('')).toBe('ABABABABA');
  });
});
