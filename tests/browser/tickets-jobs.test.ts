/**
 * Tickets as the job screens show them (spec 2), in Debian's chromium against the real app: a new
 * ticket made from a base job is listed in its Tickets section (a base ticket for the job); an
 * unassigned ticket assigned there; a change made elsewhere shows without a reload; a ticket opens
 * /ticket/{number} in a new tab; the same on an ORCA task's page (an ORCA ticket naming the task).
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { fillNewDialog, newPage, pageApi, screenshot, seeMessage, browserApp, poll, signedUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `jobtickets.${Date.now()}@example.com`;
const password = 'correct horse battery';

browserApp('browser_tickets_jobs', { web: true }, (a, b) => ((app = a), (browser = b)));

type Row = { id: string } & Record<string, any>;

const ticketsSection = (page: Page) => page.getByTestId('job-tickets');
const ticketRows = (scope: Locator) => scope.locator('tbody tr[data-ticket-id]');

/** Numbers are looked up in the job list: wait until a job written outside the page is listed. */
async function untilListed(page: Page, job: Row) {
  await poll(async () => (await pageApi(page, 'GET', `/api/jobs/lookup/${job.account_job_number}/`)).id).toBe(job.id);
}

/** Pick an unassigned ticket by its number in the section's picker and assign it. */
async function assignExisting(page: Page, number: string) {
  const s = ticketsSection(page);
  await s.getByTestId('assign-ticket').click();
  const picker = s.getByTestId('assign-ticket-picker');
  await picker.getByLabel('Unassigned tickets').fill(number);
  await page.getByRole('option', { name: new RegExp(`^${number} · `) }).click();
  await picker.getByTestId('assign-chosen-ticket').click();
  await seeMessage(page, `Ticket ${number} assigned`);
}

describe('tickets on the job screens in the browser', () => {
  let page: Page;
  let job: Row;

  it('given a base job without tickets, when the user makes a new ticket from it, then it is listed there as a New base ticket of the job', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Red Dirt Fiber', name: 'Robin Okafor', email, password });
    job = await pageApi<Row>(page, 'POST', '/api/jobs/new/', { form_type: 'base', title: 'Broken Arrow FTTH', customer: 'AT&T', work_status: 'New' });
    await untilListed(page, job);
    await page.goto(`/job/${job.account_job_number}`);
    await page.getByTestId('job-title').waitFor();
    await ticketsSection(page).getByText('No tickets yet.').waitFor();

    await ticketsSection(page).getByTestId('new-ticket').click();
    // New asks its title and work date first; nothing is written until Create.
    await fillNewDialog(page, { title: 'Bore under the creek' });
    await seeMessage(page, /Ticket \S+ added/);
    await poll(() => ticketRows(ticketsSection(page)).count()).toBe(1);
    expect(await ticketRows(ticketsSection(page)).first().textContent()).toContain('New');
    const [t] = await pageApi<Row[]>(page, 'GET', `/api/tickets/job_tickets/${job.id}`);
    expect([t.form_type, t.ticket_status, String(t.job), t.account_job_number, t.customer, t.title]).toEqual(['base_ticket', 'New', job.id, job.account_job_number, 'AT&T', 'Bore under the creek']);
  });

  it('given a ticket no job holds, when the user assigns it to the job, then it is listed there and holds the job and its number', async () => {
    const loose = await pageApi<Row>(page, 'POST', '/api/tickets/', { form_type: 'base_ticket', title: 'Loose bore ticket' });
    await app.caughtUp();
    await assignExisting(page, loose.account_ticket_number);
    await poll(() => ticketRows(ticketsSection(page)).count()).toBe(2);
    expect(await ticketsSection(page).textContent()).toContain('Loose bore ticket');
    const t = await pageApi<Row>(page, 'GET', `/api/tickets/${loose.id}/`);
    expect([String(t.job), t.account_job_number]).toEqual([job.id, job.account_job_number]);
    expect((await pageApi<{ count: number }>(page, 'GET', '/api/tickets/unassigned/?page=1&page_size=10')).count).toBe(0);
  });

  it('given the section open, when the ticket is changed elsewhere, then the section shows the change without a reload', async () => {
    const [first] = await pageApi<Row[]>(page, 'GET', `/api/tickets/job_tickets/${job.id}`);
    await pageApi(page, 'PUT', `/api/tickets/${first.id}/`, { title: 'Mainline bore 600 ft', ticket_status: 'Issue' });
    const shown = ticketsSection(page).locator(`tr[data-ticket-id="${first.id}"]`);
    await poll(() => shown.textContent()).toContain('Mainline bore 600 ft');
    expect(await shown.textContent()).toContain('Issue');
    await screenshot(ticketsSection(page), 'job-tickets');
  });

  it('when the user opens a ticket, then /ticket/{number} opens in a new tab and the job stays open', async () => {
    const [first] = await pageApi<Row[]>(page, 'GET', `/api/tickets/job_tickets/${job.id}`);
    const link = ticketsSection(page).getByRole('link', { name: `Open ticket ${first.account_ticket_number}` });
    expect(await link.getAttribute('target')).toBe('_blank');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.waitForURL(`**/ticket/${first.account_ticket_number}`);
    expect(page.url()).toContain(`/job/${job.account_job_number}`);
    await tab.close();
  });

  it('given an ORCA task, when the user makes a new ticket and assigns another on its page, then both are listed there as ORCA tickets naming the task', async () => {
    const orca = await pageApi<Row>(page, 'POST', '/api/jobs/new/', { form_type: 'attorca', title: 'Tulsa Fiber Ring' });
    const task = await pageApi<Row>(page, 'POST', `/api/jobs/${orca.id}/tasks/`, { job: orca.id });
    await untilListed(page, orca);
    await page.goto(`/job/orca/${orca.account_job_number}/task/${task.task_id}`);
    await page.getByTestId('task-title').waitFor();
    await ticketsSection(page).getByText('No tickets yet.').waitFor();

    await ticketsSection(page).getByTestId('new-ticket').click();
    await fillNewDialog(page, {});
    await poll(() => ticketRows(ticketsSection(page)).count()).toBe(1);
    const loose = await pageApi<Row>(page, 'POST', '/api/tickets/', { form_type: 'attorca_ticket', title: 'Handhole set' });
    await app.caughtUp();
    await assignExisting(page, loose.account_ticket_number);
    await poll(() => ticketRows(ticketsSection(page)).count()).toBe(2);

    const listed = await pageApi<Row[]>(page, 'GET', `/api/tickets/task_tickets/${task.id}`);
    expect(listed.map((t) => [t.form_type, String(t.job), String(t.job_task_ref), t.task_id, t.account_job_number])).toEqual([
      ['attorca_ticket', orca.id, String(task.id), task.task_id, orca.account_job_number],
      ['attorca_ticket', orca.id, String(task.id), task.task_id, orca.account_job_number],
    ]);
    // The job's own list holds its tasks' tickets too.
    expect(await pageApi<Row[]>(page, 'GET', `/api/tickets/job_tickets/${orca.id}`)).toHaveLength(2);
  });
});
