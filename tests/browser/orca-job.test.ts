/**
 * The ORCA job and task pages as a coordinator works them, in Debian's chromium against the real app:
 * an ORCA job made from /job/orca/, a task added (the server gives 1.1), CIBE lines added with an SVA
 * code (description and price filled), a line zeroed and one inserted above another, a range of rows
 * selected with shift-click, permits moving the job's and the task's expiry, a CIBE email generated
 * and logged, and the task deleted.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { iso, newPage, plusDays, seeMessage, browserApp, poll, section, lineRows, drawer, pageCall, signedUp, signedIn } from '../support/browser.ts';
import { addLines } from '../support/seed.ts';

let app: TestApp;
let browser: Browser;
const email = `orca.${Date.now()}@example.com`;
const password = 'correct horse battery';

browserApp('browser_orca_job', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

const cibeRows = (page: Page) => page.locator('table[aria-label="CIBE lines"] tbody tr[data-line-id]');
const cibeRow = (page: Page, n: number) => page.locator(`table[aria-label="CIBE lines"] tbody tr[data-line-number="${n}"]`);
const cell = (row: Locator, col: string) => row.locator(`td[data-col="${col}"]`);

function recordDialogs(page: Page): string[] {
  const asked: string[] = [];
  page.on('dialog', (d) => asked.push(d.message()));
  return asked;
}

describe('the ORCA job and task pages in the browser', () => {
  let page: Page;
  let dialogs: string[];
  let jobId = '';
  let jobNumber = '';
  let taskLineId = '';

  it('given a new account, when the user opens /job/orca/ and makes a new ORCA job, then its page opens with the ORCA lists', async () => {
    ({ page } = await newPage(browser, app.url));
    dialogs = recordDialogs(page);
    await signedUp(page, app.url, { accountName: 'Red Dirt Fiber', name: 'Robin Okafor', email, password });
    expect((await pageCall(page, 'POST', '/api/settings/jobs/sva_codes/', { code: 'A-100', description: 'Bore 2in duct', uom: 'FT', rate: 12.5 })).status).toBe(201);
    expect((await pageCall(page, 'POST', '/api/settings/jobs/sva_coordinators/', { coordinator_code: 'PL01', coordinator: 'Pat Lee', coord_phone1: '555-0110', coordinator_email: 'pat.lee@att.example' })).status).toBe(201);
    await page.goto('/job/orca/');
    await page.getByText('No ORCA Jobs to Display.  Please upload a .csv or create a new job').waitFor();
    await page.getByRole('button', { name: 'New ORCA job' }).click();
    await page.waitForURL(/\/job\/orca\/[^/]+$/);
    await page.getByTestId('job-title').waitFor();
    jobNumber = decodeURIComponent(page.url().split('/').pop()!);
    const found = await pageCall(page, 'GET', `/api/jobs/lookup/${jobNumber}/`);
    jobId = found.body.id;
    expect(await page.getByTestId('job-status').textContent()).toBe('New');
    // Every ORCA list is offered: NEED STATUS first (after blank) where the spec has it.
    const pit = await page.locator('[data-input="pit_status"] select option').allTextContents();
    expect(pit.slice(0, 3)).toEqual(['', 'NEED STATUS', 'No Pits']);
    await page.locator('[data-input="invoice_status"] select').selectOption('Ready To Invoice');
    await page.getByTestId('save-job').click();
    await seeMessage(page, 'Saved successfully!');
  });

  it('given the job, when the user adds a task, then it is 1.1 with its totals and opens its task page', async () => {
    await page.getByRole('button', { name: 'Add task' }).click();
    await seeMessage(page, 'Task 1.1 added');
    const tasks = section(page, 'Tasks');
    await poll(() => lineRows(tasks, 'Tasks').count()).toBe(1);
    expect(await lineRows(tasks, 'Tasks').first().textContent()).toContain('1.1');
    await tasks.getByRole('link', { name: 'Open task 1.1' }).click();
    await page.waitForURL(new RegExp(`/job/orca/${jobNumber}/task/1\\.1$`));
    await page.getByTestId('task-title').filter({ hasText: 'Task 1.1' }).waitFor();
    const job = await pageCall(page, 'GET', `/api/jobs/${jobId}/`);
    taskLineId = job.body.tasks[0].id;
    await page.getByTestId('task-totals').waitFor();
  });

  it('given the task page, when the user types a coordinator code and a title and saves, then the coordinator is filled and kept', async () => {
    await page.locator('[data-input="coordinator_code"] input').fill('PL01');
    await poll(() => page.locator('[data-input="coordinator"] input').inputValue()).toBe('Pat Lee');
    await page.locator('[data-input="title"] input').fill('Bore Main St. crossing');
    await page.getByTestId('save-task').click();
    await seeMessage(page, 'Task 1.1 Saved successfully!');
    await page.reload();
    await poll(() => page.locator('[data-input="coordinator_email"] input').inputValue()).toBe('pat.lee@att.example');
    expect(await page.getByTestId('task-title').textContent()).toContain('Bore Main St. crossing');
  });

  it('given the task page open in a second browser, when a CIBE line is added to the task, then the second shows it without a reload', async () => {
    const second = await newPage(browser, app.url);
    await signedIn(second.page, email, password);
    await second.page.goto(`/job/orca/${jobNumber}/task/1.1/`);
    await second.page.getByTestId('task-title').filter({ hasText: 'Task 1.1' }).waitFor();
    expect((await pageCall(page, 'POST', `/api/jobs/${jobId}/cibeitems/`, { job_task: taskLineId, issued_item_code: 'LIVE-1', issued_item_qty: 1 })).status).toBe(201);
    await poll(() => second.page.locator('table[aria-label="CIBE lines"] td[data-col="issued_item_code"]').allTextContents()).toContain('LIVE-1');
    await second.context.close();
    const line = (await pageCall(page, 'GET', `/api/jobs/${jobId}/cibeitems/`)).body.find((l: { issued_item_code: string }) => l.issued_item_code === 'LIVE-1');
    expect((await pageCall(page, 'DELETE', `/api/jobs/cibeitems/${line.id}`)).status).toBeLessThan(300);
    await poll(() => cibeRows(page).count()).toBe(0);
  });

  it('given the task page, when the user adds CIBE lines with an SVA code, then description and price are filled and the totals computed', async () => {
    for (const qty of ['10', '4', '6']) {
      await page.getByRole('combobox', { name: 'New line SVA code' }).fill('A-100');
      await page.getByRole('option', { name: /^A-100/ }).first().click();
      await page.getByLabel('New line issued qty').fill(qty);
      await page.getByRole('button', { name: 'Add CIBE line' }).click();
      await seeMessage(page, 'CIBE line successfully saved!');
    }
    await poll(() => cibeRows(page).count()).toBe(3);
    const first = cibeRow(page, 1);
    expect(await cell(first, 'issued_item_description').textContent()).toBe('Bore 2in duct');
    expect(await cell(first, 'issued_item_price').textContent()).toBe('$12.50');
    expect(await cell(first, 'issued_item_total').textContent()).toBe('$125.00');
    // No CIBE qty yet: the difference and the CIBE total are blank.
    expect(await cell(first, 'CIBE_item_total').textContent()).toBe('');
    // A fourth line straight from the API: the page shows it too.
    expect((await pageCall(page, 'POST', `/api/jobs/${jobId}/cibeitems/`, { job_task: taskLineId, issued_item_code: 'A-100', issued_item_qty: 2, CIBE_item_qty: 3 })).status).toBe(201);
    await poll(() => cibeRows(page).count()).toBe(4);
  });

  it('given a CIBE line, when the user sets its CIBE qty in its panel, then its difference and CIBE total show', async () => {
    await page.getByRole('button', { name: 'Edit line 2' }).click();
    const panel = drawer(page);
    await panel.getByLabel('CIBE qty', { exact: true }).fill('7');
    await panel.getByRole('button', { name: 'Save CIBE line' }).click();
    await seeMessage(page, 'CIBE line successfully saved!');
    await poll(() => cell(cibeRow(page, 2), 'CIBE_item_qty_diff').textContent()).toBe('3');
    expect(await cell(cibeRow(page, 2), 'CIBE_item_total').textContent()).toBe('$87.50');
  });

  it('given a CIBE line, when the user zeroes it, then the server says so and its CIBE qty is 0', async () => {
    await page.getByRole('button', { name: 'Zero line 2' }).click();
    await seeMessage(page, 'A-100 Quantity 7 changed to 0');
    await poll(() => cell(cibeRow(page, 2), 'CIBE_item_qty').textContent()).toBe('0');
    expect(await cibeRow(page, 2).getAttribute('data-zeroed')).toBe('true');
  });

  it('given lines, when the user inserts a line above line 2, then it says so and the lines after move up one', async () => {
    await page.getByRole('button', { name: 'Insert a line above line 2' }).click();
    await seeMessage(page, 'Line 2 inserted');
    await poll(() => cibeRows(page).count()).toBe(5);
    await poll(() => cell(cibeRow(page, 3), 'CIBE_item_qty').textContent()).toBe('0');
    expect(await cell(cibeRow(page, 2), 'issued_item_code').textContent()).toBe('');
  });

  it('given the CIBE table, when the user clicks one row and shift-clicks another, then it asks and selects both and the rows between', async () => {
    await cibeRow(page, 1).getByRole('checkbox').click();
    const asked = dialogs.length;
    await cibeRow(page, 4).getByRole('checkbox').click({ modifiers: ['Shift'] });
    await poll(() => dialogs[asked]).toBe('Select rows between 1 and 4?');
    await poll(() => page.getByTestId('cibe-count').textContent()).toBe('5 lines · 4 selected');
    for (const n of [1, 2, 3, 4]) expect(await cibeRow(page, n).getAttribute('aria-selected')).toBe('true');
    expect(await cibeRow(page, 5).getAttribute('aria-selected')).toBe('false');
    // The selection zeroed in one write.
    await page.getByRole('button', { name: 'Zero selected' }).click();
    await poll(() => cell(cibeRow(page, 1), 'CIBE_item_qty').textContent()).toBe('0');
    await poll(() => page.getByTestId('cibe-count').textContent()).toBe('5 lines');
  });

  it('given the task, when the user adds a permit expiring in 10 days and another in 5, then the job and the task take the earliest date', async () => {
    const permits = section(page, 'Permits');
    for (const [number, days] of [['P-1', 10], ['P-2', 5]] as const) {
      const before = await lineRows(permits, 'Permits').count();
      await permits.getByRole('button', { name: 'Add permit', exact: true }).click();
      await poll(() => lineRows(permits, 'Permits').count()).toBe(before + 1);
      const panel = drawer(page);
      await panel.getByLabel('Permit #', { exact: true }).fill(number);
      await panel.getByRole('button', { name: /^Save / }).click();
      await seeMessage(page, 'Permits successfully saved!');
      await panel.waitFor({ state: 'hidden' });
      const line = (await pageCall(page, 'GET', `/api/jobs/${jobId}/permits/`)).body.find((p: { permit_number: string }) => p.permit_number === number);
      // The date goes in as another screen would set it; the page follows live.
      expect((await pageCall(page, 'PUT', `/api/jobs/permits/${line.id}`, { expiration_date: iso(plusDays(days)) })).status).toBe(200);
      await poll(async () => (await pageCall(page, 'GET', `/api/jobs/${jobId}/`)).body.permit_expiration_date).toBe(iso(plusDays(days)));
    }
    await poll(() => section(page, 'Permits').locator('td[data-column="permit_days_left"] [data-colour="orange"]').count()).toBe(1);
    // The task's own date follows live on its page; the job's shows its days left on the job page.
    await poll(() => page.locator('[data-input="task_permit_expiration_date"] input[type=hidden]').inputValue()).toBe(iso(plusDays(5)));
    await page.goto(`/job/orca/${jobNumber}`);
    await poll(() => page.getByTestId('permit_days_left').textContent()).toBe('5');
    await page.goto(`/job/orca/${jobNumber}/task/1.1/`);
    await page.getByTestId('task-title').filter({ hasText: 'Task 1.1' }).waitFor();
  });

  it('given lines that differ, when the user generates a CIBE email, then it shows as Initial and the activity is logged', async () => {
    await page.getByRole('button', { name: 'Generate CIBE email' }).click();
    await seeMessage(page, 'CIBE email generated');
    const emails = section(page, 'CIBE emails');
    await poll(() => emails.getByTestId('email-status').count()).toBe(1);
    expect(await emails.getByTestId('email-status').textContent()).toBe('Initial');
    await emails.getByLabel('Email status').selectOption('In Process');
    await poll(() => emails.getByTestId('email-status').textContent()).toBe('In Process');
    await poll(async () => ((await pageCall(page, 'GET', '/api/settings/user_app_activities/?limit=5')).body as Record<string, unknown>[]).some((a) => a.function === 'generate_cibe_email' && a.job_number === jobNumber)).toBe(true);
  });

  it('given the task history, when the user opens the task as it stood when it was made, then it shows no CIBE line, read-only', async () => {
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    // Newest first: the last entry is the task's creation.
    await history.getByRole('button', { name: 'As of this' }).last().click();
    await page.getByTestId('as-of-banner').waitFor();
    await page.getByTestId('task-title').filter({ hasText: 'Task 1.1' }).waitFor();
    expect(await cibeRows(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add CIBE line' }).count()).toBe(0);
    await page.getByTestId('as-of-banner').getByRole('button', { name: 'Back to now' }).click();
    await poll(() => cibeRows(page).count()).toBe(5);
  });

  it('given the task page, when the user deletes the task and confirms, then the ORCA list opens and the task is gone', async () => {
    const asked = dialogs.length;
    await page.getByTestId('delete-task').click();
    await page.waitForURL(/\/job\/orca\/$/);
    expect(dialogs[asked]).toBe('Are you sure you want to delete this?');
    const job = await pageCall(page, 'GET', `/api/jobs/${jobId}/`);
    expect(job.body.tasks).toEqual([]);
    expect(job.body.cibeitems).toEqual([]);
  });

  it('given the job page, when the user opts out of the CIBE lines tip, then it goes and stays gone', async () => {
    await page.goto(`/job/orca/${jobNumber}`);
    const tip = section(page, 'CIBE lines').locator('xpath=..').getByText('Pick an SVA code');
    await tip.waitFor();
    await page.getByRole('button', { name: "Don't show again" }).first().click();
    await tip.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByTestId('job-title').waitFor();
    await section(page, 'Permits').waitFor();
    expect(await page.getByText('Pick an SVA code').count()).toBe(0);
  });

  it('given 150 CIBE lines on the job, when its page opens, then only the rows in view are drawn and the last scrolls into view', async () => {
    const me = (await pageCall(page, 'GET', '/api/auth/me')).body.user;
    await addLines(app, me, { collection: 'job_cibe_items', recordId: jobId, lines: Array.from({ length: 150 }, (_, n) => ({ issued_item_code: 'A-100', issued_item_qty: n + 1 })) });
    await page.reload();
    await poll(() => page.getByTestId('cibe-count').textContent()).toBe('150 lines');
    expect(await cibeRows(page).count()).toBeLessThan(40);
    await page.getByTestId('cibe-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await cibeRow(page, 150).waitFor();
  });
});
