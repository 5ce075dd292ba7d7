/**
 * The lists the job screens offer (issue 28; docs/jobs.md "Line statuses"), in Debian's chromium
 * against the real app: an ORCA task's materials, invoices and permits offer the ORCA lists and a base
 * job's the base lists; item, change-order and work-order descriptions suggest the article
 * descriptions; the job list's report buttons read 'Robots Working...' while a report is made (no
 * worker here, so the report stays in the making and the words stay to be read).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { ARTICLE_DESCRIPTIONS, BASE_INVOICE_STATUSES, BASE_MATERIAL_STATUSES, ORCA_INVOICE_STATUSES, ORCA_MATERIAL_STATUSES, ORCA_PERMIT_STATUSES } from '@trenchline/domain';
import { startTestApp, type TestApp } from '../support/app.ts';
import { browserTestTimeouts, launchChromium, newPage, screenshot, screenshotsAsked, signedUp } from '../support/browser.ts';

browserTestTimeouts();

let app: TestApp;
let browser: Browser;
let page: Page;
const email = `lists.${Date.now()}@example.com`;

beforeAll(async () => {
  app = await startTestApp('browser_job_line_lists', { web: true });
  browser = await launchChromium();
  ({ page } = await newPage(browser, app.url));
  await signedUp(page, app.url, { accountName: 'Red Dirt Fiber', name: 'Robin Okafor', email, password: 'correct horse battery' });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 5000 });
const section = (title: string) => page.locator(`section[aria-label="${title}"]`).first();
const rows = (title: string) => section(title).locator(`table[data-lines-of="${title}"] > tbody > tr[data-line-id]`);
const drawer = () => page.locator('.mantine-Drawer-content').filter({ has: page.locator('form') });

async function api(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const r = await page.request.fetch(url, { method, headers: { 'X-CSRFToken': decodeURIComponent(token) }, data: body });
  expect(r.status(), `${method} ${url}`).toBeLessThan(300);
  return r.json();
}

/** The statuses a line's panel offers: its first row opened, the Status select's options (drawn open in `shot`). */
async function statusesOffered(title: string, shot?: string): Promise<string[]> {
  await rows(title).first().click();
  const panel = drawer();
  await panel.waitFor();
  const select = panel.getByLabel('Status', { exact: true });
  const offered = await select.locator('option').allTextContents();
  if (shot && screenshotsAsked) {
    // A native select's list is not drawn in a screenshot: shown as a list box for the picture only.
    await select.evaluate((el: HTMLSelectElement) => (el.size = el.options.length));
    await screenshot(panel, shot);
  }
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
  return offered;
}

/** The job page opened by its number, once the number is known to the look-up. */
async function openJob(path: string, number: string, title = 'job-title') {
  await poll(async () => (await api('GET', `/api/jobs/lookup/${number}/`)).account_job_number).toBe(number);
  await page.goto(path);
  await page.getByTestId(title).waitFor();
}

describe('line statuses by form type', () => {
  it("given an ORCA task with a material, an invoice and a permit, when its page is opened, then each offers the ORCA list ('Requested/Ordered', 'Need Cable', the pipeline, 'Issued to Crew')", async () => {
    const job = await api('POST', '/api/jobs/new/', { form_type: 'attorca', title: 'Lists on an ORCA task' });
    const task = await api('POST', `/api/jobs/${job.id}/tasks/`, { job: job.id });
    await api('POST', `/api/jobs/${job.id}/materials/`, { job_task: task.id, description: 'Fiber 288ct', status: 'Need Cable' });
    await api('POST', `/api/jobs/${job.id}/invoices/`, { job_task: task.id, invoice_number: 'INV-1' });
    await api('POST', `/api/jobs/${job.id}/permits/`, { job_task: task.id, permit_number: 'ROW-1', status: 'Issued to Crew' });
    await openJob(`/job/orca/${job.account_job_number}/task/1.1`, job.account_job_number, 'task-title');
    await rows('Materials').first().waitFor();
    expect(await statusesOffered('Materials', 'orca-task-material-statuses')).toEqual(['', ...ORCA_MATERIAL_STATUSES]);
    expect(await statusesOffered('Invoices', 'orca-task-invoice-statuses')).toEqual(['', ...ORCA_INVOICE_STATUSES]);
    expect(await statusesOffered('Permits', 'orca-task-permit-statuses')).toEqual(['', ...ORCA_PERMIT_STATUSES]);
    // The choice is saved as picked.
    await rows('Materials').first().click();
    await drawer().getByLabel('Status', { exact: true }).selectOption('Requested/Ordered');
    await screenshot(page, 'orca-task-material-status');
    await drawer().getByRole('button', { name: /^Save / }).click();
    await drawer().waitFor({ state: 'hidden' });
    await poll(async () => (await api('GET', `/api/jobs/tasks/${task.id}/`)).job_task_materials[0].status).toBe('Requested/Ordered');
  });

  it('given a base job with a material and an invoice, when its page is opened, then they offer the base lists (Ordered, Not Paid ... Denied)', async () => {
    const job = await api('POST', '/api/jobs/new/', { form_type: 'base', title: 'Lists on a base job' });
    await api('POST', `/api/jobs/${job.id}/materials/`, { description: 'Duct 2in', status: 'Ordered' });
    await api('POST', `/api/jobs/${job.id}/invoices/`, { invoice_number: 'INV-B1' });
    await openJob(`/job/${job.account_job_number}`, job.account_job_number);
    await rows('Materials').first().waitFor();
    expect(await statusesOffered('Materials', 'base-job-material-statuses')).toEqual(['', ...BASE_MATERIAL_STATUSES]);
    expect(await statusesOffered('Invoices', 'base-job-invoice-statuses')).toEqual(['', ...BASE_INVOICE_STATUSES]);
  });
});

