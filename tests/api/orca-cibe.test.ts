/**
 * CIBE lines and CIBE emails over HTTP (spec 2 sections 3, 5, 7, 8; docs/jobs.md "ORCA jobs"): the SVA
 * code fill, line numbers on insert, zeroing (POST .../zero/ and PUT line_zeroed), blanks when nothing
 * differs, bulk changes on a selected range, and the CIBE email with its activity log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cibeLineOrder, cibeRangeQuestion, cibeRowsBetween } from '@trenchline/domain';
import { apiTest } from '../support/apiTest.ts';
import { orcaJobCalls, type Row } from '../support/orcaJobs.ts';
import { eventually, expectGone } from '../compat/specClient.ts';

const { office, db, eventCount } = apiTest('api_orca_cibe', { now: () => new Date('2026-11-22T15:00:00Z') });


const { newOrcaJob, add, detail } = orcaJobCalls(office);
const cibe = async (jobId: string) => (await office.get(`/api/jobs/${jobId}/cibeitems/`)).body as Row[];
const historyTypes = async (jobId: string) => (await office.get(`/api/jobs/${jobId}/history/`)).body.map((e: { type: string }) => e.type) as string[];
/** How many appends (transactions) wrote the newest n events. */
const appendsOfLast = async (n: number) => Number((await db.query('select count(distinct transaction_id) as n from (select transaction_id from events order by global_position desc limit $1) e', [n])).rows[0].n);
const expectFields = (r: { status: number; body: any }, status: number, fields: string[]) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(Object.keys(r.body.fields ?? {}), JSON.stringify(r.body)).toEqual(fields);
};

beforeAll(async () => {
  for (const c of [{ code: 'E123', description: 'Place conduit', rate: '5.25', uom: 'FT' }, { code: 'H7', description: 'Handhole 17x30', rate: '310', uom: 'EA' }])
    expect((await office.post('/api/settings/jobs/sva_codes/', c)).status).toBe(201);
  expect((await office.post('/api/settings/jobs/sva_coordinators/', { coordinator_code: 'KN03', coordinator: 'Kim North' })).status).toBe(201);
  // No wait here: a line naming a code added a moment ago finds it (the look-up waits for its read model on a miss).
});

describe('CIBE lines: the SVA code', () => {
  it('given SVA codes of Settings, when a line is added or changed to one, then description and price come from it unless the request sets them', async () => {
    const j = await newOrcaJob();
    expect(await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: ' e123 ', issued_item_qty: '100' })).toMatchObject({ issued_item_description: 'Place conduit', issued_item_price: 5.25, issued_item_total: 525 });
    const own = await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'E123', issued_item_description: 'Own words', issued_item_price: '6' });
    expect(own).toMatchObject({ issued_item_description: 'Own words', issued_item_price: 6 });
    const unknown = await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'NOT-A-CODE', issued_item_qty: 2 });
    expect(unknown).toMatchObject({ issued_item_description: null, issued_item_price: null, issued_item_total: null });
    // Changed to a code: filled; sent back whole with the same code and an edited price: the edit stays.
    let r = await office.put(`/api/jobs/cibeitems/${unknown.id}`, { ...unknown, issued_item_code: 'H7' });
    expect(r.body).toMatchObject({ issued_item_code: 'H7', issued_item_description: 'Handhole 17x30', issued_item_price: 310, issued_item_total: 620 });
    r = await office.put(`/api/jobs/cibeitems/${unknown.id}`, { ...r.body, issued_item_price: '300' });
    expect(r.body).toMatchObject({ issued_item_description: 'Handhole 17x30', issued_item_price: 300 });
    // Changed to another code with a description of its own: the price follows the code, the description is the user's.
    r = await office.put(`/api/jobs/cibeitems/${unknown.id}`, { ...r.body, issued_item_code: 'E123', issued_item_description: 'Conduit, by hand' });
    expect(r.body).toMatchObject({ issued_item_description: 'Conduit, by hand', issued_item_price: 5.25 });
  });
});

