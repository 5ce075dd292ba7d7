/** The api's side of the queue: many requests waiting on their jobs at once. */
import { afterEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { REDIS_URL } from '@trenchline/read-model';
import { redisJobQueue, type JobQueue } from './jobs.ts';

const prefix = `test-jobs-${randomBytes(4).toString('hex')}`;
let jobs: JobQueue | null = null;
afterEach(async () => {
  await jobs?.close();
  jobs = null;
  // This file's queue keys go with it.
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('waiting on jobs', () => {
  it('given twelve reports queued and no worker, when a request waits on each at once, then each answers not finished and no listener warning is raised', async () => {
    jobs = redisJobQueue(REDIS_URL, { prefix, waitMs: 300 });
    const warnings: string[] = [];
    const warned = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', warned);
    try {
      const ids = Array.from({ length: 12 }, (_, i) => `report-${i + 1}`);
      // The queue takes jobs once Redis has answered its connection: the first is enqueued as soon as it does.
      await expect.poll(() => jobs!.enqueue('report.generate', { reportId: '1', accountId: '1' }, ids[0]).then(() => true, () => false)).toBe(true);
      for (const [i, id] of ids.entries()) if (i > 0) await jobs.enqueue('report.generate', { reportId: String(i + 1), accountId: '1' }, id);
      expect(await Promise.all(ids.map((id) => jobs!.waitFor(id)))).toEqual(ids.map(() => false));
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => w.includes('MaxListenersExceeded'))).toEqual([]);
    } finally {
      process.off('warning', warned);
    }
  });
});
