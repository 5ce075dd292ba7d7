/**
 * The spec's client on the ORCA dashboard and the billing dashboard, call by call as spec 2 section 7
 * lists them: it GETs dashboard_prefs, PUTs them back whole from its own answer, edited, with numbers
 * and booleans as text (twice); reads GET jobs/orcas/?page=1 and follows `next` to null (its pages:
 * count over the page's length, rounded up), with its kept preferences applying; GETs billings and
 * DELETEs billings/{n}/ one id at a time as its loops do (the selected rows; the delete-all loop over
 * ids 13000 to 15000, here its first 25: ids gone or never there are 404/410, never 500); opens the
 * ORCA reports for the selected ids, and Ops and Management without ids (the dashboard as kept). Calls
 * exercised: GET and PUT jobs/orcas/dashboard_prefs/; GET jobs/orcas/?page={n}; GET jobs/orcas/billings/;
 * DELETE jobs/orcas/billings/{n}/; GET jobs/report/orca/ops/, /management/, /billing/invoices/,
 * /cibe_table/?ids; GET jobs/report/orca/ops/ and /management/ (no ids).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { SpecClient, expectGone, expectInvalid, type Obj, readOwnWrite } from './specClient.ts';

const { office, eventCount } = apiTest('compat_orca_dashboard', { worker: true, now: () => new Date('2026-11-22T15:00:00Z') });
const spec = new SpecClient(office);
/** More than one page of the dashboard's 100: the client has to follow `next`. */
const JOBS = 105;
const made: Obj[] = [];

/** The dashboard's form as the old client sends it: numbers and booleans as text, ids as text. */
const asForm = (prefs: Obj): Obj =>
  Object.fromEntries(
    Object.entries(prefs).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'boolean' ? String(v) : Array.isArray(v) ? v.map(String) : v]),
  );

beforeAll(async () => {
  // Titles numbered to three places so the kept sort by title is also the creation order.
  for (let n = 1; n <= JOBS; n += 5)
    made.push(...(await Promise.all([0, 1, 2, 3, 4].filter((k) => n + k <= JOBS).map((k) => spec.create('/api/jobs/new/', { form_type: 'attorca', work_status: 'New', customer: 'AT&T', title: `Compat dash ${String(n + k).padStart(3, '0')}` })))));
  await spec.create('/api/jobs/new/', { form_type: 'base', work_status: 'New', customer: 'AT&T', title: 'Compat dash base job' });
  await readOwnWrite(() => spec.load<Obj>('/api/jobs/orcas/?page=1&q=compat+dash'), (p) => p.count === JOBS, 'the new ORCA jobs on the dashboard');
});

describe('the dashboard preferences', () => {
  it('given the defaults, when the client PUTs them back whole, edited, with numbers and booleans as text, twice from its own answer, then 200 each with the values typed and every edit kept', async () => {
    const kept = await spec.load<Obj>('/api/jobs/orcas/dashboard_prefs/');
    expect(kept).toEqual({ nav: 'orca', start_date: null, end_date: null, active: true, archived: false, live_and_future: false, public_mode: false, findbox: '', page_number: 1, sortType: '', sortReverse: true, select_all: false, selected_job_ids: [], deselected_job_ids: [], all_job_ids: [] });

    Object.assign(kept, { findbox: 'compat dash', sortType: 'title', sortReverse: false, page_number: 2, public_mode: true, selected_job_ids: [made[0].id, made[1].id] });
    const first = await office.put('/api/jobs/orcas/dashboard_prefs/', asForm(kept));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ findbox: 'compat dash', sortType: 'title', sortReverse: false, page_number: 2, public_mode: true, active: true, archived: false, selected_job_ids: [made[0].id, made[1].id] });

    // The second save starts from the first one's answer, as the screen keeps it.
    const again = { ...first.body, select_all: true, deselected_job_ids: [made[2].id], selected_job_ids: [], page_number: 1, live_and_future: false };
    const second = await office.put('/api/jobs/orcas/dashboard_prefs/', asForm(again));
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ findbox: 'compat dash', sortType: 'title', sortReverse: false, page_number: 1, public_mode: true, select_all: true, deselected_job_ids: [made[2].id], selected_job_ids: [] });
    expect(await spec.load('/api/jobs/orcas/dashboard_prefs/')).toEqual(second.body);
  });

  it('given a value that is wrong even as text, then a 400 names the field and the kept preferences stay', async () => {
    const before = await spec.load<Obj>('/api/jobs/orcas/dashboard_prefs/');
    expectInvalid(await office.put('/api/jobs/orcas/dashboard_prefs/', asForm({ ...before, page_number: 'two' })), 'page_number');
    expectInvalid(await office.put('/api/jobs/orcas/dashboard_prefs/', asForm({ ...before, archived: 'maybe' })), 'archived');
    expect(await spec.load('/api/jobs/orcas/dashboard_prefs/')).toEqual(before);
  });
});

