/**
 * The locate list (/locate/) as an office user works it, in Debian's chromium against the real app:
 * locates made through the API listed soonest expiry first with their days left on their colour and
 * their job's title; the Archived toggle and the status lighting Refresh, saved and applied; 'Please
 * select rows first.'; select all; a bulk archive; New locate by form type opening the new locate;
 * a row opening its locate; a bulk delete after its warning; and a change from a second browser patched in place, the job's title kept.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { iso, newPage, pageApi, plusDays, screenshot, seeMessage, browserApp, poll, fillNewDialog, signedUp, signedIn } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `locatelist.${Date.now()}@example.com`;
const password = 'correct horse battery';

browserApp('browser_locates_list', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

type Locate = { id: string; current_ticket_number: string; version: number };

const TABLE = 'table[aria-label="Locates"]';
const rows = (page: Page) => page.locator(`${TABLE} tbody tr[data-locate-id]`);
const row = (page: Page, id: string) => page.locator(`${TABLE} tbody tr[data-locate-id="${id}"]`);
const cell = (page: Page, id: string, col: string) => row(page, id).locator(`td[data-col="${col}"]`);
const count = (page: Page) => page.getByTestId('row-count');
const refresh = (page: Page) => page.getByRole('button', { name: 'Refresh' });

describe('the locate list in the browser', () => {
  let page: Page;
  const made: Record<string, Locate> = {};
  let jobId = '';

  it('given locates made through the API, when the user opens /locate/, then they are listed soonest expiry first with days left on their colour and the job', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Locate List Fiber', name: 'Lee Office', email, password });
    const job = await pageApi<{ id: string; account_job_number: string }>(page, 'POST', '/api/jobs/new/', { form_type: 'base', title: 'Main Street bore' });
    jobId = String(job.id);
    // A ticket lives 14 days: submitted 12 days ago expires in 2 (red), 6 days ago in 8 (orange), today in 14.
    const plan: [string, number, Record<string, unknown>][] = [
      ['red', -12, { job_ref: jobId }],
      ['orange', -6, {}],
      ['fresh', 0, { locate_status: 'Completed' }],
      ['old', -5, {}],
    ];
    for (const [name, submitted, more] of plan) {
      const l = await pageApi<Locate>(page, 'POST', '/api/locates/', { form_type: 'base_locate', current_ticket_number: `T-${name}`, current_date_submitted: iso(plusDays(submitted)), ...more });
      made[name] = { ...l, id: String(l.id) };
    }
    await pageApi(page, 'PUT', `/api/locates/${made.old.id}/`, { archived: true });
    await app.caughtUp();

    await page.goto('/locate/');
    await poll(() => count(page).textContent()).toBe('3 locates');
    await poll(() => rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-locate-id')))).toEqual([made.red.id, made.orange.id, made.fresh.id]);
    expect(await cell(page, made.red.id, 'locate_days_left').locator('[data-colour]').getAttribute('data-colour')).toBe('red');
    expect(await cell(page, made.orange.id, 'locate_days_left').locator('[data-colour]').getAttribute('data-colour')).toBe('orange');
    expect(await cell(page, made.fresh.id, 'locate_days_left').locator('[data-colour]').getAttribute('data-colour')).toBe('none');
    expect(await cell(page, made.red.id, 'account_job_number').textContent()).toBe(`${job.account_job_number} Main Street bore`);
    expect(await cell(page, made.red.id, 'current_ticket_number').textContent()).toBe('T-red');
  });

  it('given the Archived toggle, when turned on, then Refresh lights up, and Refresh saves the choice and lists the archived locate too', async () => {
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('false');
    await page.getByRole('button', { name: 'Archived' }).click();
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('true');
    await refresh(page).click();
    await poll(() => count(page).textContent()).toBe('4 locates');
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('false');
    await poll(async () => (await pageApi(page, 'GET', '/api/locates/search_dates/')).archived).toBe(true);
    expect(await row(page, made.old.id).getAttribute('data-archived')).toBe('true');
    await page.getByRole('button', { name: 'Archived' }).click();
    await refresh(page).click();
    await poll(() => count(page).textContent()).toBe('3 locates');
  });

  it('given the status filter, when Completed is chosen and refreshed, then only the completed locate is listed', async () => {
    await page.locator('input[aria-label="Status"]').click();
    await page.getByRole('option', { name: 'Completed' }).click();
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('true');
    await refresh(page).click();
    await poll(() => count(page).textContent()).toBe('1 locate');
    expect(await rows(page).first().getAttribute('data-locate-id')).toBe(made.fresh.id);
    await page.locator('input[aria-label="Status"]').click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    await refresh(page).click();
    await poll(() => count(page).textContent()).toBe('3 locates');
  });

  it('given nothing selected, when Archive is clicked, then it asks to select rows first; given select all, then every locate counts as selected', async () => {
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await seeMessage(page, 'Please select rows first.');
    await page.getByRole('checkbox', { name: 'Select all matching locates' }).check();
    await poll(() => count(page).textContent()).toBe('3 locates, 3 selected');
    await page.getByRole('checkbox', { name: 'Select all matching locates' }).uncheck();
    await poll(() => count(page).textContent()).toBe('3 locates');
  });

  it('given one locate selected, when Archive is clicked, then the worker archives it and it leaves the active list', async () => {
    await row(page, made.orange.id).getByRole('checkbox').check();
    await poll(() => count(page).textContent()).toBe('3 locates, 1 selected');
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await seeMessage(page, 'Selected locates archived');
    await poll(() => count(page).textContent(), { timeout: 15_000 }).toBe('2 locates');
    expect((await pageApi(page, 'GET', `/api/locates/${made.orange.id}/`)).archived).toBe(true);
  });

  it('given a second browser of the same account, when it changes a listed locate, then the row changes in place and keeps its job title', async () => {
    const other = await newPage(browser, app.url);
    await signedIn(other.page, email, password);
    await pageApi(other.page, 'PUT', `/api/locates/${made.red.id}/`, { current_ticket_number: 'T-red-2', current_alt_ticket_number: 'ALT-9' });
    await poll(() => cell(page, made.red.id, 'current_ticket_number').textContent()).toBe('T-red-2');
    expect(await cell(page, made.red.id, 'current_alt_ticket_number').textContent()).toBe('ALT-9');
    expect(await cell(page, made.red.id, 'account_job_number').textContent()).toContain('Main Street bore');
    await other.context.close();
  });

  it('when a row is clicked, then its locate opens', async () => {
    await cell(page, made.fresh.id, 'customer').click();
    await page.waitForURL(`**/locate/${made.fresh.id}`);
    await page.goBack();
    await poll(() => count(page).textContent()).toBe('2 locates');
  });

  it('given New locate, when the user picks the 811 form type, then an Active, New locate is made and opened', async () => {
    await screenshot(page, 'locates-list');
    await page.getByRole('button', { name: 'New locate' }).click();
    await page.getByRole('menuitem', { name: '811 locate' }).click();
    await fillNewDialog(page, { current_ticket_number: 'T-NEW-811' });
    await page.waitForURL(/\/locate\/\d+$/);
    const id = page.url().split('/').pop()!;
    const made = await pageApi(page, 'GET', `/api/locates/${id}/`);
    expect(made.form_type).toBe('base_locate');
    expect(made.locate_status).toBe('Active');
    await page.goto('/locate/');
    await poll(() => count(page).textContent()).toBe('3 locates');
    await row(page, id).waitFor();
  });

  it('given the new locate selected, when Delete is clicked, then it warns that this cannot be undone and the worker deletes it', async () => {
    const asked: string[] = [];
    page.on('dialog', (d) => asked.push(d.message()));
    const id = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-locate-id')!).at(-1)!);
    await row(page, id).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeMessage(page, 'Selected locates deleted');
    expect(asked).toEqual(['Are you sure you want to delete selected records? THIS ACTION CANNOT BE UNDONE']);
    await poll(() => count(page).textContent(), { timeout: 15_000 }).toBe('2 locates');
    // The count and the loaded rows are refetched apart: the row may leave a moment after the count changed.
    await poll(() => row(page, id).count()).toBe(0);
  });
});
