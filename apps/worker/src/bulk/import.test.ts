/**
 * The ORCA CSV import's worker side against the real Postgres, event store and blob store: the file's
 * jobs resolved once, two workers on one import creating each job and line once, and a worker killed
 * after taking a new job's number resumed with that same number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Knex } from 'knex';
import { allocateId } from '@trenchline/event-store';
import { counterKey, projectionsOfList, type Writer } from '@trenchline/platform';
import { parseOrcaCsv, type BulkOperationState, type DocumentCounterState } from '@trenchline/domain';
import type { WorkerContext } from '../context.ts';
import { openTestWorker, setCheckpoints } from '../testing.ts';
import { bulkProgress } from './progress.ts';
import { IMPORT_CHUNK_LINES, importChunks, importFileJobs, importJobs, newJobNumber, resolveImport } from './import.ts';
import { Cancelled, turnOf } from './turn.ts';

let counterId: string;
const pat: Writer = { accountId: '1', userId: '7', userName: 'Pat Office' };
let db: Knex;
let pool: pg.Pool;
let ctx: WorkerContext;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ db, pool, ctx, close } = await openTestWorker('worker_import'));
  // The account's job counter, opened as the api opens it (singletons.ts) when an import is asked for.
  counterId = await allocateId(pool, { kind: 'document_counter', accountId: pat.accountId });
  await ctx.commands.execute(pat, 'document_counter', counterId, { type: 'OpenRecord', id: counterId, key: 'job' }, {
    create: true,
    sideWrites: async (client) => void (await client.query('insert into account_records (account_id, key, id) values ($1, $2, $3)', [pat.accountId, counterKey('job'), counterId])),
  });
});
afterAll(async () => close?.());

const HEADER = 'job_number,title,task_id,line_number,issued_item_code,issued_item_qty';
const csvOf = (prefix: string, jobs: number, lines: number) => {
  const rows = [HEADER];
  for (let j = 0; j < jobs; j++) for (let n = 1; n <= lines; n++) rows.push(`${prefix}-${j},Job ${j},1.1,${n},C${n},${n}`);
  return rows.join('\n');
};

/** An import requested as the api requests it: the file stored, the record and its progress row together. */
async function requestedImport(csv: string) {
  const stored = await ctx.blobs.put(Buffer.from(csv));
  const id = await allocateId(pool, { kind: 'bulk_operation', accountId: pat.accountId });
  const selection = { file: { ...stored, file_name: 'orca.csv' } };
  const r = await ctx.commands.execute(pat, 'bulk_operation', id, { type: 'RequestBulkOperation', operationId: id, list: 'orca_jobs', action: 'import', report: null, format: null, selection }, {
    create: true,
    sideWrites: async (client) => void (await client.query('insert into bulk_operations (id, account_id, requested_by, list, action) values ($1, $2, $3, $4, $5)', [id, pat.accountId, pat.userId, 'orca_jobs', 'import'])),
  });
  const op = r.state as BulkOperationState;
  const jobs = await importFileJobs(ctx, selection.file);
  await jobListPassedEverything();
  const progress = () => bulkProgress(ctx, op, pat.accountId, { status: 'running', total: null, done: 0, failed: 0, label: 'Importing...', file_url: null, message: null });
  return { id, jobs, progress };
}

/**
 * No projector runs in these tests and none of them looks an existing job up: the job list's checkpoints
 * are put where a projector would leave them (past every event so far, its table empty as it is), so a
 * resolve finds the list caught up instead of waiting out its 5 s for a projector that never moves.
 */
async function jobListPassedEverything() {
  await setCheckpoints(db, projectionsOfList('jobs'), await ctx.store.lastPosition());
}

const count = async (type: string, prefix: string) =>
  Number((await pool.query(`select count(*)::int as n from events e where type = $1 and stream_id in (select stream_id from events where type = 'JobCreated' and data->'values'->>'job_number' like $2)`, [type, `${prefix}-%`])).rows[0].n);
