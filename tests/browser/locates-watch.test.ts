/**
 * The expiry watch in the browser against the real app (api, projector and worker): the expiring view
 * (/locate/expiring/) lists the Active and Marked locates expiring within the lead time or past, with
 * their job, crews, days left or overdue and the re-up due date; a bulk re-up of two shows its progress
 * and the two leave; the navigation's count follows, and its badge opens the view; and when a second
 * browser of the same account re-ups a locate or makes an expiring one, the view and the count change
 * without a reload.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { iso, newPage, pageApi, plusDays, screenshot, seeMessage, us, browserApp, poll, signedUp, signedIn } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `locatewatch.${Date.now()}@example.com`;
const password = 'correct horse battery';

browserApp('browser_locates_watch', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

type Locate = { id: string; current_date_submitted: string | null; current_date_expiration: string | null };

const TABLE = 'table[aria-label="Expiring locates"]';
const rowIds = (page: Page) => page.locator(`${TABLE} tbody tr[data-locate-id]`).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-locate-id')));
const row = (page: Page, id: string) => page.locator(`${TABLE} tbody tr[data-locate-id="${id}"]`);
const cell = (page: Page, id: string, col: string) => row(page, id).locator(`td[data-col="${col}"]`);
const count = (page: Page) => page.getByTestId('row-count');
const badge = (page: Page) => page.getByTestId('expiring-badge');
const badgeCount = async (page: Page) => ((await badge(page).count()) ? await badge(page).getAttribute('data-count') : 'none');

describe('the expiry watch in the browser', () => {
  let page: Page;
  const made: Record<string, Locate> = {};

  it('given locates expiring, overdue, later and completed, when the expiring view opens, then it lists the watched ones due for a re-up with job, crews and days', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Locate Watch Fiber', name: 'Rae Office', email, password });
    const job = await pageApi<{ id: string; account_job_number: string }>(page, 'POST', '/api/jobs/new/', { form_type: 'base', title: 'Elm Street trench' });
    await pageApi(page, 'POST', '/api/settings/crews/', { crew_name: 'Bore Crew 1' });
    // A ticket lives 14 days and re-ups are due 2 days ahead: submitted 15 days ago is a day overdue,
    // 13 days ago expires tomorrow, 5 days ago has 9 days left (not yet due); a completed one is not watched.
    const plan: [string, number, Record<string, unknown>][] = [
      ['overdue', -15, { job_ref: String(job.id) }],
      ['tomorrow', -13, { job_ref: String(job.id) }],
      ['today', -14, { locate_status: 'Marked' }],
      ['later', -5, {}],
      ['completed', -14, { locate_status: 'Completed' }],
    ];
    for (const [name, submitted, more] of plan) {
      const l = await pageApi<Locate>(page, 'POST', '/api/locates/', { form_type: 'base_locate', current_ticket_number: `W-${name}`, current_date_submitted: iso(plusDays(submitted)), ...more });
      made[name] = { ...l, id: String(l.id) };
    }
    await pageApi(page, 'POST', `/api/locates/${made.overdue.id}/crews/`, { crew_name: 'Bore Crew 1' });
    await app.caughtUp();

    await page.goto('/locate/expiring/');
    await poll(() => count(page).textContent()).toBe('3 locates');
    expect(await rowIds(page)).toEqual([made.overdue.id, made.today.id, made.tomorrow.id]);
    expect(await page.getByTestId('due-by').textContent()).toBe(`Re-up due by ${us(plusDays(2))} (2 days' lead)`);
    expect(await cell(page, made.overdue.id, 'locate_days_left').getByTestId('days-left').textContent()).toBe('1 day overdue');
    expect(await cell(page, made.today.id, 'locate_days_left').getByTestId('days-left').textContent()).toBe('expires today');
    expect(await cell(page, made.tomorrow.id, 'locate_days_left').getByTestId('days-left').textContent()).toBe('1 day left');
    expect(await cell(page, made.overdue.id, 'account_job_number').textContent()).toBe(`${job.account_job_number} Elm Street trench`);
    expect(await cell(page, made.overdue.id, 'crew_string').textContent()).toBe('Bore Crew 1');
    // The navigation counts them too, for every user of the account.
    await poll(() => badgeCount(page)).toBe('3');
    expect(await page.getByRole('radio', { name: 'Expiring (3)' }).count()).toBe(1);
  });

  it('given nothing selected, when Re-up selected is clicked, then it asks to select rows first', async () => {
    await page.getByRole('button', { name: 'Re-up selected' }).click();
    await seeMessage(page, 'Please select rows first.');
  });

  it('given two selected, when they are re-upped in bulk, then the progress shows, both leave the view and the count falls', async () => {
    await row(page, made.overdue.id).getByRole('checkbox').check();
    await row(page, made.tomorrow.id).getByRole('checkbox').check();
    await poll(() => count(page).textContent()).toBe('3 locates, 2 selected');
    await screenshot(page, 'locates-expiring-selected');
    // Every label the button wears meanwhile ('Re-upping... 1 of 2').
    await page.evaluate(() => {
      const w = window as unknown as { labels: string[] };
      w.labels = [];
      new MutationObserver(() => document.querySelectorAll('button[data-busy]').forEach((b) => w.labels.push(b.textContent ?? ''))).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    // Each locate is slowed so the live progress can be seen (the worker runs in this process).
    process.env.BULK_STEP_DELAY_MS = '700';
    try {
      await page.getByRole('button', { name: 'Re-up selected' }).click();
      await seeMessage(page, 'Selected locates re-upped');
    } finally {
      delete process.env.BULK_STEP_DELAY_MS;
    }
    const labels = await page.evaluate(() => (window as unknown as { labels: string[] }).labels);
    expect(labels.some((l) => /^Re-upping\.\.\. [012] of 2$/.test(l))).toBe(true);
    await poll(() => rowIds(page)).toEqual([made.today.id]);
    await poll(() => count(page).textContent()).toBe('1 locate');
    await poll(() => badgeCount(page)).toBe('1');
    // Re-upped today: worked 2 days on, valid 14 days after that.
    const reupped = await pageApi<Locate>(page, 'GET', `/api/locates/${made.overdue.id}/`);
    expect(reupped.current_date_submitted).toBe(iso(plusDays(0)));
    expect(reupped.current_date_expiration).toBe(iso(plusDays(16)));
  });

  it('given the badge in the navigation, when it is clicked from another screen, then the expiring view opens', async () => {
    await page.goto('/bid/');
    await poll(() => badgeCount(page)).toBe('1');
    await badge(page).click();
    await page.waitForURL('**/locate/expiring/');
    await poll(() => rowIds(page)).toEqual([made.today.id]);
  });

  it('given a second browser of the same account, when it re-ups the last one, then it leaves the view and the count goes, without a reload', async () => {
    const other = await newPage(browser, app.url);
    await signedIn(other.page, email, password);
    await pageApi(other.page, 'POST', `/api/locates/${made.today.id}/reup/`, {});
    await poll(() => rowIds(page)).toEqual([]);
    await page.getByText('No locate needs a re-up').waitFor();
    await poll(() => badgeCount(page)).toBe('none');

    // And one made there that is already due enters the view and the count here.
    const due = await pageApi<Locate>(other.page, 'POST', '/api/locates/', { form_type: 'base_locate', current_ticket_number: 'W-new', current_date_submitted: iso(plusDays(-14)) });
    await poll(() => rowIds(page)).toEqual([String(due.id)]);
    await poll(() => badgeCount(page)).toBe('1');
    await other.context.close();
  });
});
