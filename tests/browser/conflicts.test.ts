/**
 * Two users of one account on one record, in Debian's chromium against the real app. Robin has a
 * project (then a job) open and edits it while Frank saves the same field through the API: Robin's
 * save is refused with the conflict panel (both values, who, when), and Robin's choice, take theirs or
 * keep mine, is what the server ends with, Robin's other edits kept. The same for a job item's price
 * in its panel, and an item Frank deleted meanwhile is never re-created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import { browserTestTimeouts, launchChromium, newPage, screenshot, seeMessage, signedIn } from '../support/browser.ts';
import { Client } from '../support/client.ts';

browserTestTimeouts();

let app: TestApp;
let browser: Browser;
let office: Client;
let frank: Client;
const email = `conflicts.${Date.now()}@example.com`;
const password = 'correct horse battery';
// For people to look at (docs/conflict-panel.png is copied from it by hand: a test run leaves the checkout clean).

beforeAll(async () => {
  app = await startTestApp('browser_conflicts', { web: true });
  browser = await launchChromium();
  office = await Client.signUpAs(app.url, { account_name: 'Red Dirt Fiber', display_name: 'Robin Okafor', email, password });
  frank = await office.addColleague('Frank Field');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** expect.poll with room for a busy machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 5000 });
const projectField = (page: Page, name: string) => page.locator(`[data-field="${name}"]`).getByRole('textbox');
const jobInput = (page: Page, name: string) => page.locator(`[data-input="${name}"] input`);
const panel = (scope: Page | Locator) => scope.getByTestId('conflict-panel');
const conflictRow = (scope: Page | Locator, field: string) => panel(scope).locator(`[data-conflict-field="${field}"]`);
/** The value shown on one side of a field, and who changed theirs and when. */
const value = (row: Locator, which: 'yours' | 'theirs') => row.locator(`[data-side="${which}"] [data-value]`).textContent();
const byWhom = (row: Locator) => row.locator('[data-side="theirs"] [data-by]').textContent();
const pick = (row: Locator, choice: 'Keep mine' | 'Take theirs') => row.getByRole('radio', { name: new RegExp(`^${choice}`) });
const ok = <T = any>(r: { status: number; body: T }, status = 200) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
};

describe('two users change the same field', () => {
  let page: Page;
  let projectId = '';

  it('given Robin edits a project\'s city and county, when Frank saves another city and Robin saves, then the panel shows both cities and who; taking theirs keeps Robin\'s county', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedIn(page, email, password);
    const project = ok(await office.post('/api/projects/', { name: 'Route 66 fibre', city: 'Tulsa', county: 'Tulsa County' }), 201);
    projectId = project.id;
    await page.goto(`/project/${project.id}`);
    await poll(() => projectField(page, 'name').inputValue()).toBe('Route 66 fibre');

    await projectField(page, 'city').fill('Sand Springs');
    await projectField(page, 'county').fill('Creek County');
    ok(await frank.put(`/api/projects/${project.id}`, { city: 'Broken Arrow' }));
    await page.getByTestId('save-project').click();

    const city = conflictRow(page, 'city');
    await city.waitFor();
    expect(await panel(page).textContent()).toContain('Frank Field changed City since you opened this project');
    expect(await value(city, 'yours')).toBe('Sand Springs');
    expect(await value(city, 'theirs')).toBe('Broken Arrow');
    expect(await byWhom(city)).toMatch(/^Frank Field, \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    // Nothing was written by the refused save: the county is not saved yet either.
    expect(ok(await office.get(`/api/projects/${project.id}`)).county).toBe('Tulsa County');
    await page.setViewportSize({ width: 1100, height: 640 });
    await screenshot(page, 'conflict-panel', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });

    await pick(city, 'Take theirs').click();
    await panel(page).getByRole('button', { name: 'Save with these choices' }).click();
    await seeMessage(page, 'Saved successfully!');
    await panel(page).waitFor({ state: 'detached' });
    expect(ok(await office.get(`/api/projects/${project.id}`))).toMatchObject({ city: 'Broken Arrow', county: 'Creek County' });
    expect(await projectField(page, 'city').inputValue()).toBe('Broken Arrow');
    expect(await projectField(page, 'county').inputValue()).toBe('Creek County');
  });

  it('given Robin edits a customer row of the project, when Frank saves another name on it, then a modal over the table lets her keep hers', async () => {
    const line = ok(await office.post(`/api/project/${projectId}/customers/`, { project: projectId, customer: 'Lumen' }), 201);
    const row = page.locator('table[data-lines-of="Customers"] tbody tr[data-line-id]').first();
    await poll(() => row.getByRole('textbox').first().inputValue()).toBe('Lumen');
    await row.getByRole('textbox').first().fill('Lumen Technologies');
    ok(await frank.put(`/api/project/customers/${line.id}`, { customer: 'Lumen Tech' }));
    await row.getByRole('button', { name: 'Save' }).click();

    const modal = page.getByRole('dialog', { name: 'Not saved: changed by someone else' });
    const customer = conflictRow(modal, 'customer');
    await customer.waitFor();
    expect(await value(customer, 'yours')).toBe('Lumen Technologies');
    expect(await value(customer, 'theirs')).toBe('Lumen Tech');
    await screenshot(page, 'conflict-modal');
    await panel(modal).getByRole('button', { name: 'Save with these choices' }).click();
    await seeMessage(page, 'Customer saved.');
    await modal.waitFor({ state: 'hidden' });
    expect(ok(await office.get(`/api/projects/${projectId}`)).customers.map((c: { customer: string }) => c.customer)).toEqual(['Lumen Technologies']);
  });

  it('given Robin edits a job\'s title and status, when Frank saves another title and Robin saves, then keeping hers (typed on, saved with the page\'s Save) saves her title and her status', async () => {
    const job = ok(await office.post('/api/jobs/new/', { form_type: 'base', title: 'Broken Arrow FTTH', work_status: 'New' }), 201);
    await page.goto(`/job/${job.id}`);
    await poll(() => jobInput(page, 'title').inputValue()).toBe('Broken Arrow FTTH');

    await jobInput(page, 'title').fill('Broken Arrow FTTH, Kenosha St.');
    await page.locator('[data-input="work_status"] select').selectOption('Current');
    ok(await frank.put(`/api/jobs/${job.id}/`, { title: 'Broken Arrow FTTH, Aspen Ave.' }));
    await page.getByTestId('save-job').click();

    const title = conflictRow(page, 'title');
    await title.waitFor();
    expect(await value(title, 'yours')).toBe('Broken Arrow FTTH, Kenosha St.');
    expect(await value(title, 'theirs')).toBe('Broken Arrow FTTH, Aspen Ave.');
    // Keep mine is the choice until the user takes theirs.
    expect(await pick(title, 'Keep mine').getAttribute('aria-checked')).toBe('true');
    expect(await pick(title, 'Take theirs').getAttribute('aria-checked')).toBe('false');
    // She types on: the panel shows what she has now, and the page's Save saves with the choices.
    await jobInput(page, 'title').fill('Broken Arrow FTTH, Kenosha St. east');
    await poll(() => value(title, 'yours')).toBe('Broken Arrow FTTH, Kenosha St. east');
    await page.getByTestId('save-job').click();
    await seeMessage(page, /Saved successfully!/);
    await panel(page).waitFor({ state: 'detached' });
    expect(ok(await office.get(`/api/jobs/${job.id}/`))).toMatchObject({ title: 'Broken Arrow FTTH, Kenosha St. east', work_status: 'Current' });
  });
});

