/** Debian's chromium driven by playwright-core (no browser download: `apt-get install chromium`). */
import { chromium, type Browser, type BrowserContext, type Download, type Locator, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { mkdirSync } from 'node:fs';
import { signupCode } from './mail.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where screenshots go: tests/screenshots/ (not kept in git), and the pictures docs/ shows. */
export const SHOTS = new URL('../screenshots/', import.meta.url).pathname;
export const DOCS = new URL('../../docs/', import.meta.url).pathname;
export const DOCS_SCREENS = `${DOCS}screens/`;

/**
 * Screenshots are for people to look at, not assertions, so a test run takes them only when asked:
 * `npm run screenshots` (SCREENSHOTS=1) runs the browser tests and writes them. A plain `npm test`
 * leaves the committed pictures in docs/ as they are and spares chromium the work (a full-page picture
 * is about a second of its CPU, and there are some eighty).
 */
export const screenshotsAsked = process.env.SCREENSHOTS === '1';

/**
 * How long a browser step may wait on a machine at load 15 (CI runs beside other work): a step that
 * passes takes what it takes, so only a failing one ever waits this long.
 */
const BUSY_MACHINE_MS = 20_000;

/**
 * Call at a browser test file's top (browserApp does): one test is a user's whole errand of many
 * steps, so it gets more than the suite's 30 s. vitest resets the config after each file.
 */
export function browserTestTimeouts() {
  vi.setConfig({ testTimeout: 120_000 });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A page in a context of its own. Service workers are blocked unless `serviceWorkers: 'allow'` (the
 * offline test): a worker caching the built shell would only add work to every other test. It asks
 * for reduced motion, which the app honours: no transition to wait out before a click, none to draw.
 */
export async function newPage(browser: Browser, base: string, o: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, acceptDownloads: true, reducedMotion: 'reduce', serviceWorkers: o.serviceWorkers ?? 'block' });
  const page = await context.newPage();
  page.setDefaultTimeout(BUSY_MACHINE_MS);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Confirmations of the spec ('Sure you want to delete this?') are accepted.
  page.on('dialog', (d) => d.accept());
  trackApiCalls(page);
  return { context, page, errors };
}

/** The app's API calls each page has made and not yet had answered (the live socket is none of them). */
const unanswered = new WeakMap<Page, Set<Request>>();
/** Count the page's API calls for answeredAndDrawn (newPage does; call it on a page made otherwise). */
export function trackApiCalls(page: Page) {
  const calls = new Set<Request>();
  unanswered.set(page, calls);
  page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/') && calls.add(r));
  page.on('requestfinished', (r) => calls.delete(r));
  page.on('requestfailed', (r) => calls.delete(r));
}

/**
 * The page has had every answer it asked for and has drawn them: no API call of the page unanswered,
 * then two frames (React renders what came, and a style change's 0.01 ms transition ends). A check
 * that reads the whole page (axe) sees one state of it, not a button changing under it.
 */
export async function answeredAndDrawn(page: Page) {
  const calls = unanswered.get(page);
  if (!calls) throw new Error('answeredAndDrawn: a page not made by newPage needs trackApiCalls(page) first');
  await poll(() => calls.size).toBe(0);
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
}

/**
 * `name`.png in `dir` (tests/screenshots/ unless told) when screenshots are asked for: a page whole
 * (`fullPage: false` for what the window shows, `clip` for a part of it), or one element.
 */
export async function screenshot(of: Page | Locator, name: string, o: { dir?: string; fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } } = {}) {
  if (!screenshotsAsked) return;
  const dir = o.dir ?? SHOTS;
  mkdirSync(dir, { recursive: true });
  const path = `${dir}${name}.png`;
  if ('goto' in of) await of.screenshot({ path, fullPage: o.clip ? false : (o.fullPage ?? true), clip: o.clip });
  else await of.screenshot({ path });
}

