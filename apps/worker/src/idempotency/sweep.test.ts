/**
 * The idempotency keys' sweep on a real database: a key made more than 48 hours ago is deleted, one
 * younger (a day old, or working now) is kept, whoever's it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestWorker } from '../testing.ts';
import { sweepIdempotencyKeysJob } from './sweep.ts';

let w: Awaited<ReturnType<typeof openTestWorker>>;
const now = new Date('2026-11-27T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

beforeAll(async () => {
  w = await openTestWorker('worker_idempotency_sweep');
}, 60_000);
afterAll(async () => {
  await w?.close();
});

const key = (key: string, made: Date, state = 'done') =>
  ({ account_id: 1, user_id: 2, key, fingerprint: 'f', state, status: state === 'done' ? 201 : null, headers: {}, body: '{}', created_at: made, locked_until: made });

describe('the idempotency key sweep', () => {
  it('given keys of 49, 47 and 24 hours and one working now, when swept, then only the one past 48 hours is gone', async () => {
    await w.db('idempotency_keys').insert([key('old', hoursAgo(49)), key('almost', hoursAgo(47)), key('day', hoursAgo(24)), key('now', now, 'working')]);

    const swept = await sweepIdempotencyKeysJob({ ...w.ctx, now: () => now })();

    expect(swept).toEqual({ deleted: 1 });
    expect((await w.db('idempotency_keys').orderBy('key').pluck('key')).sort()).toEqual(['almost', 'day', 'now']);
  });
});
