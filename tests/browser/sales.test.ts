/**
 * The sales tracker (/sales/, /sales/{id}, /sales/hours/) as a salesperson works it, in Debian's
 * chromium against the real app and worker: a new organization named and coloured, a contact, a call
 * and a meeting each naming that contact with the spec's '{Kind} successfully saved!', activity hours
 * saved together ('Good work! Activities successfully saved!'), the weekly hours showing them, the
 * list's rows in their colour and kept live from a second browser, and bulk archive and delete.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { csrfOf, DOCS, iso, newPage, pageApi, screenshot, screenshotsAsked, seeMessage, us, browserApp, fillNewDialog, signedUp, signedIn } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `sales.${Date.now()}@example.com`;
const password = 'correct horse battery';

browserApp('browser_sales', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

/** expect.poll with room for a busy machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 8000 });
const section = (page: Page, title: string) => page.locator(`section[aria-label="${title}"]`).first();
const lineRows = (page: Page, title: string) => section(page, title).locator('tbody tr[data-line-id]');
const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);
const row = (page: Page, text: string) => page.locator('tbody tr[data-organization-id]', { hasText: text });
async function shot(page: Page, name: string) {
  if (!screenshotsAsked) return;
  // From the top, so the sticky bars sit where a user sees them.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, { dir: DOCS });
}
const today = new Date();

/** A write from the page's own session, as another screen (or user) would make it. */
async function call(page: Page, method: 'POST' | 'PUT', url: string, body?: unknown) {
  const r = await page.request.fetch(url, { method, headers: { 'X-CSRFToken': await csrfOf(page) }, data: body });
  return { status: r.status(), body: (await r.json().catch(() => null)) as Record<string, unknown> | null };
}

/** Every confirmation the page asks (newPage accepts them all). */
function recordDialogs(page: Page): string[] {
  const asked: string[] = [];
  page.on('dialog', (d) => asked.push(d.message()));
  return asked;
}

/** Add a line of `title`, fill its panel and save it; the spec's words are said. */
async function addLine(page: Page, title: string, noun: string, values: Record<string, string>, saved: string) {
  await section(page, title).getByRole('button', { name: `Add ${noun.toLowerCase()}` }).click();
  const panel = page.getByRole('dialog', { name: new RegExp(`^${noun}`) });
  await panel.waitFor();
  for (const [label, value] of Object.entries(values)) {
    const input = panel.getByLabel(label, { exact: true });
    await input.fill(value);
    // A date is read when the field is left.
    if (label === 'Date') await input.press('Tab');
  }
  await panel.getByRole('button', { name: `Save ${noun.toLowerCase()}` }).click();
  await seeMessage(page, saved);
  await page.keyboard.press('Escape');
}

