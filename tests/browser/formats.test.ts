/**
 * One formatter (issue 31), in Debian's chromium against the built app: money reads '$3.89' in a
 * ticket's expenses, '$1,250.00' in a job's CIBE lines and '$18.50' in an order's price box, which
 * takes '1,250.50' as typed and saves 1250.5; a date cell reads MM/DD/YYYY. Records are seeded through
 * the API from the page's own session.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { browserApp, lineRows, newPage, pageApi, pageCall, poll, screenshot, section, seeMessage, signedUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `formats.${Date.now()}@example.com`;
const password = 'correct horse battery';

browserApp('browser_formats', { web: true }, (a, b) => ((app = a), (browser = b)));

type Row = Record<string, unknown> & { id: string };

describe('one formatter in the browser', () => {
  let page: Page;
  let job: Row;

  it('given a ticket with an expense of 3.89 a gallon, when the user opens it, then its cells read $3.89 and the total $124.48, its date MM/DD/YYYY', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Red Clay Boring', name: 'Dana Reyes', email, password });
    job = await pageApi<Row>(page, 'POST', '/api/jobs/new/', { form_type: 'attorca', title: 'Elm St fiber', job_number: 'FMT-100', customer: 'AT&T' });
    const ticket = await pageApi<Row>(page, 'POST', '/api/tickets/', { form_type: 'attorca_ticket', ticket_status: 'New', title: 'Elm St day 1', job: job.id });
    expect((await pageCall(page, 'POST', `/api/tickets/${ticket.id}/expenses/`, { description: 'Diesel', expense_date: '2026-03-04', qty: 32, price: 3.89 })).status).toBe(201);

    await page.goto(`/ticket/${ticket.account_ticket_number}`);
    const expenses = section(page, 'Expenses');
    await poll(() => lineRows(expenses, 'Expenses').count()).toBe(1);
    const row = lineRows(expenses, 'Expenses').first();
    const text = await row.textContent();
    expect(text).toContain('$3.89');
    expect(text).toContain('$124.48');
    expect(text).toContain('03/04/2026');
    expect(text).not.toContain('2026-03-04');
    await screenshot(page, 'formats-ticket-expenses');
  });

  it("given a job's CIBE line of 1,250 at $1,250.00, when the user opens the job, then its price and total read as money", async () => {
    expect((await pageCall(page, 'POST', `/api/jobs/${job.id}/cibeitems/`, { line_number: 1, issued_item_code: 'HH-17', issued_item_description: 'Handhole 17x30', issued_item_qty: 2, issued_item_price: 1250 })).status).toBe(201);
    await page.goto(`/job/orca/${job.account_job_number}`);
    const line = page.locator('table[aria-label="CIBE lines"] tbody tr[data-line-id]').first();
    await poll(() => line.locator('td[data-col="issued_item_price"]').textContent()).toBe('$1,250.00');
    expect(await line.locator('td[data-col="issued_item_total"]').textContent()).toBe('$2,500.00');
    await screenshot(page, 'formats-cibe-lines');
  });

  it("given an order's item at 18.5, when the user opens the order, then the price box shows $18.50; typing 1,250.50 saves 1250.5", async () => {
    const order = await pageApi<Row>(page, 'POST', '/api/crs/orders/', {});
    const item = await pageApi<Row>(page, 'POST', `/api/crs/orders/${order.id}/items/`, { code: 'HOP-1', item_name: 'Cascade hops', qty: 1, price: 18.5 });
    await page.goto(`/order/${order.id}`);
    const row = page.locator(`table[data-lines-of="Items"] > tbody > tr[data-line-id="${item.id}"]`);
    const price = row.getByLabel('Price', { exact: true });
    await poll(() => price.inputValue()).toBe('$18.50');

    // What people type, with commas or a dollar sign, is read; while focused the box keeps it as typed.
    await price.fill('1,250.50');
    expect(await price.inputValue()).toBe('1,250.50');
    await row.getByRole('button', { name: 'Save' }).click();
    await seeMessage(page, /saved/i);
    await poll(async () => (await pageApi<Row[]>(page, 'GET', `/api/crs/orders/${order.id}/items/`)).find((l) => l.id === item.id)?.price).toBe(1250.5);
    await poll(() => price.inputValue()).toBe('$1,250.50');
    await poll(() => page.getByTestId('items-total').textContent()).toBe('$1,250.50');

    // Text that is no amount is named under the box, not sent as a number.
    await price.fill('abc');
    await row.getByText('Type a number, e.g. 1,250.50').waitFor();
    await price.fill('$18.50');
    expect(await row.getByText('Type a number, e.g. 1,250.50').count()).toBe(0);
    await screenshot(page, 'formats-order-price');
  });
});