/** The message box shows one message at a time; wait for one containing `text`. */
/** Sign in on the login screen and wait for the page it leads to (the bid list unless `next` says otherwise). */
export async function logIn(page: Page, email: string, password: string, next = '/bid/') {
  await page.goto(next === '/bid/' ? '/login' : `/login?next=${next}`);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**${next}`);
}

/**
 * Sign up on the sign-up screen, enter the code mailed to the address (read from the app's outbox), and
 * wait for the page it leads to (the bid list).
 */
export async function signUp(page: Page, appUrl: string, f: { accountName: string; name: string; email: string; password: string }) {
  await page.goto('/signup');
  await page.getByLabel('Account name').fill(f.accountName);
  await page.getByLabel('Your name').fill(f.name);
  await page.getByLabel('Email').fill(f.email);
  await page.locator('input[type=password]').fill(f.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Confirmation code').fill(await signupCodeOnceAsked(page, appUrl, f.email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL('**/bid/');
}

/**
 * Signed up through the API in the page's own context (its cookies are the page's), then the bid list
 * opened, where the sign-up screen leads: for errands that start signed in. The screens themselves are
 * walked by signUp (bids, the offline files) and logIn, and looked at by the screens tour.
 */
export async function signedUp(page: Page, appUrl: string, f: { accountName: string; name: string; email: string; password: string }) {
  await page.request.get('/api/auth/me'); // the anti-forgery cookie
  await pageApi(page, 'POST', '/api/auth/signup', { account_name: f.accountName, display_name: f.name, email: f.email, password: f.password });
  await pageApi(page, 'POST', '/api/auth/signup/confirm', { email: f.email, code: await signupCode(appUrl, f.email) });
  await page.goto('/bid/');
}

/** Signed in through the API in the page's own context, then `next` opened (the bid list unless told): for a second user or browser of an errand. */
export async function signedIn(page: Page, email: string, password: string, next = '/bid/') {
  await page.request.get('/api/auth/me');
  await pageApi(page, 'POST', '/api/auth/login', { email, password });
  await page.goto(next);
}

/** The code step shows once the sign-up answered, and the mail is kept before it answers. */
async function signupCodeOnceAsked(page: Page, appUrl: string, email: string) {
  await page.getByLabel('Confirmation code').waitFor();
  return signupCode(appUrl, email);
}

/**
 * A report asked for by `ask` (a click): the shell's toast follows the worker and ends with a Download
 * button; its file is downloaded and the toast closed.
 */
export async function reportDownload(page: Page, ask: () => Promise<unknown>, timeout = 45_000): Promise<Download> {
  const toasts = page.getByTestId('file-toast');
  const before = await toasts.count();
  await ask();
  const toast = toasts.nth(before);
  const link = toast.getByRole('link', { name: 'Download' });
  await link.waitFor({ timeout });
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), link.click()]);
  await toast.getByRole('button', { name: /^Close/ }).click();
  return download;
}

/**
 * Close the report toasts once one shows (a report started by a question accepted), each once its
 * report has ended: its button follows it until then (reading its progress, with a Stop beside it),
 * and a test's next click on that button must not find it still at work.
 */
export async function closeReportToasts(page: Page, timeout = 45_000) {
  const toasts = page.getByTestId('file-toast');
  await toasts.first().waitFor();
  while ((await toasts.count()) > 0) {
    const toast = toasts.first();
    await poll(() => toast.getAttribute('data-status'), { timeout }).toMatch(/^(done|failed|cancelled)$/);
    await toast.getByRole('button', { name: /^Close/ }).click();
  }
}

/** `timeout`: for a message that follows the worker's whole job (a bulk action over many records). */
export const seeMessage = (page: Page, text: string | RegExp, o: { timeout?: number } = {}) => page.getByTestId('message-box').filter({ hasText: text }).first().waitFor(o);

const pad = (n: number) => String(n).padStart(2, '0');
/** Today plus `days`, on the browser's (local) calendar, as the screens count days. */
export const plusDays = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return d;
};
/** 'YYYY-MM-DD' and 'MM/DD/YYYY' of a local date. */
export const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const us = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;

/** The page's anti-forgery token (the csrftoken cookie), as the web app sends it. */
export async function csrfOf(page: Page) {
  return decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '');
}

/** A call from the page's own session, as another screen (or user) would make it; a status of 300 or more throws. */
export async function pageApi<T = Record<string, unknown>>(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const r = await page.request.fetch(url, { method, headers: { 'X-CSRFToken': await csrfOf(page) }, data: body });
  const json = await r.json().catch(() => null);
  if (r.status() >= 300) throw new Error(`${method} ${url}: ${r.status()} ${JSON.stringify(json)}`);
  return json as T;
}

/**
 * A browser test file's app (on its own database) and chromium, started before its tests and stopped
 * after them; `use` hands both to the file's own variables.
 */
export function browserApp(label: string, options: Parameters<typeof startTestApp>[1], use: (app: TestApp, browser: Browser) => void) {
  browserTestTimeouts();
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await startTestApp(label, options);
    browser = await sharedChromium();
    use(app, browser);
  }, 60_000);
  afterAll(async () => {
    // The file's pages go with their contexts; the browser stays for the fork's next file.
    for (const context of browser?.contexts() ?? []) await context.close().catch(() => undefined);
    await app?.stop();
  });
}

let shared: Promise<Browser> | null = null;
/**
 * One chromium per test fork (files share their fork's modules: vitest.config.ts), not one per file:
 * a launch and its close cost a second or two of a busy machine, 37 times. A browser that went away
 * (crashed) is launched again for the next file; playwright kills it when the fork exits.
 */
function sharedChromium(): Promise<Browser> {
  if (!shared) {
    const launching = launchChromium();
    shared = launching;
    launching.then((b) => b.on('disconnected', () => { if (shared === launching) shared = null; }), () => { if (shared === launching) shared = null; });
  }
  return shared;
}

/** expect.poll with room for a busy machine (browser files run two at a time). */
export const poll = <T>(fn: () => T | Promise<T>, o: { timeout?: number } = {}) => expect.poll(fn, { timeout: BUSY_MACHINE_MS, ...o });
/** A record page's section by its title. */
export const section = (scope: Page | Locator, title: string) => scope.locator(`section[aria-label="${title}"]`).first();
/** A section's own lines (a line's lines open under it in a table of their own, with its own title). */
export const lineRows = (scope: Page | Locator, title: string) => scope.locator(`table[data-lines-of="${title}"] > tbody > tr[data-line-id]`);
/** The open drawer that holds a form (a line's panel). */
export const drawer = (page: Page) => page.locator('.mantine-Drawer-content').filter({ has: page.locator('form') });

/** A call from the page's own session, with its status (a refusal is an answer here, not a failure). */
export async function pageCall(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const r = await page.request.fetch(url, { method, headers: { 'X-CSRFToken': await csrfOf(page) }, data: body });
  return { status: r.status(), body: await r.json().catch(() => null) };
}

/** A file uploaded from the page's own session (multipart, as the app's upload buttons send it), with its status. */
export async function pageUpload(page: Page, url: string, file: { name: string; mimeType: string; buffer: Buffer }, fields: Record<string, string> = {}, method: 'POST' | 'PUT' = 'POST') {
  const r = await page.request.fetch(url, { method, headers: { 'X-CSRFToken': await csrfOf(page) }, multipart: { file, ...fields } });
  return { status: r.status(), body: await r.json().catch(() => null) };
}

/** The open New dialog (components/record/NewRecordDialog). */
export const newDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Create' }) });

/** New as a form: fill the open New dialog's fields by name (a choice by its text, a date as MM/DD/YYYY), then press Create. */
export async function fillNewDialog(page: Page, values: Record<string, string>, create = true) {
  const dialog = newDialog(page);
  await dialog.waitFor();
  for (const [name, value] of Object.entries(values)) {
    const cell = dialog.locator(`[data-new-field="${name}"]`);
    if (await cell.locator('select').count()) await cell.locator('select').selectOption(value);
    else {
      const input = cell.locator('input:not([type=hidden]), textarea').first();
      await input.fill(value);
      await input.press('Tab');
    }
  }
  if (create) await dialog.getByRole('button', { name: 'Create' }).click();
}

/** The words after a write kept on the device for later (lib/offline/queuedWrite.ts). */
export const KEPT = 'Saved on this device: it is sent when the network is back.';

/** A production line of the ticket page by its number. */
export const productionRow = (page: Page, n: number) => page.locator(`table[data-lines-of="Production lines"] > tbody > tr[data-line-number="${n}"]`);

/** A signature drawn with the mouse across the pad: two strokes. */
export async function drawSignature(page: Page, who: string) {
  const pad = page.getByLabel(`${who} signature pad`);
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(...at(0.1 + i * 0.05, 0.6 - Math.sin(i / 2) * 0.3));
  await page.mouse.up();
  await page.mouse.move(...at(0.2, 0.8));
  await page.mouse.down();
  await page.mouse.move(...at(0.7, 0.75), { steps: 6 });
  await page.mouse.up();
}

/** The kept ticket in IndexedDB as its page's query holds it (the kept cache is written at most once a second), or null. */
export const keptTicket = (page: Page, ticketId: string) =>
  page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const r = indexedDB.open('trenchline-cache');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
    });
    const kept = await new Promise<any>((ok) => {
      const r = db.transaction('query-cache').objectStore('query-cache').get('query-cache');
      r.onsuccess = () => ok(r.result);
    });
    db.close();
    const q = (kept?.state.queries ?? []).find((x: any) => x.queryHash === JSON.stringify(['record', `ticket-${id}`]));
    return (q?.state.data as Record<string, any> | undefined) ?? null;
  }, ticketId);

/** The kept ticket's title, or null. */
export const keptTitle = async (page: Page, ticketId: string) => ((await keptTicket(page, ticketId))?.title as string | undefined) ?? null;

/** Every entry in the outbox, whoever's, in the order made: its label and state. */
export const outbox = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ label: string; state: string; owner: string }[]>((ok) => {
        indexedDB.open('trenchline-outbox').onsuccess = (e) => {
          const all = (e.target as IDBOpenDBRequest).result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => ok(all.result.sort((a, b) => a.order - b.order).map((x) => ({ label: x.label, state: x.state, owner: x.owner })));
        };
      }),
  );
