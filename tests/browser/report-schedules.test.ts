/**
 * Report schedules (/report/schedules/, issue 33) in Debian's chromium against the real app and worker:
 * reached from /report/, a new schedule made in the drawer (list, report, format, rhythm, recipients),
 * the help list's kept filter copied in and said in words, listed with its rhythm in words and next run, Run now sent by the worker and shown in its runs, deleted; the mail kept in the outbox with its attachment.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { browserApp, DOCS, newPage, pageApi, poll, screenshot, signedUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
browserApp('browser_report_schedules', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

const rows = (page: Page) => page.locator('tbody tr[data-schedule-id]');

describe('report schedules', () => {
  let page: Page;
  it('given a help ticket, when a weekly schedule of the help report is made from /report/, then it is listed with its rhythm in words, next run and recipients', async () => {
    let errors: string[];
    ({ page, errors } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Schedule Boring', name: 'Sam Office', email: `sched.${Date.now()}@example.com`, password: 'correct horse battery' });
    await pageApi(page, 'POST', '/api/help/', { subject: 'Printer jammed' });
    await page.goto('/report/');
    await page.getByRole('link', { name: 'Schedules' }).click();
    await page.waitForURL('**/report/schedules/');
    await page.getByRole('button', { name: 'New schedule' }).click();
    await page.getByLabel('Name').fill('Weekly help for the office');
    await page.getByRole('combobox', { name: 'List', exact: true }).click();
    await page.getByRole('option', { name: 'Help tickets' }).click();
    // The help list as the user keeps it filtered, copied into the schedule and said in words.
    await pageApi(page, 'PUT', '/api/help/search_dates/', { start_date: '2020-01-01', end_date: '2035-12-31', archived: true });
    await page.getByRole('button', { name: 'Use the list as I have it filtered' }).click();
    await page.getByText('As you have the list filtered: active and archived records, from 2020-01-01 to 2035-12-31.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Filter', exact: true }).inputValue()).toContain('start_date=2020-01-01');
    await screenshot(page, 'report-schedule-kept-filter', { dir: DOCS, fullPage: false });
    await page.getByRole('combobox', { name: 'Users' }).click();
    await page.getByRole('option', { name: /Sam Office/ }).click();
    await page.getByRole('combobox', { name: 'Other e-mail addresses' }).fill('coordinator@example.com');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Create' }).click();
    await rows(page).first().waitFor();
    const row = rows(page).first();
    expect(await row.innerText()).toContain('Mondays at 07:00 (America/Chicago)');
    expect(await row.innerText()).toContain('1 user, 1 address');
    expect(errors).toEqual([]);
    await screenshot(page, 'report-schedules', { dir: DOCS, fullPage: false });
  }, 60_000);

  it('when the schedule is opened and Run now pressed, then the worker sends it and its run shows sent; then it is deleted', async () => {
    await rows(page).first().click();
    // A saved schedule's filter reads in words as the list declares them.
    await page.getByText('In words: active and archived records, from 2020-01-01 to 2035-12-31.').waitFor();
    await page.getByRole('button', { name: 'Run now' }).click();
    const runs = page.getByRole('table', { name: 'Runs' });
    await poll(async () => runs.locator('tr[data-run-state="sent"]').count(), { timeout: 45_000 }).toBe(1);
    expect(await runs.locator('tr[data-run-state="sent"]').innerText()).toMatch(/attachment[\s\S]*coordinator@example\.com/);
    await screenshot(page, 'report-schedule-runs', { dir: DOCS, fullPage: false });
    await page.getByRole('button', { name: 'Delete' }).click();
    await poll(() => rows(page).count()).toBe(0);
    // No SMTP in tests: the mail sent to the user is in the outbox, its attachment a link.
    await page.getByRole('link', { name: 'Mail outbox' }).click();
    const kept = page.getByRole('table', { name: 'Kept mail' }).locator('tr', { hasText: 'Trenchline report: Weekly help for the office' });
    await poll(() => kept.count()).toBeGreaterThan(0);
    expect(await kept.first().getByRole('link').innerText()).toMatch(/\.xlsx/);
  }, 60_000);
});
