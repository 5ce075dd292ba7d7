/**
 * The spec's client on an ORCA job and its task page, call by call as spec 2 section 7 lists them: it
 * creates the job (POST jobs/new/), posts tasks {job, task_id} with the id it computed, keeps what GET
 * jobs/{id}/ and GET jobs/tasks/{id}/ answered and PUTs each task, CIBE line and permit back whole,
 * edited, more than once (numbers as text, computed fields and nested lists echoed back); zeroes CIBE
 * lines as the old sheet does (PUT line_zeroed true and CIBE_item_qty '0'), inserts at a line number,
 * generates a CIBE email and logs it (POST settings/user_app_activities/). Calls exercised: GET and
 * POST jobs/{id}/tasks/, /cibeitems/, /permits/, /cibe_emails/; GET, PUT and DELETE jobs/tasks/{id};
 * PUT and DELETE jobs/cibeitems/{id}, jobs/permits/{id}, jobs/cibe_emails/{id}; and, with the ORCA
 * lists on a task's lines, POST jobs/{id}/materials/ and /invoices/, PUT jobs/materials/{id} and
 * jobs/invoices/{id} (their base-job calls are in jobs-lines.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { SpecClient, copyOf, expectConflict, expectGone, expectInvalid, type Obj, readOwnWrite } from './specClient.ts';

const { office, eventCount } = apiTest('compat_orca_jobs', { now: () => new Date('2026-11-22T15:00:00Z') });
const spec = new SpecClient(office);
let frank: SpecClient;
beforeAll(async () => {
  frank = await spec.colleague('Frank Field');
  await spec.create('/api/settings/jobs/sva_coordinators/', { coordinator_code: 'PL01', coordinator: 'Pat Lee', coord_phone1: '918-555-0101', coordinator_email: 'pat@att.example' });
  await spec.create('/api/settings/jobs/sva_codes/', { code: 'E123', description: 'Place conduit', rate: '5.25', uom: 'FT' });
  // The sheet offers the codes GET settings/jobs/sva_codes/ lists: the client uses one once it is listed.
  await readOwnWrite(() => spec.load<Obj[]>('/api/settings/jobs/sva_codes/'), (codes) => codes.some((c) => c.code === 'E123'), 'the SVA code');
});

/** The ORCA page's "new job" call, with the job number the client read from the counter. */
async function newOrcaJob(title = 'Elm St'): Promise<Obj> {
  const number = (await spec.load('/api/settings/current_number/job/')).number;
  return spec.create('/api/jobs/new/', { form_type: 'attorca', work_status: 'New', account_job_number: number, job_number: number, customer: 'AT&T', title });
}

/** The task id the client computes before posting: first 1.1, then the last + 0.1, to one decimal. */
const nextTaskId = (tasks: Obj[]) => (tasks.length ? (Math.round(Math.max(...tasks.map((t) => Number(t.task_id))) * 10 + 1) / 10).toFixed(1) : '1.1');

async function addTask(job: Obj): Promise<Obj> {
  const tasks = await spec.load<Obj[]>(`/api/jobs/${job.id}/tasks/`);
  return spec.create(`/api/jobs/${job.id}/tasks/`, { job: job.id, task_id: nextTaskId(tasks) });
}