const numbersOf = async (prefix: string) =>
  (await pool.query(`select data->'values'->>'account_job_number' as n from events where type = 'JobCreated' and data->'values'->>'job_number' like $1`, [`${prefix}-%`])).rows.map((r) => Number(r.n)).sort((a, b) => a - b);
const counterNow = async () => ((await ctx.commands.read('document_counter', counterId)).state as DocumentCounterState).number;

describe('importChunks', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ task_id: '1.1', line_number: i + 1, line: i + 2, values: {} }));
  const tasks = [{ task_id: '1.1', line: 2, values: {} }];
  it('given 600 lines and a task, when chunked by 250, then the task comes with the first 250, then 250 and 100', () => {
    expect(importChunks({ tasks, cibe_lines: lines(600) }, 250).map((c) => [c.tasks.length, c.cibe_lines.length])).toEqual([[1, 250], [0, 250], [0, 100]]);
  });
  it('given a job lacking nothing, when chunked, then there is one empty chunk (its record is still marked done)', () => {
    expect(importChunks({ tasks: [], cibe_lines: [] })).toEqual([{ tasks: [], cibe_lines: [] }]);
  });
});

describe('the import job', () => {
  it('given a file, when resolved twice (a retried job), then one record per job is stored once, in the file order', async () => {
    const { id, jobs } = await requestedImport(csvOf('R', 3, 1));
    expect(jobs.map((j) => j.job_number)).toEqual(['R-0', 'R-1', 'R-2']);
    expect(await resolveImport(ctx, id, pat.accountId, jobs)).toBe(3);
    expect(await resolveImport(ctx, id, pat.accountId, [...jobs, ...jobs])).toBe(3);
    expect(await db('bulk_operation_records').where({ operation_id: id }).count({ n: '*' })).toEqual([{ n: '3' }]);
  }, 30_000);

  it('given a file of 40 new jobs, when resolved, then their ids are allocated in one statement, one each', async () => {
    const { id, jobs } = await requestedImport(csvOf('N', 40, 1));
    let allocations = 0;
    const counted: WorkerContext = { ...ctx, newRecordId: () => Promise.reject(new Error('an id apiece')), newRecordIds: (...a) => (allocations++, ctx.newRecordIds(...a)) };
    expect(await resolveImport(counted, id, pat.accountId, jobs)).toBe(40);
    expect(allocations).toBe(1);
    const ids = (await db('bulk_operation_records').where({ operation_id: id }).orderBy('position').select('record_id')).map((r) => String(r.record_id));
    expect(new Set(ids).size).toBe(40);
    expect(await db('record_index').whereIn('id', ids).where({ kind: 'job' }).count({ n: '*' })).toEqual([{ n: '40' }]);
  }, 30_000);

  it('given two workers running the same import at once, then each job is created once with its own counter number, and each line once', async () => {
    const { id, jobs, progress } = await requestedImport(csvOf('T', 12, 5));
    const before = Number(await counterNow());
    await resolveImport(ctx, id, pat.accountId, jobs);
    await Promise.all([importJobs(ctx, { operationId: id, jobs, as: pat, progress: progress() }), importJobs(ctx, { operationId: id, jobs, as: pat, progress: progress() })]);
    expect(await count('JobCreated', 'T')).toBe(12);
    expect(await count('JobTaskAdded', 'T')).toBe(12);
    expect(await count('JobCibeItemAdded', 'T')).toBe(60);
    const numbers = await numbersOf('T');
    expect(new Set(numbers).size).toBe(12);
    // A number is taken once per new job: none is spent by the second worker.
    expect(Number(await counterNow())).toBe(before + 12);
    expect((await db('bulk_operation_records').where({ operation_id: id, state: 'done' }).count({ n: '*' }))[0].n).toBe('12');
  }, 60_000);

  it("given a worker killed after taking a new job's number, when the import resumes, then the job takes that number and nothing is created twice", async () => {
    const { id, jobs, progress } = await requestedImport(csvOf('K', 2, 2));
    await resolveImport(ctx, id, pat.accountId, jobs);
    // The killed worker got as far as the number of the first job.
    const taken = await newJobNumber(ctx, pat, id, 0);
    await importJobs(ctx, { operationId: id, jobs, as: pat, progress: progress() });
    const first = await pool.query(`select data->'values'->>'account_job_number' as n from events where type = 'JobCreated' and data->'values'->>'job_number' = 'K-0'`);
    expect(first.rows).toEqual([{ n: taken }]);
    expect(Number(await counterNow())).toBe(Number(taken) + 1);
    // Run again (the job retried once more): every record is done, nothing is appended.
    const events = Number((await pool.query('select count(*) from events')).rows[0].count);
    await importJobs(ctx, { operationId: id, jobs, as: pat, progress: progress() });
    expect(Number((await pool.query('select count(*) from events')).rows[0].count)).toBe(events);
    expect(await count('JobCibeItemAdded', 'K')).toBe(4);
  }, 60_000);

  it('given a job of two and a half chunks of lines, when imported, then its lines come in commands of at most IMPORT_CHUNK_LINES (each its own write), each line once, the record done with the last', async () => {
    const lines = IMPORT_CHUNK_LINES * 2.5;
    const { id, jobs, progress } = await requestedImport(csvOf('C', 1, lines));
    await resolveImport(ctx, id, pat.accountId, jobs);
    await importJobs(ctx, { operationId: id, jobs, as: pat, progress: progress() });
    expect(await count('JobCibeItemAdded', 'C')).toBe(lines);
    // One append per chunk (one transaction each): a chunk, a chunk and half of one, the job and its task with the first.
    const perAppend = await pool.query(
      `select count(*) filter (where type = 'JobCibeItemAdded')::int as n from events where stream_id = (select stream_id from events where type = 'JobCreated' and data->'values'->>'job_number' = 'C-0') group by transaction_id order by min(global_position)`,
    );
    expect(perAppend.rows.map((r) => r.n)).toEqual([IMPORT_CHUNK_LINES, IMPORT_CHUNK_LINES, IMPORT_CHUNK_LINES / 2]);
    expect((await db('bulk_operation_records').where({ operation_id: id, state: 'done' }).count({ n: '*' }))[0].n).toBe('1');
  }, 60_000);

  it('given an import cancelled after its first job, when the worker reaches the next record, then it stops there and the rest stay pending', async () => {
    const { id, jobs, progress } = await requestedImport(csvOf('X', 4, 2));
    await resolveImport(ctx, id, pat.accountId, jobs);
    const turn = turnOf(ctx, id, { checkEveryMs: 0 });
    const reporter = progress();
    let settled = 0;
    const cancelling = async () => {
      await reporter.flush();
      settled += 1;
      if (settled === 1) await db('bulk_operations').where({ id }).update({ status: 'cancelled' });
    };
    await expect(importJobs(ctx, { operationId: id, jobs, as: pat, progress: { ...reporter, count: async () => cancelling() } as typeof reporter, turn })).rejects.toThrow(Cancelled);
    expect(await count('JobCreated', 'X')).toBe(1);
    expect((await db('bulk_operation_records').where({ operation_id: id, state: 'pending' }).count({ n: '*' }))[0].n).toBe('3');
  }, 60_000);

  it('given a stored file with a bad cell (the api refuses such files), when read, then the job fails naming it', async () => {
    const bad = 'job_number,line_number\nX-1,zero\n';
    expect(parseOrcaCsv(bad).errors).toHaveLength(1);
    const stored = await ctx.blobs.put(Buffer.from(bad));
    await expect(importFileJobs(ctx, { ...stored, file_name: 'bad.csv' })).rejects.toThrow('bad.csv has 1 bad cells (line 2, line_number: must be a whole number of 1 or more)');
  });
});