describe('CIBE lines: numbers and figures', () => {
  it('given a sheet of three lines, when a line is posted at a number another holds, then it is inserted there and the later ones move down; a task sheet numbers apart', async () => {
    const j = await newOrcaJob();
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    const [a, b, c] = [await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'A' }), await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'B' }), await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'C' })];
    expect([a.line_number, b.line_number, c.line_number]).toEqual([1, 2, 3]);
    expect(a.message).toBeUndefined();
    const ins = await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'N', line_number: '2' });
    expect(ins).toMatchObject({ line_number: 2, message: 'Line 2 inserted' });
    const gap = await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'G', line_number: 10 });
    expect(gap.message).toBeUndefined();
    expect(await add(`/api/jobs/${j.id}/cibeitems/`, { task_id: '1.1', issued_item_code: 'T' })).toMatchObject({ line_number: 1, job_task: t.id });
    // The list answers lines as added; the sheet shows them by line number.
    const sheet = cibeLineOrder((await cibe(j.id)).filter((l) => !l.job_task));
    expect(sheet.map((l) => [l.issued_item_code, l.line_number])).toEqual([['A', 1], ['N', 2], ['B', 3], ['C', 4], ['G', 10]]);
    expect((await detail(j.id)).tasks[0].job_task_cibe_items.map((l: Row) => l.line_number)).toEqual([1]);
    expect(cibeRangeQuestion(sheet[0], sheet[3])).toBe('Select rows between 1 and 4?');
    expect(cibeRowsBetween(sheet, sheet[3].id, sheet[0].id)).toEqual([ins.id, b.id]);
  });

  it('given lines with and without a difference, then the difference and CIBE total are blank when 0 or no CIBE qty; totals roll up to the task and the job; computed values sent are ignored', async () => {
    const j = await newOrcaJob();
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    const same = await add(`/api/jobs/${j.id}/cibeitems/`, { job_task: t.id, issued_item_code: 'S', issued_item_qty: '10', issued_item_price: '2', CIBE_item_qty: '10' });
    expect(same).toMatchObject({ issued_item_total: 20, CIBE_item_total: null, CIBE_item_qty_diff: null });
    const none = await add(`/api/jobs/${j.id}/cibeitems/`, { job_task: t.id, issued_item_code: 'N', issued_item_qty: '3', issued_item_price: '10' });
    expect(none).toMatchObject({ issued_item_total: 30, CIBE_item_qty: null, CIBE_item_total: null, CIBE_item_qty_diff: null });
    const more = await add(`/api/jobs/${j.id}/cibeitems/`, { job_task: t.id, issued_item_code: 'M', issued_item_qty: '5', issued_item_price: '4', CIBE_item_qty: '7.5', CIBE_item_total: '1', CIBE_item_qty_diff: '1', issued_item_total: '1' });
    expect(more).toMatchObject({ issued_item_total: 20, CIBE_item_total: 30, CIBE_item_qty_diff: 2.5 });
    await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'J', issued_item_qty: '1', issued_item_price: '100', CIBE_item_qty: '0.5' });
    const d = await detail(j.id);
    expect(d.tasks[0]).toMatchObject({ CIBE_issued_total: 70, CIBE_total: 80, CIBE_total_difference: 10 });
    expect(d).toMatchObject({ CIBE_issued_grand_total: 170, CIBE_job_grand_total: 130, CIBE_job_grand_total_difference: -40 });
    const before = await eventCount();
    expectFields(await office.put(`/api/jobs/cibeitems/${more.id}`, { CIBE_item_qty: 'seven' }), 400, ['CIBE_item_qty']);
    expectFields(await office.post(`/api/jobs/${j.id}/cibeitems/`, { issued_item_price: '-1' }), 400, ['issued_item_price']);
    expect(await eventCount()).toBe(before);
  });
});

describe('CIBE lines: zeroing', () => {
  it('given lines, when one is zeroed by POST .../zero/ and one by PUT line_zeroed true, then both hold 0, answer the message, and history shows CibeLineZeroed twice', async () => {
    const j = await newOrcaJob();
    const a = await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'E123', issued_item_qty: '40', CIBE_item_qty: '45' });
    const b = await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'H7', issued_item_qty: '3' });
    const z1 = await office.post(`/api/jobs/cibeitems/${a.id}/zero/`, {});
    expect(z1.status, JSON.stringify(z1.body)).toBe(200);
    expect(z1.body).toMatchObject({ line_zeroed: true, CIBE_item_qty: 0, CIBE_item_qty_diff: -40, CIBE_item_total: null, message: 'E123 Quantity 45 changed to 0' });
    // The old client sends the whole line back with line_zeroed true and its old CIBE qty: the rule wins.
    const z2 = await office.put(`/api/jobs/cibeitems/${b.id}/`, { ...b, line_zeroed: true, CIBE_item_qty: '3' });
    expect(z2.status, JSON.stringify(z2.body)).toBe(200);
    expect(z2.body).toMatchObject({ line_zeroed: true, CIBE_item_qty: 0, CIBE_item_qty_diff: -3, message: 'H7 Quantity 3 changed to 0' });
    expect((await historyTypes(j.id)).filter((t) => t === 'CibeLineZeroed')).toHaveLength(2);
    // Saved again, zeroed already: no message, no new zeroing.
    const again = await office.put(`/api/jobs/cibeitems/${b.id}/`, { ...z2.body, line_zeroed: true, issued_item_description: 'Handhole' });
    expect(again.body.message).toBeUndefined();
    expect((await historyTypes(j.id)).filter((t) => t === 'CibeLineZeroed')).toHaveLength(2);
    expect((await office.post('/api/jobs/cibeitems/987654321/zero/', {})).status).toBe(404);
    expect((await office.del(`/api/jobs/cibeitems/${a.id}`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await office.post(`/api/jobs/cibeitems/${a.id}/zero/`, {}));
    expect(await eventCount()).toBe(before);
  });
});

