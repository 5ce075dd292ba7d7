/**
 * The ORCA dashboard over HTTP (spec 2 sections 2, 3, 7; docs/jobs.md "ORCA dashboards"): pages with
 * previous, next and count; sorting either way; the kept preferences, saved, restored and applied to
 * what a call leaves out; bad input; the coordinator's columns; another account.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { orcaJobCalls, type Row } from '../support/orcaJobs.ts';

const { office, rival, eventCount } = apiTest('api_orca_dashboard', { now: () => new Date('2026-11-22T15:00:00Z') });
const { newOrcaJob, add } = orcaJobCalls(office);

const page = async (query: string) => {
  const r = await office.list(`/api/jobs/orcas/?${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { results: Row[]; count: number; next: string | null; previous: string | null; page: number; page_size: number; pages: number };
};
const titles = (rows: Row[]) => rows.map((r) => r.title);

describe('pages', () => {
  it('given 7 ORCA jobs and a base job, when paged 3 at a time, then 3 pages, previous and next as the spec client follows them, and only ORCA jobs', async () => {
    const made: Row[] = [];
    for (let n = 1; n <= 7; n++) made.push(await newOrcaJob({ title: `Paging ${n}` }));
    await office.post('/api/jobs/new/', { form_type: 'base', title: 'Paging base' });
    // Polled, as bulk.test.ts does: X-Min-Position may answer while another file's open transaction hides an event.
    await expect.poll(async () => (await page('q=paging')).count, { timeout: 10_000 }).toBe(7);
    const first = await page('q=paging&page_size=3');
    expect(first).toMatchObject({ count: 7, page: 1, page_size: 3, pages: 3, previous: null });
    // The default order is the spec's empty sort type reversed: newest first.
    expect(titles(first.results)).toEqual(['Paging 7', 'Paging 6', 'Paging 5']);
    expect(first.next).toMatch(/^\/api\/jobs\/orcas\/\?.*page=2/);
    const second = (await office.get(first.next!)).body;
    expect(titles(second.results)).toEqual(['Paging 4', 'Paging 3', 'Paging 2']);
    const last = await page('q=paging&page_size=3&page=3');
    expect(last).toMatchObject({ next: null, pages: 3 });
    expect(titles(last.results)).toEqual(['Paging 1']);
    expect(last.previous).toMatch(/page=2/);
    // Past the end: an empty page, not an error.
    expect((await page('q=paging&page_size=3&page=4')).results).toEqual([]);
    expect(first.results[0]).toMatchObject({ form_type: 'attorca', id: made[6].id, task_count: 0, last_updated_by: expect.any(String) });
  });

  it('given bad paging or sorting, then a 400 names the param', async () => {
    for (const [q, field] of [['page=0', 'page'], ['page=x', 'page'], ['page_size=501', 'page_size'], ['ordering=colour_background', 'ordering'], ['active=maybe', 'active'], ['start_date=22/11/2026', 'start_date']]) {
      const r = await office.get(`/api/jobs/orcas/?${q}`);
      expect(r.status, q).toBe(400);
      expect(Object.keys(r.body.fields), q).toContain(field);
    }
  });
});

describe('sorting', () => {
  it('given jobs with tasks, permits and CIBE lines, when sorted by a column and again reversed, then the order flips, blanks last both ways', async () => {
    const a = await newOrcaJob({ title: 'Sort a', completion_date: '2026-11-24' });
    const b = await newOrcaJob({ title: 'Sort b', completion_date: '2026-12-20' });
    await newOrcaJob({ title: 'Sort c' });
    const t = await add(`/api/jobs/${a.id}/tasks/`, { job: a.id });
    await add(`/api/jobs/${a.id}/tasks/`, { job: a.id });
    await add(`/api/jobs/${b.id}/tasks/`, { job: b.id });
    await add(`/api/jobs/${a.id}/permits/`, { job_task: t.id, expiration_date: '2026-11-25' });
    await add(`/api/jobs/${b.id}/cibeitems/`, { issued_item_code: 'X1', issued_item_qty: '10', issued_item_price: '2', CIBE_item_qty: '12' });
    await expect.poll(async () => (await page('q=sort&ordering=-CIBE_job_grand_total_difference')).results[0]?.title, { timeout: 10_000 }).toBe('Sort b');
    await expect.poll(async () => (await page('q=sort&ordering=permit_days_left')).results[0]?.permit_days_left, { timeout: 10_000 }).toBe(3);
    expect(titles((await page('q=sort&ordering=task_count')).results)).toEqual(['Sort c', 'Sort b', 'Sort a']);
    expect(titles((await page('q=sort&ordering=-task_count')).results)).toEqual(['Sort a', 'Sort b', 'Sort c']);
    expect(titles((await page('q=sort&ordering=job_days_left')).results)).toEqual(['Sort a', 'Sort b', 'Sort c']);
    expect(titles((await page('q=sort&ordering=-job_days_left')).results)).toEqual(['Sort b', 'Sort a', 'Sort c']);
    expect(titles((await page('q=sort&ordering=-CIBE_job_grand_total_difference')).results)[0]).toBe('Sort b');
    const rows = (await page('q=sort&ordering=permit_days_left')).results;
    expect(rows[0]).toMatchObject({ title: 'Sort a', permit_expiration_date: '2026-11-25', permit_days_left: 3, job_days_left: 2, job_days_colour: 'red', task_count: 2 });
    expect(rows.find((r) => r.title === 'Sort b')).toMatchObject({ CIBE_job_grand_total_difference: 4, job_days_colour: null });
  });
});

describe('kept preferences', () => {
  it('given a new user, then the defaults are the spec\'s: empty sort type reversed, active only, page 1', async () => {
    const r = await rival.get('/api/jobs/orcas/dashboard_prefs/');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      nav: 'orca', start_date: null, end_date: null, active: true, archived: false, live_and_future: false, public_mode: false, findbox: '',
      page_number: 1, sortType: '', sortReverse: true, select_all: false, selected_job_ids: [], deselected_job_ids: [], all_job_ids: [],
    });
  });

  it('given preferences saved the way the old client sends them (strings), then they are restored typed and the plain ?page=1 call applies them', async () => {
    const x = await newOrcaJob({ title: 'Kept alpha', work_status: 'Issued' });
    const y = await newOrcaJob({ title: 'Kept beta', work_status: 'Scheduled' });
    const saved = await office.put('/api/jobs/orcas/dashboard_prefs/', { findbox: 'kept', sortType: 'title', sortReverse: 'f', page_number: '2', public_mode: 't', selected_job_ids: [Number(x.id)], select_all: 'false' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ findbox: 'kept', sortType: 'title', sortReverse: false, page_number: 2, public_mode: true, selected_job_ids: [x.id], active: true });
    expect((await office.get('/api/jobs/orcas/dashboard_prefs/')).body).toEqual(saved.body);
    // The spec's client asks only for a page: the kept find box and sort apply.
    await expect.poll(async () => titles((await page('page=1')).results), { timeout: 10_000 }).toEqual(['Kept alpha', 'Kept beta']);
    await office.put('/api/jobs/orcas/dashboard_prefs/', { sortReverse: true });
    expect(titles((await page('page=1')).results)).toEqual(['Kept beta', 'Kept alpha']);
    // What the call names wins over what is kept.
    expect(titles((await page('page=1&ordering=title&q=beta')).results)).toEqual(['Kept beta']);
    // Archived only, kept: the active jobs go.
    await office.put(`/api/jobs/${y.id}`, { archived: true });
    await office.put('/api/jobs/orcas/dashboard_prefs/', { active: false, archived: true });
    await expect.poll(async () => titles((await page('page=1')).results), { timeout: 10_000 }).toEqual(['Kept beta']);
    await office.put('/api/jobs/orcas/dashboard_prefs/', { active: true, archived: false, findbox: '', sortType: '', sortReverse: true });
    // Another user's preferences are their own.
    expect((await rival.get('/api/jobs/orcas/dashboard_prefs/')).body.findbox).toBe('');
  });

  it('given bad preferences, then a 400 names each field and nothing is kept', async () => {
    const before = (await office.get('/api/jobs/orcas/dashboard_prefs/')).body;
    const events = await eventCount();
    for (const [body, field] of [
      [{ sortType: 'colour_background' }, 'sortType'],
      [{ page_number: 0 }, 'page_number'],
      [{ page_number: 'two' }, 'page_number'],
      [{ start_date: '2026-13-01' }, 'start_date'],
      [{ active: 'maybe' }, 'active'],
      [{ selected_job_ids: ['x1'] }, 'selected_job_ids.0'],
      [{ selected_job_ids: Array.from({ length: 1001 }, (_, n) => String(n + 1)) }, 'selected_job_ids'],
      [{ findbox: 'x'.repeat(201) }, 'findbox'],
    ] as const) {
      const r = await office.put('/api/jobs/orcas/dashboard_prefs/', body);
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(Object.keys(r.body.fields)).toContain(field);
    }
    expect((await office.get('/api/jobs/orcas/dashboard_prefs/')).body).toEqual(before);
    expect(await eventCount()).toBe(events);
  });
});

describe('another account', () => {
  it('given ORCA jobs of one account, then another account\'s dashboard and billing dashboard never show them', async () => {
    const j = await newOrcaJob({ title: 'Private orca' });
    await add(`/api/jobs/${j.id}/invoices/`, { invoice_number: 'PRIV-1', invoice_amount: '10' });
    await expect.poll(async () => (await office.list('/api/jobs/orcas/?q=private')).body.count, { timeout: 10_000 }).toBe(1);
    const theirs = await rival.get('/api/jobs/orcas/?q=private');
    expect(theirs.body).toMatchObject({ count: 0, results: [] });
    expect((await rival.get('/api/jobs/orcas/billings/?q=priv&page=1')).body).toMatchObject({ count: 0, totals: [] });
  });
});
