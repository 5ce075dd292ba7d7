/**
 * A job number is one job (issue 28; docs/jobs.md "Job numbers"): account_job_number is unique in an
 * account on every path that makes or edits a job (POST /api/jobs/, /jobs/new/, the ORCA CSV import,
 * bid to job, RFQ to job, PUT of the job and job_with_related_update). A number in use is a 409 naming
 * account_job_number and nothing is written; the job counter passes by numbers typed by hand; a
 * deleted job frees its number; /api/jobs/lookup/{number} opens the one job. Also the backfill of
 * jobs numbered before the claim (migration 018).
 */
import { describe, expect, it } from 'vitest';
import { createDb } from '@trenchline/read-model';
import { up as claimJobNumbers } from '@trenchline/read-model/migrations/018_job_number_claims.ts';
import { apiTest } from '../support/apiTest.ts';
import type { Client } from '../support/client.ts';
import type { Row } from '../support/orcaJobs.ts';

const { app, office, rival, db, eventCount } = apiTest('api_job_numbers', { worker: true });

const counter = async () => (await office.get('/api/settings/current_number/job/')).body.number as number;
async function created(path: string, body: Record<string, unknown>, c: Client = office) {
  const r = await c.post(path, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as Row;
}
/** A 409 naming account_job_number, and nothing written meanwhile. */
async function refusedAsTaken(write: () => Promise<{ status: number; body: any }>) {
  const before = await eventCount();
  const r = await write();
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(Object.keys(r.body.fields)).toEqual(['account_job_number']);
  expect(r.body.message).toMatch(/already used by another job/);
  expect(await eventCount()).toBe(before);
  return r;
}

describe('a number in use', () => {
  it('given a job numbered J-88, when another job is made with j-88 (case and spacing ignored), then 409 naming account_job_number, nothing written, and no coordinator added', async () => {
    await created('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: 'J-88' });
    await refusedAsTaken(() => office.post('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: ' j-88 ', coordinator_code: 'NEWC1', coordinator: 'Never Added' }));
    expect((await office.list('/api/settings/jobs/sva_coordinators/')).body.map((c: Row) => c.coordinator_code)).not.toContain('NEWC1');
  });

  it('given two jobs, when one is renumbered to the other\'s number by PUT or by job_with_related_update, then 409 and nothing written; its own number in other letters is fine', async () => {
    const a = await created('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: 'A-100' });
    const b = await created('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: 'B-100' });
    await refusedAsTaken(() => office.put(`/api/jobs/${b.id}/`, { ...b, account_job_number: 'A-100', title: 'Renumbered' }));
    await refusedAsTaken(() => office.put(`/api/jobs/job_with_related_update/${b.id}/`, { account_job_number: 'a-100' }));
    expect((await office.get(`/api/jobs/${b.id}/`)).body).toMatchObject({ account_job_number: 'B-100', title: null });
    expect((await office.put(`/api/jobs/${a.id}/`, { account_job_number: 'a-100' })).status).toBe(200);
    // Renumbered, the old number is free again.
    expect((await office.put(`/api/jobs/${b.id}/`, { account_job_number: 'B-101' })).status).toBe(200);
    await created('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: 'B-100' });
  });

  it('given two clients making jobs with one number at the same moment, then exactly one is made and the other is a 409', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => office.post('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: 'RACE-1' })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it('given a deleted job, then its number is free for a new job; another account may hold the same number', async () => {
    const gone = await created('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: 'DEL-1' });
    expect((await office.del(`/api/jobs/${gone.id}/`)).status).toBe(200);
    const again = await created('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: 'DEL-1' });
    await created('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: 'DEL-1' }, rival);
    expect((await office.get('/api/jobs/lookup/del-1/')).body).toEqual({ id: again.id, account_job_number: 'DEL-1' });
  });

  it("given the spec's bid to job calls with a number in use (POST /api/jobs/ {bid_ref, account_job_number}), then 409 and no job", async () => {
    const bid = await created('/api/bids/', { work_request: 'WR-NUM' });
    await created('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: 'BID-7' });
    await refusedAsTaken(() => office.post('/api/jobs/', { bid_ref: bid.id, work_status: 'New', form_type: 'attfiber', account_job_number: 'BID-7' }));
  });
});

describe('the job counter and numbers typed by hand', () => {
  it('given the next counter numbers typed on jobs by hand, when jobs are made by every counter path, then each passes them by and no number is two jobs', async () => {
    const n = await counter();
    for (const typed of [n + 1, n + 2, n + 4]) await created('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: String(typed) });
    // POST /jobs/new/ (and POST /jobs/ without a number) take the counter's next free number.
    expect((await created('/api/jobs/new/', { form_type: 'attorca' })).account_job_number).toBe(String(n + 3));
    expect((await created('/api/jobs/', { form_type: 'base', work_status: 'New' })).account_job_number).toBe(String(n + 5));
    // Bid to job.
    await created('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: String(n + 6) });
    const bid = await created('/api/bids/', { work_request: 'WR-SKIP' });
    expect((await created(`/api/bids/${bid.id}/create_job/`, {})).job.account_job_number).toBe(String(n + 7));
    // RFQ to job.
    await created('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: String(n + 8) });
    const rfq = await created('/api/rfqs/', { title: 'Numbered RFQ' });
    expect((await office.put(`/api/rfqs/${rfq.id}/`, { rfq_status: 'Won' })).status).toBe(200);
    const made = await office.post(`/api/rfqs/${rfq.id}/make_job/`, {});
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.account_job_number).toBe(String(n + 9));
    // The counter names what it passed by.
    const { rows } = await db.query(`select data from events where type = 'DocumentNumberIssued' and data->>'kind' = 'job' and (data->>'number')::int > $1 order by global_position`, [n]);
    expect(rows.map((r) => [r.data.number, r.data.skipped ?? []])).toEqual([[n + 3, [n + 1, n + 2]], [n + 5, [n + 4]], [n + 7, [n + 6]], [n + 9, [n + 8]]]);
    expect(await counter()).toBe(n + 9);
  });

  it('given the next counter number typed on a job, when the ORCA CSV import makes a new job, then the worker passes it by too', async () => {
    const n = await counter();
    await created('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: String(n + 1) });
    const f = new FormData();
    f.append('file', new Blob(['job_number,title,task_id,line_number,issued_item_code\r\nCSV-NUM-1,Imported,1.1,1,E1\r\n'], { type: 'text/csv' }), 'numbers.csv');
    const asked = await office.request('POST', '/api/jobs/orcas/import/', f);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    await expect.poll(async () => (await office.get(`/api/bulk/${asked.body.id}/`)).body.status, { timeout: 60_000, interval: 100 }).toBe('done');
    const op = (await office.get(`/api/bulk/${asked.body.id}/`)).body;
    expect(op).toMatchObject({ done: 1, failed: 0 });
    await expect.poll(async () => ((await office.get('/api/jobs/orcas/?q=CSV-NUM-1&active=t&archived=f')).body.results as Row[]).length, { timeout: 20_000 }).toBe(1);
    const row = ((await office.get('/api/jobs/orcas/?q=CSV-NUM-1&active=t&archived=f')).body.results as Row[])[0];
    expect(row.account_job_number).toBe(String(n + 2));
  });
});

describe('the look-up and the jobs numbered before numbers were claimed', () => {
  it('given a job number, then /api/jobs/lookup/{number} answers that one job at once (case ignored), and an id still opens its job', async () => {
    const j = await created('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: 'Look-Up 9' });
    expect((await office.get('/api/jobs/lookup/look-up%209/')).body).toEqual({ id: j.id, account_job_number: 'Look-Up 9' });
    expect((await office.get(`/api/jobs/lookup/${j.id}/`)).body).toEqual({ id: j.id, account_job_number: 'Look-Up 9' });
    expect((await rival.get('/api/jobs/lookup/look-up%209/')).status).toBe(404);
  });

  it('given two jobs sharing a number from before numbers were claimed, when the backfill runs, then the older one holds it, the other keeps saving, and a third is refused', async () => {
    const older = await created('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: 'OLD-1' });
    const newer = await created('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: 'OLD-2' });
    // As an older deployment held them: the same number on two rows of the job list, no claims.
    await office.list('/api/jobs/');
    await db.query(`delete from unique_claims where scope = 'job' and record_id in ($1, $2)`, [older.id, newer.id]);
    await db.query(`update jobs set account_job_number = 'OLD-1' where id = $1`, [newer.id]);
    const k = createDb(app.databaseUrl, { max: 1 });
    try {
      await claimJobNumbers(k);
    } finally {
      await k.destroy();
    }
    const { rows } = await db.query(`select key, record_id::text as id from unique_claims where scope = 'job' and record_id in ($1, $2) order by key`, [older.id, newer.id]);
    expect(rows).toEqual([{ key: 'old-1', id: older.id }]);
    expect((await office.put(`/api/jobs/${newer.id}/`, { title: 'Twin, saved' })).status).toBe(200);
    await refusedAsTaken(() => office.post('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: 'OLD-1' }));
  });
});
