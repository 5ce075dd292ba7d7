/**
 * Any list as it stood (issue 32), in Debian's chromium against the real app: the job list shown as of
 * an instant between two writes lists the job made before it under its old title and not the one made
 * after, read-only (banner, no New, no bulk writes, no PO edit) with its reports sending as_of; a row
 * opens its record as it stood; Back to now returns the live list. The picker puts as_of in the URL,
 * and all six list screens declared with it show the banner and no New.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { browserApp, iso, newPage, pageApi, plusDays, poll, screenshot, signedUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
browserApp('browser_as_of', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

const password = 'correct horse battery';
type Job = { id: string; account_job_number: string };

const row = (page: Page, id: string) => page.locator(`tbody tr[data-job-id="${id}"]`);
const banner = (page: Page) => page.getByTestId('as-of-banner');
/** The page calls of list `path` among the URLs the screen asked. */
const listCalls = (calls: string[], path: string) => calls.filter((u) => new URL(u).pathname === path && new URL(u).searchParams.has('page'));

async function makeJob(page: Page, title: string): Promise<Job> {
  return pageApi<Job>(page, 'POST', '/api/jobs/new/', { form_type: 'base', work_status: 'Current', title, customer: 'AT&T', start_date: iso(plusDays(-5)) });
}

/** A moment the server's clock has surely passed and its next write will surely be after. */
async function instantBetweenWrites(): Promise<string> {
  const before = Date.now();
  await poll(() => Date.now() - before >= 1100).toBe(true);
  const at = new Date().toISOString();
  const after = Date.now();
  await poll(() => Date.now() - after >= 1100).toBe(true);
  return at;
}

describe('the As of picker', () => {
  let page: Page;
  let kept: Job;
  let later: Job;
  let cut: string;
  const calls: string[] = [];

  it('given a job made, an instant, then a job made and the first renamed, when the job list is shown as of the instant, then it lists the first under its old title, not the second, read-only', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'As Of Boring', name: 'Ann Auditor', email: `asof.${Date.now()}@example.com`, password });
    kept = await makeJob(page, 'Main St bore before the cut');
    cut = await instantBetweenWrites();
    later = await makeJob(page, 'Elm St bore after the cut');
    await pageApi(page, 'PUT', `/api/jobs/${kept.id}/`, { title: 'Main St bore renamed later' });
    page.on('request', (r: Request) => calls.push(r.url()));

    await page.goto(`/job/?as_of=${encodeURIComponent(cut)}`);
    await banner(page).waitFor();
    await expect.poll(() => banner(page).innerText()).toMatch(/^As it stood on \d\d\/\d\d\/\d{4} \d\d:\d\d — read-only\./);
    await row(page, kept.id).waitFor();
    expect(await row(page, kept.id).innerText()).toContain('Main St bore before the cut');
    expect(await row(page, later.id).count()).toBe(0);
    await screenshot(page, 'as-of-job-list');
    // Every page call of the screen carried the instant.
    const asked = listCalls(calls, '/api/jobs/');
    expect(asked.length).toBeGreaterThan(0);
    for (const u of asked) expect(new URL(u).searchParams.get('as_of')).toBe(cut);
    // Read-only: no New, no bulk writes; reports stay.
    expect(await page.getByRole('button', { name: 'New job' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Archive', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ops report' }).count()).toBe(1);
    expect(await row(page, kept.id).getByRole('button', { name: /PO data/ }).count()).toBe(0);
  }, 60_000);

  it('when a report is asked from the as-of list, then its request sends as_of', async () => {
    await page.getByRole('checkbox', { name: 'Select all matching jobs' }).check();
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/bulk/' && r.method() === 'POST');
    await page.getByRole('button', { name: 'Ops report' }).click();
    const body = (await sent).postDataJSON() as { as_of?: string; filter?: Record<string, string>; action: string };
    expect(body.action).toBe('report');
    expect(body.as_of).toBe(cut);
    expect(body.filter?.as_of).toBe(cut);
  }, 30_000);

  it('when a row is opened, then its job opens as it stood then; Back to now returns the live list with both jobs', async () => {
    await page.goto(`/job/?as_of=${encodeURIComponent(cut)}`);
    await row(page, kept.id).locator('td').nth(1).click();
    await page.waitForURL((u) => u.pathname !== '/job/');
    expect(new URL(page.url()).searchParams.get('as_of')).toBe(cut);
    await banner(page).waitFor();

    await page.goto(`/job/?as_of=${encodeURIComponent(cut)}`);
    await banner(page).getByRole('button', { name: 'Back to now' }).click();
    await page.waitForURL((u) => !u.searchParams.has('as_of'));
    await row(page, later.id).waitFor();
    expect(await row(page, kept.id).innerText()).toContain('Main St bore renamed later');
    expect(await banner(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New job' }).count()).toBe(1);
  }, 30_000);

  it('when an instant is picked in the picker, then as_of joins the URL (the find box kept) and the banner shows', async () => {
    await page.goto('/locate/');
    await page.getByLabel('Filter rows').fill('bore');
    await page.getByLabel('As of').click();
    // Today's day in the calendar, then the picker's check button.
    const today = new Date();
    await page.locator(`button[data-today]:not([data-outside]):not([data-hidden])`).first().click();
    await page.getByRole('button', { name: 'Show as of' }).click();
    await page.waitForURL((u) => u.searchParams.has('as_of'));
    const picked = new URL(page.url()).searchParams.get('as_of')!;
    expect(new Date(picked).getDate()).toBe(today.getDate());
    expect(picked).toMatch(/[+-]\d\d:\d\d$/);
    await banner(page).waitFor();
    expect(await page.getByLabel('Filter rows').inputValue()).toBe('bore');
    expect(await page.getByRole('button', { name: 'New locate' }).count()).toBe(0);
  }, 30_000);

  it('when each list declared with it is opened as of an instant, then each shows the banner and offers no New', async () => {
    const screens: [string, string[]][] = [
      ['/job/', ['New job']],
      ['/job/orca/', ['New ORCA job', 'Upload .csv']],
      ['/job/orca/billing/', []],
      ['/locate/', ['New locate']],
      ['/ticket/', ['New ticket', 'Approve']],
      ['/rfq/', ['New RFQ']],
    ];
    for (const [path, writes] of screens) {
      await page.goto(`${path}?as_of=${encodeURIComponent(cut)}`);
      await banner(page).waitFor();
      for (const name of writes) expect(await page.getByRole('button', { name, exact: true }).count(), `${path}: ${name}`).toBe(0);
      expect(await page.getByRole('button', { name: 'Delete', exact: true }).count(), `${path}: Delete`).toBe(0);
    }
  }, 60_000);
});