describe('the dashboard pages', () => {
  it("given more than a page of ORCA jobs and the kept find box and sort, when the client reads ?page=1 and follows next until null, then count / the page's length rounded up pages, each job once, in the kept order", async () => {
    await office.put('/api/jobs/orcas/dashboard_prefs/', asForm({ findbox: 'compat dash', sortType: 'title', sortReverse: false }));
    const first = await spec.load<Obj>('/api/jobs/orcas/?page=1');
    expect(first).toMatchObject({ count: JOBS, previous: null });
    const pages = Math.ceil(first.count / first.results.length);
    expect(pages).toBe(2);
    const seen: Obj[] = [...first.results];
    let read = 1;
    let next: string | null = first.next;
    while (next) {
      const page = await spec.load<Obj>(next);
      seen.push(...page.results);
      next = page.next;
      read++;
    }
    expect(read).toBe(pages);
    expect(seen.map((r) => r.title)).toEqual(made.map((j) => j.title));
    expect(seen.every((r) => r.form_type === 'attorca')).toBe(true);
    expect(seen[0]).toMatchObject({ task_count: 0, job_days_colour: null, last_updated_by: expect.any(String) });
  });

  it("given the kept sort reversed, when the client reads ?page=2 by number, then the page the reversed order puts there", async () => {
    await office.put('/api/jobs/orcas/dashboard_prefs/', asForm({ findbox: 'compat dash', sortType: 'title', sortReverse: true }));
    const second = await spec.load<Obj>('/api/jobs/orcas/?page=2');
    expect(second).toMatchObject({ count: JOBS, next: null });
    // The links name only the page: the kept preferences apply to them as to the client's own ?page=n.
    expect(second.previous).toMatch(/^\/api\/jobs\/orcas\/\?(.*&)?page=1(&|$)/);
    expect(second.results.map((r: Obj) => r.title)).toEqual(made.slice(0, JOBS - 100).map((j) => j.title).reverse());
  });
});

