/** The worker's plumbing against the real Redis: a job enqueued is handled once; a failing one is retried. */
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { REDIS_URL } from '@trenchline/read-model';
import { startWorker } from './worker.ts';
import { createQueue } from '@trenchline/platform/queue.ts';

const prefix = `test-${randomUUID()}`;
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

describe('worker', () => {
  it('given a handler, when a job is enqueued, then it runs once with its data and its result is kept', async () => {
    const seen: unknown[] = [];
    let failures = 1;
    const worker = startWorker(REDIS_URL, {
      prefix,
      handlers: {
        'test.double': async (d: { n: number }) => {
          seen.push(d);
          return d.n * 2;
        },
        // Fails the first time, as a worker killed mid-job would: the retry completes it.
        'test.flaky': async () => {
          if (failures-- > 0) throw new Error('crashed');
          return 'done';
        },
      },
    });
    const q = createQueue(REDIS_URL, { prefix });
    const events = q.events();
    closers.push(() => worker.close(), () => q.close(), () => events.close());
    await events.waitUntilReady();

    const job = await q.queue.add('test.double', { n: 21 });
    expect(await job.waitUntilFinished(events, 10_000)).toBe(42);
    expect(seen).toEqual([{ n: 21 }]);

    const flaky = await q.queue.add('test.flaky', {}, { attempts: 3, backoff: { type: 'fixed', delay: 50 } });
    expect(await flaky.waitUntilFinished(events, 10_000)).toBe('done');
    expect((await q.queue.getJob(flaky.id!))?.attemptsMade).toBe(2);
  });
});
