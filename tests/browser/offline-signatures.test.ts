/**
 * Signatures collected offline (docs/offline-app.md, docs/tickets.md "Signed on a device"), in Debian's
 * chromium against the real app with its service worker. A field user, network cut, edits a production
 * line of their open ticket and has the customer and the worker sign: both show at once, waiting, and
 * wait in the outbox after the edit; the page is closed and another opened; back online each is on the
 * server once, signed on the device, and current (it signed the edit it was sent after). Then a second
 * ticket is signed offline while the office retitles it online: after the sync the signature shows
 * "Signed an earlier version", naming the title the signer never saw. Last, issue 35's proof in one run:
 * a ticket made offline gets a production line picked from the job's CIBE items and a typed one, a
 * photo and both signatures; the page is closed and reopened offline; back online the server holds the
 * ticket once with each line, the photo and both signatures once each in its history, signed current.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../support/app.ts';
import { browserApp, KEPT, drawSignature, fillNewDialog, keptTicket, keptTitle, logIn, newPage, outbox, pageApi, poll, productionRow, section, screenshot, seeMessage, signUp } from '../support/browser.ts';
import { PNG } from '../support/files.ts';

let app: TestApp;
let browser: Browser;
browserApp('browser_offline_signatures', { web: true }, (a, b) => ((app = a), (browser = b)));

type Row = { id: string } & Record<string, any>;
const password = 'correct horse battery';
const stamp = Date.now();
const adminEmail = `signs.admin.${stamp}@example.com`;
const fieldEmail = `signs.field.${stamp}@example.com`;

/** A signature drawn on the pad, named and taken: offline it is kept on the device. */
async function sign(page: Page, who: 'Customer' | 'Worker', name: string) {
  await drawSignature(page, who);
  await page.getByLabel(`${who} name`).fill(name);
  await page.getByTestId(`sign-${who.toLowerCase()}`).click();
  await seeMessage(page, `Signed by ${name}. ${KEPT}`);
}

