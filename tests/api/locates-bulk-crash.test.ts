/**
 * A bulk re-up of locates interrupted by killing the worker completes once: a real worker process is
 * killed with SIGKILL midway through the re-up of 80 selected locates, a new one is started, and every
 * locate ends re-upped by exactly one event with exactly one history line.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { bulkProgressOf, workerProcesses } from '../support/worker-process.ts';

const LOCATES = 80;
const { app, office, db } = apiTest('api_locates_bulk_crash');
const startWorker = workerProcesses(app);

const { progressOf, tell } = bulkProgressOf(office);

describe('a bulk re-up whose worker is killed midway', () => {
  it('given 80 locates and a worker killed midway through their re-up, when a new worker starts, then each locate is re-upped by one event', async () => {
    const ids: string[] = [];
    for (let i = 0; i < LOCATES; i += 10) {
      const made = await Promise.all(Array.from({ length: 10 }, (_, k) => office.post('/api/locates/', { form_type: 'base_locate', current_ticket_number: `K-${i + k}`, current_date_submitted: '2026-11-01' })));
      ids.push(...made.map((r) => r.body.id as string));
    }

    const asked = await office.post('/api/bulk/', { list: 'locates', action: 'reup', ids });
    expect(asked.status).toBe(202);
    const opId = asked.body.id as string;
    // Slowed to ~25 records a second, so the kill lands midway.
    const first = startWorker({ BULK_STEP_DELAY_MS: '40' });
    await first.ready;
    await expect.poll(async () => (await progressOf(opId)).done, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(15).catch(tell(opId, first.output));
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    expect(await progressOf(opId)).toMatchObject({ status: 'running', total: LOCATES });
    const doneAtKill = Number((await db.query(`select count(*) from bulk_operation_records where operation_id = $1 and state = 'done'`, [opId])).rows[0].count);
    expect(doneAtKill).toBeGreaterThan(0);
    expect(doneAtKill).toBeLessThan(LOCATES);

    const second = startWorker();
    await second.ready;
    await expect.poll(async () => (await progressOf(opId)).status, { timeout: 30_000, interval: 200 }).toBe('done').catch(tell(opId, second.output));
    expect(await progressOf(opId)).toMatchObject({ status: 'done', total: LOCATES, done: LOCATES, failed: 0 });

    const reUpped = await db.query(
      `select stream_id, count(*)::int as n, sum(jsonb_array_length(data->'numbers'))::int as lines from events where type = 'LocateReUpped' and stream_id = any($1) group by stream_id`,
      [ids.map((id) => `locate-${id}`)],
    );
    expect(reUpped.rows).toHaveLength(LOCATES);
    expect(reUpped.rows.every((r) => r.n === 1 && r.lines === 1)).toBe(true);
  }, 120_000);
});
