/**
 * Offline writes and sync (docs/offline-app.md), in Debian's chromium against the real app with its
 * service worker. A field user opens their job's open ticket with the network cut, saves a field, adds a
 * production line and an equipment line with its hours: each waits in the outbox and shows at once; the
 * page is closed and another opened (the queue survives); meanwhile the office changes the same field.
 * Back online the sync sends each once: the lines are added, the field comes back as a conflict settled
 * on the ConflictPanel, and the server holds each record once with its history. A ticket made offline on
 * the task page opens under a temporary id and gets a line; on return it is made once and the page moves
 * to its number. Last, a change made offline waits through a session that expired offline and another
 * user's sign-in on the tablet, and goes only once its owner signs in.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../support/app.ts';
import { browserApp, KEPT, drawer, fillNewDialog, keptTitle, lineRows, logIn, newPage, outbox, pageApi, poll, section, screenshot, seeMessage, signUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
browserApp('browser_offline_writes', { web: true }, (a, b) => ((app = a), (browser = b)));

type Row = { id: string } & Record<string, any>;
const password = 'correct horse battery';
const stamp = Date.now();
const adminEmail = `outbox.admin.${stamp}@example.com`;
const fieldEmail = `outbox.field.${stamp}@example.com`;

/** What the tablet shows (the header, the form, the drawer), without the rest of the long page. */
const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

