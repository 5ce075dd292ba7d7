/**
 * The job list (/job/) and the all-other-jobs dashboard (/job/others/) as an office user works them,
 * in Debian's chromium against the real app: demo-like jobs made through the API (items, change
 * orders, invoices, payouts, crews, segments with productions, a PDF bundle, colour tags), the list's
 * saved choices (presets, Refresh, public mode), selection, bulk archive and delete, the report
 * buttons, the zip, the PO data modal, new jobs by form type, and a second browser seeing a change live.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { closeReportToasts, csrfOf, iso, pageUpload, newPage, pageApi, plusDays, reportDownload, screenshot, seeMessage, us, browserApp, fillNewDialog, signedUp, signedIn } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `jobs.${Date.now()}@example.com`;
const password = 'correct horse battery';
const BUNDLE = Buffer.from('%PDF-1.4\n% Trenchline job bundle\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n', 'latin1');

browserApp('browser_job_list', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

type Job = { id: string; account_job_number: string; [k: string]: unknown };

const row = (page: Page, id: string) => page.locator(`tbody tr[data-job-id="${id}"]`);
const rowIds = (page: Page) => page.locator('tbody tr[data-job-id]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-job-id')));
const refresh = (page: Page) => page.getByRole('button', { name: 'Refresh' });
const rangeInput = (page: Page) => page.getByLabel('Date range');
const cell = (page: Page, id: string, col: string) => row(page, id).locator(`td[data-col="${col}"]`);

async function uploadBundle(page: Page, jobId: string, name: string) {
  const r = await pageUpload(page, `/api/jobs/${jobId}/pdf_bundles/`, { name, mimeType: 'application/pdf', buffer: BUNDLE }, { file_name: name, file_type: 'pdf_bundle' });
  expect(r.status).toBe(201);
}

interface Demo {
  form_type: string;
  title: string;
  customer: string;
  work_status: string;
  due: number | null;
  colour: string;
  crew?: string;
  items?: { qty: number; price: number }[];
  change_order?: { qty: number; price: number };
  invoice?: number;
  payout?: number;
  segments?: { feet: number; produced: number }[];
  po_job_number?: string;
  /** Days from today to its start (20 days ago unless given). */
  starts?: number;
}

/** A demo-like job through the API, with the lines that make its totals and roll-ups. */
async function makeJob(page: Page, d: Demo): Promise<Job> {
  const job: Job = await pageApi(page, 'POST', '/api/jobs/new/', {
    form_type: d.form_type,
    work_status: d.work_status,
    title: d.title,
    customer: d.customer,
    colour: d.colour,
    po_job_number: d.po_job_number ?? null,
    start_date: iso(plusDays(d.starts ?? -20)),
    completion_date: d.due === null ? null : iso(plusDays(d.due)),
  });
  const add = (kind: string, values: Record<string, unknown>) => pageApi(page, 'POST', `/api/jobs/${job.id}/${kind}/`, values);
  for (const [i, item] of (d.items ?? []).entries()) await add('items', { item: `Item ${i + 1}`, ...item });
  if (d.change_order) await add('change_orders', { co_number: 'CO-1', description: 'Rock bore', status: 'Approved', ...d.change_order });
  if (d.invoice) await add('invoices', { invoice_number: `INV-${job.account_job_number}`, invoice_amount: d.invoice, status: 'Submitted' });
  if (d.payout) await add('crew_payouts', { crew_name: d.crew ?? 'Red Dirt Boring', category: 'Crew Payout', crew_payout_amount: d.payout });
  if (d.crew) await add('crews', { crew_name: d.crew });
  for (const [i, s] of (d.segments ?? []).entries()) {
    await add('segments', { segment_number: String(i + 1), work_status: 'Current', work_type: 'Bore', feet: s.feet });
    if (s.produced) await add('productions', { segment_number: String(i + 1), work_type: 'Bore', feet: s.produced, production_days: 2 });
  }
  return job;
}