describe('CIBE lines: bulk changes on a range', () => {
  it('given a job with tasks and lines, when a range is zeroed, moved to a task and deleted in bulk, then one append each answers the lines after it', async () => {
    const j = await newOrcaJob();
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    const lines: Row[] = [];
    for (const code of ['A', 'B', 'C', 'D', 'E']) lines.push(await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: code, issued_item_qty: '2', issued_item_price: '1' }));
    const range = cibeRowsBetween(lines, lines[0].id, lines[4].id);
    expect(range).toEqual([lines[1].id, lines[2].id, lines[3].id]);

    let before = await eventCount();
    const zero = await office.post(`/api/jobs/${j.id}/cibeitems/bulk/`, { action: 'zero', ids: range });
    expect(zero.status, JSON.stringify(zero.body)).toBe(200);
    expect(zero.body.message).toBe('3 CIBE lines zeroed');
    expect(zero.body.results.map((l: Row) => [l.issued_item_code, l.line_zeroed, l.CIBE_item_qty])).toEqual([['A', false, null], ['B', true, 0], ['C', true, 0], ['D', true, 0], ['E', false, null]]);
    expect(await eventCount()).toBe(before + 3);
    expect(await appendsOfLast(3)).toBe(1);
    expect((await historyTypes(j.id)).filter((type) => type === 'CibeLineZeroed')).toHaveLength(3);

    before = await eventCount();
    const moved = await office.post(`/api/jobs/${j.id}/cibeitems/bulk/`, { action: 'assign_task', ids: [lines[1].id, lines[2].id], job_task: t.id });
    expect(moved.body.message).toBe('2 CIBE lines moved');
    expect(moved.body.results.filter((l: Row) => l.job_task === t.id).map((l: Row) => [l.issued_item_code, l.task_id])).toEqual([['B', '1.1'], ['C', '1.1']]);
    expect(await eventCount()).toBe(before + 2);
    expect(await appendsOfLast(2)).toBe(1);
    const back = await office.post(`/api/jobs/${j.id}/cibeitems/bulk/`, { action: 'assign_task', ids: [lines[2].id], job_task: null });
    expect(back.body.results.find((l: Row) => l.id === lines[2].id)).toMatchObject({ job_task: null, task_id: null });

    const del = await office.post(`/api/jobs/${j.id}/cibeitems/bulk/`, { action: 'delete', ids: [lines[3].id, lines[3].id, lines[4].id] });
    expect(del.body.message).toBe('2 CIBE lines deleted');
    expect(del.body.results.map((l: Row) => l.issued_item_code)).toEqual(['A', 'B', 'C']);
    expect((await cibe(j.id)).map((l) => l.issued_item_code)).toEqual(['A', 'B', 'C']);
  });

  it('given a bad bulk body, then 400 naming the field, and nothing is written', async () => {
    const j = await newOrcaJob();
    const other = await newOrcaJob();
    const a = await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'A' });
    const elsewhere = await add(`/api/jobs/${other.id}/cibeitems/`, { issued_item_code: 'X' });
    const before = await eventCount();
    const bulk = (body: unknown) => office.post(`/api/jobs/${j.id}/cibeitems/bulk/`, body);
    expectFields(await bulk({ action: 'explode', ids: [a.id] }), 400, ['action']);
    expectFields(await bulk({ ids: [a.id] }), 400, ['action']);
    expectFields(await bulk({ action: 'zero', ids: [] }), 400, ['ids']);
    expectFields(await bulk({ action: 'zero', ids: 'all' }), 400, ['ids']);
    expectFields(await bulk({ action: 'zero', ids: [a.id, elsewhere.id] }), 400, ['ids']);
    expectFields(await bulk({ action: 'assign_task', ids: [a.id], job_task: 'nine' }), 400, ['job_task']);
    expect((await office.post('/api/jobs/987654321/cibeitems/bulk/', { action: 'zero', ids: [a.id] })).status).toBe(404);
    expect(await eventCount()).toBe(before);
    expect((await cibe(j.id))[0]).toMatchObject({ line_zeroed: false });
  });
});

