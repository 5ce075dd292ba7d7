/**
 * A heavy job keeps pace with the projector (bulk/turn.ts `pacer`), against the real Postgres and
 * event store: once its pace of work has passed, it waits at its next safe point until every
 * projection has passed what the store holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocateId } from '@trenchline/event-store';
import { projectionNames } from '@trenchline/platform';
import { openTestWorker, setCheckpoints } from '../testing.ts';
import { pacer } from './turn.ts';

let worker: Awaited<ReturnType<typeof openTestWorker>>;
beforeAll(async () => void (worker = await openTestWorker('worker_turn')));
afterAll(async () => worker?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('pacer', () => {
  it('given every projection behind the job just written, when the pace has passed at a safe point, then the job goes on only once the projections have passed it', async () => {
    const { db, pool, ctx } = worker;
    const pat = { accountId: '1', userId: '7', userName: 'Pat Office' };
    await setCheckpoints(db, projectionNames(), null);
    const keepPace = pacer(ctx, 50);
    await sleep(60);
    const id = await allocateId(pool, { kind: 'job', accountId: pat.accountId });
    await ctx.commands.execute(pat, 'job', id, { type: 'CreateJob', jobId: id, values: { form_type: 'base', job_number: 'P-1' } }, { create: true });
    const written = (await ctx.store.lastPosition())!;

    const order: string[] = [];
    const atSafePoint = keepPace().then(() => order.push('went on'));
    // Two safe points of an archive's lanes at once share the one wait.
    const otherLane = keepPace().then(() => order.push('other lane went on'));
    // Well within the second a pace waits for projections that do not move.
    await sleep(50);
    order.push('projections passed it');
    await setCheckpoints(db, projectionNames(), written);
    await Promise.all([atSafePoint, otherLane]);

    expect(order).toEqual(['projections passed it', 'went on', 'other lane went on']);
  });
});
