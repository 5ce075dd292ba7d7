/**
 * The expiry watch over HTTP (spec 3 sections 4 and 9; docs/locates.md): the expiring view and its count
 * across jobs as the app's clock moves, the account's lead time and working-day ticket life (with a
 * holiday) from Settings > Locates, which statuses are watched, a job's and its tasks' coverage and the
 * job rows' `locate_warning`, production on a segment whose locates have expired (saved, with a
 * warning), and Settings > Locates refusing bad input. Each test has an account of its own and sets
 * the clock it needs: today is Tuesday 2026-11-24 unless moved.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { Client } from '../support/client.ts';
import type { Row } from '../support/orcaJobs.ts';

const TUESDAY = Date.parse('2026-11-24T15:00:00Z');
let clock = TUESDAY;
const toDay = (days: number) => (clock = TUESDAY + days * 86_400_000);
const { app, eventCount } = apiTest('api_locates_watch', { now: () => new Date(clock) });
beforeEach(() => {
  clock = TUESDAY;
});

/** An account of the test's own (so counts are its own), with two Settings crews. */
async function account(): Promise<Client> {
  const c = await Client.signUp(app.url, 'Watch');
  for (const crew_name of ['Bore Crew 1', 'Splice Team']) expect((await c.post('/api/settings/crews/', { crew_name })).status).toBe(201);
  return c;
}
async function ok(c: Client, path: string, body: Record<string, unknown>, method: 'post' | 'put' = 'post'): Promise<Row> {
  const r = await c[method](path, body);
  expect([200, 201], `${method} ${path} ${JSON.stringify(r.body)}`).toContain(r.status);
  return r.body;
}
const locate = (c: Client, values: Record<string, unknown>) => ok(c, '/api/locates/', { form_type: 'base_locate', ...values });
const job = (c: Client, values: Record<string, unknown>) => ok(c, '/api/jobs/new/', { form_type: 'base', ...values });
const expiring = async (c: Client, query = 'page=1') => (await c.list(`/api/locates/expiring/?${query}`)).body as { results: Row[]; count: number; next: string | null };
const watchCount = async (c: Client) => (await c.list('/api/locates/expiring/count/')).body as { count: number; due_by: string; lead_days: number; basis: string };
const numbers = (rows: Row[]) => rows.map((r) => r.current_ticket_number);

