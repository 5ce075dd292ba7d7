/**
 * Settings > Locates in the browser against the real app: the re-up lead time and the working-day
 * basis changed and saved ('Saved successfully!'), the expiring count's due date following them, and
 * a holiday added, renamed and deleted.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { newPage, pageApi, seeMessage, browserApp, signedUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;

browserApp('browser_locates_settings', { web: true }, (a, b) => ((app = a), (browser = b)));

type Rules = { ticket_life_basis: string; reup_lead_days: number; work_wait_days: number; holidays: { id: string; date: string; name: string }[] };

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 8000 });

describe('Settings > Locates in the browser', () => {
  let page: Page;
  const section = () => page.getByRole('region', { name: 'Locates' });

  it('given the spec rules, when the lead time and the basis are changed and saved, then they are the account\'s and the watch counts to the new date', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Locate Rules Fiber', name: 'Sam Office', email: `locaterules.${Date.now()}@example.com`, password: 'correct horse battery' });
    await page.goto('/settings/');
    const before = await pageApi<{ due_by: string }>(page, 'GET', '/api/locates/expiring/count/');
    await section().getByLabel('Re-up lead (days)').fill('5');
    await section().getByText('Working days', { exact: true }).click();
    await poll(() => section().getByTestId('locate-rules-summary').textContent()).toContain('locates count as expiring 5 working days before their expiry');
    await section().getByRole('button', { name: 'Save', exact: true }).click();
    await seeMessage(page, 'Saved successfully!');
    const rules = await pageApi<Rules>(page, 'GET', '/api/settings/locates/');
    expect(rules).toMatchObject({ reup_lead_days: 5, ticket_life_basis: 'working', work_wait_days: 2 });
    const after = await pageApi<{ due_by: string; lead_days: number; basis: string }>(page, 'GET', '/api/locates/expiring/count/');
    expect(after).toMatchObject({ lead_days: 5, basis: 'working' });
    expect(after.due_by > before.due_by).toBe(true);
  });

  it('given the holidays table, when one is added, renamed and deleted, then the account\'s holidays follow', async () => {
    await section().getByLabel('New holiday date').fill('12/25/2030');
    await section().getByLabel('New holiday name').fill('Christmas');
    await section().getByRole('button', { name: 'Add holiday' }).click();
    await seeMessage(page, 'Saved successfully!');
    await poll(async () => (await pageApi<Rules>(page, 'GET', '/api/settings/locates/')).holidays.map((h) => [h.date, h.name])).toEqual([['2030-12-25', 'Christmas']]);
    const row = section().locator('tr[data-holiday="2030-12-25"]');
    await row.getByRole('textbox', { name: /^Name of the holiday/ }).fill('Christmas Day');
    await row.getByRole('button', { name: 'Save' }).click();
    await seeMessage(page, 'Saved successfully!');
    await poll(async () => (await pageApi<Rules>(page, 'GET', '/api/settings/locates/')).holidays.map((h) => h.name)).toEqual(['Christmas Day']);
    await row.getByRole('button', { name: 'Delete' }).click();
    await seeMessage(page, 'Holiday deleted.');
    await poll(async () => (await pageApi<Rules>(page, 'GET', '/api/settings/locates/')).holidays).toEqual([]);
    await poll(() => row.count()).toBe(0);
  });
});
