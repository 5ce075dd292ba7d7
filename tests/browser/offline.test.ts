/**
 * The field app offline (docs/offline-app.md), in Debian's chromium against the real app with its
 * service worker, on one tablet shared by two users of an ORCA job (a task, CIBE items, a crew, an open
 * ticket and a re-upped locate). The field user signs in online and the field sync keeps their job;
 * with the network cut the page reloads from the worker's shell, their job list, the ticket and the
 * locate's ticket chain and expiry read from the kept cache, and the shell says it is offline with
 * their outbox entries waiting; back online it says so and goes quiet; signing out leaves nothing of
 * theirs in IndexedDB but the outbox. The office user signs in next on the same tablet, starts with none
 * of it (nor counts the field user's changes), and offline opens the job and its task page (CIBE items,
 * crews, tickets, locates), which a field user's role cannot open (no job look-up); signing out offline
 * clears the tablet too.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../support/app.ts';
import { addLines, type MeUser } from '../support/seed.ts';
import { browserApp, iso, logIn, newPage, pageApi, plusDays, poll, screenshot, signUp, us } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
browserApp('browser_offline', { web: true }, (a, b) => ((app = a), (browser = b)));

type Row = { id: string } & Record<string, any>;
const password = 'correct horse battery';
const stamp = Date.now();
const adminEmail = `offline.admin.${stamp}@example.com`;
const fieldEmail = `offline.field.${stamp}@example.com`;

/** The query hashes of the cache kept in IndexedDB, or null when none is kept (never creating the database). */
const keptQueries = (page: Page) =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'trenchline-cache')) return null;
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const r = indexedDB.open('trenchline-cache');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
    });
    if (!db.objectStoreNames.contains('query-cache')) return null;
    const kept = await new Promise<any>((ok) => {
      const r = db.transaction('query-cache').objectStore('query-cache').get('query-cache');
      r.onsuccess = () => ok(r.result);
    });
    db.close();
    return kept ? (kept.state.queries as { queryHash: string }[]).map((q) => q.queryHash) : null;
  });

/**
 * Puts bare entries in the outbox (lib/offline/outbox.ts: key, owner, createdAt; no command, so the
 * sync never sends them): counted as waiting, whoever signs in. The offline writes themselves are
 * tests/browser/offline-writes.test.ts.
 */
const putInOutbox = (page: Page, entries: { key: string; owner: string }[]) =>
  page.evaluate(async (rows) => {
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const r = indexedDB.open('trenchline-outbox');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
    });
    const tx = db.transaction('outbox', 'readwrite');
    for (const row of rows) tx.objectStore('outbox').put({ ...row, createdAt: Date.now() });
    await new Promise((ok) => (tx.oncomplete = ok));
    db.close();
  }, entries);

/** Every entry in the outbox, whoever's. */
const outboxCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((ok) => {
        indexedDB.open('trenchline-outbox').onsuccess = (e) => {
          const count = (e.target as IDBOpenDBRequest).result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => ok(count.result);
        };
      }),
  );

