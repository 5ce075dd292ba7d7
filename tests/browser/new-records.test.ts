/**
 * New means a form, and a new account is not a blank wall (issue 31; docs/screens.md), in Debian's
 * chromium against the real app: New project, New routine, New help ticket and New bid open a dialog
 * that writes nothing until Create (Cancel and Esc leave the count as it was), a required field left
 * empty and a field the server refuses show their error on the field, and Create makes one record
 * with the fields and opens it. A new account sees its Getting started steps and how to fill its
 * empty lists; adding a customer ticks that step.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { browserApp, fillNewDialog, newDialog, newPage, pageApi, poll, screenshot, signedUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
let page: Page;
let errors: string[];

browserApp('browser_new_records', { web: true }, (a, b) => ((app = a), (browser = b)));

type Row = { id: string } & Record<string, unknown>;
const count = async (url: string) => (await pageApi<Row[]>(page, 'GET', url)).length;
const PROJECTS = '/api/projects/?active=t&archived=t';
const ROUTINES = '/api/lpms/routines/';
const HELP = '/api/help/';
const BIDS = '/api/bids/?archived=f';

/** The step's row of the Getting started panel. */
const step = (name: string) => page.getByTestId('getting-started').locator(`[data-step="${name}"]`);

/** New, then Cancel, then New, then Esc: the dialog closes each time and the count stays. */
async function cancelLeavesNothing(button: string, list: string) {
  const before = await count(list);
  await page.getByRole('button', { name: button, exact: true }).click();
  await newDialog(page).waitFor();
  await newDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await newDialog(page).waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: button, exact: true }).click();
  await newDialog(page).waitFor();
  await page.keyboard.press('Escape');
  await newDialog(page).waitFor({ state: 'hidden' });
  // Nothing was posted: the list reads the same a moment later.
  await page.waitForTimeout(300);
  expect(await count(list)).toBe(before);
  return before;
}

/** Create with the required field empty: its error shows on it, announced, and nothing is written. */
async function requiredShows(button: string, field: string, error: string, list: string, before: number) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await fillNewDialog(page, {});
  const input = newDialog(page).locator(`[data-new-field="${field}"] input`);
  await newDialog(page).getByText(error).waitFor();
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  const described = (await input.getAttribute('aria-describedby')) ?? '';
  expect(await page.locator(`[id="${described.split(' ').find((id) => id.includes('error'))}"]`).textContent()).toBe(error);
  expect(await count(list)).toBe(before);
}

