/**
 * The ORCA dashboard (/job/orca/) as an office user works it, in Debian's chromium against the real
 * app: 130 ORCA jobs made through the API, paging as it scrolls, sort and reverse, the find box, select
 * all kept on the server and restored on the next visit, bulk archive and delete, the four reports in
 * Excel and PDF downloaded and opened, and a change made in a second browser appearing in place on
 * page 2 while sorted, with who made it (another user of the account).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { closeReportToasts, iso, newPage, pageApi, plusDays, reportDownload, seeMessage, browserApp, poll, signedUp, signedIn } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `orcadash.${Date.now()}@example.com`;
const password = 'correct horse battery';
const JOBS = 130;

browserApp('browser_orca_dashboard', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

type Job = { id: string; account_job_number: string; title: string };

const rows = (page: Page) => page.locator('table[aria-label="ORCA jobs"] tbody tr[data-job-id]');
const row = (page: Page, id: string) => page.locator(`table[aria-label="ORCA jobs"] tbody tr[data-job-id="${id}"]`);
const cell = (page: Page, id: string, col: string) => row(page, id).locator(`td[data-col="${col}"]`);
const count = (page: Page) => page.getByTestId('row-count');
const firstTitle = (page: Page) => rows(page).first().locator('td[data-col="title"] [data-testid="title"]').textContent();
const header = (page: Page, label: string) => page.locator('table[aria-label="ORCA jobs"] thead th').filter({ hasText: new RegExp(`^${label}( [▲▼])?$`) });

/** Every bulk body the page posts, to check what it asked for. */
function bulkBodies(page: Page): Record<string, unknown>[] {
  const asked: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/bulk/') asked.push(r.postDataJSON());
  });
  return asked;
}

/** A downloaded report opened: a real workbook with a sheet of rows, or a real PDF. */
async function openReport(path: string, format: 'xlsx' | 'pdf') {
  const bytes = readFileSync(path);
  if (format === 'pdf') {
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-1024).toString('latin1')).toContain('%%EOF');
    return;
  }
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  expect(wb.worksheets.length).toBeGreaterThan(0);
  expect(wb.worksheets[0].rowCount).toBeGreaterThan(1);
}