describe('the field app offline', () => {
  let context: BrowserContext;
  let page: Page;
  const job: Row = { id: '' };
  let task: Row;
  let locate: Row;
  let ticket: Row;
  const expires = plusDays(9);
  /** Whose data the tablet keeps, as lib/offline/owner.ts writes it: user id:account id. */
  const owner: Record<'field' | 'office', string> = { field: '', office: '' };
  const deviceOwner = () => page.evaluate(() => localStorage.getItem('trenchline.offline-owner'));
  const jobPage = () => `/job/orca/${encodeURIComponent(job.account_job_number)}`;
  const kept = (keys: unknown[][]) => keys.map((k) => JSON.stringify(k));

  /** Waits for the worker to control the page and the field sync's pass to be kept in IndexedDB with `wanted`. */
  async function synced(wanted: string[]) {
    await poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
    await poll(() => page.getByTestId('network-status').getAttribute('data-field-sync'), { timeout: 20_000 }).toBe('done');
    expect(await page.getByTestId('network-status').getAttribute('data-field-jobs')).toBe('1');
    const missing = async () => {
      const hashes = (await keptQueries(page)) ?? [];
      return wanted.filter((k) => !hashes.includes(k));
    };
    await poll(missing, { timeout: 15_000 }).toEqual([]);
  }

  /** Cut the network and reload: the worker's shell opens and the shell says so. */
  async function goOffline(waiting: string) {
    await context.setOffline(true);
    await page.reload();
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    await poll(() => banner.textContent()).toBe(`Offline — ${waiting} waiting`);
  }

  it('given an ORCA job with a task, CIBE items, a crew, an open ticket and a re-upped locate, assigned to a field user and an office user', async () => {
    const { page: admin } = await newPage(browser, app.url);
    await signUp(admin, app.url, { accountName: 'Dead Zone Boring', name: 'Ada Admin', email: adminEmail, password });
    const me = (await pageApi<{ user: MeUser }>(admin, 'GET', '/api/auth/me')).user;
    await pageApi(admin, 'POST', '/api/settings/crews/', { crew_name: 'Bore Crew 1' });
    const fay = await pageApi<Row>(admin, 'POST', '/api/settings/users/', { display_name: 'Fay Field', email: fieldEmail, password, role: 'field' });
    Object.assign(owner, { field: `${fay.id}:${me.account_id}`, office: `${me.id}:${me.account_id}` });
    Object.assign(job, await pageApi<Row>(admin, 'POST', '/api/jobs/new/', { form_type: 'attorca', title: 'Ridge Rd fiber', job_number: 'OFF-1', customer: 'Lumen' }));
    task = await pageApi<Row>(admin, 'POST', `/api/jobs/${job.id}/tasks/`, { job: job.id });
    await addLines(app, me, {
      collection: 'job_cibe_items',
      recordId: job.id,
      lines: [
        { line_number: 1, issued_item_code: 'BORE-2', issued_item_description: 'Dirt-Bore 2in', issued_item_qty: 400, job_task: task.id },
        { line_number: 2, issued_item_code: 'HH-1', issued_item_description: 'Handhole 17x30', issued_item_qty: 2, job_task: task.id },
      ],
    });
    await pageApi(admin, 'POST', `/api/jobs/${job.id}/crews/`, { crew_name: 'Bore Crew 1', job_task: task.id });
    for (const email of [fieldEmail, adminEmail]) await pageApi(admin, 'POST', `/api/jobs/${job.id}/assign_users/`, { user_to_be_assigned: email });
    ticket = await pageApi<Row>(admin, 'POST', '/api/tickets/', { form_type: 'attorca_ticket', ticket_status: 'New', title: 'Ridge Rd day 1', job: job.id, job_task_ref: task.id });
    locate = await pageApi<Row>(admin, 'POST', '/api/locates/', { form_type: 'attorca_locate', current_ticket_number: '2611-0001', current_date_submitted: iso(plusDays(-20)), job_ref: job.id, job_task_ref: task.id });
    locate = await pageApi<Row>(admin, 'POST', `/api/locates/${locate.id}/reup/`, { ticket_number: '2611-0002', date_expiration: iso(expires) });
    expect((await pageApi<Row>(admin, 'GET', `/api/locates/${locate.id}/`)).ticket_chain).toEqual(['2611-0001', '2611-0002']);
    Object.assign(job, await pageApi<Row>(admin, 'GET', `/api/jobs/${job.id}/`));
    // Access and the user's jobs are read from the lists: wait for them to hold the assignments.
    await app.caughtUp();
    await admin.context().close();
  });

  it('when the field user signs in online, then the service worker controls the page and the field sync keeps their job, its task, CIBE items, tickets and locates in IndexedDB', async () => {
    ({ context, page } = await newPage(browser, app.url, { serviceWorkers: 'allow' }));
    await logIn(page, fieldEmail, password, '/job/');
    await page.getByText('Ridge Rd fiber').first().waitFor();
    await synced(kept([['record', `job-${job.id}`], ['jobs', job.id, 'cibeitems'], ['tickets', 'on_jobs', { task: task.id }], ['record', `ticket-${ticket.id}`], ['locates', 'on_jobs', { task: task.id }], ['record', `locate-${locate.id}`]]));
    expect(await deviceOwner()).toBe(owner.field);
    expect(await page.getByTestId('offline-banner').count()).toBe(0);
    // Installable by chromium's own check (a manifest without errors, its icons, a worker), but for the test's private context.
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send('Page.getAppManifest')).errors).toEqual([]);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito']);
    await cdp.detach();
  });

  it('given the network cut, when the page reloads, then their job list, the open ticket with its job\'s CIBE items to pick from (no prices), and the locate with its ticket chain and expiry read from the kept copy, and the shell says offline with their changes waiting', async () => {
    // Two changes of theirs and one of another user of the tablet wait in the outbox: only theirs are counted.
    await putInOutbox(page, [{ key: 'k-1', owner: owner.field }, { key: 'k-2', owner: owner.field }, { key: 'k-3', owner: '999:999' }]);
    await goOffline('2 changes');
    await page.getByText('Ridge Rd fiber').first().waitFor();
    await page.goto(`/ticket/${ticket.account_ticket_number}`);
    await page.getByTestId('ticket-title').filter({ hasText: String(ticket.account_ticket_number) }).waitFor();
    await page.getByTestId('pick-cibe').click();
    const picker = page.locator('table[data-lines-of="CIBE items"]');
    await picker.getByText('BORE-2').waitFor();
    expect(await picker.locator('tbody tr').allTextContents()).toEqual(['1BORE-2Dirt-Bore 2in400', '2HH-1Handhole 17x302']);
    await page.goto(`/locate/${locate.id}`);
    await page.getByText(`Expires ${us(expires)}`).first().waitFor();
    await page.getByText('2611-0001').first().waitFor();
    await page.getByText('2611-0002').first().waitFor();
    await page.getByTestId('offline-banner').waitFor();
    await screenshot(page, 'offline-locate');
  });

  it('when the network comes back, then the shell says back online and then nothing', async () => {
    await context.setOffline(false);
    await page.getByTestId('back-online').waitFor();
    expect(await page.getByTestId('offline-banner').count()).toBe(0);
    await page.getByTestId('back-online').waitFor({ state: 'detached' });
  });

  it('when they sign out, then nothing of theirs is kept in IndexedDB', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login**');
    await poll(() => keptQueries(page)).toBeNull();
    expect(await deviceOwner()).toBeNull();
  });

  it('given the office user signs in next on the same tablet, then the cache starts without the field user, and offline they open the job and its task: CIBE items, crews, tickets and locates', async () => {
    await logIn(page, adminEmail, password);
    await synced(kept([['jobs', 'lookup', job.account_job_number], ['record', `job-${job.id}`], ['locates', 'on_jobs', { task: task.id }]]));
    expect(await deviceOwner()).toBe(owner.office);
    // The field user's two changes stay on the tablet, tagged as theirs, and are not the office user's.
    await goOffline('0 changes');
    await page.goto(jobPage());
    await page.getByText('Ridge Rd fiber').first().waitFor();
    await page.locator(`[data-line-id="${task.id}"]`).first().waitFor();
    await screenshot(page, 'offline-job');

    await page.goto(`${jobPage()}/task/${encodeURIComponent(String(task.task_id))}`);
    await poll(() => page.locator('table[aria-label="CIBE lines"]').getAttribute('aria-rowcount')).toBe('2');
    await page.locator('table[data-lines-of="Crews"]').getByText('Bore Crew 1').waitFor();
    await page.locator(`[data-ticket-id="${ticket.id}"]`).waitFor();
    await page.locator(`[data-locate-id="${locate.id}"]`).getByText('2611-0002').waitFor();
    expect(await page.getByTestId('offline-banner').textContent()).toBe('Offline — 0 changes waiting');
    expect(await outboxCount(page)).toBe(3);
    await screenshot(page, 'offline-task');
  });

  it('when the office user signs out with the network still cut, then the tablet keeps nothing of theirs either', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login**');
    await poll(() => keptQueries(page)).toBeNull();
    expect(await deviceOwner()).toBeNull();
    await context.close();
  });
});
