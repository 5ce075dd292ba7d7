/**
 * Notifications in the browser against the real app (docs/notifications.md): the bell's count changes
 * live, without a reload, when the worker's scan tells a condition (the scan runs here on the app's
 * database and publishes through Redis as the worker does); the dropdown opens the record and marks it
 * read; the /notifications/ page with the choices per kind; Settings > Notifications. Screenshots for the doc.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { localBlobStore, REDIS_URL } from '@trenchline/read-model';
import { redisLivePublisher, type LivePublisher } from '@trenchline/platform';
import { workerContext } from '@trenchline/worker/context.ts';
import { scanAccount } from '@trenchline/worker/notifications/scan.ts';
import { type TestApp } from '../support/app.ts';
import { browserApp, DOCS, newPage, pageApi, plusDays, iso, poll, screenshot, seeMessage, signedUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
let live: LivePublisher | undefined;
browserApp('browser_notifications', { web: true }, (a, b) => ((app = a), (browser = b)));
afterAll(async () => {
  await live?.close();
});

const bellCount = async (page: Page) => Number(await page.getByTestId('bell-count').getAttribute('data-count'));

/** The worker's scan of the account, its live pushes going through Redis to the app's Socket.IO. */
async function scan(accountId: string) {
  live ??= redisLivePublisher(REDIS_URL, app.liveKey);
  const api = app.api.ctx;
  const ctx = workerContext({ db: api.db, store: api.store, pool: api.pool, blobs: localBlobStore(app.filesDir), now: () => new Date(), toUser: live.toUser, publish: () => undefined, writeConnections: 2, mailer: api.mailer });
  await app.caughtUp();
  return scanAccount(ctx, accountId, new Date());
}

describe('notifications in the browser', () => {
  let page: Page;

  it('given a user on a page, when a permit comes within 7 days and the scan runs, then the bell counts it without a reload; the dropdown opens the job and marks it read', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Bell Line Boring', name: 'Nia Bell', email: `bell.${Date.now()}@example.com`, password: 'correct horse battery' });
    const me = (await pageApi<{ user: { account_id: string } }>(page, 'GET', '/api/auth/me')).user;
    await poll(() => bellCount(page)).toBe(0);

    const job = await pageApi<{ id: string; account_job_number: string }>(page, 'POST', '/api/jobs/new/', { form_type: 'base', title: 'Main St conduit' });
    await pageApi(page, 'PUT', `/api/jobs/${job.id}/`, { permit_expiration_date: iso(plusDays(5)) });
    const ticket = await pageApi<{ id: string }>(page, 'POST', '/api/jobs/new/', { form_type: 'base', title: 'Elm St bore' });
    // Three days gone, not one: the account's day (America/Chicago) is behind the machine's UTC date after midnight UTC, where yesterday is still today and 'expiring'.
    await pageApi(page, 'PUT', `/api/jobs/${ticket.id}/`, { permit_expiration_date: iso(plusDays(-3)) });
    expect((await scan(me.account_id)).told).toBe(2);
    // The page was never reloaded: the count came over Socket.IO.
    await poll(() => bellCount(page)).toBe(2);

    await page.getByTestId('bell').click();
    const items = page.getByTestId('notification');
    await poll(() => items.count()).toBe(2);
    await screenshot(page, 'notifications-bell', { dir: DOCS, clip: { x: 900, y: 0, width: 540, height: 420 } });
    await items.filter({ hasText: 'expiring' }).click();
    await page.waitForURL(`**/job/${job.id}`);
    await poll(() => bellCount(page)).toBe(1);
  });

  it('given the notifications page, then the table lists them with their read state; a channel chosen is saved; Mark all read empties the bell', async () => {
    await page.getByTestId('bell').click();
    await page.getByRole('link', { name: 'See all' }).click();
    await page.waitForURL('**/notifications/');
    const rows = page.locator('table[aria-label="Notifications"] tbody tr[data-kind]');
    await poll(() => rows.count()).toBe(2);
    // Told in one scan, so either may be the newer: one read (opened from the bell), one not.
    expect((await rows.evaluateAll((trs) => trs.map((tr) => (tr as unknown as { dataset: { read: string } }).dataset.read))).sort()).toEqual(['false', 'true']);

    const choice = page.getByRole('table', { name: 'Notification choices' }).locator('tr[data-kind="permit_expiring"]');
    await choice.getByText('E-mail at once').click();
    await seeMessage(page, 'Saved successfully!');
    expect((await pageApi(page, 'GET', '/api/notification_preferences/')).permit_expiring).toBe('email');
    await screenshot(page, 'notifications-page', { dir: DOCS, fullPage: false });

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await poll(() => bellCount(page)).toBe(0);
  });

  it('given an admin, when Settings > Notifications changes the permit days, then they are saved', async () => {
    await page.goto('/settings/#notifications');
    const section = page.getByRole('region', { name: 'Notifications' });
    await section.getByLabel('Permits (days)').fill('14');
    await section.getByRole('button', { name: 'Save', exact: true }).click();
    await seeMessage(page, 'Saved successfully!');
    expect(await pageApi(page, 'GET', '/api/settings/notifications/')).toMatchObject({ permit_days: 14, locate_working_days: 2, ticket_approval_days: 3 });
    await screenshot(section, 'settings-notifications', { dir: DOCS });
  });
});
