/**
 * The audit trail (/audit/, issue 32) as an auditor works it, in Debian's chromium against the real
 * app: the account's events newest first with who, the record (linking to it, and to it as it stood),
 * what happened and each change; filters kept in the URL so a link reproduces the view; XLSX and CSV
 * exports through the report toast; "Verify history" healthy, then red at the event edited by SQL.
 */
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { browserApp, iso, newPage, pageApi, plusDays, poll, reportDownload, screenshot, signedUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
browserApp('browser_audit', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

const password = 'correct horse battery';
type Job = { id: string; account_job_number: string };

const rows = (page: Page) => page.locator('tbody tr[data-position]');
const cellsOf = (page: Page, col: string) => page.locator(`tbody tr[data-position] td[data-col="${col}"]`).allInnerTexts();
/** Each row's event position in the store's order ('<transaction>:<global>'). */
const positions = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-position') ?? ''));

describe('the audit trail', () => {
  let page: Page;
  let job: Job;

  it('given a job made and renamed, when /audit/ is opened from the navigation, then the events are listed newest first with who, the record and the change in words', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Trail Boring', name: 'Ann Auditor', email: `audit.${Date.now()}@example.com`, password });
    job = await pageApi<Job>(page, 'POST', '/api/jobs/new/', { form_type: 'base', work_status: 'Current', title: 'Main St bore', customer: 'AT&T', start_date: iso(plusDays(-3)) });
    await pageApi(page, 'PUT', `/api/jobs/${job.id}/`, { title: 'Main St bore phase 2' });

    await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Audit trail' }).click();
    await page.waitForURL('**/audit/');
    await rows(page).first().waitFor();
    expect((await positions(page)).every((p) => /^\d+:\d+$/.test(p))).toBe(true);
    // Newest first by event time, ties by position (two commands at once may commit in the other order).
    const trail = () => pageApi<{ results: { position: string; at: string }[] }>(page, 'GET', '/api/audit/?page=1&page_size=100');
    const times = (await trail()).results.map((r) => Date.parse(r.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The screen shows the API's order; an event the account writes meanwhile (its user's activity) shows after a reload.
    await poll(async () => {
      const api = (await trail()).results.map((r) => r.position).join(' ');
      if ((await positions(page)).join(' ') === api) return true;
      await page.reload();
      await rows(page).first().waitFor();
      return false;
    }, { timeout: 30_000 }).toBe(true);
    // The newest job event is the rename: its record links to the job, its change reads old → new.
    const renamed = rows(page).filter({ hasText: 'phase 2' }).first();
    await renamed.waitFor();
    expect(await renamed.locator('td[data-col="changes"]').innerText()).toMatch(/title: Main St bore → Main St bore phase 2/);
    expect(await renamed.locator('td[data-col="user_name"]').innerText()).toContain('Ann Auditor');
    expect(await renamed.getByTestId('audit-record').getAttribute('href')).toMatch(/^\/job\//);
    await screenshot(page, 'audit');
  }, 60_000);

  it('when an area is chosen and words searched, then the URL keeps them and the same link opened again shows the same rows', async () => {
    await page.getByRole('combobox', { name: 'Area', exact: true }).click();
    await page.getByRole('option', { name: 'jobs', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('area') === 'jobs');
    await poll(async () => (await cellsOf(page, 'area')).every((a) => a === 'jobs')).toBe(true);
    await page.getByLabel('Filter rows').fill('phase 2');
    await page.waitForURL((u) => u.searchParams.get('q') === 'phase 2');
    await poll(async () => (await rows(page).count()) > 0 && (await rows(page).allInnerTexts()).every((t) => t.includes('phase 2'))).toBe(true);
    const shown = await positions(page);

    const link = page.url();
    const { page: other } = await newPage(browser, app.url);
    await other.context().addCookies(await page.context().cookies());
    await other.goto(link);
    await rows(other).first().waitFor();
    await poll(() => positions(other)).toEqual(shown);
    expect(await other.getByLabel('Filter rows').inputValue()).toBe('phase 2');
    expect(await other.getByRole('combobox', { name: 'Area', exact: true }).inputValue()).toBe('jobs');
    await other.context().close();
  }, 60_000);

  it('when a record is opened from its row, then the job opens; "then" opens it as it stood after that event', async () => {
    const first = rows(page).first();
    const then = await first.getByTestId('audit-record-then').getAttribute('href');
    expect(then).toMatch(/as_of=/);
    await first.getByTestId('audit-record').click();
    await page.waitForURL((u) => u.pathname !== '/audit/');
    await page.goBack();
    await rows(page).first().waitFor();
    await rows(page).first().getByTestId('audit-record-then').click();
    await page.waitForURL((u) => u.searchParams.has('as_of'));
    await page.getByTestId('as-of-banner').waitFor();
  }, 30_000);

  it('when the filtered trail is exported as XLSX and CSV, then each comes from the report toast', async () => {
    await page.goto('/audit/?area=jobs');
    await rows(page).first().waitFor();
    const xlsx = await reportDownload(page, () => page.getByRole('button', { name: 'Export XLSX' }).click());
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const csv = await reportDownload(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  }, 120_000);

  it('when Verify history is asked on a healthy store, then it says what it checked; after an event is edited by SQL, it names the broken position in red', async () => {
    await page.getByRole('button', { name: 'Verify history' }).click();
    const result = page.getByTestId('verify-result');
    await result.waitFor();
    expect(await result.getAttribute('data-ok')).toBe('true');
    expect(await result.innerText()).toMatch(/History verified\. [\d,]+ events? .*checked/);
    const position = (await positions(page))[0];

    const db = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
    try {
      const edited = await db.query(`update events set data = data || '{"title":"Forged title"}'::jsonb where transaction_id::text || ':' || global_position::text = $1`, [position]);
      expect(edited.rowCount).toBe(1);
    } finally {
      await db.end();
    }
    await page.getByRole('button', { name: 'Close the check\'s answer' }).click();
    await page.getByRole('button', { name: 'Verify history' }).click();
    await result.waitFor();
    expect(await result.getAttribute('data-ok')).toBe('false');
    expect(await result.innerText()).toContain(`position ${position}`);
    await screenshot(page, 'audit-verify-broken');
  }, 60_000);
});
