/**
 * Customer orders (/order/ and /order/{id}) as an office user works them, in Debian's chromium against
 * the real app and worker: products and customers made in Settings through the API, a new order from
 * the list, the submit checks asked before any call ('Customer Name please', 'Items please'), a
 * customer picked and its billing filled by the server, a line by barcode (an unknown one refused in
 * the server's words) and one by picking a product, the line totals and the server's order total, the
 * submit, the printable PDF read back with pdftotext, the list row kept live, and the delete.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { csrfOf, newPage, pageApi, seeMessage, browserApp, poll, pageCall, fillNewDialog, signedUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `orders.${Date.now()}@example.com`;
const password = 'correct horse battery';

browserApp('browser_orders', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

const items = (page: Page) => page.locator('section[aria-label="Items"]').first();
const itemRows = (page: Page) => page.locator('table[data-lines-of="Items"] > tbody > tr[data-line-id]');
const input = (page: Page, name: string) => page.locator(`[data-field="${name}"]`).locator('input:not([type=hidden])');
const option = (page: Page, name: string | RegExp) => page.getByRole('option', { name }).first();

describe('customer orders in the browser', () => {
  let page: Page;
  let id = '';
  let orderNumber = '';
  const submits: string[] = [];

  it('given products and customers in Settings, when the user clicks New order on /order/, then a Draft numbered by the counter opens', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Red Dirt Brewing Supply', name: 'Robin Okafor', email, password });
    const customer = { name: 'Zephyr Taproom', address: '12 Elm St', city: 'Tulsa', state: 'OK', zip: '74103', email: 'orders@zephyr.example', phone: '918-555-0142' };
    expect((await pageCall(page, 'POST', '/api/settings/customers/', customer)).status).toBe(201);
    expect((await pageCall(page, 'POST', '/api/settings/customers/', { name: 'Old Mill Pub', city: 'Norman' })).status).toBe(201);
    expect((await pageCall(page, 'POST', '/api/settings/our_products/', { code: 'HOP-1', item_name: 'Cascade hops', uom: 'oz', price: 4.5, barcode_1: '0123456789012' })).status).toBe(201);
    expect((await pageCall(page, 'POST', '/api/settings/our_products/', { code: 'MALT-5', item_name: 'Pale malt', uom: 'keg', price: 12.25, barcode_1: '0099887766554' })).status).toBe(201);
    expect((await pageCall(page, 'POST', '/api/settings/our_products/', { code: 'OLD-9', item_name: 'Retired stout', price: 3, active: false })).status).toBe(201);
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/submit\/?$/.test(new URL(r.url()).pathname)) submits.push(r.url());
    });

    await page.goto('/order/');
    await page.getByText('No orders for these choices.').waitFor();
    await page.getByRole('button', { name: 'New order' }).click();
    // The customer is picked from Settings on the order's page (it fills the billing fields).
    await fillNewDialog(page, {});
    await page.waitForURL(/\/order\/\d+$/);
    id = page.url().split('/').pop()!;
    const made = await pageApi(page, 'GET', `/api/crs/orders/${id}/`);
    orderNumber = String(made.order_number);
    expect(made.status).toBe('Draft');
    await page.getByTestId('order-title').filter({ hasText: `Order ${orderNumber}` }).waitFor();
    expect(await page.getByTestId('order-status').textContent()).toBe('Draft');
  });

  it("given no customer name, when the user submits, then 'Customer Name please' without asking the server", async () => {
    await page.getByTestId('submit-order').click();
    await seeMessage(page, 'Customer Name please');
    expect(submits).toEqual([]);
  });

  it('when the user picks a customer of Settings, then the server fills the customer name and billing fields', async () => {
    await page.getByLabel('Customer from Settings').click();
    // The inactive and the active customers: only active ones are offered.
    await option(page, 'Zephyr Taproom, Tulsa').click();
    await seeMessage(page, 'Saved successfully!');
    await poll(() => input(page, 'customer_name').inputValue()).toBe('Zephyr Taproom');
    expect(await input(page, 'billing_address').inputValue()).toBe('12 Elm St');
    expect(await input(page, 'billing_city').inputValue()).toBe('Tulsa');
    expect(await input(page, 'billing_zip').inputValue()).toBe('74103');
    expect(await input(page, 'billing_email').inputValue()).toBe('orders@zephyr.example');
    const saved = await pageApi(page, 'GET', `/api/crs/orders/${id}/`);
    expect([saved.customer_name, saved.billing_state, saved.billing_phone]).toEqual(['Zephyr Taproom', 'OK', '918-555-0142']);
  });

  it("given a first line without a total, when the user submits, then 'Items please' without asking the server", async () => {
    await items(page).getByRole('button', { name: 'Add item' }).click();
    await poll(() => itemRows(page).count()).toBe(1);
    // A new line's quantity is 1 (spec 3 section 9).
    await poll(() => itemRows(page).first().getByLabel('Qty', { exact: true }).inputValue()).toBe('1');
    await page.getByTestId('submit-order').click();
    await seeMessage(page, 'Items please');
    expect(submits).toEqual([]);
    await itemRows(page).first().getByRole('button', { name: 'Delete' }).click();
    await poll(() => itemRows(page).count()).toBe(0);
  });

  it("when the user scans a barcode no product has, then the server's words are shown and no line is added", async () => {
    const scan = page.getByLabel('Scan or type a barcode');
    await scan.fill('999000');
    await scan.press('Enter');
    await items(page).getByText('No product has barcode 999000').waitFor();
    expect(await itemRows(page).count()).toBe(0);
  });

  it("when the user scans a product's barcode (digits then Enter), then its line is added with qty 1, its price and its line total", async () => {
    const scan = page.getByLabel('Scan or type a barcode');
    await scan.fill('0123456789012');
    await scan.press('Enter');
    await poll(() => itemRows(page).count()).toBe(1);
    const row = itemRows(page).first();
    await poll(() => row.getByLabel('Item', { exact: true }).inputValue()).toBe('Cascade hops');
    expect(await row.getByLabel('Code', { exact: true }).inputValue()).toBe('HOP-1');
    expect(await row.getByLabel('Qty', { exact: true }).inputValue()).toBe('1');
    expect(await row.getByLabel('UOM', { exact: true }).inputValue()).toBe('oz');
    expect(await row.textContent()).toContain('4.50');
    // The field is ready for the next scan.
    expect(await scan.inputValue()).toBe('');
    await poll(() => page.getByTestId('order-total').textContent()).toBe('$4.50');
  });

  it('when the user picks a product and sets its qty to 2, then its line total and the order total are the server\'s', async () => {
    await page.getByPlaceholder('Add a product...').click();
    expect(await page.getByRole('option', { name: /Retired stout/ }).count()).toBe(0);
    await option(page, /Pale malt/).click();
    await poll(() => itemRows(page).count()).toBe(2);
    const row = itemRows(page).nth(1);
    await poll(() => row.getByLabel('Item', { exact: true }).inputValue()).toBe('Pale malt');
    await poll(() => page.getByTestId('order-total').textContent()).toBe('$16.75');
    await row.getByLabel('Qty', { exact: true }).fill('2');
    // Before the line is saved, what the total will be (the domain's rule); the order's own total stays the server's.
    await poll(() => page.getByTestId('order-total-unsaved').textContent()).toContain('$29.00');
    expect(await page.getByTestId('items-total').textContent()).toBe('$16.75');
    await row.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByTestId('items-total').textContent()).toBe('$29.00');
    await poll(() => row.textContent()).toContain('24.50');
    expect(await page.getByTestId('order-total').textContent()).toBe('$29.00');
    expect(await page.getByTestId('order-total-unsaved').count()).toBe(0);
    expect((await pageApi(page, 'GET', `/api/crs/orders/${id}/`)).total_price).toBe(29);
  });

  it("when the user submits, then 'Order submitted successfully' and the order is Submitted", async () => {
    await page.getByTestId('submit-order').click();
    await seeMessage(page, 'Order submitted successfully');
    expect(submits).toHaveLength(1);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Submitted');
    const saved = await pageApi(page, 'GET', `/api/crs/orders/${id}/`);
    expect([saved.status, saved.submitted_by]).toEqual(['Submitted', 'Robin Okafor']);
  });

  it('when the user clicks Print PDF, then the order PDF opens in a new window; read back, it names the customer, the items and the total', async () => {
    const popup = page.context().waitForEvent('page');
    const asked = page.context().waitForEvent('request', (r) => r.url().includes('/pdf/'));
    await page.getByRole('button', { name: 'Print PDF' }).click();
    const win = await popup;
    expect((await asked).url()).toContain(`/api/crs/orders/${id}/pdf/`);
    await win.close();
    const pdf = await page.request.get(`/api/crs/orders/${id}/pdf/`, { headers: { 'X-CSRFToken': await csrfOf(page) }, timeout: 30_000 });
    expect(pdf.status()).toBe(200);
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    const file = join(mkdtempSync(join(tmpdir(), 'order-pdf-')), 'order.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const words of [orderNumber, 'Zephyr Taproom', 'Cascade hops', 'Pale malt', '29.00']) expect(text).toContain(words);
  });

  it('given the list, then the order is a row with its number, customer, status, items and total; a change elsewhere shows live', async () => {
    await page.goto('/order/');
    const row = page.locator(`[data-order-id="${id}"]`);
    await row.waitFor();
    const text = await row.textContent();
    for (const words of [orderNumber, 'Zephyr Taproom', 'Submitted', '$29.00']) expect(text).toContain(words);
    expect((await pageCall(page, 'PUT', `/api/crs/orders/${id}/`, { customer_name: 'Zephyr Taproom East' })).status).toBe(200);
    await poll(() => row.textContent()).toContain('Zephyr Taproom East');
  });

  it('when the user deletes the order, then the list opens with Deleted.; opening it again does the same', async () => {
    await page.goto(`/order/${id}`);
    await page.getByTestId('delete-order').click();
    await page.waitForURL('**/order/');
    await seeMessage(page, 'Deleted.');
    await page.goto(`/order/${id}`);
    await page.waitForURL('**/order/');
    await seeMessage(page, 'Deleted.');
  });
});
