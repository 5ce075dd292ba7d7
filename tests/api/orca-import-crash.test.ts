/**
 * An ORCA CSV import interrupted by killing the worker completes once: a real worker process is
 * killed with SIGKILL midway through an import of 80 new jobs, a new one is started, and every job is
 * created by exactly one event with its own job counter number, none spent twice.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { bulkProgressOf, workerProcesses } from '../support/worker-process.ts';

const JOBS = 80;
const { app, office, db } = apiTest('api_import_crash');
const startWorker = workerProcesses(app);
const { progressOf, tell } = bulkProgressOf(office);

describe('an ORCA import whose worker is killed midway', () => {
  it('given 80 new jobs and a worker killed midway, when a new worker starts, then each job is created once with its own number and each line once', async () => {
    const rows = ['job_number,title,task_id,line_number,issued_item_code,issued_item_qty'];
    for (let j = 0; j < JOBS; j++) rows.push(`KI-${j},Killed import ${j},1.1,1,A,1`, `KI-${j},,1.1,2,B,2`);
    const f = new FormData();
    f.append('file', new Blob([rows.join('\n')], { type: 'text/csv' }), 'orca.csv');
    const counterBefore = (await office.get('/api/settings/current_number/')).body.find((k: { kind: string }) => k.kind === 'job')?.number ?? 0;
    const asked = await office.request('POST', '/api/jobs/orcas/import/', f);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const opId = asked.body.id as string;

    // Slowed to ~40 jobs a second, so the kill lands midway.
    const first = startWorker({ BULK_STEP_DELAY_MS: '25' });
    await first.ready;
    await expect.poll(async () => (await progressOf(opId)).done, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(15).catch(tell(opId, first.output));
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const atKill = await progressOf(opId);
    expect(atKill).toMatchObject({ status: 'running', total: JOBS });
    expect(atKill.done).toBeLessThan(JOBS);

    const second = startWorker();
    await second.ready;
    await expect.poll(async () => (await progressOf(opId)).status, { timeout: 60_000, interval: 200 }).toBe('done').catch(tell(opId, second.output));
    expect(await progressOf(opId)).toMatchObject({ status: 'done', total: JOBS, done: JOBS, failed: 0 });

    const created = await db.query(`select data->'values'->>'job_number' as job, data->'values'->>'account_job_number' as n from events where type = 'JobCreated' and data->'values'->>'job_number' like 'KI-%'`);
    expect(created.rows).toHaveLength(JOBS);
    expect(new Set(created.rows.map((r) => r.job)).size).toBe(JOBS);
    expect(new Set(created.rows.map((r) => r.n)).size).toBe(JOBS);
    const lines = await db.query(`select count(*)::int as n from events where type = 'JobCibeItemAdded' and data->'line'->>'issued_item_code' in ('A', 'B') and stream_id in (select stream_id from events where type = 'JobCreated' and data->'values'->>'job_number' like 'KI-%')`);
    expect(lines.rows[0].n).toBe(JOBS * 2);
    // A number taken by the killed worker for a job it had not appended yet is the job's on resume: none is spent twice.
    const counterAfter = (await office.get('/api/settings/current_number/')).body.find((k: { kind: string }) => k.kind === 'job').number;
    expect(Number(counterAfter)).toBe(Number(counterBefore) + JOBS);
  }, 150_000);
});