describe('the ORCA dashboard in the browser', () => {
  let page: Page;
  const jobs: Job[] = [];
  let asked: Record<string, unknown>[] = [];

  it('given a new account, when the user opens /job/orca/, then it says there is no ORCA job with Upload .csv beside it', async () => {
    ({ page } = await newPage(browser, app.url));
    asked = bulkBodies(page);
    await signedUp(page, app.url, { accountName: 'Orca Dash Fiber', name: 'Pat Office', email, password });
    await page.goto('/job/orca/');
    const empty = page.getByTestId('no-orca-jobs');
    await empty.getByText('No ORCA Jobs to Display.  Please upload a .csv or create a new job').waitFor();
    await empty.getByRole('button', { name: 'Upload .csv' }).waitFor();
  });

  it(`given ${JOBS} ORCA jobs made through the API, when the dashboard opens, then newest first with the count, and it pages as it scrolls`, async () => {
    for (let start = 0; start < JOBS; start += 10) {
      const made = await Promise.all(
        Array.from({ length: Math.min(10, JOBS - start) }, (_, k) => {
          const n = start + k;
          const title = n === 7 ? 'Main Street bore crossing' : `Trench run ${String(n).padStart(3, '0')}`;
          return pageApi<Job>(page, 'POST', '/api/jobs/new/', { form_type: 'attorca', title, job_number: `CJ-${n}`, customer: 'AT&T', completion_date: iso(plusDays(n % 10)) });
        }),
      );
      jobs.push(...made.map((j) => ({ ...j, id: String(j.id) })));
    }
    await app.caughtUp();
    await page.reload();
    await poll(() => count(page).textContent()).toBe(`${JOBS} jobs`);
    const newest = jobs.reduce((a, b) => (Number(a.id) > Number(b.id) ? a : b));
    await poll(() => rows(page).first().getAttribute('data-job-id')).toBe(newest.id);
    // Days left on their colour: 2 days is red, 5 orange (rows near the top: the newest).
    for (const [title, colour] of [['Trench run 122', 'red'], ['Trench run 125', 'orange'], ['Trench run 128', 'none']]) {
      const job = jobs.find((j) => j.title === title)!;
      expect(await cell(page, job.id, 'completion_date').locator('[data-colour]').getAttribute('data-colour')).toBe(colour);
    }
    // The rows of page 2 are fetched as they scroll into view.
    await page.getByTestId('list-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await poll(() => page.locator('table[aria-label="ORCA jobs"] tbody tr[data-index="129"]').count()).toBe(1);
  });

  it('given the dashboard, when the user sorts by title and clicks it again, then it says so, sorts and reverses, and the sort is saved', async () => {
    await header(page, 'Title').getByRole('button').click();
    await seeMessage(page, 'Sort column preference updated, please wait...');
    await poll(() => firstTitle(page)).toBe('Main Street bore crossing');
    await header(page, 'Title').getByRole('button').click();
    await poll(() => firstTitle(page)).toBe(`Trench run ${String(JOBS - 1).padStart(3, '0')}`);
    await poll(async () => (await pageApi(page, 'GET', '/api/jobs/orcas/dashboard_prefs/')).sortType).toBe('title');
    expect((await pageApi(page, 'GET', '/api/jobs/orcas/dashboard_prefs/')).sortReverse).toBe(true);
  });

  it('given the find box, when the user types and then clears it, then the list is narrowed on the server and back', async () => {
    await page.getByLabel('Filter rows').fill('main street');
    await poll(() => count(page).textContent()).toBe('1 job');
    await poll(() => rows(page).count()).toBe(1);
    await page.getByLabel('Clear the filter').click();
    await poll(() => count(page).textContent()).toBe(`${JOBS} jobs`);
  });

  it('given select all, when one row is unticked and the page opened again, then "N jobs, N-1 selected" is restored from the server', async () => {
    await page.getByLabel('Select all matching jobs').check();
    await poll(() => count(page).textContent()).toBe(`${JOBS} jobs, ${JOBS} selected`);
    const first = (await rows(page).first().getAttribute('data-job-id'))!;
    await row(page, first).getByRole('checkbox').uncheck();
    await poll(() => count(page).textContent()).toBe(`${JOBS} jobs, ${JOBS - 1} selected`);
    await poll(async () => (await pageApi(page, 'GET', '/api/jobs/orcas/dashboard_prefs/')).deselected_job_ids).toEqual([first]);
    await page.goto('/job/');
    await page.goto('/job/orca/');
    await poll(() => count(page).textContent()).toBe(`${JOBS} jobs, ${JOBS - 1} selected`);
    expect(await row(page, first).getByRole('checkbox').isChecked()).toBe(false);
    // The sort came back too.
    expect(await header(page, 'Title').getAttribute('aria-sort')).toBe('descending');
    // The header box on "some" selects all; again, none.
    await page.getByLabel('Select all matching jobs').click();
    await poll(() => count(page).textContent()).toBe(`${JOBS} jobs, ${JOBS} selected`);
    await page.getByLabel('Select all matching jobs').click();
    await poll(() => count(page).textContent()).toBe(`${JOBS} jobs`);
  });

  it('given two selected jobs, when the user archives them, then the worker does and they leave the list', async () => {
    const [a, b] = await rows(page).evaluateAll((trs) => trs.slice(0, 2).map((tr) => tr.getAttribute('data-job-id')!));
    await row(page, a).getByRole('checkbox').check();
    await row(page, b).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await seeMessage(page, 'Selected jobs archived');
    expect(asked.at(-1)).toMatchObject({ list: 'orca_jobs', action: 'archive' });
    await poll(() => count(page).textContent()).toBe(`${JOBS - 2} jobs`);
    await poll(() => row(page, a).count()).toBe(0);
  });

  it('given nothing selected, when the user asks for a report, then it asks to cover every matching job and sends the filter', async () => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => dialogs.push(d.message()));
    await page.getByTestId('orca-reports').click();
    await page.getByRole('menuitem', { name: 'Ops report xlsx' }).click();
    await poll(() => dialogs.at(-1)).toBe(`Report all ${JOBS - 2} matching jobs?`);
    await poll(() => asked.at(-1)).toMatchObject({ list: 'orca_jobs', action: 'report', report: 'orca_ops', except: [] });
    await closeReportToasts(page);
  });

  it('given two selected jobs, when the user asks for each report in Excel and PDF, then each is made, downloaded and opens', async () => {
    const ids = await rows(page).evaluateAll((trs) => trs.slice(0, 2).map((tr) => tr.getAttribute('data-job-id')!));
    for (const id of ids) await row(page, id).getByRole('checkbox').check();
    for (const format of ['xlsx', 'pdf'] as const) {
      for (const [label, report] of [['Ops', 'orca_ops'], ['Billing Invoices', 'orca_billing_invoices'], ['Management', 'orca_management'], ['CIBE table', 'orca_cibe_table']] as const) {
        await page.getByTestId('orca-reports').click();
        const download = await reportDownload(page, () => page.getByRole('menuitem', { name: `${label} report ${format}` }).click());
        expect(asked.at(-1)).toMatchObject({ list: 'orca_jobs', action: 'report', report, format });
        expect([...(asked.at(-1)?.ids as string[])].sort()).toEqual([...ids].sort());
        expect(download.suggestedFilename().toLowerCase()).toMatch(new RegExp(`\\.${format}$`));
        await openReport((await download.path())!, format);
      }
    }
    // Reports keep the selection for the next one.
    await poll(() => count(page).textContent()).toBe(`${JOBS - 2} jobs, 2 selected`);
  }, 240_000);

  it('given one selected job, when the user deletes it, then it asks, says "Orca job {number} deleted" and the job is gone', async () => {
    await page.getByLabel('Select all matching jobs').check();
    await page.getByLabel('Select all matching jobs').uncheck();
    const id = (await rows(page).first().getAttribute('data-job-id'))!;
    const number = jobs.find((j) => j.id === id)!.account_job_number;
    await row(page, id).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeMessage(page, `Orca job ${number} deleted`);
    await poll(() => count(page).textContent()).toBe(`${JOBS - 3} jobs`);
  });

  it('given the list sorted by title and scrolled to page 2 with a row selected, when a second browser changes a job there, then it changes in place with who changed it', async () => {
    await header(page, 'Title').getByRole('button').click(); // ascending again
    await poll(() => firstTitle(page)).toBe('Main Street bore crossing');
    const scroll = page.getByTestId('list-scroll');
    await scroll.evaluate((el) => el.scrollTo({ top: 110 * 28 }));
    const target = page.locator('table[aria-label="ORCA jobs"] tbody tr[data-index="112"]');
    await target.waitFor();
    const id = (await target.getAttribute('data-job-id'))!;
    const selected = page.locator('table[aria-label="ORCA jobs"] tbody tr[data-index="111"]');
    const selectedId = (await selected.getAttribute('data-job-id'))!;
    await selected.getByRole('checkbox').check();
    const top = await scroll.evaluate((el) => el.scrollTop);
    await poll(async () => (await pageApi(page, 'GET', '/api/jobs/orcas/dashboard_prefs/')).page_number).toBe(2);

    // Sam, another user of the account, changes it in their own browser.
    const samEmail = `sam.${Date.now()}@example.com`;
    await pageApi(page, 'POST', '/api/settings/users/', { display_name: 'Sam Field', email: samEmail, password });
    const second = await newPage(browser, app.url);
    await signedIn(second.page, samEmail, password);
    const number = jobs.find((j) => j.id === id)!.account_job_number;
    await second.page.goto(`/job/orca/${number}`);
    await second.page.getByTestId('job-title').waitFor();
    await second.page.locator('[data-input="work_status"] select').selectOption('Scheduled');
    await second.page.getByTestId('save-job').click();
    await seeMessage(second.page, 'Saved successfully!');
    await second.context.close();

    await poll(() => cell(page, id, 'work_status').textContent()).toBe('Scheduled');
    expect(await row(page, id).getAttribute('data-index')).toBe('112');
    await poll(() => row(page, id).getByTestId('changed-by').textContent()).toBe('Sam Field');
    expect(await scroll.evaluate((el) => el.scrollTop)).toBe(top);
    expect(await row(page, selectedId).getByRole('checkbox').isChecked()).toBe(true);
    expect(await count(page).textContent()).toBe(`${JOBS - 3} jobs, 1 selected`);
    // After the flash, the row tells who changed it and when.
    await poll(() => row(page, id).getByTestId('changed-recently').getAttribute('aria-label'), { timeout: 6000 }).toMatch(/^changed by Sam Field, (just now|1 min ago)$/);
  });

  it('given the dashboard left on page 2, when opened again, then it is scrolled back to page 2', async () => {
    await page.goto('/job/');
    await page.goto('/job/orca/');
    await poll(() => page.getByTestId('list-scroll').evaluate((el) => el.scrollTop)).toBeGreaterThanOrEqual(100 * 28 - 1);
  });

  it('given public mode, when switched on and refreshed, then the money columns are hidden and the choice is saved', async () => {
    expect(await page.locator('td[data-col="total_job"]').count()).toBeGreaterThan(0);
    await page.getByLabel('Public mode').click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await seeMessage(page, 'Query updated, new request submitted - please wait...');
    await poll(() => page.locator('td[data-col="total_job"]').count()).toBe(0);
    expect(await page.locator('td[data-col="CIBE_job_grand_total_difference"]').count()).toBe(0);
    expect((await pageApi(page, 'GET', '/api/jobs/orcas/dashboard_prefs/')).public_mode).toBe(true);
  });
});