describe('a new account', () => {
  it('given a new account, when it lands on the bid list, then Getting started shows its four steps to do, each a link, and the empty list says how to fill it', async () => {
    ({ page, errors } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Fresh Trench Co', name: 'Nora New', email: `new.${Date.now()}@example.com`, password: 'correct horse battery' });
    await page.getByTestId('getting-started').waitFor();
    for (const name of ['crews', 'customers', 'numbering', 'job']) expect(await step(name).getAttribute('data-done')).toBe('false');
    expect(await step('customers').getByRole('link').getAttribute('href')).toBe('/settings/#customers');
    await page.getByText('No active bids yet. Press New bid to add one.').waitFor();
    await screenshot(page, 'new-account-getting-started');
  });

  it('given the customers step, when the user follows it and a customer is added, then back on the bid list that step is ticked', async () => {
    await step('customers').getByRole('link').click();
    await page.waitForURL('**/settings/#customers');
    await pageApi(page, 'POST', '/api/settings/customers/', { name: 'Acme Fiber' });
    await page.goto('/bid/');
    await poll(async () => {
      await page.reload();
      await step('customers').waitFor();
      return step('customers').getAttribute('data-done');
    }).toBe('true');
    expect(await step('crews').getAttribute('data-done')).toBe('false');
  });
});

describe('New means a form', () => {
  it('given the project list, when New project is cancelled or left with Esc, then no project is made; with no name it says Name is required', async () => {
    await page.goto('/project/');
    await page.getByText('No projects for these choices. Press New project to add one.').waitFor();
    const before = await cancelLeavesNothing('New project', PROJECTS);
    await requiredShows('New project', 'name', 'Name is required.', PROJECTS, before);
    await screenshot(page, 'new-project-required');
  });

  it('given a due date before the start, when created, then the server\'s refusal shows on Due date and nothing is made; fixed, one project is made with the fields and opens', async () => {
    const before = await count(PROJECTS);
    await fillNewDialog(page, { name: 'Elm St fiber', customer: 'Acme Fiber', start_date: '12/20/2026', due_date: '12/01/2026' });
    const due = newDialog(page).locator('[data-new-field="due_date"] input:not([type=hidden])');
    await poll(() => due.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'new-project-server-error');
    expect(await count(PROJECTS)).toBe(before);
    await fillNewDialog(page, { due_date: '12/31/2026' });
    await page.waitForURL(/\/project\/\d+$/);
    const id = page.url().split('/').pop()!;
    expect(await pageApi(page, 'GET', `/api/projects/${id}/`)).toMatchObject({ name: 'Elm St fiber', customer: 'Acme Fiber', start_date: '2026-12-20', due_date: '2026-12-31', version: 1 });
    await poll(() => count(PROJECTS)).toBe(before + 1);
  });

  it('given the routines, when New routine is cancelled, then none is made; filled and created, one routine with the fields opens in its panel', async () => {
    await page.goto('/routine/');
    await page.getByText('No routines yet. Press New routine to add one.').waitFor();
    const before = await cancelLeavesNothing('New routine', ROUTINES);
    await requiredShows('New routine', 'name', 'Name is required.', ROUTINES, before);
    await fillNewDialog(page, { name: 'Truck walk-around', category: 'Vehicle', frequency: 'Daily' });
    await newDialog(page).waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('.mantine-Drawer-content input').first().inputValue()).toBe('Truck walk-around');
    const routines = await pageApi<Row[]>(page, 'GET', ROUTINES);
    expect(routines).toHaveLength(before + 1);
    expect(routines.find((r) => r.name === 'Truck walk-around')).toMatchObject({ category: 'Vehicle', frequency: 'Daily' });
  });

  it('given the help list, when New help ticket is cancelled, then none is raised; filled and created, one ticket with the fields opens', async () => {
    await page.goto('/help/');
    await page.getByText('No help tickets for these choices. Press New help ticket to add one.').waitFor();
    const before = await cancelLeavesNothing('New help ticket', HELP);
    await requiredShows('New help ticket', 'subject', 'Subject is required.', HELP, before);
    await fillNewDialog(page, { subject: 'Report hangs', ticket_type: 'App Issue', priority: 'Urgent', description: 'Spins for minutes.' });
    await page.waitForURL(/\/help\/\d+$/);
    const id = page.url().split('/').pop()!;
    expect(await pageApi(page, 'GET', `/api/help/${id}/`)).toMatchObject({ subject: 'Report hangs', ticket_type: 'App Issue', priority: 'Urgent', description: 'Spins for minutes.', ticket_status: 'New', version: 1 });
    await poll(() => count(HELP)).toBe(before + 1);
  });

  it('given the bid list, when New bid is cancelled, then none is made; filled and created, one bid with the fields opens', async () => {
    await page.goto('/bid/');
    const before = await cancelLeavesNothing('New bid', BIDS);
    await page.getByRole('button', { name: 'New bid', exact: true }).click();
    await fillNewDialog(page, { work_request: 'WR-1001', location: 'Oak Ave', bid_due_date: '12/10/2026' });
    await page.waitForURL(/\/bid\/\d+$/);
    const id = page.url().split('/').pop()!;
    expect(await pageApi(page, 'GET', `/api/bids/${id}/`)).toMatchObject({ work_request: 'WR-1001', location: 'Oak Ave', bid_due_date: '2026-12-10', bid_status: 'A', version: 1 });
    await poll(() => count(BIDS)).toBe(before + 1);
    expect(errors).toEqual([]);
  });
});
