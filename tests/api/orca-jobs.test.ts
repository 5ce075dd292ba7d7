/**
 * ORCA jobs over HTTP (spec 2 sections 3-5, 7, 8; docs/jobs.md "ORCA jobs"): a first walk through tasks,
 * CIBE lines, CIBE emails and permits; the ORCA job fields and their lists; history and as-of with tasks
 * and lines; another account's job. Each concern in depth: orca-tasks, orca-cibe, orca-permits.
 */
import { describe, expect, it } from 'vitest';
import { ORCA_LISTS } from '@trenchline/domain';
import { apiTest } from '../support/apiTest.ts';
import { orcaJobCalls, type Row } from '../support/orcaJobs.ts';
import { picture } from '../support/files.ts';

// The app's clock: today is 2026-11-22; a test that reads the past moves it on by minutes.
let clock = Date.parse('2026-11-22T15:00:00Z');
const { office, rival, eventCount } = apiTest('api_orca_jobs', { now: () => new Date(clock) });


const { newOrcaJob, add, detail } = orcaJobCalls(office);

describe('tasks', () => {
  it('given an ORCA job, when tasks are posted without task_id, then they are 1.1, 1.2; a duplicate is a 409 naming task_id and writes nothing', async () => {
    const j = await newOrcaJob();
    expect(j).toMatchObject({ form_type: 'attorca', work_status: 'New' });
    expect(await add(`/api/jobs/${j.id}/tasks/`, { job: j.id })).toMatchObject({ task_id: '1.1', work_status: 'New' });
    expect(await add(`/api/jobs/${j.id}/tasks/`, { job: j.id })).toMatchObject({ task_id: '1.2' });
    const before = await eventCount();
    const dup = await office.post(`/api/jobs/${j.id}/tasks/`, { job: j.id, task_id: '1.2' });
    expect(dup.status).toBe(409);
    expect(Object.keys(dup.body.fields)).toEqual(['task_id']);
    expect(await eventCount()).toBe(before);
    expect(await add(`/api/jobs/${j.id}/tasks/`, { job: j.id, task_id: 1.9 })).toMatchObject({ task_id: '1.9' });
    expect(await add(`/api/jobs/${j.id}/tasks/`, { job: j.id })).toMatchObject({ task_id: '2.0' });
  });

  it('given a task with lines, then GET /jobs/tasks/{id}/ answers its totals and nested lists', async () => {
    const j = await newOrcaJob();
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id, estimated_crew_payout: '1000' });
    await add(`/api/jobs/${j.id}/items/`, { task_id: t.task_id, qty: '10', price: '50' });
    await add(`/api/jobs/${j.id}/change_orders/`, { job_task: t.id, qty: 2, price: 25 });
    await add(`/api/jobs/${j.id}/crew_payouts/`, { job_task: t.id, crew_payout_amount: '333.33' });
    const r = await office.get(`/api/jobs/tasks/${t.id}/`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ task_id: '1.1', task_item_po_amount: 500, task_total_change_orders: 50, task_total: 550, task_total_crew_payouts: 333.33, task_total_gross_profit: 216.67, task_payout_pct: 33.33 });
    expect(r.body.job_task_items).toHaveLength(1);
    expect(r.body.job_task_items[0]).toMatchObject({ job_task: t.id, task_id: '1.1' });
    expect(r.body.job_ref).toMatchObject({ id: j.id, account_job_number: j.account_job_number });
  });
});

describe('a task\'s history and past', () => {
  it('given a task whose lines change, then its history lists the task and its lines only, and as_of shows it as it stood (none before the job)', async () => {
    const j = await newOrcaJob();
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id, title: 'First' });
    await add(`/api/jobs/${j.id}/notes/`, { note: 'job note' });
    const n = await add(`/api/jobs/${j.id}/notes/`, { note: 'task note', job_task: t.id });
    expect((await office.put(`/api/jobs/tasks/${t.id}`, { title: 'Second' })).status).toBe(200);
    const h = await office.get(`/api/jobs/tasks/${t.id}/history/`);
    expect(h.status).toBe(200);
    expect(h.body.map((e: Row) => [e.collection, e.line_id])).toEqual([['job_tasks', t.id], ['job_notes', n.id], ['job_tasks', t.id]]);
    // This file's clock stands still, so as_of is its instant: the task as it stands, notes included.
    const at = '2026-11-22T15:00:00.000Z';
    const past = await office.get(`/api/jobs/tasks/${t.id}/?as_of=${encodeURIComponent(at)}`);
    expect(past.body).toMatchObject({ title: 'Second', as_of: at });
    expect(past.body.job_task_notes.map((x: Row) => x.note)).toEqual(['task note']);
    expect((await office.get(`/api/jobs/tasks/${t.id}/?as_of=2020-01-01T00:00:00Z`)).status).toBe(404);
  });
});