describe('offline writes and their sync', () => {
  let context: BrowserContext;
  let page: Page;
  let admin: Page;
  let ticket: Row;
  let job: Row;
  /** The ticket made offline, once the server has it. */
  let second: Row;
  let task: Row;
  const taskPage = () => `/job/orca/${encodeURIComponent(job.account_job_number)}/task/${encodeURIComponent(String(task.task_id))}`;
  const ticketPage = () => `/ticket/${ticket.account_ticket_number}`;
  const onServer = () => pageApi<Row>(admin, 'GET', `/api/tickets/${ticket.id}/`);
  const banner = () => page.getByTestId('offline-banner');
  const titleInput = () => page.locator('[data-field="title"] input');
  const equipment = () => section(page, 'Equipment');

  it('given an ORCA job with a task and an open ticket, assigned to a field user', async () => {
    ({ page: admin } = await newPage(browser, app.url));
    await signUp(admin, app.url, { accountName: 'No Signal Boring', name: 'Ada Admin', email: adminEmail, password });
    await pageApi(admin, 'POST', '/api/settings/users/', { display_name: 'Fay Field', email: fieldEmail, password, role: 'field' });
    job = await pageApi<Row>(admin, 'POST', '/api/jobs/new/', { form_type: 'attorca', title: 'Ridge Rd fiber', job_number: 'OUT-1', customer: 'Lumen' });
    task = await pageApi<Row>(admin, 'POST', `/api/jobs/${job.id}/tasks/`, { job: job.id });
    await pageApi(admin, 'POST', `/api/jobs/${job.id}/assign_users/`, { user_to_be_assigned: fieldEmail });
    ticket = await pageApi<Row>(admin, 'POST', '/api/tickets/', { form_type: 'attorca_ticket', ticket_status: 'New', title: 'Ridge Rd day 1', job: job.id, job_task_ref: task.id });
    job = await pageApi<Row>(admin, 'GET', `/api/jobs/${job.id}/`);
    await app.caughtUp();
  });

  it('when the field user signs in online, then the field sync keeps their open ticket', async () => {
    ({ context, page } = await newPage(browser, app.url, { serviceWorkers: 'allow' }));
    await logIn(page, fieldEmail, password, '/job/');
    await poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
    await poll(() => page.getByTestId('network-status').getAttribute('data-field-sync'), { timeout: 20_000 }).toBe('done');
    await poll(() => keptTitle(page, ticket.id), { timeout: 15_000 }).toBe('Ridge Rd day 1');
  });

  it('given the network cut, when they save the title, add a production line and an equipment line with its hours, then each shows at once and waits in the outbox', async () => {
    await context.setOffline(true);
    await page.reload();
    await banner().waitFor();
    await page.goto(ticketPage());
    await page.getByTestId('ticket-title').filter({ hasText: String(ticket.account_ticket_number) }).waitFor();
    await titleInput().fill('Ridge Rd day 1, bore done');
    await page.getByTestId('save-ticket').click();
    await seeMessage(page, KEPT);
    await page.getByLabel('New line work type').selectOption('Handhole');
    await page.getByTestId('add-typed-line').click();
    await seeMessage(page, `Production line added. ${KEPT}`);
    await poll(() => lineRows(page, 'Production lines').count()).toBe(1);
    // The equipment line opens under a temporary id; its save names it until the sync learns the real one.
    await equipment().getByRole('button', { name: 'Add equipment', exact: true }).first().click();
    await poll(() => lineRows(equipment(), 'Equipment').count()).toBe(1);
    const panel = drawer(page);
    await panel.getByLabel('Equipment', { exact: true }).fill('Mini excavator');
    await panel.getByLabel('Hours', { exact: true }).fill('6');
    await panel.getByRole('button', { name: /^Save / }).click();
    await panel.waitFor({ state: 'hidden' });
    await poll(() => banner().textContent()).toBe('Offline — 4 changes waiting');
    expect(await lineRows(equipment(), 'Equipment').first().textContent()).toContain('Mini excavator');
    const n = ticket.account_ticket_number;
    expect((await outbox(page)).map((e) => e.label)).toEqual([`Ticket ${n}: saved Title`, `Ticket ${n}: a production line added`, 'Equipment added', 'Equipment: saved Equipment and Hours']);
    await page.getByTestId('message-box').waitFor({ state: 'detached' });
    await shot(page, 'offline-queue');
  });

  it('when the page is closed and another opened, still offline, then the changes still show and wait', async () => {
    await poll(() => keptTitle(page, ticket.id)).toBe('Ridge Rd day 1, bore done');
    await page.close();
    page = await context.newPage();
    await page.goto(ticketPage());
    await poll(() => banner().textContent()).toBe('Offline — 4 changes waiting');
    await poll(() => titleInput().inputValue()).toBe('Ridge Rd day 1, bore done');
    await poll(() => lineRows(page, 'Production lines').count()).toBe(1);
    expect(await lineRows(equipment(), 'Equipment').first().textContent()).toContain('Mini excavator');
    // Nothing reached the server.
    expect((await onServer()).ticket_productions).toEqual([]);
  });

  it('given the office changed the title meanwhile, when the network comes back, then the line is added once and the title comes back as a conflict to settle', async () => {
    await pageApi(admin, 'PUT', `/api/tickets/ticket_with_related_update/${ticket.id}/`, { title: 'Ridge Rd day 1 (office)' });
    await context.setOffline(false);
    const toSettle = page.getByTestId('offline-to-settle');
    await poll(() => toSettle.textContent(), { timeout: 20_000 }).toBe('1 offline change to settle');
    await poll(async () => ((await onServer()).ticket_productions as Row[]).map((l) => l.work_type)).toEqual(['Handhole']);
    expect((await onServer()).title).toBe('Ridge Rd day 1 (office)');
    await toSettle.click();
    const panel = page.getByRole('dialog', { name: 'Offline changes' }).getByTestId('conflict-panel');
    await panel.locator('[data-conflict-field="title"]').waitFor();
    expect(await panel.locator('[data-side="yours"] [data-value]').textContent()).toBe('Ridge Rd day 1, bore done');
    expect(await panel.locator('[data-side="theirs"] [data-value]').textContent()).toBe('Ridge Rd day 1 (office)');
    await shot(page, 'offline-conflict');
  });

  it('when they keep their own title and save with the choices, then the server holds their title, each record once, with its history', async () => {
    await page.getByRole('button', { name: 'Save with these choices' }).click();
    await page.getByTestId('offline-to-settle').waitFor({ state: 'detached', timeout: 15_000 });
    await poll(async () => (await onServer()).title).toBe('Ridge Rd day 1, bore done');
    const saved = await onServer();
    expect((saved.ticket_productions as Row[]).length).toBe(1);
    expect((saved.equipment as Row[]).map((l) => [l.equipment_name, Number(l.hours)])).toEqual([['Mini excavator', 6]]);
    // The admin's own session does not wait for the field user's writes: read the history once it holds both equipment events.
    const historyNow = () => pageApi<Row[]>(admin, 'GET', `/api/tickets/${ticket.id}/history/`);
    await poll(async () => (await historyNow()).filter((h) => h.collection === 'ticket_equipment').length).toBe(2);
    const history = await historyNow();
    const titles = history.flatMap((h) => (h.changes as Row[]).filter((c) => c.field === 'title').map((c) => c.new));
    expect(titles.filter((t) => t === 'Ridge Rd day 1, bore done')).toHaveLength(1);
    expect(history.filter((h) => h.collection === 'ticket_productions')).toHaveLength(1);
    expect(history.filter((h) => h.collection === 'ticket_equipment').map((h) => h.type)).toHaveLength(2);
    expect(await outbox(page)).toEqual([]);
    await poll(() => titleInput().inputValue()).toBe('Ridge Rd day 1, bore done');
  });

  it('given the network cut, when they add a ticket on their task page, open it and add a production line, then it shows under a temporary id and both wait', async () => {
    await page.goto(taskPage());
    const section = page.getByTestId('job-tickets');
    await section.locator(`tr[data-ticket-id="${ticket.id}"]`).waitFor();
    await context.setOffline(true);
    await section.getByTestId('new-ticket').click();
    await fillNewDialog(page, { title: 'Ridge Rd day 2' });
    await seeMessage(page, 'Ticket added on this device: it is sent when the network is back.');
    const made = section.locator('tbody tr[data-ticket-id^="tmp-"]');
    await made.waitFor();
    const tmp = String(await made.getAttribute('data-ticket-id'));
    // Kept on the device before the page is left (the kept cache is written at most once a second).
    await poll(() => keptTitle(page, tmp)).toBe('Ridge Rd day 2');
    await page.goto(`/ticket/${tmp}`);
    await page.getByTestId('ticket-title').filter({ hasText: 'Ridge Rd day 2' }).waitFor();
    await page.getByLabel('New line work type').selectOption('Splice');
    await page.getByTestId('add-typed-line').click();
    await seeMessage(page, `Production line added. ${KEPT}`);
    await poll(() => banner().textContent()).toBe('Offline — 2 changes waiting');
    expect((await outbox(page)).map((e) => e.label)).toEqual(['New ticket Ridge Rd day 2 made', 'New ticket: a production line added']);
  });

  it('when the network comes back, then the ticket is made once with its line, and the page moves to its number', async () => {
    await context.setOffline(false);
    await page.waitForURL((u) => /^\/ticket\/\d+$/.test(u.pathname), { timeout: 20_000 });
    const number = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.getByTestId('ticket-title').filter({ hasText: number }).waitFor();
    await poll(() => outbox(page), { timeout: 15_000 }).toEqual([]);
    const made = (await pageApi<Row[]>(admin, 'GET', `/api/tickets/task_tickets/${task.id}`)).filter((t) => t.title === 'Ridge Rd day 2');
    expect(made.map((t) => String(t.account_ticket_number))).toEqual([number]);
    second = made[0];
    const lines = (await pageApi<Row>(admin, 'GET', `/api/tickets/${second.id}/`)).ticket_productions as Row[];
    expect(lines.map((l) => l.work_type)).toEqual(['Splice']);
    await poll(() => lineRows(page, 'Production lines').count()).toBe(1);
  });

  it('given a change made offline and the session ended meanwhile, when the network comes back, then the app asks to sign in and sends nothing', async () => {
    // On the ticket made offline, now on the server, kept on the device.
    await poll(() => keptTitle(page, second.id)).toBe('Ridge Rd day 2');
    await context.setOffline(true);
    await page.reload();
    await titleInput().fill('Ridge Rd day 2, restored');
    await page.getByTestId('save-ticket').click();
    await seeMessage(page, KEPT);
    await context.clearCookies();
    await context.setOffline(false);
    await page.waitForURL('**/login?next=**', { timeout: 20_000 });
    expect((await outbox(page)).map((e) => e.state)).toEqual(['waiting']);
  });

  it('when another user signs in on the tablet, then the first user\'s change is never sent under their session', async () => {
    await logIn(page, adminEmail, password, '/job/');
    await poll(() => page.getByTestId('network-status').getAttribute('data-field-sync'), { timeout: 20_000 }).toBe('done');
    expect(await page.getByTestId('offline-to-settle').count()).toBe(0);
    expect((await outbox(page)).length).toBe(1);
    expect((await pageApi<Row>(admin, 'GET', `/api/tickets/${second.id}/`)).title).toBe('Ridge Rd day 2');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login**');
  });

  it('when the field user signs in again, then their change is sent, once', async () => {
    await logIn(page, fieldEmail, password, '/job/');
    await poll(() => outbox(page), { timeout: 20_000 }).toEqual([]);
    await poll(async () => (await pageApi<Row>(admin, 'GET', `/api/tickets/${second.id}/`)).title).toBe('Ridge Rd day 2, restored');
    await context.close();
  });
});
