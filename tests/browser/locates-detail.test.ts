/**
 * The locate detail (/locate/{id}) as an office user works it, in Debian's chromium against the real
 * app: a locate made through the API turns its ticket type from New to Normal when first opened, a
 * field saved, two re-ups through the modal (the rule's dates shown before saving) and the chain of
 * ticket numbers read first to current, a re-up made elsewhere while the modal is open (the save a 409), the crew-name check, a change made elsewhere shown live, its
 * history, and the delete back to the list.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { iso, newPage, pageApi, plusDays, seeMessage, us, browserApp, poll, section, lineRows, pageCall, signedUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `locates.${Date.now()}@example.com`;
const password = 'correct horse battery';

browserApp('browser_locate_detail', { web: true }, (a, b) => ((app = a), (browser = b)));

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);
const select = (page: Page, name: string) => field(page, name).locator('select');
const input = (page: Page, name: string) => field(page, name).locator('input:not([type=hidden])');
const modal = (page: Page) => page.locator('.mantine-Modal-content');

describe('the locate detail in the browser', () => {
  let page: Page;
  let id = '';

  it('given a new locate (type New), when the user first opens it, then its ticket type is Normal on the page and on the server', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Red Dirt Fiber', name: 'Robin Okafor', email, password });
    expect((await pageCall(page, 'POST', '/api/settings/crews/', { crew_name: 'Sooner Boring' })).status).toBe(201);
    const made = await pageCall(page, 'POST', '/api/locates/', { form_type: 'base_locate', current_ticket_number: 'A100', current_date_submitted: iso(plusDays(0)) });
    expect(made.status).toBe(201);
    expect(made.body.current_ticket_type).toBe('New');
    id = made.body.id;

    await page.goto(`/locate/${id}`);
    await page.getByTestId('locate-title').filter({ hasText: 'A100' }).waitFor();
    await poll(() => select(page, 'current_ticket_type').inputValue()).toBe('Normal');
    expect((await pageApi(page, 'GET', `/api/locates/${id}/`)).current_ticket_type).toBe('Normal');
    // Expiry 14 days after submission by the default rule: days left 14, no colour.
    expect(await input(page, 'current_date_expiration').inputValue()).toBe(us(plusDays(14)));
    expect(await page.getByTestId('days-left').textContent()).toBe('14');
    expect(await page.getByTestId('ticket-chain').textContent()).toBe('A100');
    expect(await page.getByTestId('locate-assignment').textContent()).toContain('Not assigned');
  });

  it('when the user edits the alt number and the status and saves, then it says so and the server holds them', async () => {
    await input(page, 'current_alt_ticket_number').fill('ALT-7');
    await select(page, 'locate_status').selectOption('Marked');
    await page.getByTestId('save-locate').click();
    await seeMessage(page, 'Saved successfully!');
    const saved = await pageApi(page, 'GET', `/api/locates/${id}/`);
    expect([saved.current_alt_ticket_number, saved.locate_status]).toEqual(['ALT-7', 'Marked']);
  });

  it('when the user re-ups twice, then the modal shows the dates the rule fills, and the chain reads first to current', async () => {
    await page.getByTestId('re-up').click();
    const m = modal(page);
    await m.waitFor();
    expect(await m.locator('[data-field="ticket_number"]').inputValue()).toBe('A100');
    expect(await m.locator('select[data-field="ticket_type"]').inputValue()).toBe('Update');
    // Submitted today: work 2 days later, expiry 14 days after the work date (spec 3 section 9).
    const summary = await m.getByTestId('re-up-summary').textContent();
    expect(summary).toContain(`work from ${us(plusDays(2))}`);
    expect(summary).toContain(`expires ${us(plusDays(16))}`);
    await m.locator('[data-field="ticket_number"]').fill('A220');
    await m.locator('[data-field="remarks"]').fill('Marks faded');
    await m.getByTestId('save-re-up').click();
    await m.waitFor({ state: 'hidden' });
    await poll(() => page.getByTestId('ticket-chain').textContent()).toBe('A100 → A220');

    await page.getByTestId('re-up').click();
    await modal(page).locator('[data-field="ticket_number"]').fill('A371');
    await modal(page).getByTestId('save-re-up').click();
    await poll(() => page.getByTestId('ticket-chain').textContent()).toBe('A100 → A220 → A371');

    // The original ticket, then one history record per re-up; the current fields follow the last.
    const numbers = section(page, 'Locate numbers');
    await poll(() => lineRows(numbers, 'Locate numbers').count()).toBe(3);
    expect(await lineRows(numbers, 'Locate numbers').nth(1).textContent()).toContain('Marks faded');
    expect(await input(page, 'current_ticket_number').inputValue()).toBe('A371');
    expect(await select(page, 'current_ticket_type').inputValue()).toBe('Update');
    expect(await input(page, 'current_date_expiration').inputValue()).toBe(us(plusDays(16)));
    expect((await pageApi(page, 'GET', `/api/locates/${id}/`)).ticket_chain).toEqual(['A100', 'A220', 'A371']);
  });

  it('given the re-up modal open, when the locate is re-upped elsewhere meanwhile, then saving says so (409) and writes nothing, and the page shows the newer ticket (issue 29)', async () => {
    await page.getByTestId('re-up').click();
    const m = modal(page);
    await m.waitFor();
    expect((await pageCall(page, 'POST', `/api/locates/${id}/reup/`, { ticket_number: 'A480' })).status).toBe(201);
    await m.locator('[data-field="ticket_number"]').fill('A481');
    await m.getByTestId('save-re-up').click();
    await m.getByRole('alert').filter({ hasText: 'This locate was re-upped meanwhile (A480 by Robin Okafor): re-up the current ticket if it still needs one' }).waitFor();
    await m.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => page.getByTestId('ticket-chain').textContent()).toBe('A100 → A220 → A371 → A480');
    expect((await pageApi(page, 'GET', `/api/locates/${id}/`)).ticket_chain).toEqual(['A100', 'A220', 'A371', 'A480']);
  });

  it('given the crews section, when the user assigns a blank, an unknown and a known crew, then only the known one is assigned', async () => {
    const crews = section(page, 'Crews');
    await crews.getByRole('button', { name: 'Assign crew' }).click();
    await seeMessage(page, 'Please enter a Crew name');
    await crews.getByLabel('Crew name').fill('Nobody Drilling');
    await crews.getByRole('button', { name: 'Assign crew' }).click();
    // The server's answer for a crew Settings does not know, shown as it says it.
    await crews.getByText('Please enter a Crew name').waitFor();
    expect(await lineRows(crews, 'Crews').count()).toBe(0);
    await crews.getByLabel('Crew name').fill('Sooner Boring');
    await crews.getByRole('button', { name: 'Assign crew' }).click();
    await poll(() => lineRows(crews, 'Crews').first().textContent()).toContain('Sooner Boring');
  });

  it('given a customer data row, when added and filled, then it is saved on the locate', async () => {
    const data = section(page, 'Customer data');
    await data.getByRole('button', { name: 'Add customer data' }).click();
    const row = lineRows(data, 'Customer data').first();
    await row.waitFor();
    await row.locator('input').first().fill('AT&T');
    await row.getByRole('button', { name: 'Save' }).click();
    await poll(async () => ((await pageApi(page, 'GET', `/api/locates/${id}/`)).customer_data as { customer: string }[])[0]?.customer).toBe('AT&T');
  });

  it('when someone else changes the locate, then the page shows it without a reload', async () => {
    expect((await pageCall(page, 'PUT', `/api/locates/${id}/`, { locate_status: 'Completed' })).status).toBe(200);
    await poll(() => select(page, 'locate_status').inputValue()).toBe('Completed');
  });

  it('when the user opens the history, then the first open and the re-ups are listed', async () => {
    await page.getByRole('button', { name: 'History' }).click();
    const drawer = page.locator('.mantine-Drawer-content');
    await drawer.waitFor();
    await poll(() => drawer.textContent()).toMatch(/A371/);
    await page.keyboard.press('Escape');
  });

  it('when the user deletes the locate, then the list opens with Deleted.; opening it again does the same', async () => {
    await page.getByTestId('delete-locate').click();
    await page.waitForURL('**/locate/');
    await seeMessage(page, 'Deleted.');
    await page.goto(`/locate/${id}`);
    await page.waitForURL('**/locate/');
    await seeMessage(page, 'Deleted.');
  });
});