describe('article descriptions', () => {
  it("given a job's item and work order, when their descriptions are edited, then the article descriptions are offered and a pick fills the text", async () => {
    const job = await api('POST', '/api/jobs/new/', { form_type: 'base', title: 'Article descriptions' });
    await api('POST', `/api/jobs/${job.id}/items/`, { item: 'Crew day' });
    await api('POST', `/api/jobs/${job.id}/work_orders/`, { crew_name: 'Bore Crew 1' });
    await openJob(`/job/${job.account_job_number}`, job.account_job_number);
    await rows('Items').first().click();
    const description: Locator = drawer().getByLabel('Description', { exact: true });
    await description.click();
    const options = page.getByRole('listbox').getByRole('option');
    await poll(() => options.allTextContents()).toEqual([...ARTICLE_DESCRIPTIONS]);
    await screenshot(page, 'job-item-article-descriptions');
    await options.filter({ hasText: '2 PERSON BACKHOE CREW' }).click();
    expect(await description.inputValue()).toBe('2 PERSON BACKHOE CREW');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'hidden' });

    await rows('Work orders').first().click();
    await drawer().getByRole('button', { name: 'Work suggestions' }).click();
    await page.getByRole('menuitem', { name: 'DRILL CREW' }).click();
    expect(await drawer().getByLabel('Work', { exact: true }).inputValue()).toBe('DRILL CREW');
    await drawer().getByRole('button', { name: /^Save / }).click();
    await drawer().waitFor({ state: 'hidden' });
    await poll(async () => (await api('GET', `/api/jobs/${job.id}/work_orders/`))[0].work_description).toBe('DRILL CREW');
  });
});

describe("the list screens' report buttons", () => {
  it("given a selected job on the job list, when the ops report is asked for, then the button reads 'Robots Working...' while it is made", async () => {
    const job = await api('POST', '/api/jobs/new/', { form_type: 'base', title: 'Robots report' });
    await poll(async () => (await api('GET', '/api/jobs/?active=t&archived=f')).some((r: { id: string }) => r.id === job.id)).toBe(true);
    await page.goto('/job/');
    await page.getByLabel(`Select job ${job.account_job_number}`).check();
    await page.getByRole('button', { name: 'Ops report' }).click();
    await page.getByRole('button', { name: 'Robots Working...' }).waitFor();
    await screenshot(page, 'job-list-robots-working');
  });

  it("given a selected project on the project list, when its management report is asked for, then the button reads spec 1's 'AI Working...' while it is made", async () => {
    const project = await api('POST', '/api/projects/', { name: 'AI report project' });
    await poll(async () => (await api('GET', '/api/projects/?active=t&archived=f')).some((r: { id: string }) => r.id === project.id)).toBe(true);
    await page.goto('/project/');
    await page.getByLabel('Select project AI report project').check();
    await page.getByRole('button', { name: 'Management report' }).click();
    await page.getByRole('button', { name: 'AI Working...' }).waitFor();
  });
});