describe('an ORCA job and its tasks', () => {
  it('given an ORCA job with tasks posted {job, task_id}, when the client PUTs each task back whole from GET jobs/{id}/, edited, twice, then 200 each and computed fields and nested lists sent back are ignored', async () => {
    const job = await newOrcaJob();
    expect(job).toMatchObject({ form_type: 'attorca', work_status: 'New', customer: 'AT&T' });
    const posted = [await addTask(job), await addTask(job), await addTask(job)];
    expect(posted.map((t) => t.task_id)).toEqual(['1.1', '1.2', '1.3']);
    await spec.create(`/api/jobs/${job.id}/items/`, { job: job.id, task_id: '1.1', item: 'Bore', qty: '10', price: '50' });
    const kept = await spec.load(`/api/jobs/${job.id}/`);
    expect(kept.tasks.map((t: Obj) => [t.task_id, t.task_item_po_amount])).toEqual([['1.1', 500], ['1.2', 0], ['1.3', 0]]);

    for (const t of kept.tasks) {
      const r = await spec.save(`/api/jobs/tasks/${t.id}/`, t, { title: `Task ${t.task_id}`, estimated_crew_payout: '200', task_total: '1', task_item_po_amount: '2', job_task_items: [] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    for (const t of kept.tasks) {
      // The same kept object: its version is still the GET's, its title edit is still in it.
      const r = await spec.save(`/api/jobs/tasks/${t.id}`, t, { due_date: '2026-12-15', work_status: 'Scheduled', coordinator_code: 'PL01' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ title: `Task ${t.task_id}`, due_date: '2026-12-15', work_status: 'Scheduled', estimated_crew_payout: 200, coordinator: 'Pat Lee', coord_phone1: '918-555-0101' });
    }
    // Once more from the same object (coordinator fields still blank in it): the code did not change, the look-up's fields stay.
    expect((await spec.save(`/api/jobs/tasks/${kept.tasks[0].id}/`, kept.tasks[0], { description: 'Bore under Elm' })).body).toMatchObject({ coordinator: 'Pat Lee', description: 'Bore under Elm' });
    const now = await spec.load(`/api/jobs/${job.id}/`);
    expect(now.tasks.map((t: Obj) => [t.task_id, t.title, t.task_item_po_amount, t.task_payout_pct])).toEqual([['1.1', 'Task 1.1', 500, 0], ['1.2', 'Task 1.2', 0, 0], ['1.3', 'Task 1.3', 0, 0]]);
    expect(now.tasks[0].job_task_items).toHaveLength(1);
    expect(now).toMatchObject({ task_count: 3, title: 'Elm St' });
    // The job saved back whole from the object kept before every task save: its own edit only.
    const saved = await spec.save(`/api/jobs/${job.id}/`, kept, { pit_status: 'Needs Pits', task_count: '9' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ pit_status: 'Needs Pits', task_count: 3 });
  });

  it('given an ORCA job with CIBE lines and permits, when the client PUTs each line back whole from GET jobs/{id}/, edited, twice, then 200 each with both edits, and the computed fields are the server\'s', async () => {
    const job = await newOrcaJob();
    const task = await addTask(job);
    for (const code of ['E123', 'H7']) await spec.create(`/api/jobs/${job.id}/cibeitems/`, { job: job.id, task_id: task.task_id, issued_item_code: code, issued_item_qty: 10, issued_item_price: 2 });
    for (const date of ['2026-12-10', '2026-12-20']) await spec.create(`/api/jobs/${job.id}/permits/`, { job: job.id, job_task: task.id, expiration_date: date });
    const kept = await spec.load(`/api/jobs/${job.id}/`);
    for (const l of kept.cibeitems) expect((await spec.save(`/api/jobs/cibeitems/${l.id}`, l, { CIBE_item_qty: 11, CIBE_item_total: '0', issued_item_total: '0' })).status).toBe(200);
    for (const p of kept.permits) expect((await spec.save(`/api/jobs/permits/${p.id}`, p, { status: 'Submitted', permit_days_left: '0' })).status).toBe(200);
    for (const l of kept.cibeitems) {
      const r = await spec.save(`/api/jobs/cibeitems/${l.id}/`, l, { issued_item_print: 'P2' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ CIBE_item_qty: 11, issued_item_print: 'P2', issued_item_total: 20, CIBE_item_total: 22, CIBE_item_qty_diff: 1, job_task: task.id, task_id: '1.1' });
    }
    for (const p of kept.permits) {
      const r = await spec.save(`/api/jobs/permits/${p.id}/`, p, { permit_number: 'ROW-9' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ status: 'Submitted', permit_number: 'ROW-9', permit_days_left: p.expiration_date === '2026-12-10' ? 18 : 28 });
    }
    expect(await spec.load(`/api/jobs/${job.id}/`)).toMatchObject({ CIBE_issued_grand_total: 40, CIBE_job_grand_total: 44, CIBE_job_grand_total_difference: 4, permit_expiration_date: '2026-12-10' });
  });

  it('given the task page (GET jobs/tasks/{id}/), when the client saves the task from it twice and deletes it, then 200 each, its lines go with it and a second delete says it is gone', async () => {
    const job = await newOrcaJob();
    const posted = await addTask(job);
    await spec.create(`/api/jobs/${job.id}/notes/`, { job: job.id, job_task: posted.id, task_id: posted.task_id, note: 'Locates called' });
    const page = await spec.load(`/api/jobs/tasks/${posted.id}/`);
    expect(page).toMatchObject({ task_id: '1.1', job_ref: { id: job.id }, job_task_notes: [expect.objectContaining({ note: 'Locates called' })] });
    expect((await spec.save(`/api/jobs/tasks/${posted.id}/`, page, { percent_complete: 50, division: 'SVA' })).status).toBe(200);
    const second = await spec.save(`/api/jobs/tasks/${posted.id}/`, page, { work_req_num: 4471 });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ percent_complete: '50', division: 'SVA', work_req_num: '4471', job: job.id });
    expect((await spec.del(`/api/jobs/tasks/${posted.id}`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.del(`/api/jobs/tasks/${posted.id}`));
    expectGone(await spec.save(`/api/jobs/tasks/${posted.id}/`, page, { title: 'Back?' }));
    expect(await eventCount()).toBe(before);
    expect(await spec.load(`/api/jobs/${job.id}/notes/`)).toEqual([]);
  });

  it('given a task Frank changed, when the client changes another field of it, another task and the job, then 200 each; the same field is a 409 naming it; a bad id is a 400', async () => {
    const job = await newOrcaJob();
    await addTask(job);
    await addTask(job);
    const kept = await spec.load(`/api/jobs/${job.id}/`);
    const [a, b] = kept.tasks;
    expect((await frank.save(`/api/jobs/tasks/${a.id}/`, copyOf(a), { title: 'Frank title' })).status).toBe(200);
    expect((await spec.save(`/api/jobs/tasks/${a.id}/`, a, { due_date: '2026-12-01' })).status).toBe(200);
    expect((await spec.save(`/api/jobs/tasks/${b.id}/`, b, { title: 'Mine' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/jobs/tasks/${a.id}/`, copyOf(kept.tasks[0]), { title: 'My title' }), 'title', { yours: 'My title', theirs: 'Frank title', by: 'Frank Field' });
    expectInvalid(await spec.save(`/api/jobs/tasks/${b.id}/`, copyOf(b), { task_id: '1.15' }), 'task_id');
    expect(await eventCount()).toBe(before);
    expect((await spec.load(`/api/jobs/${job.id}/`)).tasks.map((t: Obj) => [t.title, t.due_date])).toEqual([['Frank title', '2026-12-01'], ['Mine', null]]);
  });
});

describe('the CIBE sheet', () => {
  it('given CIBE lines with an SVA code, when the client inserts one, PUTs each back whole twice and zeroes two as the old sheet does, then 200 each, numbers stay in order and the zeroes hold', async () => {
    const job = await newOrcaJob();
    const task = await addTask(job);
    const post = (body: Obj) => spec.create(`/api/jobs/${job.id}/cibeitems/`, { job: job.id, job_task: task.id, task_id: task.task_id, ...body });
    const lines = [await post({ issued_item_code: 'E123', issued_item_qty: 100 }), await post({ issued_item_code: 'H7', issued_item_qty: 4, issued_item_price: 310 }), await post({ issued_item_code: 'D2', issued_item_qty: 10, issued_item_price: 12 })];
    expect(lines[0]).toMatchObject({ issued_item_description: 'Place conduit', issued_item_price: 5.25, line_number: 1 });
    const inserted = await post({ issued_item_code: 'X1', issued_item_qty: 1, issued_item_price: 1, line_number: 2 });
    expect(inserted.message).toBe('Line 2 inserted');

    // Saved from the POST answers (line numbers from before the insert), edited twice each.
    for (const l of lines) expect((await spec.save(`/api/jobs/cibeitems/${l.id}`, l, { CIBE_item_qty: Number(l.issued_item_qty) + 1, CIBE_item_total: '0', CIBE_item_qty_diff: '0' })).status).toBe(200);
    for (const l of lines) {
      const r = await spec.save(`/api/jobs/cibeitems/${l.id}/`, l, { issued_item_step: 'STEP 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ CIBE_item_qty: Number(l.issued_item_qty) + 1, CIBE_item_qty_diff: 1, issued_item_step: 'STEP 1' });
    }
    let sheet = (await spec.load(`/api/jobs/tasks/${task.id}/`)).job_task_cibe_items as Obj[];
    expect(sheet.map((l) => [l.issued_item_code, l.line_number]).sort((x, y) => x[1] - y[1])).toEqual([['E123', 1], ['X1', 2], ['H7', 3], ['D2', 4]]);

    // The old sheet's range zero: each line of the range PUT with line_zeroed true and CIBE qty '0'.
    for (const l of [lines[1], lines[2]]) {
      const r = await spec.save(`/api/jobs/cibeitems/${l.id}`, l, { line_zeroed: true, CIBE_item_qty: '0' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ line_zeroed: true, CIBE_item_qty: 0, message: `${l.issued_item_code} Quantity ${Number(l.issued_item_qty) + 1} changed to 0` });
    }
    // Saved again from the same objects: still zeroed, no second zeroing.
    for (const l of [lines[1], lines[2]]) expect((await spec.save(`/api/jobs/cibeitems/${l.id}`, l, { issued_item_print: 'P-1' })).body).toMatchObject({ line_zeroed: true, CIBE_item_qty: 0 });
    const history = await spec.load<Obj[]>(`/api/jobs/${job.id}/history/`);
    expect(history.filter((e) => e.type === 'CibeLineZeroed')).toHaveLength(2);
    sheet = (await spec.load(`/api/jobs/tasks/${task.id}/`)).job_task_cibe_items;
    expect(sheet.find((l) => l.id === lines[2].id)).toMatchObject({ CIBE_item_qty_diff: -10, issued_item_total: 120 });

    expect((await spec.del(`/api/jobs/cibeitems/${inserted.id}`)).status).toBe(200);
    expectGone(await spec.save(`/api/jobs/cibeitems/${inserted.id}`, inserted, { CIBE_item_qty: 2 }));
  });

  it('given a line whose code the client changes to an SVA code, when it saves the same kept object again, then the description and price the code gave stay', async () => {
    const job = await newOrcaJob();
    const line = await spec.create(`/api/jobs/${job.id}/cibeitems/`, { job: job.id, issued_item_code: 'TBD', issued_item_qty: 10 });
    expect(line).toMatchObject({ issued_item_description: null, issued_item_price: null });
    const first = await spec.save(`/api/jobs/cibeitems/${line.id}`, line, { issued_item_code: 'E123' });
    expect(first.body).toMatchObject({ issued_item_description: 'Place conduit', issued_item_price: 5.25, issued_item_total: 52.5 });
    const second = await spec.save(`/api/jobs/cibeitems/${line.id}`, line, { CIBE_item_qty: 12 });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ issued_item_description: 'Place conduit', issued_item_price: 5.25, CIBE_item_total: 63, CIBE_item_qty_diff: 2 });
    // The user's own words for the description, typed into the same object, are a change.
    expect((await spec.save(`/api/jobs/cibeitems/${line.id}`, line, { issued_item_description: 'Conduit by hand' })).body).toMatchObject({ issued_item_description: 'Conduit by hand', issued_item_price: 5.25 });
  });

  it('given lines zeroed and moved to a task by the range action (cibeitems/bulk/), when the client saves its objects kept from before, then they stay zeroed and on the task', async () => {
    const job = await newOrcaJob();
    const task = await addTask(job);
    const lines = [await spec.create(`/api/jobs/${job.id}/cibeitems/`, { job: job.id, issued_item_code: 'A', issued_item_qty: 5, CIBE_item_qty: 6 }), await spec.create(`/api/jobs/${job.id}/cibeitems/`, { job: job.id, issued_item_code: 'B', issued_item_qty: 5 })];
    const ids = lines.map((l) => l.id);
    expect((await spec.post(`/api/jobs/${job.id}/cibeitems/bulk/`, { action: 'zero', ids })).status).toBe(200);
    expect((await spec.post(`/api/jobs/${job.id}/cibeitems/bulk/`, { action: 'assign_task', ids, job_task: task.id })).status).toBe(200);
    for (const l of lines) {
      const r = await spec.save(`/api/jobs/cibeitems/${l.id}`, l, { issued_item_step: 'S2' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ issued_item_step: 'S2', line_zeroed: true, CIBE_item_qty: 0, job_task: task.id, task_id: task.task_id });
    }
  });

  it('given two users on one sheet, when each edits a different line from the same GET, then neither conflicts; the same field is a 409 naming it', async () => {
    const job = await newOrcaJob();
    for (const code of ['A', 'B']) await spec.create(`/api/jobs/${job.id}/cibeitems/`, { job: job.id, issued_item_code: code, issued_item_qty: 5, issued_item_price: 2 });
    const mine = await spec.load(`/api/jobs/${job.id}/`);
    const franks = copyOf(mine);
    expect((await frank.save(`/api/jobs/cibeitems/${franks.cibeitems[0].id}`, franks.cibeitems[0], { CIBE_item_qty: 6 })).status).toBe(200);
    expect((await spec.save(`/api/jobs/cibeitems/${mine.cibeitems[1].id}`, mine.cibeitems[1], { CIBE_item_qty: 4 })).status).toBe(200);
    expect((await spec.save(`/api/jobs/cibeitems/${mine.cibeitems[0].id}`, mine.cibeitems[0], { issued_item_description: 'Mine' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/jobs/cibeitems/${mine.cibeitems[0].id}`, mine.cibeitems[0], { CIBE_item_qty: 7 }), 'CIBE_item_qty', { yours: 7, theirs: 6, by: 'Frank Field' });
    expectInvalid(await spec.save(`/api/jobs/cibeitems/${mine.cibeitems[1].id}`, copyOf(mine.cibeitems[1]), { issued_item_qty: 'five' }), 'issued_item_qty');
    expect(await eventCount()).toBe(before);
    expect((await spec.load(`/api/jobs/${job.id}/`)).CIBE_job_grand_total_difference).toBe(0);
  });

  it('given lines that differ, when the client generates the CIBE email and logs it, then the email names them, its status is saved twice, and the activity is listed', async () => {
    const job = await newOrcaJob();
    const task = await addTask(job);
    await spec.create(`/api/jobs/${job.id}/cibeitems/`, { job: job.id, task_id: task.task_id, issued_item_code: 'E123', issued_item_qty: 100, CIBE_item_qty: 80 });
    const email = await spec.create(`/api/jobs/${job.id}/cibe_emails/`, { job: job.id, job_task: task.id, task_id: task.task_id });
    expect(email).toMatchObject({ email_status: 'Initial', amount: -105, job_task: task.id });
    expect(email.email_body).toContain('100 -> 80');
    const log = await spec.post('/api/settings/user_app_activities/', { generated_cibe_email: true, job_id_text: job.id, app_name: 'Trenchline', function: 'generate_cibe_email', url: `https://app.example/job/orca/${job.account_job_number}/task/${task.task_id}`, job_number: job.account_job_number, amount: email.amount });
    expect(log.status, JSON.stringify(log.body)).toBe(201);
    expect((await spec.save(`/api/jobs/cibe_emails/${email.id}`, email, { email_status: 'In Process', amount: '0' })).status).toBe(200);
    const second = await spec.save(`/api/jobs/cibe_emails/${email.id}/`, email, { email_status: 'Complete' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ email_status: 'Complete', created_by: 'Office User' });
    const listed = await readOwnWrite(() => spec.load<Obj[]>('/api/settings/user_app_activities/'), (rows) => rows.some((r) => r.job_id_text === job.id), 'the logged activity');
    expect(listed.find((r) => r.job_id_text === job.id)).toMatchObject({ generated_cibe_email: true, function: 'generate_cibe_email' });
    expect((await spec.load<Obj[]>(`/api/jobs/${job.id}/cibe_emails/`)).map((e) => e.email_status)).toEqual(['Complete']);
    expect((await spec.del(`/api/jobs/cibe_emails/${email.id}`)).status).toBe(200);
  });
});

describe("the ORCA lists on a task's materials, invoices and permits (spec 2 section 4)", () => {
  it("given a task, when the client posts a material, an invoice ('Not Paid', as a new invoice starts) and a permit and PUTs each back whole twice with ORCA statuses, then 200 each; a base job's status is a 400 naming status with nothing written", async () => {
    const job = await newOrcaJob('ORCA lists');
    const task = await addTask(job);
    const material = await spec.create(`/api/jobs/${job.id}/materials/`, { job: job.id, job_task: task.id, task_id: task.task_id, materials_line_number: 1, description: 'Fiber 288ct', qty: '1000', status: 'Need' });
    const invoice = await spec.create(`/api/jobs/${job.id}/invoices/`, { job: job.id, job_task: task.id, task_id: task.task_id, invoice_number: 'INV-1', invoice_amount: '500', status: 'Not Paid' });
    const permit = await spec.create(`/api/jobs/${job.id}/permits/`, { job: job.id, job_task: task.id, task_id: task.task_id, permits_line_number: 1, status: 'Needed' });
    expect([material.status, invoice.status, permit.status]).toEqual(['Need', 'Not Ready', 'Needed']);
    const saves: [string, Obj, string, string][] = [
      ['materials', material, 'Requested/Ordered', 'Need Cable'],
      ['invoices', invoice, 'Submitted', 'CAC Level'],
      ['permits', permit, 'Submitted', 'Issued to Crew'],
    ];
    for (const [kind, kept, first, second] of saves) {
      expect((await spec.save(`/api/jobs/${kind}/${kept.id}/`, kept, { status: first })).body.status, kind).toBe(first);
      expect((await spec.save(`/api/jobs/${kind}/${kept.id}/`, kept, { status: second })).body.status, kind).toBe(second);
    }
    const before = await eventCount();
    expectInvalid(await spec.save(`/api/jobs/materials/${material.id}/`, material, { status: 'Ordered' }), 'status');
    expectInvalid(await spec.save(`/api/jobs/permits/${permit.id}/`, permit, { status: 'In-Hand' }), 'status');
    expect(await eventCount()).toBe(before);
  });
});

describe('permits', () => {
  it('given permits posted on a task, when each is PUT back whole twice and the job is saved from the object kept before, then 200 each and the expiry dates are the server\'s', async () => {
    const job = await newOrcaJob();
    const kept = await spec.load(`/api/jobs/${job.id}/`);
    const task = await addTask(job);
    const permits = [
      await spec.create(`/api/jobs/${job.id}/permits/`, { job: job.id, job_task: task.id, task_id: task.task_id, permits_line_number: 1, status: 'Submitted', expiration_date: '2026-12-20' }),
      await spec.create(`/api/jobs/${job.id}/permits/`, { job: job.id, job_task: task.id, task_id: task.task_id, permits_line_number: 2, status: 'Needed', expiration_date: '2026-12-10' }),
    ];
    expect(permits.map((p) => p.permit_days_left)).toEqual([28, 18]);
    for (const p of permits) expect((await spec.save(`/api/jobs/permits/${p.id}`, p, { status: 'Approved', permit_days_left: '1' })).status).toBe(200);
    for (const p of permits) {
      const r = await spec.save(`/api/jobs/permits/${p.id}/`, p, { permit_number: `ROW-${p.permits_line_number}` });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ status: 'Approved', permit_days_left: p.permits_line_number === 1 ? 28 : 18 });
    }
    // The second permit moved later from its kept object: the expiry recedes to the first.
    expect((await spec.save(`/api/jobs/permits/${permits[1].id}`, permits[1], { expiration_date: '2027-01-05' })).status).toBe(200);
    // The job saved from the object kept before any permit: its permit date is not the client's to blank.
    const saved = await spec.save(`/api/jobs/${job.id}/`, kept, { permit_status: 'Approved' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const now = await spec.load(`/api/jobs/${job.id}/`);
    expect(now).toMatchObject({ permit_status: 'Approved', permit_expiration_date: '2026-12-20', permit_days_left: 28 });
    expect(now.tasks[0]).toMatchObject({ task_permit_expiration_date: '2026-12-20', task_permit_days_left: 28 });
    // The task saved from its POST answer (kept before any permit): its permit date stays the server's.
    const taskSaved = await spec.save(`/api/jobs/tasks/${task.id}/`, task, { title: 'Permitted' });
    expect(taskSaved.body).toMatchObject({ title: 'Permitted', task_permit_expiration_date: '2026-12-20' });
    expect((await spec.del(`/api/jobs/permits/${permits[0].id}`)).status).toBe(200);
    expect((await spec.load(`/api/jobs/${job.id}/`)).permit_expiration_date).toBe('2027-01-05');
  });

  it('given two permits, when Frank edits one and the client the other from the same GET, then neither conflicts; the same field is a 409 naming it; a bad date is a 400', async () => {
    const job = await newOrcaJob();
    for (const n of [1, 2]) await spec.create(`/api/jobs/${job.id}/permits/`, { job: job.id, permits_line_number: n, expiration_date: '2026-12-1' + n });
    const mine = await spec.load(`/api/jobs/${job.id}/`);
    const franks = copyOf(mine);
    expect((await frank.save(`/api/jobs/permits/${franks.permits[0].id}`, franks.permits[0], { status: 'Approved' })).status).toBe(200);
    expect((await spec.save(`/api/jobs/permits/${mine.permits[1].id}`, mine.permits[1], { status: 'Needed' })).status).toBe(200);
    expect((await spec.save(`/api/jobs/permits/${mine.permits[0].id}`, mine.permits[0], { agency: 'County' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/jobs/permits/${mine.permits[0].id}`, mine.permits[0], { status: 'Disapproved' }), 'status', { yours: 'Disapproved', theirs: 'Approved', by: 'Frank Field' });
    expectInvalid(await spec.save(`/api/jobs/permits/${mine.permits[1].id}`, copyOf(mine.permits[1]), { expiration_date: 'next week' }), 'expiration_date');
    expect(await eventCount()).toBe(before);
    expect((await spec.load<Obj[]>(`/api/jobs/${job.id}/permits/`)).map((p) => [p.status, p.agency])).toEqual([['Approved', 'County'], ['Needed', null]]);
  });
});