describe('CIBE lines', () => {
  it('given an SVA code, when a line names it, then description and price come from it; insert and zero answer their messages', async () => {
    const code = await office.post('/api/settings/jobs/sva_codes/', { code: 'E123', description: 'Place conduit', rate: '5.25', uom: 'FT' });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    const j = await newOrcaJob();
    // The SVA code is read from its read model: wait until it is there.
    let l1: Row | undefined;
    for (let i = 0; i < 50 && !(l1?.issued_item_description); i++) {
      if (l1) await office.del(`/api/jobs/cibeitems/${l1.id}`);
      l1 = await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'E123', issued_item_qty: 100 });
      if (!l1.issued_item_description) await new Promise((r) => setTimeout(r, 100));
    }
    expect(l1).toMatchObject({ issued_item_description: 'Place conduit', issued_item_price: 5.25, issued_item_total: 525, CIBE_item_total: null, CIBE_item_qty_diff: null });
    const l2 = await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'X', issued_item_qty: 5, issued_item_price: 2 });
    const ins = await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'Y', line_number: l2.line_number });
    expect(ins.message).toBe(`Line ${l2.line_number} inserted`);
    const put = await office.put(`/api/jobs/cibeitems/${l1!.id}`, { ...l1, CIBE_item_qty: '120' });
    expect(put.body).toMatchObject({ CIBE_item_qty: 120, CIBE_item_qty_diff: 20, CIBE_item_total: 630 });
    const zero = await office.post(`/api/jobs/cibeitems/${l1!.id}/zero/`, {});
    expect(zero.status, JSON.stringify(zero.body)).toBe(200);
    expect(zero.body).toMatchObject({ line_zeroed: true, CIBE_item_qty: 0, message: 'E123 Quantity 120 changed to 0' });
    const d = await detail(j.id);
    expect(d.cibeitems.map((l: Row) => [l.issued_item_code, l.line_number])).toEqual([['E123', 1], ['Y', 2], ['X', 3]]);
    expect(d).toMatchObject({ CIBE_issued_grand_total: 535, CIBE_job_grand_total: 10, CIBE_job_grand_total_difference: -525 });
    const email = await add(`/api/jobs/${j.id}/cibe_emails/`, {});
    expect(email).toMatchObject({ email_status: 'Initial', amount: -525 });
    expect(email.email_body).toContain('E123');
  });
});

describe('permits', () => {
  it('given a job and a task, when permits are saved, deleted and moved, then the earliest expiry wins and recedes', async () => {
    const j = await newOrcaJob();
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    const p1 = await add(`/api/jobs/${j.id}/permits/`, { job_task: t.id, expiration_date: '2026-12-20' });
    expect(p1).toMatchObject({ permit_days_left: 28, task_id: '1.1' });
    const p2 = await add(`/api/jobs/${j.id}/permits/`, { expiration_date: '2026-12-10' });
    let d = await detail(j.id);
    expect(d.permit_expiration_date).toBe('2026-12-10');
    expect(d.tasks[0].task_permit_expiration_date).toBe('2026-12-20');
    expect((await office.del(`/api/jobs/permits/${p2.id}`)).status).toBe(200);
    d = await detail(j.id);
    expect(d.permit_expiration_date).toBe('2026-12-20');
    await office.put(`/api/jobs/permits/${p1.id}`, { expiration_date: '2027-01-05' });
    d = await detail(j.id);
    expect(d.permit_expiration_date).toBe('2027-01-05');
    expect(d.tasks[0].task_permit_expiration_date).toBe('2027-01-05');
  });
});

