/**
 * The built web app under its Content-Security-Policy, in Debian's chromium (docs/security.md): the
 * main screens of the demo account open, render, show stored photos and talk to Socket.IO with no
 * CSP violation reported; the app's own requests carry X-CSRFToken, and a report button (a window
 * the app opens, which cannot send a header) still gets its report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '@trenchline/api/seed.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { launchChromium, logIn, newPage, reportDownload } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
let page: Page;
let errors: string[];
let db: pg.Pool;
/** What the CSP refused: the `securitypolicyviolation` events and chromium's console reports. */
const violations: string[] = [];
const sockets: string[] = [];
const apiGets: { url: string; token: boolean }[] = [];
let inFlight = 0;
let lastNetwork = Date.now();

const firstOf = async (kind: string) => (await db.query<{ id: string; stream_id: string | null }>('select id::text as id, stream_id from record_index where kind = $1 order by id limit 1', [kind])).rows[0];

/** Until the screen has loaded what it shows: no API request for a while and no loading text left. */
async function settled(p: Page) {
  await p.waitForLoadState('load');
  lastNetwork = Date.now();
  const loading = p.getByText(/^Loading\.\.\.$|Fetching and processing records/);
  await expect.poll(async () => inFlight === 0 && Date.now() - lastNetwork > 500 && (await loading.count()) === 0, { timeout: 15_000, interval: 100 }).toBe(true);
}

beforeAll(async () => {
  app = await startTestApp('security_csp_browser', { web: true, worker: true, reportWaitMs: 5000 });
  db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  db.on('error', () => undefined);
  await seedDemo(app.api.ctx);
  await app.caughtUp();
  browser = await launchChromium();
  ({ page, errors } = await newPage(browser, app.url));
  await page.context().addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`));
  });
  page.on('console', (m) => {
    if (/Content Security Policy|CSP violation/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
  });
  page.on('websocket', (ws) => sockets.push(ws.url()));
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.context().on('request', (r) => {
    if (!isApi(r.url())) return;
    inFlight++;
    lastNetwork = Date.now();
    // The app's own calls (an <img> or a window it opens cannot carry a header).
    if (r.method() === 'GET' && ['fetch', 'xhr'].includes(r.resourceType())) apiGets.push({ url: r.url(), token: Boolean(r.headers()['x-csrftoken']) });
  });
  const done = (r: { url(): string }) => {
    if (!isApi(r.url())) return;
    inFlight--;
    lastNetwork = Date.now();
  };
  page.context().on('requestfinished', done);
  page.context().on('requestfailed', done);
  await logIn(page, DEMO_EMAIL, DEMO_PASSWORD);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await db?.end();
  await app?.stop();
});

describe('the web app under its CSP', () => {
  it('given the demo account, when each main screen is opened, then it renders and no CSP violation is reported', async () => {
    const bid = await firstOf('bid');
    const project = await firstOf('project');
    const screens = ['/bid/', `/bid/${bid.id}`, '/project/', `/project/${project.id}`, '/job/', '/job/others/', '/routine/', '/settings/', '/report/'];
    for (const path of screens) {
      await page.goto(path);
      // The screen's own code (a lazy chunk, not an API call) may still be on its way when the network is quiet.
      await expect.poll(() => page.locator('#root *').count(), { message: path, timeout: 20_000 }).toBeGreaterThan(20);
      await settled(page);
    }
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('given a job with a photo, when its page opens, then the photo is shown from the API (img-src) with no violation', async () => {
    const photo = await firstOf('job_photos');
    await page.goto(`/job/${photo.stream_id!.replace(/^job-/, '')}`);
    const img = page.locator('img[src^="/api/files/"]').first();
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(violations).toEqual([]);
  });

  it('given the screens opened, then live updates connected over a same-origin websocket under connect-src', () => {
    expect(sockets.some((u) => new URL(u).pathname.startsWith('/socket.io/'))).toBe(true);
    expect(violations).toEqual([]);
  });

  it('given the app signed in, when it reads from the API with fetch, then every GET carries X-CSRFToken', () => {
    expect(apiGets.length).toBeGreaterThan(20);
    expect(apiGets.filter((g) => !g.token && !g.url.includes('/api/auth/me'))).toEqual([]);
  });

  it('given all matching projects selected, when the management report is asked for, then the worker makes it and its file downloads without a header (no CSRF refusal, no CSP violation)', async () => {
    await page.goto('/project/');
    await settled(page);
    await page.getByLabel('Select all matching projects').check();
    const asked = page.context().waitForEvent('request', (r) => r.url().endsWith('/api/bulk/') && r.method() === 'POST');
    const download = await reportDownload(page, () => page.locator('button', { hasText: 'Management report' }).click());
    // The request is a write: it carries the token; the file is a plain link (no header can ride on it) and is still served.
    expect((await asked).headers()['x-csrftoken']).toBeTruthy();
    expect(download.url()).toMatch(/\/file\/$/);
    expect(await download.failure()).toBeNull();
    expect(violations).toEqual([]);
  });
});