describe('two users change the same line', () => {
  let page: Page;
  let jobId = '';
  const items = (p: Page) => p.locator('table[data-lines-of="Items"] > tbody > tr[data-line-id]');
  const drawer = (p: Page) => p.locator('.mantine-Drawer-content').filter({ has: p.locator('form') });

  it('given Robin edits an item\'s price and qty in its panel, when Frank saves another price, then the panel in the drawer lets her take his price and her qty is saved', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedIn(page, email, password);
    const job = ok(await office.post('/api/jobs/new/', { form_type: 'base', title: 'Aspen Ave bore', work_status: 'New' }), 201);
    jobId = job.id;
    const item = ok(await office.post(`/api/jobs/${jobId}/items/`, { job: jobId, item: 'Bore 2in duct', qty: '1', price: '10' }), 201);
    await page.goto(`/job/${jobId}`);
    await items(page).first().waitFor();

    await items(page).first().getByRole('button', { name: 'Edit' }).click();
    const d = drawer(page);
    await d.getByLabel('Price', { exact: true }).fill('15');
    await d.getByLabel('Qty', { exact: true }).fill('3');
    ok(await frank.put(`/api/jobs/items/${item.id}`, { price: '12' }));
    await d.getByRole('button', { name: 'Save item' }).click();

    const price = conflictRow(d, 'price');
    await price.waitFor();
    await screenshot(d, 'conflict-line-panel');
    expect(await value(price, 'yours')).toBe('$15.00');
    expect(await value(price, 'theirs')).toBe('$12.00');
    expect(await byWhom(price)).toContain('Frank Field');
    await pick(price, 'Take theirs').click();
    await panel(d).getByRole('button', { name: 'Save with these choices' }).click();
    await seeMessage(page, 'Item successfully saved!');
    await d.waitFor({ state: 'hidden' });
    const now = ok(await office.get(`/api/jobs/${jobId}/`)).items[0];
    expect(now).toMatchObject({ price: 12, qty: 3, total_price: 36 });
  });

  it('given Robin edits an item Frank then deletes, when she saves, then she is told who deleted it and it is not made again', async () => {
    const item = ok(await office.post(`/api/jobs/${jobId}/items/`, { job: jobId, item: 'Pothole 4x4', qty: '2', price: '80' }), 201);
    await poll(() => items(page).count()).toBe(2);
    // Without live updates the page still shows the item when Robin saves (as when she is faster than the news).
    await app.stopProjector();
    await items(page).nth(1).getByRole('button', { name: 'Edit' }).click();
    await drawer(page).getByLabel('Qty', { exact: true }).fill('5');
    ok(await frank.del(`/api/jobs/items/${item.id}`));
    await drawer(page).getByRole('button', { name: 'Save item' }).click();
    await seeMessage(page, /This item was deleted by Frank Field/);
    await poll(() => items(page).count()).toBe(1);
    const now = ok(await office.get(`/api/jobs/${jobId}/`)).items;
    expect(now.map((l: { item: string }) => l.item)).toEqual(['Bore 2in duct']);
  });
});
