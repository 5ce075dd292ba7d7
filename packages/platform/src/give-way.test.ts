/** Heavy work gives way to other accounts' requests: the accounts served, through the real Redis, and the rests a job takes. */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { REDIS_URL } from '@trenchline/read-model';
import { givingWay, servedAccounts } from './give-way.ts';

describe('the accounts served lately, shared through Redis', () => {
  const redis = new Redis(REDIS_URL);
  afterAll(() => redis.quit());
  let clock = 1_000_000;
  const prefix = `test-served-${randomUUID()}`;
  const key = `${prefix}:trenchline:served`;
  const served = servedAccounts(redis, prefix, () => clock);

  it('given account A served, when A asks, then no one else is about; when B asks, then someone is', async () => {
    served.mark('A');
    await expect.poll(() => served.othersThan('B')).toBe(true);
    expect(await served.othersThan('A')).toBe(false);
    // Gone a minute after the last mark: a deployment (a test app) that stops leaves nothing behind.
    expect(await redis.pttl(key)).toBeGreaterThan(50_000);
  });

  it('given A and B served, when A asks, then B is about; half a second later neither is', async () => {
    clock += 1000;
    served.mark('A');
    served.mark('B');
    await expect.poll(() => served.othersThan('A')).toBe(true);
    clock += 501;
    expect(await served.othersThan('A')).toBe(false);
    expect(await served.othersThan('C')).toBe(false);
  });

  it('given a mark a moment ago, when the same account is served again within 100 ms, then Redis is not written again', async () => {
    clock += 10_000;
    const writes: unknown[] = [];
    const write = { pexpire: () => write, zremrangebyscore: () => write, exec: async () => [] };
    const counted = servedAccounts({ multi: () => ({ zadd: (...a: unknown[]) => (writes.push(a), write) }) } as never, 'p', () => clock);
    counted.mark('A');
    clock += 99;
    counted.mark('A');
    counted.mark('B');
    clock += 1;
    counted.mark('A');
    expect(writes).toHaveLength(3);
  });

  it('given Redis away, when a job asks, then no one is about and nothing throws', async () => {
    const away = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
    away.on('error', () => undefined);
    const lost = servedAccounts(away, 'p');
    lost.mark('A');
    expect(await lost.othersThan('B')).toBe(false);
    away.disconnect();
  });
});

describe('a heavy job giving way', () => {
  /** A clock that only the job's work and rests move. */
  const job = (share: number, about: boolean) => {
    let t = 0;
    const rests: number[] = [];
    const giveWay = givingWay(async () => about, { share, now: () => t, sleep: async (ms) => void (rests.push(ms), (t += ms)) });
    return { work: (ms: number) => void (t += ms), giveWay, rests, clock: () => t };
  };

  it('given another account about and a share of a half, when the job has worked 60 ms, then it rests 60 ms; under a stretch it does not ask', async () => {
    const j = job(0.5, true);
    j.work(30);
    await j.giveWay();
    expect(j.rests).toEqual([]);
    j.work(30);
    await j.giveWay();
    expect(j.rests).toEqual([60]);
  });

  it('given a share of a quarter, when the job works in stretches, then it works a quarter of the time', async () => {
    const j = job(0.25, true);
    for (let n = 0; n < 20; n++) {
      j.work(50);
      await j.giveWay();
    }
    expect(j.rests.reduce((a, b) => a + b, 0)).toBe(3 * 20 * 50);
  });

  it('given no other account about, when the job works, then it never rests', async () => {
    const j = job(0.5, false);
    j.work(500);
    await j.giveWay();
    expect(j.rests).toEqual([]);
  });

  it('given one long stretch (a report rendered), when it gives way, then it rests at most a second', async () => {
    const j = job(0.25, true);
    j.work(5000);
    await j.giveWay();
    expect(j.rests).toEqual([1000]);
  });

  it('given a share of 1, then the job never asks and never rests', async () => {
    let asked = 0;
    let t = 0;
    const giveWay = givingWay(async () => (asked++, true), { share: 1, now: () => (t += 100) });
    await giveWay();
    await giveWay();
    expect(asked).toBe(0);
  });
});
