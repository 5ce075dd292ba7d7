/**
 * A bulk archive interrupted by killing the worker completes once (issue 13's proof): a real worker
 * process is killed with SIGKILL midway through a bulk archive of all matching jobs, a new one is
 * started, and the operation finishes with every job archived by exactly one event.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { bulkProgressOf, workerProcesses } from '../support/worker-process.ts';

const JOBS = 200;
const { app, office, db } = apiTest('api_bulk_crash');
const startWorker = workerProcesses(app);

const { progressOf, tell } = bulkProgressOf(office);

describe('a bulk archive whose worker is killed midway', () => {
  it('given 200 matching jobs and a worker killed midway, when a new worker starts, then the archive completes with one archive event per job', async () => {
    const ids: string[] = [];
    for (let i = 0; i < JOBS; i += 10) {
      const made = await Promise.all(Array.from({ length: 10 }, (_, k) => office.post('/api/jobs/', { form_type: 'base', work_status: 'New', job_number: `K-${i + k}`, title: `Killed midway ${i + k}` })));
      ids.push(...made.map((r) => r.body.id as string));
    }
    // The projector has them all (the list's count), so the filter resolves to all of them.
    await expect.poll(async () => (await office.list('/api/jobs/?q=killed+midway&live_and_future=t&page_size=1')).body.count, { timeout: 30_000, interval: 100 }).toBe(JOBS);

    const asked = await office.post('/api/bulk/', { list: 'jobs', action: 'archive', filter: { q: 'killed midway', live_and_future: 't' } });
    expect(asked.status).toBe(202);
    const opId = asked.body.id as string;
    // Slowed to ~40 records a second, so the kill lands midway.
    const first = startWorker({ BULK_STEP_DELAY_MS: '25' });
    await first.ready;
    await expect.poll(async () => (await progressOf(opId)).done, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(40).catch(tell(opId, first.output));
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const atKill = await progressOf(opId);
    expect(atKill.status).toBe('running');
    expect(atKill.total).toBe(JOBS);
    const doneAtKill = Number((await db.query(`select count(*) from bulk_operation_records where operation_id = $1 and state = 'done'`, [opId])).rows[0].count);
    expect(doneAtKill).toBeGreaterThan(0);
    expect(doneAtKill).toBeLessThan(JOBS);

    const second = startWorker();
    await second.ready;
    await expect.poll(async () => (await progressOf(opId)).status, { timeout: 30_000, interval: 200 }).toBe('done').catch(tell(opId, second.output));
    expect(await progressOf(opId)).toMatchObject({ status: 'done', total: JOBS, done: JOBS, failed: 0 });

    const archived = await db.query(
      `select stream_id, count(*)::int as n from events where type = 'JobRevised' and data->'changes' ? 'archived' and stream_id = any($1) group by stream_id`,
      [ids.map((id) => `job-${id}`)],
    );
    expect(archived.rows).toHaveLength(JOBS);
    expect(archived.rows.every((r) => r.n === 1)).toBe(true);
    const ends = await db.query(`select type from events where stream_id = $1 order by stream_version`, [`bulk_operation-${opId}`]);
    expect(ends.rows.map((r) => r.type)).toEqual(['BulkOperationRequested', 'BulkOperationFinished']);
  }, 120_000);
});