describe('the ORCA job fields', () => {
  it("given an ORCA job, when every value of each ORCA list is saved on it and on a task, then each is answered as saved; a blank stays blank (''); free text is kept", async () => {
    const j = await newOrcaJob();
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    const lists = Object.entries(ORCA_LISTS) as [string, readonly string[]][];
    const rounds = Math.max(...lists.map(([, l]) => l.length));
    for (let i = 0; i < rounds; i++) {
      const body = Object.fromEntries(lists.map(([field, list]) => [field, list[i % list.length]]));
      const job = await office.put(`/api/jobs/${j.id}/`, body);
      expect(job.status, JSON.stringify(job.body)).toBe(200);
      expect(job.body).toMatchObject(body);
      const task = await office.put(`/api/jobs/tasks/${t.id}/`, body);
      expect(task.status, JSON.stringify(task.body)).toBe(200);
      expect(task.body).toMatchObject(body);
    }
    const blank = Object.fromEntries(lists.map(([field]) => [field, '']));
    expect((await office.put(`/api/jobs/${j.id}/`, blank)).body).toMatchObject(blank);
    expect((await office.put(`/api/jobs/${j.id}/`, { work_status: 'Waiting on city', pit_status: 'NEED STATUS' })).body).toMatchObject({ work_status: 'Waiting on city', pit_status: 'NEED STATUS' });
    const d = await detail(j.id);
    expect(d).toMatchObject({ form_type: 'attorca', work_status: 'Waiting on city', task_count: 1, CIBE_issued_grand_total: 0, CIBE_job_grand_total: 0, CIBE_job_grand_total_difference: 0 });
    for (const key of ['tasks', 'cibeitems', 'permits', 'cibe_emails', 'job_task_photos', 'job_task_files']) expect(Array.isArray(d[key]), key).toBe(true);
  });

  it('given a bad ORCA field value, then 400 naming it and nothing is written', async () => {
    const j = await newOrcaJob();
    const before = await eventCount();
    for (const [field, value] of [['work_status', 'x'.repeat(101)], ['percent_complete', 'x'.repeat(21)], ['form_type', 'orca']] as const) {
      const r = await office.put(`/api/jobs/${j.id}/`, { [field]: value });
      expect(r.status, `${field} ${JSON.stringify(r.body)}`).toBe(400);
      expect(Object.keys(r.body.fields)).toEqual([field]);
    }
    expect(await eventCount()).toBe(before);
  });
});

describe('history and as-of', () => {
  it('given a job whose task and lines changed, when read as of before the change, then tasks and lines are shown as they stood; history lists each change', async () => {
    const j = await newOrcaJob();
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id, title: 'Before' });
    const item = await add(`/api/jobs/${j.id}/items/`, { job_task: t.id, item: 'Bore', qty: '2', price: '10' });
    const line = await add(`/api/jobs/${j.id}/cibeitems/`, { job_task: t.id, issued_item_code: 'E1', issued_item_qty: '5', CIBE_item_qty: '6' });
    const then = new Date(clock + 30_000).toISOString();
    clock += 60_000;
    try {
      await office.put(`/api/jobs/tasks/${t.id}/`, { title: 'After' });
      await add(`/api/jobs/${j.id}/permits/`, { job_task: t.id, expiration_date: '2026-12-01' });
      await office.post(`/api/jobs/cibeitems/${line.id}/zero/`, {});
      await office.del(`/api/jobs/items/${item.id}/`);
    } finally {
      clock -= 60_000;
    }
    const past = await office.get(`/api/jobs/${j.id}/?as_of=${encodeURIComponent(then)}`);
    expect(past.status, JSON.stringify(past.body)).toBe(200);
    expect(past.body).toMatchObject({ permit_expiration_date: null, permits: [], items: [expect.objectContaining({ id: item.id })], cibeitems: [expect.objectContaining({ line_zeroed: false, CIBE_item_qty: 6 })] });
    expect(past.body.tasks[0]).toMatchObject({ title: 'Before', task_item_po_amount: 20, CIBE_total_difference: 0, job_task_items: [expect.objectContaining({ id: item.id })], job_task_permits: [] });
    const now = await detail(j.id);
    expect(now.tasks[0]).toMatchObject({ title: 'After', task_item_po_amount: 0, task_permit_expiration_date: '2026-12-01', job_task_items: [] });
    const history = (await office.get(`/api/jobs/${j.id}/history/`)).body as Row[];
    expect(history.map((e) => e.type)).toEqual(['JobCreated', 'JobTaskAdded', 'JobItemAdded', 'JobCibeItemAdded', 'JobTaskRevised', 'JobPermitAdded', 'PermitSaved', 'JobTaskRevised', 'CibeLineZeroed', 'JobItemRemoved']);
    expect(JSON.stringify(history[4])).toContain('After');
  });
});

