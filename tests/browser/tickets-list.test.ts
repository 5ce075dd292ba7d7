/**
 * The field ticket list (/ticket/) as an office user works it, in Debian's chromium against the real
 * app: tickets made through the API listed newest first with their job, dates MM/DD/YYYY and days left
 * on their colour; the Archived toggle lighting Refresh, saved and applied; the status filter in the
 * statuses' order; the Status column sorting by that order; select all; Approve of one ticket and of
 * all that match but one ('Approved successfully!'); a bulk archive; New ticket with its job and title
 * opening /ticket/{number}; a bulk delete after its warning; a change from a second browser patched in
 * place; and a list longer than a page read as it scrolls.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { iso, newPage, pageApi, plusDays, screenshot, seeMessage, us, browserApp, poll, signedUp, signedIn } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `ticketlist.${Date.now()}@example.com`;
const password = 'correct horse battery';

browserApp('browser_tickets_list', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

type Ticket = { id: string; account_ticket_number: string; ticket_status: string; version: number };

const TABLE = 'table[aria-label="Tickets"]';
const rows = (page: Page) => page.locator(`${TABLE} tbody tr[data-ticket-id]`);
const row = (page: Page, id: string) => page.locator(`${TABLE} tbody tr[data-ticket-id="${id}"]`);
const cell = (page: Page, id: string, col: string) => row(page, id).locator(`td[data-col="${col}"]`);
const count = (page: Page) => page.getByTestId('row-count');
const refresh = (page: Page) => page.getByRole('button', { name: 'Refresh' });
const shownIds = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-ticket-id')));
const statusOf = async (page: Page, id: string) => (await pageApi<Ticket>(page, 'GET', `/api/tickets/${id}/`)).ticket_status;

describe('the ticket list in the browser', () => {
  let page: Page;
  const made: Record<string, Ticket> = {};
  let job: { id: string; account_job_number: string };

  it('given tickets made through the API, when the user opens /ticket/, then they are listed newest first with their job, dates and days left on their colour', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Ticket List Fiber', name: 'Tess Office', email, password });
    job = await pageApi(page, 'POST', '/api/jobs/new/', { form_type: 'base', title: 'Main Street bore', work_status: 'New' });
    // Completion in 2 days is red, in 5 orange, in 20 no colour; the archived one leaves the active list.
    const plan: [string, number, Record<string, unknown>][] = [
      ['red', 2, { job: job.id, ticket_status: 'Issue' }],
      ['orange', 5, { ticket_status: 'New' }],
      ['calm', 20, { ticket_status: 'Paid' }],
      ['old', 3, {}],
    ];
    for (const [name, days, more] of plan) {
      const t = await pageApi<Ticket>(page, 'POST', '/api/tickets/', { form_type: 'base_ticket', title: `Ticket ${name}`, work_date: iso(plusDays(-1)), completion_date: iso(plusDays(days)), ...more });
      made[name] = { ...t, id: String(t.id) };
    }
    await pageApi(page, 'PUT', `/api/tickets/${made.old.id}/`, { archived: true });
    await app.caughtUp();

    await page.goto('/ticket/');
    await poll(() => count(page).textContent()).toBe('3 tickets');
    await poll(() => shownIds(page)).toEqual([made.calm.id, made.orange.id, made.red.id]);
    expect(await cell(page, made.red.id, 'ticket_days_left').locator('[data-colour]').getAttribute('data-colour')).toBe('red');
    expect(await cell(page, made.orange.id, 'ticket_days_left').locator('[data-colour]').getAttribute('data-colour')).toBe('orange');
    expect(await cell(page, made.calm.id, 'ticket_days_left').locator('[data-colour]').getAttribute('data-colour')).toBe('none');
    expect(await cell(page, made.red.id, 'ticket_days_left').textContent()).toContain(us(plusDays(2)));
    expect(await cell(page, made.red.id, 'work_date').textContent()).toBe(us(plusDays(-1)));
    expect(await cell(page, made.red.id, 'account_job_number').textContent()).toBe(`${job.account_job_number} Main Street bore`);
    expect(await cell(page, made.red.id, 'account_ticket_number').textContent()).toBe(made.red.account_ticket_number);
  });

  it('given the Archived toggle, when turned on, then Refresh lights up, and Refresh saves the choice and lists the archived ticket too', async () => {
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('false');
    await page.getByRole('button', { name: 'Archived' }).click();
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('true');
    await refresh(page).click();
    await poll(() => count(page).textContent()).toBe('4 tickets');
    await poll(async () => (await pageApi(page, 'GET', '/api/tickets/search_dates/')).archived).toBe(true);
    expect(await row(page, made.old.id).getAttribute('data-archived')).toBe('true');
    await page.getByRole('button', { name: 'Archived' }).click();
    await refresh(page).click();
    await poll(() => count(page).textContent()).toBe('3 tickets');
  });

  it('given the status filter, then it offers the statuses in their order; when Issue is chosen and refreshed, then only that ticket is listed', async () => {
    await page.locator('input[aria-label="Status"]').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['All statuses', 'New', 'Issue', 'Approved', 'Invoiced', 'Paid', 'Resolved']);
    await page.getByRole('option', { name: 'Issue' }).click();
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('true');
    await refresh(page).click();
    await poll(() => count(page).textContent()).toBe('1 ticket');
    expect(await shownIds(page)).toEqual([made.red.id]);
    await page.locator('input[aria-label="Status"]').click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    await refresh(page).click();
    await poll(() => count(page).textContent()).toBe('3 tickets');
  });

  it('when the user sorts by Status, then the statuses come in their order (New, Issue, Paid), not by name, and back', async () => {
    await page.getByRole('button', { name: 'Status', exact: true }).click();
    await poll(() => shownIds(page)).toEqual([made.orange.id, made.red.id, made.calm.id]);
    await page.getByRole('button', { name: /^Status/ }).click();
    await poll(() => shownIds(page)).toEqual([made.calm.id, made.red.id, made.orange.id]);
    await page.getByRole('button', { name: /^Ticket #/ }).click();
    await poll(() => shownIds(page)).toEqual([made.red.id, made.orange.id, made.calm.id]);
  });

  it('given nothing selected, when Approve is clicked, then it asks to select rows first; given select all, then every ticket counts as selected', async () => {
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await seeMessage(page, 'Please select rows first.');
    await page.getByRole('checkbox', { name: 'Select all matching tickets' }).check();
    await poll(() => count(page).textContent()).toBe('3 tickets, 3 selected');
    await page.getByRole('checkbox', { name: 'Select all matching tickets' }).uncheck();
    await poll(() => count(page).textContent()).toBe('3 tickets');
  });

  it('given one ticket selected, when Approve is clicked, then it is Approved with the server\'s words and its row changes live', async () => {
    await row(page, made.red.id).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await seeMessage(page, 'Approved successfully!');
    expect(await statusOf(page, made.red.id)).toBe('Approved');
    await poll(() => cell(page, made.red.id, 'ticket_status').textContent()).toBe('Approved');
    expect(await statusOf(page, made.orange.id)).toBe('New');
  });

  it('given all that match selected but one, when Approve is clicked, then every matching ticket but that one is approved', async () => {
    await page.getByRole('checkbox', { name: 'Select all matching tickets' }).check();
    await row(page, made.orange.id).getByRole('checkbox').uncheck();
    await poll(() => count(page).textContent()).toBe('3 tickets, 2 selected');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    // The message box may still hold the last approval's words: the ticket itself tells.
    await poll(() => statusOf(page, made.calm.id)).toBe('Approved');
    await seeMessage(page, 'Approved successfully!');
    expect(await statusOf(page, made.orange.id)).toBe('New');
    await poll(() => count(page).textContent()).toBe('3 tickets');
  });

  it('given one ticket selected, when Archive is clicked, then the worker archives it and it leaves the active list', async () => {
    await row(page, made.calm.id).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await seeMessage(page, 'Selected tickets archived');
    await poll(() => count(page).textContent(), { timeout: 15_000 }).toBe('2 tickets');
    expect((await pageApi(page, 'GET', `/api/tickets/${made.calm.id}/`)).archived).toBe(true);
  });

  it('given a second browser of the same account, when it changes a listed ticket, then the row changes in place and keeps its job title', async () => {
    const other = await newPage(browser, app.url);
    await signedIn(other.page, email, password);
    await pageApi(other.page, 'PUT', `/api/tickets/${made.red.id}/`, { title: 'Ticket red, bore 2', crew_name: 'Sooner Boring' });
    await poll(() => cell(page, made.red.id, 'title').textContent()).toBe('Ticket red, bore 2');
    expect(await cell(page, made.red.id, 'crew_name').textContent()).toBe('Sooner Boring');
    expect(await cell(page, made.red.id, 'account_job_number').textContent()).toContain('Main Street bore');
    await other.context.close();
  });

  it('given New ticket, when the user picks Base ticket, a job of theirs and a title, then the ticket is made New and /ticket/{number} opens', async () => {
    await screenshot(page, 'tickets-list');
    await page.getByRole('button', { name: 'New ticket' }).click();
    await page.getByRole('menuitem', { name: 'Base ticket' }).click();
    const form = page.getByTestId('new-ticket-form');
    await form.getByRole('button', { name: 'Create ticket' }).click();
    await form.getByText('Pick the job this ticket is for').waitFor();
    await form.getByLabel('Job').fill('Main Street');
    await page.getByRole('option', { name: new RegExp(`^${job.account_job_number} · Main Street bore`) }).click();
    await form.getByLabel('Title').fill('Directional bore 1200 ft');
    await form.getByRole('button', { name: 'Create ticket' }).click();
    await page.waitForURL(/\/ticket\/[^/]+$/);
    const number = decodeURIComponent(page.url().split('/').pop()!);
    const { id } = await pageApi<{ id: string }>(page, 'GET', `/api/tickets/lookup/${number}/`);
    const t = await pageApi(page, 'GET', `/api/tickets/${id}/`);
    expect([t.form_type, t.ticket_status, t.title, String(t.job), t.account_job_number]).toEqual(['base_ticket', 'New', 'Directional bore 1200 ft', job.id, job.account_job_number]);
    made.fresh = { ...(t as unknown as Ticket), id: String(id) };
  });

  it('given the new ticket selected, when Delete is clicked, then it warns that this cannot be undone and the worker deletes it', async () => {
    await page.goto('/ticket/');
    await poll(() => count(page).textContent()).toBe('3 tickets');
    const asked: string[] = [];
    page.on('dialog', (d) => asked.push(d.message()));
    await row(page, made.fresh.id).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeMessage(page, 'Selected tickets deleted');
    expect(asked).toEqual(['Are you sure you want to delete selected records? THIS ACTION CANNOT BE UNDONE']);
    await poll(() => count(page).textContent(), { timeout: 15_000 }).toBe('2 tickets');
    // The count and the loaded rows are refetched apart: the row may leave a moment after the count changed.
    await poll(() => row(page, made.fresh.id).count()).toBe(0);
  });

  it('given more tickets than a page, when the user scrolls to the bottom, then the last page is read and shown', async () => {
    for (let n = 0; n < 12; n++) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => pageApi(page, 'POST', '/api/tickets/', { form_type: 'base_ticket', title: `Bulk ${n * 10 + i}` })));
    }
    await app.caughtUp();
    await page.reload();
    await poll(() => count(page).textContent(), { timeout: 15_000 }).toBe('122 tickets');
    expect(await rows(page).count()).toBeLessThan(122);
    await page.getByTestId('list-scroll').evaluate((el) => el.scrollTo({ top: 200 * 28 }));
    await row(page, made.red.id).waitFor();
  });
});