describe('the billing dashboard', () => {
  it('given invoices on ORCA jobs and their tasks, when the client GETs billings and deletes selected ones one by one as its loop does, then each goes; ids gone or never there are 404 or 410, never 500', async () => {
    const job = made[0];
    const task = await spec.create(`/api/jobs/${job.id}/tasks/`, { job: job.id, task_id: '1.1' });
    const invoices = [
      await spec.create(`/api/jobs/${job.id}/invoices/`, { job: job.id, invoice_number: 'CD-1', invoice_amount: 1200, status: 'Submitted' }),
      await spec.create(`/api/jobs/${job.id}/invoices/`, { job: job.id, job_task: task.id, task_id: '1.1', invoice_number: 'CD-2', invoice_amount: 800.5, status: 'Paid' }),
      await spec.create(`/api/jobs/${made[1].id}/invoices/`, { job: made[1].id, invoice_number: 'CD-3', invoice_amount: 50 }),
    ];
    const ours = (rows: Obj[]) => rows.filter((r) => String(r.invoice_number).startsWith('CD-'));
    const rows = ours(await readOwnWrite(() => spec.load<Obj[]>('/api/jobs/orcas/billings/'), (all) => ours(all).length === 3, 'the invoices on the billing dashboard'));
    expect(rows.map((r) => [r.invoice_number, r.invoice_amount, r.status, r.task_id, r.paid_stage]).sort()).toEqual([
      ['CD-1', 1200, 'Submitted', null, false],
      ['CD-2', 800.5, 'Paid', '1.1', true],
      ['CD-3', 50, expect.any(String), null, false],
    ].sort());

    // Its delete loop: one DELETE per selected row, by the row's id.
    const selected = rows.filter((r) => r.invoice_number !== 'CD-3');
    for (const r of selected) expect((await spec.del(`/api/jobs/orcas/billings/${r.id}/`)).status).toBeLessThan(300);
    const left = await readOwnWrite(() => spec.load<Obj[]>('/api/jobs/orcas/billings/'), (all) => ours(all).length === 1, 'the billing dashboard without the deleted');
    expect(ours(left).map((r) => r.invoice_number)).toEqual(['CD-3']);
    expect((await spec.load<Obj>(`/api/jobs/${job.id}/`)).invoices ?? []).toEqual([]);

    // The loop run again over the same selection (a second click), then the start of its delete-all loop
    // (ids 13000 to 15000, spec 2 section 9): ids that are no invoice of the account.
    const before = await eventCount();
    for (const r of selected) expectGone(await spec.del(`/api/jobs/orcas/billings/${r.id}/`));
    const listed = new Set(rows.map((r) => String(r.id)));
    for (let id = 13000; id < 13025; id++) {
      if (listed.has(String(id))) continue;
      const r = await spec.del(`/api/jobs/orcas/billings/${id}/`);
      expect(r.status, `${id}: ${JSON.stringify(r.body)}`).toBe(404);
    }
    expect((await spec.del('/api/jobs/orcas/billings/undefined/')).status).toBe(404);
    expect(await eventCount()).toBe(before);
    expect(invoices).toHaveLength(3);
  });
});

describe('the ORCA reports', () => {
  it('given selected ORCA jobs, when each ORCA report is opened for their ids, then the report file answers', async () => {
    const ids = `${made[3].id},${made[4].id}`;
    for (const path of ['/api/jobs/report/orca/ops/', '/api/jobs/report/orca/management/', '/api/jobs/report/orca/billing/invoices/', '/api/jobs/report/orca/cibe_table/']) {
      const r = await spec.http.download(`${path}?ids=${ids}`);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-disposition'), path).toContain('.xlsx');
      expect(r.bytes.length, path).toBeGreaterThan(0);
    }
  });
});

describe('the ORCA Ops and Management reports without ids (spec 2 section 7)', () => {
  it("given the client's kept dashboard with a find box and two rows ticked, when it opens Ops and Management without ids, then each reports the ticked rows; with none ticked, every job the find box matches", async () => {
    const prefs = await spec.load('/api/jobs/orcas/dashboard_prefs/');
    const ticked = [made[3], made[4]];
    const opsAsked = async () => (await spec.load<Obj[]>('/api/reports/')).filter((r) => r.report === 'jobs.orca_ops').length;
    const first = await opsAsked();
    expect((await spec.save('/api/jobs/orcas/dashboard_prefs/', prefs, asForm({ select_all: false, selected_job_ids: ticked.map((j) => j.id) }))).status).toBe(200);
    for (const path of ['/api/jobs/report/orca/ops/', '/api/jobs/report/orca/management/']) {
      const r = await spec.http.download(path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-disposition'), path).toContain('.xlsx');
    }
    // The reports list is a read model: the report the client asked for is on it at its next read.
    const asked = async (report: string, count: number) => (await readOwnWrite(() => spec.load<Obj[]>('/api/reports/'), (all) => all.filter((r) => r.report === report).length >= count, `${count} ${report}`)).find((r) => r.report === report)!.params.ids;
    expect(new Set(await asked('jobs.orca_ops', first + 1))).toEqual(new Set(ticked.map((j) => j.id)));
    const n = await opsAsked();
    expect((await spec.save('/api/jobs/orcas/dashboard_prefs/', prefs, asForm({ selected_job_ids: [], findbox: made[7].title }))).status).toBe(200);
    expect((await spec.http.download('/api/jobs/report/orca/ops/')).status).toBe(200);
    expect(await asked('jobs.orca_ops', n + 1)).toEqual([made[7].id]);
  });
});
