/**
 * The ORCA CSV import and the billing dashboard (/job/orca/billing/) in Debian's chromium against the
 * real app: the template downloaded, a file with a bad cell previewed (the cell named, Import
 * disabled), the fixed file imported with its progress, then the imported jobs' invoices on the
 * billing dashboard: the status pipeline's counts and amounts, sort, find, public mode, a status
 * changed elsewhere appearing live, one line deleted and the rest deleted in bulk.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { newPage, pageApi, seeMessage, browserApp, poll, signedUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `orcabill.${Date.now()}@example.com`;
const password = 'correct horse battery';

browserApp('browser_orca_billing', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

type Job = { id: string; account_job_number: string; job_number: string; title: string };

const modal = (page: Page) => page.locator('.mantine-Modal-content');
const billingRows = (page: Page) => page.locator('table[aria-label="ORCA invoices"] tbody tr[data-billing-id]');
const step = (page: Page, status: string) => page.locator(`[data-testid="billing-pipeline"] [data-status="${status}"]`);

const HEADER = 'job_number,title,customer,task_id,line_number,issued_item_code,issued_item_description,issued_item_qty,issued_item_price,CIBE_item_qty';
/** Two jobs, three tasks, four CIBE lines; `qty` is the third row's issued quantity. */
const csv = (qty: string) =>
  [
    HEADER,
    'IMP-100,Elm St. bore,AT&T,1.1,1,A-100,Bore 2in duct,10,$12.50,',
    `IMP-100,Elm St. bore,AT&T,1.1,2,A-200,Pull fiber,${qty},"$1,000.00",5`,
    'IMP-100,Elm St. bore,AT&T,1.2,1,A-100,Bore 2in duct,4,12.5,',
    'IMP-200,Oak Ave. trench,AT&T,1.1,1,B-100,Trench 24in,100,3,120',
  ].join('\n') + '\n';