describe("another account's ORCA job", () => {
  it('given an ORCA job with a task and lines of each ORCA kind, when another account calls each ORCA route on them, then 404 and nothing is written', async () => {
    const j = await newOrcaJob({ title: 'Ours' });
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id, title: 'Ours' });
    const line = await add(`/api/jobs/${j.id}/cibeitems/`, { job_task: t.id, issued_item_code: 'E1', issued_item_qty: '1', CIBE_item_qty: '2' });
    const email = await add(`/api/jobs/${j.id}/cibe_emails/`, { job_task: t.id });
    const permit = await add(`/api/jobs/${j.id}/permits/`, { job_task: t.id, expiration_date: '2026-12-01' });
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([new Uint8Array(picture('ours'))], { type: 'image/png' }), 'ours.png');
      return f;
    };
    const photo = (await office.request('POST', `/api/jobs/tasks/${t.id}/photos/`, form())).body as Row;
    const file = (await office.request('POST', `/api/jobs/tasks/${t.id}/general_files/`, form())).body as Row;
    const theirs = (await rival.post('/api/jobs/new/', { form_type: 'attorca' })).body as Row;
    const before = await eventCount();
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/jobs/${j.id}/tasks/`],
      ['POST', `/api/jobs/${j.id}/tasks/`, { job: j.id }],
      ['GET', `/api/jobs/tasks/${t.id}/`],
      ['PUT', `/api/jobs/tasks/${t.id}/`, { title: 'Theirs' }],
      ['DELETE', `/api/jobs/tasks/${t.id}`],
      ['GET', `/api/jobs/${j.id}/cibeitems/`],
      ['POST', `/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'X', line_number: 1 }],
      ['PUT', `/api/jobs/cibeitems/${line.id}`, { CIBE_item_qty: 9 }],
      ['PUT', `/api/jobs/cibeitems/${line.id}`, { line_zeroed: true }],
      ['DELETE', `/api/jobs/cibeitems/${line.id}`],
      ['POST', `/api/jobs/cibeitems/${line.id}/zero/`, {}],
      ['POST', `/api/jobs/${j.id}/cibeitems/bulk/`, { action: 'delete', ids: [line.id] }],
      ['GET', `/api/jobs/${j.id}/cibe_emails/`],
      ['POST', `/api/jobs/${j.id}/cibe_emails/`, {}],
      ['PUT', `/api/jobs/cibe_emails/${email.id}`, { email_status: 'Complete' }],
      ['DELETE', `/api/jobs/cibe_emails/${email.id}`],
      ['GET', `/api/jobs/${j.id}/permits/`],
      ['POST', `/api/jobs/${j.id}/permits/`, { expiration_date: '2026-11-23' }],
      ['PUT', `/api/jobs/permits/${permit.id}`, { expiration_date: '2026-11-23' }],
      ['DELETE', `/api/jobs/permits/${permit.id}`],
      ['GET', `/api/jobs/tasks/${t.id}/photos/`],
      ['PUT', `/api/jobs/tasks/photos/${photo.id}`, { caption: 'Theirs' }],
      ['DELETE', `/api/jobs/tasks/photos/${photo.id}`],
      ['GET', `/api/jobs/tasks/${t.id}/general_files/`],
      ['PUT', `/api/jobs/tasks/general_files/${file.id}`, { file_name: 'theirs.pdf' }],
      ['DELETE', `/api/jobs/tasks/general_files/${file.id}`],
      ['GET', `/api/jobs/${j.id}/history/`],
      ['GET', `/api/jobs/${j.id}/?as_of=${encodeURIComponent(new Date(clock).toISOString())}`],
    ];
    for (const [method, path, body] of calls) expect((await rival.request(method, path, body)).status, `${method} ${path}`).toBe(404);
    for (const path of [`/api/jobs/tasks/${t.id}/photos/`, `/api/jobs/tasks/${t.id}/general_files/`]) expect((await rival.request('POST', path, form())).status, path).toBe(404);
    // Their own job's lines cannot name our task, nor their bulk change our lines.
    const bulk = await rival.post(`/api/jobs/${theirs.id}/cibeitems/bulk/`, { action: 'zero', ids: [line.id] });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(400);
    expect(Object.keys(bulk.body.fields)).toEqual(['ids']);
    for (const kind of ['items', 'cibeitems', 'permits', 'cibe_emails']) {
      const r = await rival.post(`/api/jobs/${theirs.id}/${kind}/`, { job_task: t.id, subject: 's', email_body: 'b' });
      expect(r.status, `${kind} ${JSON.stringify(r.body)}`).toBe(400);
      expect(Object.keys(r.body.fields)).toEqual(['job_task']);
    }
    expect(await eventCount()).toBe(before);
    const d = await detail(j.id);
    expect(d).toMatchObject({ title: 'Ours', permit_expiration_date: '2026-12-01', tasks: [expect.objectContaining({ title: 'Ours' })] });
    expect([d.cibeitems.length, d.cibe_emails.length, d.permits.length, d.job_task_photos.length, d.job_task_files.length]).toEqual([1, 1, 1, 1, 1]);
    expect(d.cibeitems[0]).toMatchObject({ line_zeroed: false, CIBE_item_qty: 2 });
  });
});