describe('the sales tracker in the browser', () => {
  let page: Page;
  let dialogs: string[];
  let id = '';
  let contactId = '';

  it("given an empty list, when the user clicks New organization, then a Lead, New opens; named and coloured, it saves", async () => {
    ({ page } = await newPage(browser, app.url));
    dialogs = recordDialogs(page);
    await signedUp(page, app.url, { accountName: 'Prairie Boring Co', name: 'Robin Office', email, password });
    await page.goto('/sales/');
    await page.getByText('No organizations for these choices.').waitFor();
    await page.getByRole('button', { name: 'New organization' }).click();
    await fillNewDialog(page, { name: 'Red River' });
    await page.waitForURL(/\/sales\/\d+$/);
    id = page.url().split('/').pop()!;
    const made = await pageApi(page, 'GET', `/api/sales/organizations/${id}/`);
    expect([made.org_type, made.status]).toEqual(['Lead', 'New']);

    await field(page, 'name').getByRole('textbox').fill('Red River Utilities');
    await field(page, 'status').locator('select').selectOption('Interested');
    await field(page, 'lead_source').locator('select').selectOption('Email: Website form');
    await field(page, 'adoption_status').locator('select').selectOption('1 Initial');
    await field(page, 'colour').locator('select').selectOption('Green Lt');
    await page.getByTestId('save-organization').click();
    await seeMessage(page, 'Saved successfully!');
    const saved = await pageApi(page, 'GET', `/api/sales/organizations/${id}/`);
    expect([saved.name, saved.status, saved.lead_source, saved.colour]).toEqual(['Red River Utilities', 'Interested', 'Email: Website form', 'Green Lt']);
  });

  it("when the user adds a contact, then 'Contact successfully saved!' and it is the organization's contact", async () => {
    await addLine(page, 'Contacts', 'Contact', { 'First name': 'Dana', 'Last name': 'Whitfield', Phone: '405-555-0199' }, 'Contact successfully saved!');
    await poll(() => lineRows(page, 'Contacts').first().textContent()).toContain('Whitfield');
    const o = await pageApi<{ contacts: { id: string; display_name: string }[]; primary_contact: string }>(page, 'GET', `/api/sales/organizations/${id}/`);
    contactId = o.contacts[0].id;
    expect([o.contacts[0].display_name, o.primary_contact]).toEqual(['Dana Whitfield', 'Dana Whitfield']);
  });

  it("when the user logs a call and a meeting with Dana, then each says '{Kind} successfully saved!', is numbered and names the contact", async () => {
    await addLine(page, 'Phone calls', 'Phonecall', { Date: us(today), 'Spoke with': 'Dana', Outcome: 'Wants a demo' }, 'Phonecall successfully saved!');
    await page.getByLabel(/^Contact of phonecall/).selectOption(contactId);
    await seeMessage(page, 'Phonecall successfully saved!');
    await addLine(page, 'Meetings', 'Meeting', { Date: us(today), Meeting: 'Demo at the yard', Where: 'Ada, OK' }, 'Meeting successfully saved!');
    await page.getByLabel(/^Contact of meeting/).selectOption(contactId);
    await seeMessage(page, 'Meeting successfully saved!');
    await poll(() => lineRows(page, 'Meetings').first().textContent()).toContain('Demo at the yard');
    // The message box still shows the line's first save: wait for the contact's own save to be in.
    await poll(async () => (await pageApi<{ meetings: Record<string, unknown>[] }>(page, 'GET', `/api/sales/organizations/${id}/`)).meetings[0]?.contact).toBe(contactId);
    const o = await pageApi<{ phonecalls: Record<string, unknown>[]; meetings: Record<string, unknown>[]; call_count: number; meeting_count: number }>(page, 'GET', `/api/sales/organizations/${id}/`);
    expect([o.phonecalls[0].phonecall_line_number, o.phonecalls[0].contact, o.phonecalls[0].call_date, o.phonecalls[0].outcome]).toEqual([1, contactId, iso(today), 'Wants a demo']);
    expect([o.meetings[0].meeting_line_number, o.meetings[0].contact]).toEqual([1, contactId]);
    expect([o.call_count, o.meeting_count]).toEqual([1, 1]);
  });

  it("when the user fills two activities and saves once, then 'Good work! Activities successfully saved!' and the hours add up", async () => {
    const activities = section(page, 'Sales activities');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/sales/sales_activities/')) sent.push(r.url());
    });
    await page.getByRole('button', { name: 'Add activity' }).click();
    await page.getByRole('button', { name: 'Add activity' }).click();
    await page.getByLabel('Activity 1', { exact: true }).selectOption('Call');
    await page.getByLabel('Hours of activity 1').fill('1.5');
    await page.getByLabel('Activity 2', { exact: true }).selectOption('Demo');
    await page.getByLabel('Hours of activity 2').fill('2.25');
    await page.getByLabel('Notes of activity 2').fill('Walked the crew through tickets');
    await poll(() => page.getByTestId('activity-hours').textContent()).toBe('Total 3.75 h');
    await page.getByTestId('save-activities').click();
    await seeMessage(page, 'Good work! Activities successfully saved!');
    expect(sent).toHaveLength(1);
    // Drawn again from the server: each row says who logged it.
    await poll(() => page.getByTestId('activities').locator('tbody').textContent()).toContain('Robin Office');
    expect(await activities.count()).toBe(0);
    expect((await pageApi(page, 'GET', `/api/sales/organizations/${id}/`)).activity_hours).toBe(3.75);
    await shot(page, 'sales-detail');
  });

  it("when a save fails on the server, then the spec's words are said", async () => {
    await page.getByLabel('Hours of activity 1').fill('lots');
    await page.getByTestId('save-activities').click();
    await seeMessage(page, 'Issue detected: Probably the server, but please check for problem data.');
    await page.reload();
    await poll(() => page.getByLabel('Hours of activity 1').inputValue()).toBe('1.5');
  });

  it('given its history, when the user opens it as it stood at creation, then it is read-only without contacts, and back to now they return', async () => {
    await page.getByRole('button', { name: 'History' }).click();
    const drawer = page.getByRole('dialog', { name: 'History' });
    await drawer.getByRole('button', { name: 'As of this' }).last().waitFor();
    await drawer.getByRole('button', { name: 'As of this' }).last().click();
    await page.getByTestId('as-of-banner').waitFor();
    await poll(() => lineRows(page, 'Contacts').count()).toBe(0);
    expect(await page.getByTestId('save-activities').count()).toBe(0);
    await page.getByTestId('as-of-banner').getByRole('button', { name: 'Back to now' }).click();
    await poll(() => lineRows(page, 'Contacts').count()).toBe(1);
  });

  it("given the weekly hours, then Robin's row has this week's 3.75 hours on today's column and in the total; the week before has none", async () => {
    await page.goto('/sales/');
    await page.getByRole('link', { name: 'Weekly hours' }).click();
    await page.waitForURL('**/sales/hours/');
    const robin = page.locator('tr[data-user="Robin Office"]');
    await robin.waitFor();
    expect(await robin.getByTestId('user-total').textContent()).toBe('3.75');
    expect(await robin.textContent()).toContain('3.75');
    expect(await page.getByTestId('week-total').textContent()).toBe('3.75');
    await shot(page, 'sales-hours');
    await page.getByRole('button', { name: 'Previous week' }).click();
    await page.getByText('No activity hours this week.').waitFor();
    await page.getByRole('button', { name: 'Next week' }).click();
    await robin.waitFor();
  });

  it('given the list, then the organization is a row in its colour with its contact and hours; a change from another browser shows live', async () => {
    await page.goto('/sales/');
    const r = row(page, 'Red River Utilities');
    await r.waitFor();
    expect(await r.getAttribute('data-colour')).toBe('Green Lt');
    expect(await r.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    const text = await r.textContent();
    for (const words of ['Interested', 'Dana Whitfield', '3.75']) expect(text).toContain(words);
    // Public mode hides who changed what, at once.
    const updated = page.getByRole('columnheader', { name: /^Updated/ });
    expect(await updated.count()).toBe(1);
    await page.getByLabel('Public mode').check();
    await poll(() => updated.count()).toBe(0);
    await page.getByLabel('Public mode').uncheck();
    await poll(() => updated.count()).toBe(1);

    const second = await newPage(browser, app.url);
    await signedIn(second.page, email, password, '/sales/');
    await row(second.page, 'Red River Utilities').waitFor();
    expect((await call(page, 'PUT', `/api/sales/organizations/${id}/`, { status: 'Ready to demo' })).status).toBe(200);
    // No reload in the second browser.
    await poll(() => row(second.page, 'Red River Utilities').textContent()).toContain('Ready to demo');
    await second.context.close();
  });

  it("given nothing selected, when the user clicks Archive, then 'Please select rows first.'", async () => {
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await seeMessage(page, 'Please select rows first.');
  });

  it('given a second organization, then the list holds both; archived after the question, it leaves the active list for the archived one', async () => {
    const made = await call(page, 'POST', '/api/sales/organizations/new/', { name: 'Cimarron Directional', colour: 'Orange' });
    expect(made.status).toBe(201);
    await page.reload();
    await row(page, 'Cimarron Directional').waitFor();
    await shot(page, 'sales-list');
    await page.getByLabel('Select organization Cimarron Directional').check();
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await row(page, 'Cimarron Directional').waitFor({ state: 'detached' });
    expect(dialogs).toContain('Are you sure you want to archive selected records?');
    await poll(async () => (await pageApi(page, 'GET', `/api/sales/organizations/${String(made.body?.id)}/`)).archived).toBe(true);
    expect((await pageApi(page, 'GET', `/api/sales/organizations/${id}/`)).archived).toBe(false);
    // The archived list: the toggles light up Refresh, which applies them.
    await page.getByRole('button', { name: 'Active', exact: true }).click();
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    expect(await page.getByRole('button', { name: 'Refresh' }).getAttribute('data-highlighted')).toBe('true');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await row(page, 'Cimarron Directional').waitFor();
    expect(await row(page, 'Red River Utilities').count()).toBe(0);
    await page.getByRole('button', { name: 'Active', exact: true }).click();
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await row(page, 'Red River Utilities').waitFor();
  });

  it('when the user selects all and deletes, then it warns it cannot be undone and the organizations are gone', async () => {
    await page.getByLabel('Select all matching organizations').check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeMessage(page, 'Selected organizations deleted');
    expect(dialogs).toContain('Are you sure you want to delete selected records? THIS ACTION CANNOT BE UNDONE');
    await page.getByText('No organizations for these choices.').waitFor();
    await page.goto(`/sales/${id}`);
    await page.waitForURL('**/sales/');
    await seeMessage(page, 'Deleted.');
  });
});
