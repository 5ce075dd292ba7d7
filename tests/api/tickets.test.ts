/**
 * The field ticket calls over HTTP (spec 3 sections 3, 7, 9; spec 2's tickets on job screens;
 * issue 17): create under the ticket counter's number, the detail with its totals, bad input and
 * another account, the list (the default 14 days, saved dates, statuses in their order, filters,
 * paging), the jobs a user may write tickets for, the look-up by number, and tickets on jobs (a job's,
 * a task's, the unassigned ones, and the assignment). Lines and the whole-ticket save are
 * tickets-lines.test.ts; approval is tickets-approval.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { orcaJobCalls, type Row } from '../support/orcaJobs.ts';

// The app's clock: today is Tuesday 2026-11-24; a test moves it with `later`.
let clock = Date.parse('2026-11-24T15:00:00Z');
const later = (days: number) => (clock += days * 86_400_000);
const { office, rival, eventCount } = apiTest('api_tickets', { now: () => new Date(clock) });
const { newOrcaJob, add } = orcaJobCalls(office);

const newTicket = (values: Record<string, unknown> = {}) => add('/api/tickets/', { form_type: 'base_ticket', title: 'Ticket', ...values });
const ids = (rows: Row[]) => rows.map((r) => r.id);
const list = async (query: string, c = office) => {
  const r = await c.list(`/api/tickets/?${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Row[];
};
const expectInvalid = (r: { status: number; body: any }, field: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(Object.keys(r.body.fields ?? {}), JSON.stringify(r.body)).toContain(field);
};
async function newBaseJob(values: Record<string, unknown> = {}) {
  const r = await office.post('/api/jobs/new/', { form_type: 'base', ...values });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as Row;
}

describe('creating a ticket', () => {
  it('given a form type, title and job, when created, then 201 New with the counter\'s number (one sent is ignored), today, the job\'s number and customer, and zero totals', async () => {
    const j = await newBaseJob({ title: 'Creek crossing', customer: 'AT&T' });
    const a = await newTicket({ ticket_status: 'New', account_ticket_number: '999', job: j.id });
    const b = await newTicket();
    expect(a).toMatchObject({ ticket_status: 'New', ticket_status_order: 1, created_date: '2026-11-24', approved: false, job: j.id, account_job_number: j.account_job_number, customer: 'AT&T', signature_status: 'unsigned' });
    expect(a.account_ticket_number).not.toBe('999');
    expect(Number(b.account_ticket_number)).toBe(Number(a.account_ticket_number) + 1);
    expect(a).toMatchObject({ feet_total: 0, other_total: 0, equipment_hours_total: 0, timecard_hours_total: 0, expenses_total: 0, expenses_total_billable: 0, expenses_total_webuy: 0 });
    expect(a).toMatchObject({ stamped_ticket_file: `/api/tickets/${a.id}/pdf/`, ticket_productions: [], ticket_pdf_from_tablet: null });
    for (const key of ['items', 'equipment', 'materials', 'expenses', 'timecards', 'payroll', 'customer_data', 'notes', 'damagereports', 'photos', 'customer_signatures', 'worker_signatures']) expect(a[key], key).toEqual([]);
  });

  it('given an ORCA task and a segment, when created from them, then the job, task id and segment number are filled in', async () => {
    const j = await newOrcaJob({ title: 'From a task' });
    const task = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id, task_id: '1.1' });
    const seg = await add(`/api/jobs/${j.id}/segments/`, { segment_number: 'S9', feet: 100 });
    const t = await newTicket({ form_type: 'attorca_ticket', job_task_ref: task.id, job_seg_ref_id: seg.id });
    expect(t).toMatchObject({ job: j.id, job_task_ref: task.id, task_id: '1.1', job_seg_ref_id: seg.id, segment_number: 'S9' });
  });

  it('given bad input, then 400 naming the field and nothing written, no number spent', async () => {
    const before = await eventCount();
    expectInvalid(await office.post('/api/tickets/', { form_type: 'nope' }), 'form_type');
    expectInvalid(await office.post('/api/tickets/', { form_type: 'base_ticket', ticket_status: 'Lost' }), 'ticket_status');
    expectInvalid(await office.post('/api/tickets/', { form_type: 'base_ticket', completion_date: '11/30/2026' }), 'completion_date');
    expectInvalid(await office.post('/api/tickets/', { form_type: 'base_ticket', job: 'abc' }), 'job');
    expectInvalid(await office.post('/api/tickets/', { form_type: 'base_ticket', job: '999999' }), 'job');
    expectInvalid(await office.post('/api/tickets/', { form_type: 'base_ticket', colour: 'Magenta' }), 'colour');
    expect(await eventCount()).toBe(before);
  });

  it('given another account\'s job, task or ticket, then 400 for the reference and 404 for the ticket, nothing written', async () => {
    const j = await newBaseJob();
    const t = await newTicket({ job: j.id });
    const before = await eventCount();
    expectInvalid(await rival.post('/api/tickets/', { form_type: 'base_ticket', job: j.id }), 'job');
    for (const r of [await rival.get(`/api/tickets/${t.id}/`), await rival.put(`/api/tickets/${t.id}/`, { title: 'Mine' }), await rival.put(`/api/ticket/${t.id}/`, { job: null }), await rival.del(`/api/tickets/${t.id}/`), await rival.get(`/api/tickets/lookup/${t.account_ticket_number}/`)]) expect(r.status).toBe(404);
    expect(ids(await list('q=', rival))).not.toContain(t.id);
    expect(await eventCount()).toBe(before);
  });
});

describe('editing and assigning', () => {
  it('given a ticket, when PUT back whole with computed fields changed, then only its own fields change', async () => {
    const t = await newTicket({ title: 'Plain' });
    const r = await office.put(`/api/tickets/${t.id}/`, { ...t, title: 'Edited', feet_total: 99, approved: true, approval_date: '2026-01-01', account_ticket_number: '1', ticket_status_order: 6 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ title: 'Edited', feet_total: 0, approved: false, approval_date: null, account_ticket_number: t.account_ticket_number, ticket_status_order: 1 });
  });

  it('given an unassigned ticket, when PUT /api/ticket/{id}/ names a job, then it is on the job, off the unassigned list, and in job_tickets', async () => {
    const j = await newBaseJob({ account_job_number: 'J-88' });
    const t = await newTicket({ title: 'Assign me' });
    expect(ids((await office.list('/api/tickets/unassigned/')).body)).toContain(t.id);
    const r = await office.put(`/api/ticket/${t.id}/`, { job: j.id, account_job_number: 'J-88' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ job: j.id, account_job_number: 'J-88' });
    expect(ids((await office.list('/api/tickets/unassigned/')).body)).not.toContain(t.id);
    const onJob = await office.list(`/api/tickets/job_tickets/${j.id}/`);
    expect(ids(onJob.body)).toEqual([t.id]);
    expectInvalid(await office.get('/api/tickets/job_tickets/abc/'), 'job');
    // Another account's job is no job of the rival's: 404, as on every route that names a record.
    expect((await rival.list(`/api/tickets/job_tickets/${j.id}/`)).status).toBe(404);
  });

  it('given tickets on an ORCA task, then task_tickets answers them, oldest first', async () => {
    const j = await newOrcaJob({ title: 'Task tickets' });
    const task = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id, task_id: '2.1' });
    const a = await newTicket({ job_task_ref: task.id });
    const b = await newTicket({ job_task_ref: task.id });
    await newTicket({ job: j.id });
    expect(ids((await office.list(`/api/tickets/task_tickets/${task.id}/`)).body)).toEqual([a.id, b.id]);
    expectInvalid(await office.get('/api/tickets/task_tickets/x/'), 'task');
  });

  it('given a task of another job, then 400 naming job_task_ref and nothing written', async () => {
    const j = await newOrcaJob();
    const other = await newOrcaJob();
    const task = await add(`/api/jobs/${other.id}/tasks/`, { job: other.id });
    const before = await eventCount();
    expectInvalid(await office.post('/api/tickets/', { form_type: 'base_ticket', job: j.id, job_task_ref: task.id }), 'job_task_ref');
    expect(await eventCount()).toBe(before);
  });
});

describe('the look-up by ticket number', () => {
  it('given a ticket, then lookup by its number or its id answers {id, account_ticket_number}; an unknown one is 404', async () => {
    const t = await newTicket();
    // Read at this client's last write: the number is looked up in the list's table.
    expect((await office.list(`/api/tickets/lookup/${t.account_ticket_number}/`)).body).toEqual({ id: t.id, account_ticket_number: t.account_ticket_number });
    expect((await office.get(`/api/tickets/lookup/${t.id}/`)).body).toEqual({ id: t.id, account_ticket_number: t.account_ticket_number });
    expect((await office.get('/api/tickets/lookup/no-such/')).status).toBe(404);
  });
});

describe('the ticket list', () => {
  it('given tickets made 20 days ago and today, then the default is the last 14 days; a range sent or saved narrows it', async () => {
    const old = await newTicket({ title: 'listed old', completion_date: '2026-11-26' });
    later(20);
    const fresh = await newTicket({ title: 'listed fresh' });
    const saved = await office.get('/api/tickets/search_dates/');
    expect(saved.body).toMatchObject({ start_date: '2026-12-01', end_date: '2026-12-14' });
    expect(ids(await list('q=listed'))).toEqual([fresh.id]);
    expect(ids(await list('q=listed&start_date=2026-11-01&end_date=2026-12-31'))).toEqual([fresh.id, old.id]);
    expect((await office.put('/api/tickets/search_dates/', { start_date: '2026-11-20', end_date: '2026-11-30' })).status).toBe(200);
    expect(ids(await list('q=listed'))).toEqual([old.id]);
    expectInvalid(await office.put('/api/tickets/search_dates/', { start_date: '11/20/2026' }), 'start_date');
    expect((await office.put('/api/tickets/search_dates/', { start_date: null, end_date: null })).status).toBe(200);
    expect(ids(await list('q=listed'))).toEqual([fresh.id, old.id]);
  });

  it('given tickets of every status, when sorted by status, then in the status order, not by name; ?ticket_status filters', async () => {
    const made: Record<string, string> = {};
    for (const s of ['Resolved', 'Approved', 'New', 'Paid', 'Issue', 'Invoiced']) made[s] = (await newTicket({ title: `sorted ${s}`, ticket_status: s })).id;
    const rows = await list('q=sorted&ordering=ticket_status');
    expect(rows.map((r) => r.ticket_status)).toEqual(['New', 'Issue', 'Approved', 'Invoiced', 'Paid', 'Resolved']);
    expect((await list('q=sorted&ordering=-ticket_status'))[0].ticket_status).toBe('Resolved');
    expect(ids(await list('q=sorted&ticket_status=Paid'))).toEqual([made.Paid]);
    expectInvalid(await office.get('/api/tickets/?ticket_status=Lost'), 'ticket_status');
  });

  it('given archived tickets, then the toggles choose them', async () => {
    const kept = await newTicket({ title: 'toggled kept' });
    const gone = await newTicket({ title: 'toggled gone', archived: true });
    expect(ids(await list('q=toggled'))).toEqual([kept.id]);
    expect(ids(await list('q=toggled&archived=t&active=f'))).toEqual([gone.id]);
  });

  it('given 5 tickets, when paged 2 at a time, then results, count, next and previous', async () => {
    for (let n = 0; n < 5; n++) await newTicket({ title: `paged ${n}` });
    const p1 = (await office.list('/api/tickets/?q=paged&page=1&page_size=2')).body;
    expect(p1).toMatchObject({ count: 5, previous: null });
    expect(p1.results.map((r: Row) => r.title)).toEqual(['paged 4', 'paged 3']);
    const p2 = (await office.get(p1.next)).body;
    expect(p2).toMatchObject({ count: 5 });
    expect(p2.previous).toBeTruthy();
    const p3 = (await office.get(p2.next)).body;
    expect(p3.results.map((r: Row) => r.title)).toEqual(['paged 0']);
    expect(p3.next).toBeNull();
  });

  it('given a completion date 3 days away, then days left 3 in red on the row, with the job title', async () => {
    const j = await newBaseJob({ title: 'Row job' });
    const today = new Date(clock).toISOString().slice(0, 10);
    const due = new Date(clock + 3 * 86_400_000).toISOString().slice(0, 10);
    const t = await newTicket({ title: 'coloured', job: j.id, completion_date: due });
    expect(t).toMatchObject({ ticket_days_left: 3, ticket_days_colour: 'red' });
    // Polled: the title comes from the jobs projection, which the ticket list's X-Min-Position does not wait for.
    await expect.poll(async () => (await list(`q=coloured&start_date=${today}&end_date=${today}`))[0], { timeout: 10_000 }).toMatchObject({ id: t.id, job_title: 'Row job' });
  });
});

describe('the jobs a user may write tickets for (my_jobs)', () => {
  it('given jobs assigned to Frank, open to all, assigned to another, and closed, then Frank sees his and the open ones; another user sees only the open ones', async () => {
    const frank = await office.addColleague('Frank Field');
    const kim = await office.addColleague('Kim Crew');
    const frankEmail = (await frank.get('/api/auth/me')).body.user.email;
    const kimEmail = (await kim.get('/api/auth/me')).body.user.email;
    const mine = await newBaseJob({ title: 'myjobs mine' });
    const open = await newBaseJob({ title: 'myjobs open' });
    const theirs = await newBaseJob({ title: 'myjobs theirs' });
    const closed = await newBaseJob({ title: 'myjobs closed', work_status: 'Complete' });
    for (const [j, email] of [[mine, frankEmail], [theirs, kimEmail], [closed, frankEmail]] as const) expect((await office.post(`/api/jobs/${j.id}/assign_users/`, { user_to_be_assigned: email })).status).toBeLessThan(300);
    // Read at the office's last write (the assignments), which the others did not make.
    const seen = async (c: typeof office) => ((await c.get('/api/tickets/my_jobs/?q=myjobs', { 'X-Min-Position': office.lastPosition! })).body as Row[]).map((r) => r.title).sort();
    expect(await seen(frank)).toEqual(['myjobs mine', 'myjobs open']);
    expect(await seen(kim)).toEqual(['myjobs open', 'myjobs theirs']);
    expect(await seen(rival)).toEqual([]);
    const paged = (await frank.get('/api/tickets/my_jobs/?q=myjobs&page=1&page_size=1', { 'X-Min-Position': office.lastPosition! })).body;
    expect(paged).toMatchObject({ count: 2 });
    expect(open.id).toBeTruthy();
  });
});