describe('the expiring view and its count', () => {
  it('given locates across jobs, tasks and none, when today moves, then the view lists the watched ones expiring within the lead time or past, soonest first, and the count follows', async () => {
    const c = await account();
    const [a, b] = [await job(c, { title: 'Broad St feeder' }), await ok(c, '/api/jobs/new/', { form_type: 'attorca', title: 'ORCA ring' })];
    const task = await ok(c, `/api/jobs/${b.id}/tasks/`, { job: b.id, title: 'Bore 1.1' });
    await locate(c, { current_ticket_number: 'PAST', current_date_expiration: '2026-11-20', job_ref: a.id });
    await locate(c, { current_ticket_number: 'TASK', current_date_expiration: '2026-11-26', job_task_ref: task.id });
    await locate(c, { current_ticket_number: 'LOOSE', current_date_expiration: '2026-11-25' });
    await locate(c, { current_ticket_number: 'MARKED', current_date_expiration: '2026-11-24', locate_status: 'Marked' });
    await locate(c, { current_ticket_number: 'LATER', current_date_expiration: '2026-11-27', job_ref: a.id });
    await locate(c, { current_ticket_number: 'UNDATED' });

    const now = await expiring(c);
    expect(numbers(now.results)).toEqual(['PAST', 'MARKED', 'LOOSE', 'TASK']);
    expect(now.count).toBe(4);
    expect(now.results[0]).toMatchObject({ job_title: 'Broad St feeder', locate_days_left: -4, locate_days_colour: 'red' });
    expect(now.results[3]).toMatchObject({ job_title: 'ORCA ring', task_title: 'Bore 1.1', job_ref: b.id, task_id: task.task_id });
    expect(await watchCount(c)).toEqual({ count: 4, due_by: '2026-11-26', lead_days: 2, basis: 'calendar' });
    const paged = await expiring(c, 'page=1&page_size=3');
    expect(paged).toMatchObject({ count: 4, next: expect.stringContaining('page=2') });

    toDay(1);
    expect(numbers((await expiring(c)).results)).toEqual(['PAST', 'MARKED', 'LOOSE', 'TASK', 'LATER']);
    expect(await watchCount(c)).toMatchObject({ count: 5, due_by: '2026-11-27' });
    expect((await expiring(c)).results[0].locate_days_left).toBe(-5);
  });

  it('given an expiring locate, when it is re-upped, then it leaves the view and the count drops', async () => {
    const c = await account();
    const l = await locate(c, { current_ticket_number: 'R-1', current_date_submitted: '2026-11-11' });
    expect((await watchCount(c)).count).toBe(1);
    await ok(c, `/api/locates/${l.id}/reup/`, { ticket_number: 'R-2' });
    expect((await watchCount(c)).count).toBe(0);
    expect((await expiring(c)).results).toEqual([]);
  });

  it('given locates past their expiry in every status, archived or not, then only Active and Marked ones not archived are watched', async () => {
    const c = await account();
    for (const locate_status of ['Active', 'Marked', 'Completed', 'Returned', 'Job On Hold', 'Canceled'])
      await locate(c, { current_ticket_number: locate_status, locate_status, current_date_expiration: '2026-11-21' });
    const archived = await locate(c, { current_ticket_number: 'ARCHIVED', current_date_expiration: '2026-11-21' });
    await ok(c, `/api/locates/${archived.id}/`, { archived: true }, 'put');
    const done = await locate(c, { current_ticket_number: 'DONE LATER', current_date_expiration: '2026-11-22' });
    expect(numbers((await expiring(c)).results).sort()).toEqual(['Active', 'DONE LATER', 'Marked']);
    await ok(c, `/api/locates/${done.id}/`, { locate_status: 'Completed' }, 'put');
    expect(numbers((await expiring(c)).results).sort()).toEqual(['Active', 'Marked']);
    expect((await watchCount(c)).count).toBe(2);
  });
});

