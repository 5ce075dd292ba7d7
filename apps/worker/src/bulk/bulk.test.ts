/**
 * The bulk job against the real Postgres, event store, blob store and BullMQ (the live publisher is
 * replaced by a list of what was published): progress throttled and growing, and each record changed
 * once even when two workers run the same operation (a stalled job taken again while the first still runs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Knex } from 'knex';
import { REDIS_URL } from '@trenchline/read-model';
import { allocateId } from '@trenchline/event-store';
import type { LiveChange, Writer } from '@trenchline/platform';
import { createQueue } from '@trenchline/platform/queue.ts';
import type { BulkSelection } from '@trenchline/domain';
import type { WorkerContext } from '../context.ts';
import { openTestWorker } from '../testing.ts';
import { startWorker } from '../worker.ts';
import { runBulkOperation } from './run.ts';
import { actOnRecords } from './records.ts';
import { bulkProgress } from './progress.ts';
import { resolveSelection } from './resolve.ts';

const published: LiveChange[] = [];
const pat: Writer = { accountId: '1', userId: '7', userName: 'Pat Office' };
let db: Knex;
let pool: pg.Pool;
let ctx: WorkerContext;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ db, pool, ctx, close } = await openTestWorker('worker_bulk', { publish: (changes) => published.push(...changes) }));
});
afterAll(async () => close?.());

async function jobs(n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = await allocateId(pool, { kind: 'job', accountId: pat.accountId });
    await ctx.commands.execute(pat, 'job', id, { type: 'CreateJob', jobId: id, values: { form_type: 'base', job_number: `W-${i}` } }, { create: true });
    ids.push(id);
  }
  return ids;
}

/** An operation requested as the api requests it: its record and its progress row together. */
async function requested(action: 'archive' | 'delete', selection: BulkSelection) {
  const id = await allocateId(pool, { kind: 'bulk_operation', accountId: pat.accountId });
  await ctx.commands.execute(pat, 'bulk_operation', id, { type: 'RequestBulkOperation', operationId: id, list: 'jobs', action, report: null, format: null, selection }, {
    create: true,
    sideWrites: async (client) => void (await client.query('insert into bulk_operations (id, account_id, requested_by, list, action) values ($1, $2, $3, $4, $5)', [id, pat.accountId, pat.userId, 'jobs', action])),
  });
  return id;
}

const archiveCounts = async (ids: string[]) =>
  (await pool.query(`select stream_id, count(*)::int as n from events where type = 'JobRevised' and data->'changes' ? 'archived' and stream_id = any($1) group by stream_id`, [ids.map((id) => `job-${id}`)])).rows as { n: number }[];

describe('bulk job', () => {
  it('given 40 jobs archived slowly, when the queue runs the job, then progress is published at most ~4 times a second, only grows, and ends done', async () => {
    const ids = await jobs(40);
    const opId = await requested('archive', { ids });
    const prefix = `test-${randomUUID()}`;
    process.env.BULK_STEP_DELAY_MS = '100';
    const worker = startWorker(REDIS_URL, { prefix, handlers: { 'bulk.run': runBulkOperation(ctx) } });
    const q = createQueue(REDIS_URL, { prefix });
    const events = q.events();
    try {
      await events.waitUntilReady();
      const started = Date.now();
      const job = await q.enqueue('bulk.run', { operationId: opId, accountId: pat.accountId }, `bulk-${opId}`);
      expect(await job.waitUntilFinished(events, 30_000)).toMatchObject({ total: 40, done: 40, failed: 0 });
      const seconds = (Date.now() - started) / 1000;
      const rows = published.filter((c) => c.id === opId).map((c) => c.row as { status: string; done: number; total: number | null });
      expect(seconds).toBeGreaterThan(1);
      // Throttled to one per 250 ms, plus one at each change of status or label.
      expect(rows.length).toBeLessThanOrEqual(Math.ceil(seconds * 4) + 4);
      expect(rows.length).toBeGreaterThan(2);
      expect(published.every((c) => c.list === 'bulk_operations' && c.op === 'upsert' && c.accountId === pat.accountId)).toBe(true);
      const dones = rows.map((r) => r.done);
      expect(dones).toEqual([...dones].sort((a, b) => a - b));
      expect(rows.at(-1)).toMatchObject({ status: 'done', total: 40, done: 40, failed: 0 });
      expect(await db('bulk_operations').where({ id: opId }).first()).toMatchObject({ status: 'done', total: 40, done: 40, failed: 0 });
    } finally {
      delete process.env.BULK_STEP_DELAY_MS;
      await worker.close();
      await events.close();
      await q.close();
    }
  }, 60_000);

  it('given two workers acting on the same operation at once, then each record is archived by exactly one event and counted once', async () => {
    const ids = await jobs(60);
    const opId = await requested('archive', { ids });
    await resolveSelection(ctx, opId, pat.accountId, 'jobs', { ids });
    const state = (await ctx.commands.read('bulk_operation', opId)).state as never;
    const run = () => actOnRecords(ctx, { operationId: opId, list: 'jobs', action: 'archive', as: pat, progress: bulkProgress(ctx, state, pat.accountId, { status: 'running', total: 60, done: 0, failed: 0, label: 'Archiving...', file_url: null, message: null }) });
    await Promise.all([run(), run()]);
    const counts = await archiveCounts(ids);
    expect(counts).toHaveLength(60);
    expect(counts.every((c) => c.n === 1)).toBe(true);
    const states = (await db('bulk_operation_records').where({ operation_id: opId }).select('state')).map((r) => r.state);
    expect(states.filter((s) => s === 'done')).toHaveLength(60);
  }, 60_000);

  it('given a selection resolved, when it is resolved again (a retried job), then the stored records are kept, not added twice', async () => {
    const ids = await jobs(3);
    const opId = await requested('delete', { ids });
    expect(await resolveSelection(ctx, opId, pat.accountId, 'jobs', { ids })).toBe(3);
    expect(await resolveSelection(ctx, opId, pat.accountId, 'jobs', { ids: [...ids, '999'] })).toBe(3);
    expect(await db('bulk_operation_records').where({ operation_id: opId }).count({ n: '*' })).toEqual([{ n: '3' }]);
  });
});