async function chooseCsv(page: Page, name: string, text: string) {
  await modal(page).locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

describe('the ORCA CSV import in the browser', () => {
  let page: Page;

  it('given the dashboard, when the user opens Upload .csv, then the template link gives the header and example rows', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Orca Billing Fiber', name: 'Pat Office', email, password });
    await page.goto('/job/orca/');
    await page.getByTestId('no-orca-jobs').getByRole('button', { name: 'Upload .csv' }).click();
    const link = modal(page).getByTestId('import-template');
    expect(await link.getAttribute('href')).toBe('/api/jobs/orcas/import/template/');
    const r = await page.request.get('/api/jobs/orcas/import/template/');
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type']).toContain('text/csv');
    const lines = (await r.text()).trim().split(/\r?\n/);
    expect(lines[0].toLowerCase()).toContain('job_number');
    expect(lines).toHaveLength(4);
  });

  it('given a file with a bad quantity, when chosen, then the preview names the cell and Import stays disabled', async () => {
    await chooseCsv(page, 'orca bad.csv', csv('ten'));
    const errors = modal(page).locator('table[aria-label="Import errors"] tbody tr');
    await poll(() => errors.count()).toBe(1);
    expect(await errors.first().locator('td').first().textContent()).toMatch(/^Line 3, column issued_item_qty: .+/);
    expect(await modal(page).getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
  });

  it('given the fixed file, when previewed and imported, then the summary, the progress and the result show and the jobs are on the dashboard', async () => {
    await chooseCsv(page, 'orca fixed.csv', csv('2'));
    await poll(() => modal(page).getByTestId('import-summary').textContent()).toBe('4 rows: 2 jobs (2 new, 0 existing), 3 tasks, 4 CIBE lines');
    expect(await modal(page).locator('table[aria-label="Import errors"]').count()).toBe(0);
    const importButton = modal(page).getByRole('button', { name: 'Import' });
    expect(await importButton.isDisabled()).toBe(false);
    // Each job is slowed so the live progress can be seen (the worker runs in this process).
    process.env.BULK_STEP_DELAY_MS = '700';
    try {
      await importButton.click();
      await poll(() => modal(page).getByTestId('import-progress-text').textContent(), { timeout: 15_000 }).toMatch(/^Importing\.\.\. \d+ of \d+$/);
      // The import can be stopped while it runs.
      expect(await modal(page).getByTestId('import-stop').isVisible()).toBe(true);
      await modal(page).getByTestId('import-result').waitFor({ timeout: 30_000 });
    } finally {
      delete process.env.BULK_STEP_DELAY_MS;
    }
    expect(await modal(page).getByTestId('import-result').textContent()).toContain('Import done');
    await modal(page).getByRole('button', { name: 'Close' }).click();
    await poll(() => page.getByTestId('row-count').textContent()).toBe('2 jobs');
    await poll(() => page.locator('td[data-col="job_number"]').allTextContents()).toEqual(expect.arrayContaining(['IMP-100', 'IMP-200']));
  });

  it('given the same file again, when previewed, then both jobs exist and importing it adds nothing', async () => {
    await page.getByRole('button', { name: 'Upload .csv' }).first().click();
    await chooseCsv(page, 'orca fixed.csv', csv('2'));
    await poll(() => modal(page).getByTestId('import-summary').textContent()).toContain('(0 new, 2 existing)');
    await modal(page).getByRole('button', { name: 'Import' }).click();
    await modal(page).getByTestId('import-result').waitFor({ timeout: 30_000 });
    await modal(page).getByRole('button', { name: 'Close' }).click();
    const jobs = (await pageApi<{ results: Job[] }>(page, 'GET', '/api/jobs/orcas/?page=1')).results;
    expect(jobs).toHaveLength(2);
    const elm = jobs.find((j) => j.job_number === 'IMP-100')!;
    expect((await pageApi<unknown[]>(page, 'GET', `/api/jobs/${elm.id}/cibeitems/`)).length).toBe(3);
  });
});

describe('the ORCA billing dashboard in the browser', () => {
  let page: Page;
  let jobs: Job[] = [];
  const invoices: Record<string, string> = {};

  it('given invoices on the imported jobs and a task, when the billing tab opens, then every line shows and the pipeline counts them', async () => {
    ({ page } = await newPage(browser, app.url));
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.locator('input[type=password]').fill(password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/bid/');
    jobs = (await pageApi<{ results: Job[] }>(page, 'GET', '/api/jobs/orcas/?page=1')).results;
    const elm = jobs.find((j) => j.job_number === 'IMP-100')!;
    const oak = jobs.find((j) => j.job_number === 'IMP-200')!;
    const task = (await pageApi<{ tasks: { id: string; task_id: string }[] }>(page, 'GET', `/api/jobs/${elm.id}/`)).tasks.find((t) => t.task_id === '1.2')!;
    for (const [job, body] of [
      [elm, { invoice_number: 'INV-1', invoice_amount: 1200, status: 'Submitted' }],
      [elm, { invoice_number: 'INV-2', invoice_amount: 300, status: 'Paid', job_task: task.id }],
      [oak, { invoice_number: 'INV-3', invoice_amount: 50, status: 'Submitted' }],
      [oak, { invoice_number: 'INV-4', invoice_amount: 75, status: 'Not Ready' }],
    ] as const) {
      const line = await pageApi<{ id: string }>(page, 'POST', `/api/jobs/${job.id}/invoices/`, body);
      invoices[body.invoice_number] = String(line.id);
    }
    await app.caughtUp();
    await page.goto('/job/orca/');
    await page.getByRole('tab', { name: 'Billing' }).click();
    await page.waitForURL('**/job/orca/billing/');
    await poll(() => billingRows(page).count()).toBe(4);
    await poll(() => step(page, 'Submitted').getByTestId('status-count').textContent()).toMatch(/^2/);
    expect(await step(page, 'Submitted').getByTestId('status-amount').textContent()).toBe('$1,250.00');
    expect(await step(page, 'Paid').getAttribute('data-paid-stage')).toBe('true');
    expect(await step(page, 'Not Ready').getAttribute('data-paid-stage')).toBe('false');
    expect(await page.locator(`tr[data-billing-id="${invoices['INV-2']}"] td[data-col="task_id"]`).textContent()).toBe('1.2');
    expect(await page.locator(`tr[data-billing-id="${invoices['INV-1']}"] td[data-col="days_in_status"]`).textContent()).toBe('0 days');
  });

  it('given the billing rows, when sorted by amount twice and found by invoice number, then the server sorts, reverses and narrows', async () => {
    const amounts = () => billingRows(page).locator('td[data-col="invoice_amount"]').allTextContents();
    await page.locator('table[aria-label="ORCA invoices"] thead').getByRole('button', { name: /^Amount/ }).click();
    await poll(amounts).toEqual(['$50.00', '$75.00', '$300.00', '$1,200.00']);
    await page.locator('table[aria-label="ORCA invoices"] thead').getByRole('button', { name: /^Amount/ }).click();
    await poll(amounts).toEqual(['$1,200.00', '$300.00', '$75.00', '$50.00']);
    await page.getByLabel('Filter rows').fill('INV-3');
    await poll(() => billingRows(page).count()).toBe(1);
    await page.getByLabel('Clear the filter').click();
    await poll(() => billingRows(page).count()).toBe(4);
  });

  it('given a status picked on the strip, when clicked, then only its lines show; clicked again, all', async () => {
    await step(page, 'Submitted').click();
    await poll(() => billingRows(page).count()).toBe(2);
    await step(page, 'Submitted').click();
    await poll(() => billingRows(page).count()).toBe(4);
  });

  it('given the page open, when an invoice is approved elsewhere, then its row and the strip follow live', async () => {
    const oak = jobs.find((j) => j.job_number === 'IMP-200')!;
    await pageApi(page, 'PUT', `/api/jobs/invoices/${invoices['INV-4']}`, { status: 'Approved' });
    await poll(() => page.locator(`tr[data-billing-id="${invoices['INV-4']}"] td[data-col="status"]`).textContent()).toBe('Approved');
    await poll(() => step(page, 'Not Ready').getByTestId('status-count').textContent()).toMatch(/^0/);
    expect(oak.id).toBeTruthy();
  });

  it('given public mode, when switched on, then amounts are hidden on the rows and the strip', async () => {
    await page.getByLabel('Public mode').click();
    await poll(() => page.locator('td[data-col="invoice_amount"]').count()).toBe(0);
    expect(await page.getByTestId('status-amount').count()).toBe(0);
    await page.getByLabel('Public mode').click();
    await poll(() => page.locator('td[data-col="invoice_amount"]').count()).toBe(4);
  });

  it('given one line, when its delete is confirmed, then it goes from its job', async () => {
    await page.getByRole('button', { name: 'Actions for invoice INV-3' }).click();
    await page.getByRole('menuitem', { name: 'Delete invoice line' }).click();
    await seeMessage(page, 'Invoice INV-3 deleted');
    await poll(() => billingRows(page).count()).toBe(3);
  });

  it('given all lines selected, when deleted in bulk, then the worker deletes them with its progress and none is left', async () => {
    await page.getByLabel('Select all matching invoices').check();
    await poll(() => page.getByTestId('row-count').textContent()).toBe('3 invoices, 3 selected');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeMessage(page, 'Selected billing records deleted');
    await poll(() => billingRows(page).count()).toBe(0);
    await page.getByText('No ORCA invoices to display.', { exact: false }).waitFor();
  });
});
