/**
 * The screens tour (issue 31): the demo account seeded as `npm start` seeds it, every route of the app
 * visited at 1440x900 with axe-core (no serious or critical violation), under its Content-Security-Policy
 * (nothing refused, every GET of the app with X-CSRFToken: tests/support/csp.ts) and, under `npm run screenshots`,
 * a full-page screenshot into docs/screens/; then the truck's tablet both ways round (768x1024, 1024x768, touch): the ticket detail,
 * the locate detail, the expiry watch and the job detail without a sideways page scroll, a drawer for
 * the navigation, 44 px targets, and a customer signature drawn with a finger that the API keeps.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '@trenchline/api/seed.ts';
import { type TestApp } from '../support/app.ts';
import { answeredAndDrawn, browserApp, DOCS_SCREENS, logIn, newPage, pageApi, poll, screenshot, trackApiCalls } from '../support/browser.ts';
import { watchCsp, type CspWatch } from '../support/csp.ts';

/** The words a screen shows until its records arrive (apps/web/src/lib/messages.tsx). */
const WAIT_MESSAGE = 'Fetching and processing records, please wait...';

let app: TestApp;
let browser: Browser;
browserApp('browser_screens', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** axe-core over the page as it stands (injected by evaluate: the app's CSP allows no inline script). */
async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** One line per rule and up to three elements each, so a failing tour says which route and which rule. */
const readable = (route: string, vs: Violation[]) =>
  vs
    .map((v) => `${route}: [${v.impact}] ${v.id} — ${v.help}\n${v.nodes.slice(0, 3).map((n) => `    at ${n.html.replace(/\s+/g, ' ').slice(0, 160)}\n      ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`).join('\n')}${v.nodes.length > 3 ? `\n    …and ${v.nodes.length - 3} more` : ''}`)
    .join('\n');

/** The page has its data: the main area is drawn and nothing in it is still loading. */
async function settled(page: Page) {
  await page.locator('main, form').first().waitFor();
  await poll(() => page.locator('.mantine-Loader-root, .mantine-Skeleton-root, [data-loading-row]').count()).toBe(0);
  // A record page shows the wait message (role status) until its record arrives.
  await poll(() => page.getByText(WAIT_MESSAGE, { exact: true }).count()).toBe(0);
  await page.evaluate(() => document.fonts.ready);
  // The unread count came after the list once, and its button turned from disabled under axe (CI of bcfe92b).
  await answeredAndDrawn(page);
}

const shoot = (page: Page, name: string) => screenshot(page, name, { dir: DOCS_SCREENS });

/** The first row of the page's list opened (rows open their record on a click); the detail's path. */
async function firstRecordOf(page: Page, list: string): Promise<string> {
  await page.goto(list);
  await settled(page);
  const row = page.locator('main tr[data-index="0"]').first();
  await row.locator('td').nth(1).click();
  await page.waitForURL((u) => u.pathname !== list);
  return new URL(page.url()).pathname;
}

const TABLETS = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
];

describe('every screen, and the tablet in the truck', () => {
  let page: Page;
  let csp: CspWatch;
  const failures: string[] = [];
  const detail: Record<string, string> = {};

  /** Visit, let it settle, screenshot, and keep what axe finds against the route's name. */
  async function tour(name: string, path: string) {
    await page.goto(path);
    await settled(page);
    const found = await axeViolations(page);
    if (found.length) failures.push(readable(`${name} (${path})`, found));
    await shoot(page, name);
  }

  it('given the demo account seeded as npm start seeds it, when the tour signs in, then the sign-in and sign-up screens pass axe', async () => {
    await seedDemo(app.api.ctx);
    await app.caughtUp();
    ({ page } = await newPage(browser, app.url));
    csp = await watchCsp(page);
    await tour('login', '/login');
    await tour('signup', '/signup');
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    expect(failures.join('\n\n')).toBe('');
  }, 90_000);

  /** Every route of the app at 1440x900, in two halves so each has its own time on a busy machine. */
  const routes: [string, string][] = [];

  it('given the demo data, when one record of each kind is opened from its list as a user would, then each opens its detail page', async () => {
    detail.bid = await firstRecordOf(page, '/bid/');
    detail.project = await firstRecordOf(page, '/project/');
    detail.job = await firstRecordOf(page, '/job/');
    detail.ticket = await firstRecordOf(page, '/ticket/');
    detail.locate = await firstRecordOf(page, '/locate/');
    detail.help = await firstRecordOf(page, '/help/');
    detail.order = await firstRecordOf(page, '/order/');
    detail.rfq = await firstRecordOf(page, '/rfq/');
    detail.sales = await firstRecordOf(page, '/sales/');
    const orcaJobs = await pageApi<{ results: { account_job_number?: string; id: string }[] }>(page, 'GET', '/api/jobs/orcas/?page=1');
    const orca = orcaJobs.results[0];
    detail.orca = `/job/orca/${encodeURIComponent(orca.account_job_number || orca.id)}`;
    await page.goto(detail.orca);
    await settled(page);
    detail.orcaTask = new URL((await page.locator('main a[href*="/task/"]').first().getAttribute('href'))!, app.url).pathname;

    routes.push(
      ['bid-list', '/bid/'],
      ['bid-detail', detail.bid],
      ['project-list', '/project/'],
      ['project-detail', detail.project],
      ['routines', '/routine/'],
      ['job-list', '/job/'],
      // The job list as it stood (issue 32): the banner, read-only.
      ['job-list-as-of', `/job/?as_of=${encodeURIComponent(new Date().toISOString())}`],
      ['job-detail', detail.job],
      ['orca-dashboard', '/job/orca/'],
      ['orca-billing', '/job/orca/billing/'],
      ['orca-job', detail.orca],
      ['orca-task', detail.orcaTask],
      ['all-other-jobs', '/job/others/'],
      ['ticket-list', '/ticket/'],
      ['ticket-detail', detail.ticket],
      ['locate-list', '/locate/'],
      ['locate-expiring', '/locate/expiring/'],
      ['locate-detail', detail.locate],
      ['help-list', '/help/'],
      ['help-detail', detail.help],
      ['order-list', '/order/'],
      ['order-detail', detail.order],
      ['rfq-list', '/rfq/'],
      ['rfq-detail', detail.rfq],
      ['sales-list', '/sales/'],
      ['sales-hours', '/sales/hours/'],
      ['sales-detail', detail.sales],
      ['settings', '/settings/'],
      ['reports', '/report/'],
      ['report-schedules', '/report/schedules/'],
      ['audit', '/audit/'],
      ['notifications', '/notifications/'],
      ['not-found', '/no-such-screen/'],
    );
    expect(Object.values(detail).every((path) => path.length > 1)).toBe(true);
  }, 120_000);

  it.each([0, 1])('when half %i of every route is visited at 1440x900, then axe finds no serious or critical violation on any, and each is saved to docs/screens/ when screenshots are asked for', async (half) => {
    failures.length = 0;
    const middle = Math.ceil(routes.length / 2);
    for (const [name, path] of half ? routes.slice(middle) : routes.slice(0, middle)) await tour(name, path);
    expect(failures.join('\n\n')).toBe('');
  }, 180_000);

  it('given every route visited on the demo data, then the CSP refused nothing, and every GET the app made carried X-CSRFToken', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(csp.violations).toEqual([]);
    expect(csp.apiGets.length).toBeGreaterThan(30);
    expect(csp.getsWithoutToken()).toEqual([]);
  });

  it('given a bid open at its detail, when a field is changed and Ctrl+S pressed, then it saves without the browser save dialog; Esc closes the history drawer of a ticket', async () => {
    await page.goto(detail.bid);
    await settled(page);
    // The app's shortcut runs before this listener (on the document): it has prevented the browser's "Save page".
    await page.evaluate(() => window.addEventListener('keydown', (e) => ((window as unknown as { saveKeyPrevented: boolean }).saveKeyPrevented = e.defaultPrevented)));
    await page.getByLabel('Coordinator', { exact: true }).fill('Kim Nguyen-Ortiz');
    const saved = page.waitForResponse((r) => r.url().includes('/api/bids/') && r.request().method() === 'PUT');
    await page.keyboard.press('Control+s');
    expect((await saved).status()).toBeLessThan(300);
    expect(await page.evaluate(() => (window as unknown as { saveKeyPrevented: boolean }).saveKeyPrevented)).toBe(true);

    await page.goto(detail.ticket);
    await settled(page);
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  }, 30_000);

  for (const size of TABLETS) {
    const at = `${size.width}x${size.height}`;
    it(`given a touch tablet at ${at}, when the ticket, the locate, the expiry watch and the job are opened, then none scrolls sideways, the navigation is a drawer and buttons are 44 px`, async () => {
      const tablet = await tabletContext(size);
      const p = await tablet.newPage();
      trackApiCalls(p);
      p.setDefaultTimeout(10_000);
      await logIn(p, DEMO_EMAIL, DEMO_PASSWORD);
      const screens: [string, string][] = [
        ['ticket', detail.ticket],
        ['locate', detail.locate],
        ['expiring', '/locate/expiring/'],
        ['job', detail.job],
      ];
      const wide: string[] = [];
      for (const [name, path] of screens) {
        await p.goto(path);
        await settled(p);
        const { scrollWidth, innerWidth } = await p.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        if (scrollWidth > innerWidth) wide.push(`${name} (${path}) at ${at}: the page is ${scrollWidth} px wide in ${innerWidth}`);
        await shoot(p, `tablet-${name}-${at}`);
      }
      expect(wide.join('\n')).toBe('');

      // The navigation: hidden behind the burger, opened as a drawer, closed by choosing an area.
      const nav = p.getByRole('navigation', { name: 'Areas' });
      await expect.poll(() => nav.isVisible().then(async (v) => v && (await nav.boundingBox())!.x >= 0)).toBe(false);
      const burger = p.getByRole('button', { name: 'Open menu' });
      expect((await burger.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await burger.tap();
      await poll(async () => (await nav.boundingBox())?.x).toBe(0);
      const link = nav.getByRole('link', { name: 'Tickets', exact: true });
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await link.tap();
      await p.waitForURL('**/ticket/');
      await poll(() => p.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true);
      await tablet.close();
    }, 60_000);
  }

  it('given the ticket on a 768x1024 touch tablet, when the customer signs with a finger, then the signature is saved with its image', async () => {
    const tablet = await tabletContext(TABLETS[0]);
    const p = await tablet.newPage();
    trackApiCalls(p);
    p.setDefaultTimeout(10_000);
    await logIn(p, DEMO_EMAIL, DEMO_PASSWORD);
    await p.goto(detail.ticket);
    await settled(p);
    const pad = p.getByLabel('Customer signature pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    // A finger on the glass: raw touch events, which chromium turns into pointer events of type touch.
    const cdp = await tablet.newCDPSession(p);
    const pointerTypes: string[] = [];
    await p.exposeFunction('notePointer', (t: string) => pointerTypes.push(t));
    await pad.evaluate((el) => ['pointerdown', 'pointerup'].forEach((t) => el.addEventListener(t, (e) => (window as unknown as { notePointer: (t: string) => void }).notePointer(`${t}:${(e as PointerEvent).pointerType}`))));
    const touch = (type: 'touchStart' | 'touchMove', x: number, y: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: [{ x, y }] });
    const lift = () => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const onPad = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
    await touch('touchStart', ...onPad(0.1, 0.5));
    for (let i = 1; i <= 14; i++) await touch('touchMove', ...onPad(0.1 + i * 0.05, 0.5 - Math.sin(i / 2) * 0.3));
    await lift();
    // The lifted finger reaches the pad after the call returns: sign once the pad has seen it.
    await poll(() => pointerTypes).toEqual(['pointerdown:touch', 'pointerup:touch']);

    await p.getByLabel('Customer name').fill('Jo Field');
    const answer = p.waitForResponse((r) => r.url().includes('/customer_signatures/') && r.request().method() === 'POST');
    // The pad is what must take a finger; the button is pressed with a click, as a tap straight after a drawn
    // stroke made chromium's gesture detector drop the click now and then (buttons take taps in the test above).
    await p.getByTestId('sign-customer').click();
    // A pad that refused says why in the message box: show it rather than a bare timeout.
    const signed = await answer.catch(async (e) => {
      throw new Error(`no signature was sent (${(e as Error).message}); the message box says: ${await p.getByTestId('message-box').allTextContents()}`);
    });
    expect(signed.status()).toBeLessThan(300);
    const body = (await signed.json()) as Record<string, unknown>;
    const saved = JSON.stringify(body);
    expect(saved).toContain('Jo Field');
    expect(saved).toMatch(/data:image\/png;base64,/);
    await p.locator('[data-signature-id]').first().waitFor();
    await tablet.close();
  }, 60_000);

  /** A touch tablet: coarse pointer, touch events, the given size. */
  function tabletContext(size: { width: number; height: number }): Promise<BrowserContext> {
    return browser.newContext({ baseURL: app.url, viewport: size, hasTouch: true, isMobile: false, reducedMotion: 'reduce' });
  }
});