describe('signatures collected offline', () => {
  let context: BrowserContext;
  let page: Page;
  let admin: Page;
  let first: Row;
  let second: Row;
  let job: Row;
  let task: Row;
  /** The ticket made offline: its temporary id, then the server's. */
  let third: Row;
  const onServer = (t: Row) => pageApi<Row>(admin, 'GET', `/api/tickets/${t.id}/`);
  const open = (t: Row) => page.goto(`/ticket/${t.account_ticket_number}`);
  const banner = () => page.getByTestId('offline-banner');
  const cards = (state: string) => page.locator(`[data-signature-state="${state}"]`);
  const productionRows = () => page.locator('table[data-lines-of="Production lines"] > tbody > tr[data-line-number]');

  it('given two open tickets with a production line each on a job assigned to a field user, who signs in online', async () => {
    ({ page: admin } = await newPage(browser, app.url));
    await signUp(admin, app.url, { accountName: 'Dry Ink Boring', name: 'Ada Admin', email: adminEmail, password });
    await pageApi(admin, 'POST', '/api/settings/users/', { display_name: 'Fay Field', email: fieldEmail, password, role: 'field' });
    job = await pageApi<Row>(admin, 'POST', '/api/jobs/new/', { form_type: 'attorca', title: 'Elm St fiber', job_number: 'SIG-1', customer: 'Lumen' });
    task = await pageApi<Row>(admin, 'POST', `/api/jobs/${job.id}/tasks/`, { job: job.id });
    await pageApi(admin, 'POST', `/api/jobs/${job.id}/assign_users/`, { user_to_be_assigned: fieldEmail });
    const ticket = async (title: string) => {
      const t = await pageApi<Row>(admin, 'POST', '/api/tickets/', { form_type: 'attorca_ticket', ticket_status: 'New', title, job: job.id, job_task_ref: task.id });
      await pageApi(admin, 'POST', `/api/tickets/${t.id}/productions/`, { work_type: 'Dirt-Bore', feet: 120, issued_item_code: 'BORE-2' });
      return t;
    };
    await pageApi(admin, 'POST', `/api/jobs/${job.id}/cibeitems/`, { line_number: 1, issued_item_code: 'BORE-2', issued_item_description: 'Dirt-Bore 2in', issued_item_qty: 400, job_task: task.id });
    first = await ticket('Elm St day 1');
    second = await ticket('Elm St day 2');
    job = await pageApi<Row>(admin, 'GET', `/api/jobs/${job.id}/`);
    await app.caughtUp();

    ({ context, page } = await newPage(browser, app.url, { serviceWorkers: 'allow' }));
    await logIn(page, fieldEmail, password, '/job/');
    await poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
    await poll(() => page.getByTestId('network-status').getAttribute('data-field-sync'), { timeout: 20_000 }).toBe('done');
    await poll(() => keptTitle(page, first.id), { timeout: 15_000 }).toBe('Elm St day 1');
    await poll(() => keptTitle(page, second.id), { timeout: 15_000 }).toBe('Elm St day 2');
  });

  it('given the network cut, when they change line 1 to 150 feet and the customer and the worker sign, then both show at once, waiting, after the edit in the outbox', async () => {
    await context.setOffline(true);
    await page.reload();
    await banner().waitFor();
    await open(first);
    await page.getByTestId('ticket-title').filter({ hasText: String(first.account_ticket_number) }).waitFor();
    await productionRow(page, 1).getByLabel('Feet', { exact: true }).fill('150');
    await productionRow(page, 1).getByRole('button', { name: 'Save line 1' }).click();
    await seeMessage(page, 'Production line saved.');
    await sign(page, 'Customer', 'Cass Customer');
    await sign(page, 'Worker', 'Wes Worker');
    await poll(() => cards('waiting').count()).toBe(2);
    expect(await page.getByTestId('signature-waiting').count()).toBe(2);
    await poll(() => banner().textContent()).toBe('Offline — 3 changes waiting');
    const n = first.account_ticket_number;
    expect((await outbox(page)).map((e) => e.label)).toEqual(['Production line: saved Feet', `Ticket ${n}: customer signature of Cass Customer`, `Ticket ${n}: worker signature of Wes Worker`]);
    await page.getByTestId('message-box').waitFor({ state: 'detached' });
    await screenshot(page.locator('section[aria-label="Signatures"]').first(), 'offline-signatures-waiting');
  });

  it('when the page is closed and another opened, still offline, then the signatures still show, waiting, and nothing reached the server', async () => {
    await poll(async () => ((await keptTicket(page, first.id))?.worker_signatures ?? []).length).toBe(1);
    await page.close();
    page = await context.newPage();
    await open(first);
    await poll(() => banner().textContent()).toBe('Offline — 3 changes waiting');
    await poll(() => cards('waiting').count()).toBe(2);
    const now = await onServer(first);
    expect([now.customer_signatures, now.worker_signatures]).toEqual([[], []]);
  });

  it('when the network comes back, then each signature is on the server once, signed on the device, and current with the edit', async () => {
    await context.setOffline(false);
    await poll(() => outbox(page), { timeout: 20_000 }).toEqual([]);
    const saved = await onServer(first);
    expect((saved.ticket_productions as Row[]).map((l) => Number(l.feet))).toEqual([150]);
    for (const [key, name] of [['customer_signatures', 'Cass Customer'], ['worker_signatures', 'Wes Worker']]) {
      expect((saved[key] as Row[]).map((s) => [s.signer_name, s.signed_by, s.signed_on_device, s.signature_current])).toEqual([[name, 'Fay Field', true, true]]);
    }
    expect(saved.signature_status).toBe('signed');
    const history = await pageApi<Row[]>(admin, 'GET', `/api/tickets/${first.id}/history/`);
    expect(history.filter((h) => h.collection === 'ticket_customer_signatures' || h.collection === 'ticket_worker_signatures')).toHaveLength(2);
    await poll(() => cards('current').count(), { timeout: 15_000 }).toBe(2);
  });

  it('given the office retitles the second ticket while its customer signs offline, when the network comes back, then the signature shows signed an earlier version naming the title', async () => {
    await context.setOffline(true);
    await open(second);
    await page.getByTestId('ticket-title').filter({ hasText: String(second.account_ticket_number) }).waitFor();
    await sign(page, 'Customer', 'Cass Customer');
    await poll(() => banner().textContent()).toBe('Offline — 1 change waiting');
    await pageApi(admin, 'PUT', `/api/tickets/${second.id}/`, { title: 'Elm St day 2 (office)' });
    await context.setOffline(false);
    await poll(() => outbox(page), { timeout: 20_000 }).toEqual([]);
    const [signature] = (await onServer(second)).customer_signatures as Row[];
    expect(signature).toMatchObject({ signer_name: 'Cass Customer', signature_current: false, changes_since: ['Ticket: title Elm St day 2 → Elm St day 2 (office)'] });
    await poll(() => page.getByTestId('signature-stale').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('changes-since').textContent()).toContain('title Elm St day 2 → Elm St day 2 (office)');
    await screenshot(page.locator('section[aria-label="Signatures"]').first(), 'offline-signature');
  });

  it('given a ticket made offline on the task page, when it gets a production line picked from the CIBE items and a typed one, a photo and both signatures, then each shows at once and waits', async () => {
    await page.goto(`/job/orca/${encodeURIComponent(job.account_job_number)}/task/${encodeURIComponent(String(task.task_id))}`);
    const tickets = page.getByTestId('job-tickets');
    await tickets.locator(`tr[data-ticket-id="${first.id}"]`).waitFor();
    await context.setOffline(true);
    await tickets.getByTestId('new-ticket').click();
    await fillNewDialog(page, { title: 'Elm St day 3' });
    const made = tickets.locator('tbody tr[data-ticket-id^="tmp-"]');
    await made.waitFor();
    third = { id: String(await made.getAttribute('data-ticket-id')) };
    await poll(() => keptTitle(page, third.id)).toBe('Elm St day 3');
    await page.goto(`/ticket/${third.id}`);
    await page.getByTestId('ticket-title').filter({ hasText: 'Elm St day 3' }).waitFor();
    // The job's CIBE items, kept by the field sync without their prices, to pick from.
    await page.getByTestId('pick-cibe').click();
    await page.getByLabel('Pick CIBE line 1').check();
    await page.getByTestId('add-cibe-picks').click();
    await poll(() => productionRows().count()).toBe(1);
    await page.getByLabel('New line work type').selectOption('Splice');
    await page.getByTestId('add-typed-line').click();
    await poll(() => productionRows().count()).toBe(2);
    await section(page, 'Photos').locator('input[type="file"]').setInputFiles({ name: 'splice-case.png', mimeType: 'image/png', buffer: PNG });
    await section(page, 'Photos').locator('tr[data-waiting-upload]').waitFor();
    await sign(page, 'Customer', 'Cass Customer');
    await sign(page, 'Worker', 'Wes Worker');
    await poll(() => banner().textContent()).toBe('Offline — 6 changes waiting');
  });

  it('when the page is closed and another opened, still offline, then the ticket, its lines, the photo and the signatures still show, and nothing reached the server', async () => {
    await poll(async () => ((await keptTicket(page, third.id))?.worker_signatures ?? []).length).toBe(1);
    await page.close();
    page = await context.newPage();
    await page.goto(`/ticket/${third.id}`);
    await poll(() => banner().textContent()).toBe('Offline — 6 changes waiting');
    await page.getByTestId('ticket-title').filter({ hasText: 'Elm St day 3' }).waitFor();
    await poll(() => productionRows().count()).toBe(2);
    await section(page, 'Photos').locator('tr[data-waiting-upload]').waitFor();
    await poll(() => cards('waiting').count()).toBe(2);
    expect((await pageApi<Row[]>(admin, 'GET', `/api/tickets/task_tickets/${task.id}`)).filter((t) => t.title === 'Elm St day 3')).toEqual([]);
  });

  it('when the network comes back, then the server holds the ticket once with both lines, the photo and both signatures, each once in its history, and the signatures current', async () => {
    await context.setOffline(false);
    await page.waitForURL((u) => /^\/ticket\/\d+$/.test(u.pathname), { timeout: 20_000 });
    await poll(() => outbox(page), { timeout: 30_000 }).toEqual([]);
    const made = (await pageApi<Row[]>(admin, 'GET', `/api/tickets/task_tickets/${task.id}`)).filter((t) => t.title === 'Elm St day 3');
    expect(made).toHaveLength(1);
    const saved = await onServer(made[0]);
    expect((saved.ticket_productions as Row[]).map((l) => [l.line_number, l.issued_item_code ?? null, l.work_type ?? null])).toEqual([
      [1, 'BORE-2', null],
      [2, null, 'Splice'],
    ]);
    expect((saved.photos as Row[]).map((p) => p.file_name)).toEqual(['splice-case.jpg']);
    for (const [key, name] of [['customer_signatures', 'Cass Customer'], ['worker_signatures', 'Wes Worker']]) {
      expect((saved[key] as Row[]).map((s) => [s.signer_name, s.signed_on_device, s.signature_current, s.changes_since])).toEqual([[name, true, true, []]]);
    }
    const history = await pageApi<Row[]>(admin, 'GET', `/api/tickets/${made[0].id}/history/`);
    const added = (collection: string) => history.filter((h) => h.collection === collection).length;
    expect([added('ticket_productions'), added('ticket_photos'), added('ticket_customer_signatures'), added('ticket_worker_signatures')]).toEqual([2, 1, 1, 1]);
    await poll(() => cards('current').count(), { timeout: 15_000 }).toBe(2);
  });
});