describe("the account's rules in Settings > Locates", () => {
  it('given a longer lead time, then more locates are expiring; back to the default, fewer', async () => {
    const c = await account();
    for (const [n, d] of [['IN', '2026-11-26'], ['FOUR', '2026-11-28'], ['SIX', '2026-11-30']]) await locate(c, { current_ticket_number: n, current_date_expiration: d });
    expect((await watchCount(c)).count).toBe(1);
    const s = await ok(c, '/api/settings/locates/', { reup_lead_days: '5' }, 'put');
    expect(s).toMatchObject({ reup_lead_days: 5, ticket_life_days: 14 });
    expect(await watchCount(c)).toEqual({ count: 2, due_by: '2026-11-29', lead_days: 5, basis: 'calendar' });
    expect(numbers((await expiring(c)).results)).toEqual(['IN', 'FOUR']);
    await ok(c, '/api/settings/locates/', { reup_lead_days: '' }, 'put');
    expect(await watchCount(c)).toMatchObject({ count: 1, lead_days: 2 });
  });

  it('given a working-day life, when a holiday is added, then the lead time and a new ticket\'s life skip it and what is expiring changes; removing it changes it back', async () => {
    const c = await account();
    await ok(c, '/api/settings/locates/', { ticket_life_basis: 'working', ticket_life_days: '10' }, 'put');
    await locate(c, { current_ticket_number: 'FRIDAY', current_date_expiration: '2026-11-27' });
    // Two working days from Tuesday: Wednesday, Thursday.
    expect(await watchCount(c)).toEqual({ count: 0, due_by: '2026-11-26', lead_days: 2, basis: 'working' });
    expect((await locate(c, { current_date_submitted: '2026-11-20' })).current_date_expiration).toBe('2026-12-04');

    const holiday = await ok(c, '/api/settings/locates/holidays/', { date: '2026-11-26', name: 'Thanksgiving' });
    expect(await watchCount(c)).toMatchObject({ count: 1, due_by: '2026-11-27' });
    expect(numbers((await expiring(c)).results)).toEqual(['FRIDAY']);
    // Ten working days after Friday the 20th, Thanksgiving left out.
    expect((await locate(c, { current_date_submitted: '2026-11-20' })).current_date_expiration).toBe('2026-12-07');
    expect((await c.get('/api/settings/locates/')).body.holidays).toEqual([expect.objectContaining({ id: holiday.id, date: '2026-11-26', name: 'Thanksgiving' })]);

    expect((await c.del(`/api/settings/locates/holidays/${holiday.id}/`)).status).toBe(200);
    expect(await watchCount(c)).toMatchObject({ count: 0, due_by: '2026-11-26' });
  });

  it('given values wrong even as text, then each is a 400 naming the field and the rules stay', async () => {
    const c = await account();
    const before = (await c.get('/api/settings/locates/')).body;
    const events = await eventCount();
    for (const [field, value] of [['ticket_life_days', '0'], ['ticket_life_days', '121'], ['ticket_life_days', 'ten'], ['ticket_life_basis', 'lunar'], ['reup_lead_days', '31'], ['work_wait_days', '-1'], ['work_wait_days', '1.5']]) {
      const r = await c.put('/api/settings/locates/', { [field]: value });
      expect(r.status, `${field}=${value} ${JSON.stringify(r.body)}`).toBe(400);
      expect(Object.keys(r.body.fields), `${field}=${value}`).toContain(field);
    }
    const bad = await c.post('/api/settings/locates/holidays/', { date: '11/26/2026', name: 'Thanksgiving' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toContain('date');
    expect(await eventCount()).toBe(events);
    expect((await c.get('/api/settings/locates/')).body).toEqual(before);
    await ok(c, '/api/settings/locates/holidays/', { date: '2026-12-25', name: 'Christmas' });
    const twice = await c.post('/api/settings/locates/holidays/', { date: '2026-12-25', name: 'Again' });
    expect([400, 409], JSON.stringify(twice.body)).toContain(twice.status);
    expect((await c.get('/api/settings/locates/holidays/')).body).toHaveLength(1);
  });
});

describe("a job's coverage and the job rows' locate_warning", () => {
  it('given a base job with a crew and no live locate, then its coverage and its row warn; a live locate clears it; once that expires the warning names the date', async () => {
    const c = await account();
    const planned = await job(c, { title: 'Cover planned' });
    await ok(c, `/api/jobs/${planned.id}/crews/`, { crew_name: 'Bore Crew 1' });
    const idle = await job(c, { title: 'Cover idle' });
    const row = async (id: string, path = '/api/jobs/?page=1&q=cover') => ((await c.list(path)).body.results as Row[]).find((r) => r.id === id)!;

    expect((await c.list(`/api/locates/coverage/${planned.id}/`)).body).toMatchObject({ job_id: planned.id, work_planned: true, locates: 0, locate_warning: 'No live locate for the planned work', tasks: [] });
    expect((await row(planned.id)).locate_warning).toBe('No live locate for the planned work');
    expect((await c.list(`/api/locates/coverage/${idle.id}/`)).body).toMatchObject({ work_planned: false, locate_warning: null });
    expect((await row(idle.id)).locate_warning).toBeNull();

    // A Completed locate keeps nothing alive.
    await locate(c, { job_ref: planned.id, locate_status: 'Completed', current_date_expiration: '2026-12-30' });
    expect((await row(planned.id)).locate_warning).toBe('No live locate for the planned work');
    await locate(c, { job_ref: planned.id, current_date_expiration: '2026-11-30' });
    expect((await c.list(`/api/locates/coverage/${planned.id}/`)).body).toMatchObject({ locates: 2, locate_warning: null });
    expect((await row(planned.id)).locate_warning).toBeNull();

    toDay(7);
    expect((await c.list(`/api/locates/coverage/${planned.id}/`)).body.locate_warning).toBe('No live locate: the last expired 11/30/2026');
    expect((await row(planned.id)).locate_warning).toBe('No live locate: the last expired 11/30/2026');
    expect((await row(planned.id, '/api/jobs/all_others/?page=1&q=cover')).locate_warning).toBe('No live locate: the last expired 11/30/2026');
  });

  it('given an ORCA job with a crew on one task, then that task warns until a locate on it is live, and the dashboard row follows the job', async () => {
    const c = await account();
    const o = await ok(c, '/api/jobs/new/', { form_type: 'attorca', title: 'Cover ORCA' });
    const [t1, t2] = [await ok(c, `/api/jobs/${o.id}/tasks/`, { job: o.id }), await ok(c, `/api/jobs/${o.id}/tasks/`, { job: o.id })];
    await ok(c, `/api/jobs/${o.id}/crews/`, { crew_name: 'Splice Team', job_task: t1.id });
    const dash = async () => ((await c.list('/api/jobs/orcas/?page=1')).body.results as Row[]).find((r) => r.id === o.id)!;

    const before = (await c.list(`/api/locates/coverage/${o.id}/`)).body;
    expect(before).toMatchObject({ work_planned: true, locate_warning: 'No live locate for the planned work' });
    expect(before.tasks).toEqual([
      { job_task_ref: t1.id, task_id: t1.task_id, work_planned: true, locates: 0, locate_warning: 'No live locate for the planned work' },
      { job_task_ref: t2.id, task_id: t2.task_id, work_planned: false, locates: 0, locate_warning: null },
    ]);
    expect((await dash()).locate_warning).toBe('No live locate for the planned work');

    await locate(c, { form_type: 'attorca_locate', job_task_ref: t1.id, current_date_expiration: '2026-12-08' });
    const after = (await c.list(`/api/locates/coverage/${o.id}/`)).body;
    expect(after).toMatchObject({ locates: 1, locate_warning: null });
    expect(after.tasks[0]).toMatchObject({ locates: 1, locate_warning: null });
    expect((await dash()).locate_warning).toBeNull();
  });
});

describe('production on a segment whose locates have expired', () => {
  it('given a segment whose locate expired, when production is entered on it, then it is saved and the answer warns; a live segment, an earlier work date and a job without locates do not', async () => {
    const c = await account();
    const j = await job(c, { title: 'Production watch' });
    for (const segment_number of ['1', '2']) await ok(c, `/api/jobs/${j.id}/segments/`, { segment_number, feet: 400 });
    const expired = await locate(c, { job_ref: j.id, current_ticket_number: 'SEG1-OLD', current_date_expiration: '2026-11-20' });
    await ok(c, `/api/locates/${expired.id}/customer_data/`, { customer: 'AT&T', seg: '1' });
    const live = await locate(c, { job_ref: j.id, current_ticket_number: 'SEG2', current_date_expiration: '2026-12-05' });
    await ok(c, `/api/locates/${live.id}/customer_data/`, { customer: 'AT&T', seg: '2' });

    const p = await ok(c, `/api/jobs/${j.id}/productions/`, { segment_number: '1', work_date: '2026-11-24', feet: '120' });
    expect(p).toMatchObject({ segment_number: '1', feet: 120 });
    expect(p.locate_warning).toEqual(expect.stringContaining('segment 1'));
    expect(p.locate_warning).toContain('SEG1-OLD');
    expect(p.locate_warning).toContain('11/20/2026');
    expect((await c.get(`/api/jobs/${j.id}/productions/`)).body.map((l: Row) => l.id)).toContain(p.id);

    expect((await ok(c, `/api/jobs/${j.id}/productions/`, { segment_number: '2', work_date: '2026-11-24', feet: 80 })).locate_warning).toBeNull();
    expect((await ok(c, `/api/jobs/${j.id}/productions/`, { segment_number: '1', work_date: '2026-11-19', feet: 10 })).locate_warning).toBeNull();
    const moved = await ok(c, `/api/jobs/productions/${p.id}/`, { ...p, work_date: '2026-11-23', feet: 130 }, 'put');
    expect(moved.locate_warning).toContain('11/20/2026');

    const bare = await job(c, { title: 'No locates at all' });
    expect((await ok(c, `/api/jobs/${bare.id}/productions/`, { segment_number: '1', feet: 10 })).locate_warning).toBeNull();
  });
});