describe('CIBE emails', () => {
  it('given lines of a task that differ, when an email is posted for the task, then subject, body and amount come from them; status is edited; the activity is logged', async () => {
    const j = await newOrcaJob({ title: 'Elm St' });
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id, coordinator_code: 'KN03' });
    await add(`/api/jobs/${j.id}/cibeitems/`, { job_task: t.id, issued_item_code: 'E123', issued_item_qty: '100', CIBE_item_qty: '120' });
    await add(`/api/jobs/${j.id}/cibeitems/`, { job_task: t.id, issued_item_code: 'H7', issued_item_qty: '2', CIBE_item_qty: '2' });
    // The job's own line differs too, but the email is the task's.
    await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'H7', issued_item_qty: '1', CIBE_item_qty: '3' });
    const email = await add(`/api/jobs/${j.id}/cibe_emails/`, { task_id: '1.1' });
    expect(email).toMatchObject({ job_task: t.id, task_id: '1.1', email_status: 'Initial', amount: 105, created_by: 'Office User', created_date: expect.any(String) });
    expect(email.subject).toContain('task 1.1');
    expect(email.email_body).toContain('Hello Kim North');
    expect(email.email_body).toContain('E123 Place conduit');
    expect(email.email_body).toContain('100 -> 120');
    expect(email.email_body).not.toContain('H7');
    const jobEmail = await add(`/api/jobs/${j.id}/cibe_emails/`, {});
    expect(jobEmail).toMatchObject({ job_task: null, amount: 725 });

    const put = await office.put(`/api/jobs/cibe_emails/${email.id}`, { ...email, email_status: 'In Process', amount: '1' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ email_status: 'In Process', created_by: 'Office User' });
    const before = await eventCount();
    expectFields(await office.put(`/api/jobs/cibe_emails/${email.id}`, { email_status: 'Sent' }), 400, ['email_status']);
    expect(await eventCount()).toBe(before);
    expect((await office.get(`/api/jobs/tasks/${t.id}/`)).body.job_task_cibe_emails.map((e: Row) => e.email_status)).toEqual(['In Process']);

    const log = await office.post('/api/settings/user_app_activities/', { generated_cibe_email: true, job_id_text: j.id, app_name: 'Trenchline', function: 'generate_cibe_email', url: `/job/orca/${j.account_job_number}/task/1.1`, job_number: j.account_job_number, amount: email.amount });
    expect(log.status, JSON.stringify(log.body)).toBe(201);
    const logged = await eventually(async () => (await office.get('/api/settings/user_app_activities/')).body as Row[], (rows) => rows.some((r) => r.job_id_text === j.id), 'the activity');
    expect(logged.find((r) => r.job_id_text === j.id)).toMatchObject({ generated_cibe_email: true, function: 'generate_cibe_email', amount: 105 });
    expect((await office.del(`/api/jobs/cibe_emails/${jobEmail.id}`)).status).toBe(200);
  });

  it('given no line that differs, when an email is asked for, then 400 saying so and nothing is written; a body of its own is kept as written', async () => {
    const j = await newOrcaJob();
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    await add(`/api/jobs/${j.id}/cibeitems/`, { job_task: t.id, issued_item_code: 'E123', issued_item_qty: '10', CIBE_item_qty: '10' });
    await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'H7', issued_item_qty: '1' });
    const before = await eventCount();
    const r = await office.post(`/api/jobs/${j.id}/cibe_emails/`, { job_task: t.id });
    expectFields(r, 400, ['job_task']);
    expect(r.body.message).toBe('No CIBE line differs from its issued quantity');
    expectFields(await office.post(`/api/jobs/${j.id}/cibe_emails/`, {}), 400, ['job']);
    expectFields(await office.post(`/api/jobs/${j.id}/cibe_emails/`, { task_id: '7.7' }), 400, ['task_id']);
    expect((await office.post('/api/jobs/987654321/cibe_emails/', {})).status).toBe(404);
    expect(await eventCount()).toBe(before);
    expect(await add(`/api/jobs/${j.id}/cibe_emails/`, { subject: 'By hand', email_body: 'Written by me', amount: '12.5' })).toMatchObject({ subject: 'By hand', email_body: 'Written by me', amount: 12.5 });
  });
});
