/**
 * The Reports page in Debian's chromium against the real app and worker: a report asked for in the
 * browser appears on the page without a reload, turns ready, and downloads; a browser sent to
 * /report/?id= (a slow report) sees that report highlighted with its Download button.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { startTestApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/client.ts';
import { browserTestTimeouts, launchChromium, newPage, screenshot } from '../support/browser.ts';

browserTestTimeouts();

let app: TestApp;
let browser: Browser;
let page: Page;
let office: Client;
const password = 'long enough pw';
const email = `reports.${Date.now()}@example.com`;
const projectIds: string[] = [];

beforeAll(async () => {
  app = await startTestApp('browser_reports', { web: true, worker: true });
  browser = await launchChromium();
  office = await Client.signUpAs(app.url, { account_name: 'Reports Boring Co', display_name: 'Rory Reports', email, password });
  for (const name of ['Elm St fibre', 'Route 66 bore']) projectIds.push((await office.post('/api/projects/', { name, due_date: '2026-12-24', po_amount: 1500 })).body.id);
  await office.list('/api/projects/?active=t');
  ({ page } = await newPage(browser, app.url));
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/bid/');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the Reports page', () => {
  it('given no reports, when the page opens, then it says so', async () => {
    await page.goto('/report/');
    await expect.poll(() => page.getByText('You have not asked for any reports yet').count()).toBe(1);
  });

  it('given the page open, when a report is asked for elsewhere, then its row appears ready without a reload and downloads', async () => {
    const r = await office.download(`/api/projects/report/management/?ids=${projectIds.join(',')}`);
    expect(r.status).toBe(200);
    const row = page.locator('tbody tr', { hasText: 'Project management report' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => row.getByText('ready', { exact: false }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /download/i }).click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    expect(JSON.stringify(wb.worksheets[0].getSheetValues())).toContain('Elm St fibre');
    await screenshot(page, 'reports-page');
  });

  it('given a browser sent to /report/?id=, then that report is highlighted with a Download button', async () => {
    const list = await office.list('/api/reports/');
    await page.goto(`/report/?id=${list.body[0].id}`);
    await expect.poll(() => page.getByRole('link', { name: /^download/i }).count()).toBeGreaterThan(0);
    await screenshot(page, 'reports-focus');
  });
});