/** The job numbered `number`, once the list's read model has it (the look-up falls back to ids until then). */
async function jobNumbered(page: Page, number: string): Promise<Job> {
  let found: Job | null = null;
  await expect
    .poll(async () => {
      found = await (await page.request.get(`/api/jobs/lookup/${number}/`)).json();
      return found?.account_job_number;
    })
    .toBe(number);
  return (await page.request.get(`/api/jobs/${found!.id}/`)).json();
}

/** The bodies of the bulk actions the page posts from now on. */
function bulkBodies(page: Page): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/bulk/') bodies.push(r.postDataJSON());
  });
  return bodies;
}

/** Every confirmation the page asks (newPage accepts them all). */
function recordDialogs(page: Page): string[] {
  const asked: string[] = [];
  page.on('dialog', (d) => asked.push(d.message()));
  return asked;
}

describe('the job list and the all-other-jobs dashboard in the browser', () => {
  let page: Page;
  let dialogs: string[];
  const jobs: Record<string, Job> = {};

  it('given a new account with only an ORCA job, when the user opens All other jobs, then it says there are none', async () => {
    ({ page } = await newPage(browser, app.url));
    dialogs = recordDialogs(page);
    await signedUp(page, app.url, { accountName: 'Jobs Boring Co', name: 'Robin Office', email, password });
    jobs.orca = await makeJob(page, { form_type: 'attorca', title: 'ORCA splice task job', customer: 'AT&T', work_status: 'New', due: 8, colour: 'None' });
    await page.getByRole('link', { name: 'All other jobs' }).click();
    await page.waitForURL('**/job/others/');
    await page.getByText('No ACAS Jobs to Display').waitFor();
  });

  it('given demo-like jobs made through the API, when the user opens Jobs, then it waits, then lists them soonest completion first with their days, colours, crews and money', async () => {
    for (const crew_name of ['Red Dirt Boring', 'Sooner Splicing', 'Prairie Aerial']) await pageApi(page, 'POST', '/api/settings/crews/', { crew_name });
    jobs.main = await makeJob(page, {
      form_type: 'base', title: 'Tulsa Main St bore', customer: 'AT&T', work_status: 'Current', due: 2, colour: 'Green', crew: 'Red Dirt Boring',
      items: [{ qty: 600, price: 14.25 }, { qty: 2, price: 425 }], change_order: { qty: 40, price: 38 }, invoice: 5000, payout: 4200, segments: [{ feet: 800, produced: 400 }, { feet: 200, produced: 0 }],
    });
    jobs.ring = await makeJob(page, {
      form_type: 'attfiber', title: 'Broken Arrow school ring', customer: 'Fiberlight', work_status: 'URGENT', due: 5, colour: 'Blue Lt', crew: 'Sooner Splicing', po_job_number: 'PO-71209',
      items: [{ qty: 24, price: 32.5 }], invoice: 780, payout: 300, segments: [{ feet: 1500, produced: 1500 }],
    });
    jobs.tower = await makeJob(page, { form_type: 'base', title: 'Owasso tower backhaul', customer: 'Lumen', work_status: 'Delayed', due: -3, colour: 'Red', crew: 'Prairie Aerial', items: [{ qty: 1200, price: 9.5 }], segments: [{ feet: 1200, produced: 300 }] });
    jobs.park = await makeJob(page, { form_type: 'base', title: 'Jenks business park laterals', customer: 'AT&T', work_status: 'New', due: 20, colour: 'None', items: [{ qty: 300, price: 12 }] });
    jobs.later = await makeJob(page, { form_type: 'attfiber', title: 'Sand Springs FTTH feeder', customer: 'Fiberlight', work_status: 'Near Comp.', due: 45, colour: 'Purple Lt', crew: 'Red Dirt Boring', po_job_number: 'PO-71245', items: [{ qty: 900, price: 11 }], invoice: 9000, payout: 3100 });
    jobs.undated = await makeJob(page, { form_type: 'base', title: 'Bixby river crossing', customer: 'Lumen', work_status: 'Rework', due: null, colour: 'Yellow' });
    await uploadBundle(page, jobs.main.id, 'main-st-bundle.pdf');
    // The API's writes above are not the page's own: wait until the list's read model has them all.
    const listed = async () => (await (await page.request.get('/api/jobs/?active=t&archived=f')).json()) as Job[];
    await expect
      .poll(async () => {
        const rows = await listed();
        return rows.length === 7 && Boolean(rows.find((j) => j.id === jobs.main.id)?.pdf_bundle);
      }, { timeout: 10_000 })
      .toBe(true);

    // The list's request is held back a moment: the wait message shows meanwhile.
    await page.route(/\/api\/jobs\/\?/, async (r) => {
      await new Promise((done) => setTimeout(done, 600));
      await r.continue();
    });
    await page.getByRole('link', { name: 'Jobs', exact: true }).click();
    await page.waitForURL('**/job/');
    await page.getByText('Fetching and processing records, please wait...').waitFor();
    await row(page, jobs.main.id).waitFor();
    await page.unroute(/\/api\/jobs\/\?/);

    // Soonest completion first, overdue on top and the undated job last.
    expect(await rowIds(page)).toEqual([jobs.tower, jobs.main, jobs.ring, jobs.orca, jobs.park, jobs.later, jobs.undated].map((j) => j.id));
    expect(await cell(page, jobs.main.id, 'job_days_left').locator('[data-colour]').getAttribute('data-colour')).toBe('red');
    expect(await cell(page, jobs.ring.id, 'job_days_left').locator('[data-colour]').getAttribute('data-colour')).toBe('orange');
    expect(await cell(page, jobs.park.id, 'job_days_left').locator('[data-colour]').getAttribute('data-colour')).toBe('none');

    const main = row(page, jobs.main.id);
    expect(await cell(page, jobs.main.id, 'account_job_number').textContent()).toBe(jobs.main.account_job_number);
    expect(await cell(page, jobs.main.id, 'title').textContent()).toBe('Tulsa Main St bore');
    expect(await cell(page, jobs.main.id, 'customer').textContent()).toBe('AT&T');
    expect(await cell(page, jobs.ring.id, 'form_type_label').textContent()).toBe('AT&T Fiber');
    expect(await cell(page, jobs.main.id, 'work_status').textContent()).toBe('Current');
        expect(await cell(page, jobs.main.id, 'completion_date').textContent()).toBe(us(plusDays(2)));
    expect(await cell(page, jobs.main.id, 'crew_string').textContent()).toBe('Red Dirt Boring');
    // 600 x 14.25 + 2 x 425 + a change order of 40 x 38 = 10,920; less 4,200 of crew payouts.
    expect(await cell(page, jobs.main.id, 'total_job').textContent()).toBe('$10,920.00');
    expect(await cell(page, jobs.main.id, 'total_job_invoiced_actual').textContent()).toBe('$5,000.00');
    expect(await cell(page, jobs.main.id, 'total_gross_profit').textContent()).toBe('$6,720.00');
    expect(await main.locator('[data-bundle-link]').getAttribute('href')).toBeTruthy();
    expect(await row(page, jobs.park.id).locator('[data-bundle-link]').count()).toBe(0);
  });

  it('given colour tags, when the list shows them, then each row wears its colour as a light tint (paler when light) with the colour as its left edge', async () => {
    const background = (id: string) => row(page, id).evaluate((tr) => getComputedStyle(tr).backgroundColor);
    expect(await row(page, jobs.main.id).getAttribute('data-colour-tag')).toBe('Green');
    // (Polled: the row's background eases in.)
    await expect.poll(() => background(jobs.main.id), { timeout: 5000 }).toBe('rgb(217, 242, 221)');
    expect(await row(page, jobs.main.id).evaluate((tr) => getComputedStyle(tr).boxShadow)).toBe('rgb(64, 192, 87) 4px 0px 0px 0px inset');
    expect(await row(page, jobs.ring.id).getAttribute('data-colour-tag')).toBe('Blue Lt');
    await expect.poll(() => background(jobs.ring.id), { timeout: 5000 }).toBe('rgb(233, 243, 253)');
    expect(await row(page, jobs.park.id).getAttribute('data-colour-tag')).toBe('None');
  });

  it('given the list, when the user types in the filter, then only matching jobs show', async () => {
    await page.getByLabel('Filter rows').fill('fiberlight school');
    await expect.poll(() => rowIds(page)).toEqual([jobs.ring.id]);
    await page.getByLabel('Filter rows').fill('nowhere special');
    await page.getByText('No jobs match the filter.').waitFor();
    await page.getByLabel('Filter rows').fill('');
    await row(page, jobs.main.id).waitFor();
  });

  it('given the list, when the user picks presets and public mode, then Refresh lights up, Refresh clears it, and the choices survive a reload', async () => {
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('false');
    await rangeInput(page).click();
    await page.getByRole('button', { name: '7 Days' }).click();
    await expect.poll(() => rangeInput(page).textContent()).toBe(`${iso(plusDays(-6))} - ${iso(plusDays(0))}`);
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('true');
    await rangeInput(page).click();
    await page.getByRole('button', { name: '30 Days' }).click();
    await expect.poll(() => rangeInput(page).textContent()).toBe(`${iso(plusDays(-29))} - ${iso(plusDays(0))}`);
    // Public mode hides the money columns at once.
    await page.getByLabel('Public mode').check();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Total job' }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Gross profit' }).count()).toBe(0);
    expect(await row(page, jobs.main.id).textContent()).not.toContain('$10,920.00');
    await refresh(page).click();
    await seeMessage(page, 'Query updated, new request submitted');
    await expect.poll(() => refresh(page).getAttribute('data-highlighted')).toBe('false');
    // The last 30 days: every job started 20 days ago, so all are in range (the undated one too).
    await row(page, jobs.undated.id).waitFor();

    await page.reload();
    await expect.poll(() => rangeInput(page).textContent()).toBe(`${iso(plusDays(-29))} - ${iso(plusDays(0))}`);
    expect(await page.getByLabel('Public mode').isChecked()).toBe(true);
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('false');
    await row(page, jobs.main.id).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Total job' }).count()).toBe(0);

    // A job that starts after the range ends is left out, live or not, until Live & future asks for it.
    jobs.future = await makeJob(page, { form_type: 'base', title: 'Glenpool future laterals', customer: 'AT&T', work_status: 'New', due: 30, starts: 10, colour: 'None' });
    await page.getByLabel('Filter rows').fill('glenpool');
    await page.getByText('No jobs match the filter.').waitFor();
    await page.getByLabel('Live & future').check();
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('true');
    await refresh(page).click();
    await row(page, jobs.future.id).waitFor();
    await page.getByLabel('Live & future').uncheck();
    await refresh(page).click();
    await row(page, jobs.future.id).waitFor({ state: 'detached' });
    await page.getByLabel('Filter rows').fill('');

    // Back to money, saved so (the 30 days hold every other job: each started 20 days ago or today).
    await page.getByLabel('Public mode').uncheck();
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('true');
    await refresh(page).click();
    await expect.poll(() => refresh(page).getAttribute('data-highlighted')).toBe('false');
    await page.getByRole('columnheader', { name: 'Total job' }).waitFor();
  });

  it('given no selection, when the user asks for a bulk action, then they are asked to select rows first; a report asks to cover every matching job', async () => {
    for (const name of ['Delete', 'Archive']) {
      await page.getByRole('button', { name, exact: true }).click();
      await seeMessage(page, 'Please select rows first.');
    }
    await page.getByRole('button', { name: 'Download PDF bundles' }).click();
    await seeMessage(page, 'Please Select Rows first...');
    expect(dialogs.filter((d) => d.startsWith('Are you sure'))).toEqual([]);
    const shown = (await rowIds(page)).length;
    await page.getByRole('button', { name: 'Ops report', exact: true }).click();
    await expect.poll(() => dialogs.at(-1)).toBe(`Report all ${shown} matching jobs?`);
    await closeReportToasts(page);
  });

  it('given select-all, when the user ticks it, then every shown job is selected, and unticking clears them', async () => {
    const count = (await rowIds(page)).length;
    await page.getByLabel('Select all matching jobs').check();
    await expect.poll(() => page.getByTestId('row-count').textContent()).toContain(`${count} selected`);
    await page.getByLabel('Select all matching jobs').uncheck();
    await expect.poll(() => page.getByTestId('row-count').textContent()).not.toContain('selected');
  });

  it('given selected jobs, when the user asks for the ops report and the management export, then the worker makes each over the selection and it is downloaded', async () => {
    await page.getByLabel(`Select job ${jobs.main.account_job_number}`).check();
    await page.getByLabel(`Select job ${jobs.ring.account_job_number}`).check();
    const asked = bulkBodies(page);
    for (const [label, kind] of [['Ops report', 'ops'], ['Management export', 'management']] as const) {
      // Exact: 'Stop ops report' beside a report still at work is a button too (CI of bcfe92b clicked it).
      const download = await reportDownload(page, () => page.getByRole('button', { name: label, exact: true }).click());
      expect(download.suggestedFilename()).toMatch(new RegExp(kind, 'i'));
      expect(asked.at(-1)).toMatchObject({ list: 'jobs', action: 'report', report: kind });
      expect([...(asked.at(-1)?.ids as string[])].sort()).toEqual([jobs.main.id, jobs.ring.id].map(String).sort());
    }
  });

  it('given a selected job with a bundle, when the user downloads bundles, then the zip is named with the date and holds it', async () => {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 25_000 }), page.getByRole('button', { name: 'Download PDF bundles' }).click()]);
    const now = new Date();
    expect(download.suggestedFilename()).toBe(`Job PDF Bundles ${now.getMonth() + 1}-${now.getDate()}-${now.getFullYear()}.zip`);
    const zip = await JSZip.loadAsync(readFileSync(await download.path()));
    const names = Object.keys(zip.files);
    expect(names).toEqual([`Job ${jobs.main.account_job_number} Tulsa Main St bore - main-st-bundle.pdf`]);
    expect(await zip.files[names[0]].async('string')).toContain('Trenchline job bundle');
    await page.getByLabel(`Select job ${jobs.main.account_job_number}`).uncheck();
    await page.getByLabel(`Select job ${jobs.ring.account_job_number}`).uncheck();
    await expect.poll(() => page.getByTestId('row-count').textContent()).not.toContain('selected');
  });

  it('given a row, when the user edits its PO data in the modal, then the row shows it and the PO items total is read-only', async () => {
    await row(page, jobs.main.id).getByRole('button', { name: /PO data of job/ }).click();
    const modal = page.getByRole('dialog', { name: /PO data/ });
    expect(await modal.getByLabel('Total PO items').inputValue()).toBe('$9,400.00');
    expect(await modal.getByLabel('Total PO items').getAttribute('readonly')).not.toBeNull();
    await modal.getByLabel('PO job #').fill('PO-7731');
    await screenshot(page, 'job-po-modal');
    await modal.getByRole('button', { name: 'Save PO' }).click();
    await modal.waitFor({ state: 'hidden' });
    await seeMessage(page, 'Saved successfully!');
    await expect.poll(() => cell(page, jobs.main.id, 'po_job_number').textContent()).toBe('PO-7731');
    // Once the save's own row mark and message have passed.
    await expect.poll(() => row(page, jobs.main.id).evaluate((tr) => getComputedStyle(tr).backgroundColor), { timeout: 5000 }).toBe('rgb(217, 242, 221)');
    await page.getByTestId('message-box').waitFor({ state: 'detached', timeout: 8000 });
    await screenshot(page, 'job-list');
  });

  it('given the list open in a second browser, when a job changes, then its row changes in place', async () => {
    const second = await newPage(browser, app.url);
    await signedIn(second.page, email, password, '/job/');
    await row(second.page, jobs.park.id).waitFor();
    await pageApi(page, 'PUT', `/api/jobs/${jobs.park.id}/`, { title: 'Jenks business park laterals phase 2', colour: 'Orange' });
    // No reload in the second browser.
    await expect.poll(() => cell(second.page, jobs.park.id, 'title').textContent(), { timeout: 5000 }).toBe('Jenks business park laterals phase 2');
    await expect.poll(() => row(second.page, jobs.park.id).getAttribute('data-colour-tag')).toBe('Orange');
    // A new line changes the job's totals: they follow live too.
    await pageApi(page, 'POST', `/api/jobs/${jobs.park.id}/invoices/`, { invoice_number: 'INV-LIVE', invoice_amount: 1234.5 });
    await expect.poll(() => cell(second.page, jobs.park.id, 'total_job_invoiced_actual').textContent(), { timeout: 5000 }).toBe('$1,234.50');
    await second.context.close();
  });

  it('given selected jobs, when the user archives them, then it asks first and they leave the active list for the archived one', async () => {
    await page.getByLabel(`Select job ${jobs.undated.account_job_number}`).check();
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await seeMessage(page, 'Selected jobs archived');
    expect(dialogs).toContain('Are you sure you want to archive selected records?');
    await row(page, jobs.undated.id).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Active', exact: true }).click();
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('true');
    await refresh(page).click();
    await row(page, jobs.undated.id).waitFor();
    expect(await rowIds(page)).toEqual([jobs.undated.id]);
  });

  it('given selected jobs, when the user deletes them, then it warns it cannot be undone and they are gone', async () => {
    await page.getByLabel(`Select job ${jobs.undated.account_job_number}`).check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeMessage(page, 'Selected jobs deleted');
    expect(dialogs).toContain('Are you sure you want to delete selected records? THIS ACTION CANNOT BE UNDONE');
    await row(page, jobs.undated.id).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('No jobs for these choices.').waitFor();
    // Back to active jobs for whoever opens the list next.
    await page.getByRole('button', { name: 'Active', exact: true }).click();
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    await refresh(page).click();
    await row(page, jobs.main.id).waitFor();
  });

  it('given the list, when the user makes a new job by form type, then it lands on the job\'s page under the next job number', async () => {
    await page.getByRole('button', { name: 'New job' }).click();
    await page.getByRole('menuitem', { name: 'AT&T Fiber' }).click();
    await fillNewDialog(page, { title: 'Fresh fiber drop', customer: 'AT&T' });
    await page.waitForURL(/\/job\/[^/]+$/);
    const number = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    expect(Number(number)).toBeGreaterThan(Number(jobs.undated.account_job_number));
    const made = await jobNumbered(page, number);
    expect(made).toMatchObject({ account_job_number: number, form_type: 'attfiber', work_status: 'New', title: 'Fresh fiber drop', customer: 'AT&T' });
    jobs.fresh = made;
  });

  it('given All other jobs, when it opens, then it lists every job but the ORCA one with its segment roll-ups', async () => {
    await page.goto('/job/others/');
    await row(page, jobs.main.id).waitFor();
    expect(await row(page, jobs.orca.id).count()).toBe(0);
    expect(await row(page, jobs.ring.id).count()).toBe(1);
    // Two segments, 1,000 ft planned, 400 produced: 40 %.
    expect(await cell(page, jobs.main.id, 'segment_count').textContent()).toBe('2');
    expect(await cell(page, jobs.main.id, 'segment_count').getAttribute('title')).toBe('Seg 1 (Current): 400 of 800 ft, 50%\nSeg 2 (Current): 0 of 200 ft, 0%');
    expect(await cell(page, jobs.main.id, 'segment_plan_feet').textContent()).toBe('1,000 ft');
    expect(await cell(page, jobs.main.id, 'segment_total_feet').textContent()).toBe('400 ft');
    expect(await cell(page, jobs.main.id, 'segment_percent_complete').textContent()).toBe('40%');
    expect(await cell(page, jobs.ring.id, 'segment_percent_complete').textContent()).toBe('100%');
    expect(await cell(page, jobs.tower.id, 'segment_percent_complete').textContent()).toBe('25%');
    expect(await cell(page, jobs.park.id, 'segment_count').textContent()).toBe('');
    await screenshot(page, 'job-others');
  });

  it('given selected jobs on All other jobs, when the user picks a report from the Reports dropdown, then the worker makes it over the selection and it is downloaded', async () => {
    // Nothing selected: the report would cover every matching job, after asking.
    const before = dialogs.length;
    await page.getByRole('button', { name: /Reports/ }).click();
    await page.getByRole('menuitem', { name: 'Management' }).click();
    await expect.poll(() => dialogs.slice(before).at(-1)).toMatch(/^Report all \d+ matching jobs\?$/);
    await closeReportToasts(page);

    await page.getByLabel(`Select job ${jobs.tower.account_job_number}`).check();
    const asked = bulkBodies(page);
    for (const [label, kind] of [['Management', 'management'], ['Crew', 'crew']] as const) {
      await page.getByRole('button', { name: /Reports/ }).click();
      if (kind === 'crew') {
        await page.getByRole('menuitem', { name: 'Crew' }).waitFor();
        // (The dropdown fades in.)
        await page.waitForTimeout(400);
        await screenshot(page, 'job-others-reports');
      }
      const download = await reportDownload(page, () => page.getByRole('menuitem', { name: label }).click());
      expect(download.suggestedFilename()).toMatch(new RegExp(kind, 'i'));
      expect(asked.at(-1)).toMatchObject({ list: 'all_other_jobs', action: 'report', report: kind, ids: [String(jobs.tower.id)] });
    }
  });

  it('given the reports these screens ask for, when they are requested in this session, then the worker makes each file', async () => {
    for (const kind of ['ops', 'management', 'crew']) {
      // Asking for a report writes: outside a page of the app it needs the CSRF token.
      const r = await page.request.get(`/api/jobs/report/${kind}/?ids=${jobs.tower.id},${jobs.main.id}`, { headers: { 'X-CSRFToken': await csrfOf(page) }, maxRedirects: 0, timeout: 30_000 });
      expect(r.status(), kind).toBe(200);
      expect(r.headers()['content-type']).toContain('spreadsheetml');
      expect((await r.body()).subarray(0, 2).toString()).toBe('PK'); // an XLSX is a zip
    }
  }, 60_000);

  it('given All other jobs, when a job changes, then its roll-up follows live', async () => {
    await pageApi(page, 'POST', `/api/jobs/${jobs.tower.id}/productions/`, { segment_number: '1', work_type: 'Bore', feet: 300, production_days: 1 });
    await expect.poll(() => cell(page, jobs.tower.id, 'segment_percent_complete').textContent(), { timeout: 5000 }).toBe('50%');
  });

  it('given All other jobs, when the user makes a new base job, then it lands on the job\'s page', async () => {
    await page.getByRole('button', { name: 'New base job' }).click();
    await fillNewDialog(page, { title: 'Yard fence bore' });
    await page.waitForURL(/\/job\/[^/]+$/);
    const number = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    expect(Number(number)).toBe(Number(jobs.fresh.account_job_number) + 1);
    expect(await jobNumbered(page, number)).toMatchObject({ account_job_number: number, form_type: 'base', work_status: 'New', title: 'Yard fence bore' });
  });
});
