/**
 * A photo taken offline and uploaded resumably (issue 35, docs/offline-app.md "Photos offline"), in
 * Debian's chromium against the real app with its service worker. A field user, the network cut, adds a
 * photo to their ticket's Photos: it shows at once from the device as waiting to upload and is counted
 * in the badge; the page is closed and another opened, still offline (the photo's Blob is kept in
 * IndexedDB); back online the sync sends it in chunks and adds the photo, once.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../support/app.ts';
import { browserApp, keptTitle, lineRows, logIn, newPage, pageApi, poll, section, signUp } from '../support/browser.ts';
import { PNG } from '../support/files.ts';

let app: TestApp;
let browser: Browser;
browserApp('browser_offline_photos', { web: true }, (a, b) => ((app = a), (browser = b)));

type Row = { id: string } & Record<string, any>;
const password = 'correct horse battery';
const stamp = Date.now();
const adminEmail = `photos.admin.${stamp}@example.com`;
const fieldEmail = `photos.field.${stamp}@example.com`;

/** The outbox's entries: their label and whether they hold a file. */
const outbox = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ label: string; file: boolean }[]>((ok) => {
        indexedDB.open('trenchline-outbox').onsuccess = (e) => {
          const all = (e.target as IDBOpenDBRequest).result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => ok(all.result.map((x) => ({ label: x.label, file: x.upload?.file instanceof Blob })));
        };
      }),
  );

describe('a photo taken offline', () => {
  let context: BrowserContext;
  let page: Page;
  let admin: Page;
  let ticket: Row;
  const ticketPage = () => `/ticket/${ticket.account_ticket_number}`;
  const photos = () => section(page, 'Photos');
  const waitingRow = () => photos().locator('tr[data-waiting-upload]');
  const banner = () => page.getByTestId('offline-banner');
  const onServer = async () => (await pageApi<Row>(admin, 'GET', `/api/tickets/${ticket.id}/`)).photos as Row[];

  it('given a job with an open ticket assigned to a field user, when they sign in online, then the sync keeps the ticket', async () => {
    ({ page: admin } = await newPage(browser, app.url));
    await signUp(admin, app.url, { accountName: 'Photo Boring', name: 'Ada Admin', email: adminEmail, password });
    await pageApi(admin, 'POST', '/api/settings/users/', { display_name: 'Fay Field', email: fieldEmail, password, role: 'field' });
    const job = await pageApi<Row>(admin, 'POST', '/api/jobs/new/', { form_type: 'attorca', title: 'Creek crossing', job_number: 'PH-1', customer: 'Lumen' });
    await pageApi(admin, 'POST', `/api/jobs/${job.id}/assign_users/`, { user_to_be_assigned: fieldEmail });
    ticket = await pageApi<Row>(admin, 'POST', '/api/tickets/', { form_type: 'attorca_ticket', ticket_status: 'New', title: 'Creek day 1', job: job.id });
    await app.caughtUp();

    ({ context, page } = await newPage(browser, app.url, { serviceWorkers: 'allow' }));
    await logIn(page, fieldEmail, password, '/job/');
    await poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
    await poll(() => page.getByTestId('network-status').getAttribute('data-field-sync'), { timeout: 20_000 }).toBe('done');
    await poll(() => keptTitle(page, ticket.id), { timeout: 15_000 }).toBe('Creek day 1');
    // Opened online, the page must not forget the kept copy before /auth/me answers: the next step reloads offline at once.
    await page.goto(ticketPage());
    await photos().waitFor();
  });

  it('given the network cut, when they add a photo, then it shows at once as waiting to upload, counted in the badge, its Blob in the outbox', async () => {
    await context.setOffline(true);
    await page.reload();
    await banner().waitFor();
    await photos().locator('input[type="file"]').setInputFiles({ name: 'bore-pit.png', mimeType: 'image/png', buffer: PNG });

    await waitingRow().waitFor();
    expect(await waitingRow().textContent()).toContain('waiting to upload');
    await poll(() => banner().textContent()).toBe('Offline — 1 change waiting');
    expect(await outbox(page)).toEqual([{ label: 'Photo: bore-pit.jpg uploaded', file: true }]);
    expect(await onServer()).toEqual([]);
  });

  it('when the page is closed and another opened, still offline, then the photo still shows as waiting', async () => {
    await page.close();
    page = await context.newPage();
    await page.goto(ticketPage());
    await poll(() => banner().textContent()).toBe('Offline — 1 change waiting');
    await waitingRow().waitFor();
    expect(await waitingRow().locator('img').getAttribute('src')).toMatch(/^blob:/);
  });

  it('when the network comes back, then the photo is uploaded and on the ticket once, and nothing waits', async () => {
    await context.setOffline(false);
    await poll(async () => (await onServer()).map((p) => p.file_name), { timeout: 20_000 }).toEqual(['bore-pit.jpg']);
    await poll(() => outbox(page), { timeout: 15_000 }).toEqual([]);
    await waitingRow().waitFor({ state: 'detached' });
    await poll(() => lineRows(page, 'Photos').count()).toBe(1);
    const history = await pageApi<Row[]>(admin, 'GET', `/api/tickets/${ticket.id}/history/`);
    expect(history.filter((h) => h.collection === 'ticket_photos')).toHaveLength(1);
    expect((await onServer())[0].content_type).toBe('image/jpeg');
  });
});
