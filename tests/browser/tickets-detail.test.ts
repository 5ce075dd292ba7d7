/**
 * The ticket detail (/ticket/{account_ticket_number}) as a field office works it, in Debian's chromium
 * against the real app: a ticket on an ORCA job with CIBE lines (made through the API), production
 * lines picked from CIBE items with the range question and one typed in at a number, a line's photo
 * resized before upload, equipment, an expense and a timecard with a file, the customer and the worker
 * signing with the mouse, a line changed after signing marking both signatures stale with what changed,
 * a change made elsewhere shown live, approval counting the production on the job, the stamped PDF
 * read back with pdftotext, a load failure and the delete back to the list.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { csrfOf, newPage, pageApi, screenshot, seeMessage, browserApp, poll, section, lineRows, drawer, drawSignature, productionRow, signedUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `tickets.${Date.now()}@example.com`;
const password = 'correct horse battery';
const tmp = mkdtempSync(join(tmpdir(), 'ticket-detail-'));

browserApp('browser_ticket_detail', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

type Row = { id: string } & Record<string, any>;

const total = (page: Page, key: string) => page.locator(`[data-total="${key}"] [data-value]`).textContent();

/** Add a line with the section's button, fill its panel and save it; the new row. */
async function addLine(page: Page, title: string, add: string, fields: [string, string][], saved: string, flags: string[] = []) {
  const s = section(page, title);
  const before = await lineRows(s, title).count();
  await s.getByRole('button', { name: add, exact: true }).first().click();
  await poll(() => lineRows(s, title).count()).toBe(before + 1);
  const panel = drawer(page);
  await panel.waitFor();
  for (const [label, value] of fields) await panel.getByLabel(label, { exact: true }).fill(value);
  for (const label of flags) await panel.getByLabel(label, { exact: true }).check();
  await panel.getByRole('button', { name: /^Save / }).click();
  await seeMessage(page, saved);
  await panel.waitFor({ state: 'hidden' });
  return lineRows(s, title).nth(before);
}

describe('the ticket detail in the browser', () => {
  let page: Page;
  const dialogs: string[] = [];
  let jobId = '';
  let ticketId = '';
  let ticketNumber = '';
  let cibe: Row[] = [];

  it('given a ticket on a job with CIBE lines, when the user opens /ticket/{number}, then it shows the ticket, its job and zero totals', async () => {
    ({ page } = await newPage(browser, app.url));
    page.on('dialog', (d) => dialogs.push(d.message()));
    await signedUp(page, app.url, { accountName: 'Prairie Line Boring', name: 'Robin Okafor', email, password });
    const job = await pageApi<Row>(page, 'POST', '/api/jobs/new/', { form_type: 'attorca', title: 'Elm St fiber', job_number: 'TK-700', customer: 'AT&T' });
    jobId = job.id;
    const codes = [
      ['BORE-2', 'Dirt-Bore 2in', 400],
      ['HH-1', 'Handhole 17x30', 2],
      ['PLOW-1', 'Dirt-Plow', 300],
      ['SPL-1', 'Splice', 4],
    ] as const;
    for (const [n, [code, description, qty]] of codes.entries()) await pageApi(page, 'POST', `/api/jobs/${jobId}/cibeitems/`, { line_number: n + 1, issued_item_code: code, issued_item_description: description, issued_item_qty: qty });
    cibe = await pageApi<Row[]>(page, 'GET', `/api/jobs/${jobId}/cibeitems/`);
    expect(cibe).toHaveLength(4);
    const ticket = await pageApi<Row>(page, 'POST', '/api/tickets/', { form_type: 'attorca_ticket', ticket_status: 'New', title: 'Elm St day 1', job: jobId });
    ticketId = ticket.id;
    ticketNumber = String(ticket.account_ticket_number);

    await page.goto(`/ticket/${ticketNumber}`);
    await page.getByTestId('ticket-title').filter({ hasText: ticketNumber }).waitFor();
    expect(await page.getByTestId('ticket-assignment').textContent()).toBe(`Job ${job.account_job_number}`);
    expect(await page.getByTestId('ticket-status').textContent()).toBe('New');
    expect(await page.getByTestId('ticket-signature-status').textContent()).toBe('unsigned');
    expect(await total(page, 'feet_total')).toBe('0');
    // The detail offers Edit Requested among the statuses (the list does not).
    expect(await page.locator('[data-field="ticket_status"] select option').allTextContents()).toContain('Edit Requested');
  });

  it('when the user ticks CIBE lines 1 and 3, then it asks for the rows between; adding the picks makes three production lines from lines 1 to 3', async () => {
    await page.getByTestId('pick-cibe').click();
    const picker = page.locator('table[data-lines-of="CIBE items"]');
    await picker.getByLabel('Pick CIBE line 1').check();
    await picker.getByLabel('Pick CIBE line 3').click();
    await poll(() => dialogs.at(-1)).toBe('Select rows between 1 and 3?');
    await poll(() => picker.getByLabel('Pick CIBE line 2').isChecked()).toBe(true);
    expect(await picker.getByLabel('Pick CIBE line 4').isChecked()).toBe(false);
    await page.getByTestId('add-cibe-picks').click();
    await seeMessage(page, '3 production lines added.');
    const rows = lineRows(page, 'Production lines');
    await poll(() => rows.count()).toBe(3);
    expect(await rows.nth(0).textContent()).toContain('BORE-2');
    const saved = (await pageApi<Row>(page, 'GET', `/api/tickets/${ticketId}/`)).ticket_productions as Row[];
    expect(saved.map((l) => l.job_orca_cibe)).toEqual(cibe.slice(0, 3).map((l) => l.id));
  });

  it('when the user types a Handhole line at number 2, then it is inserted there and shows the handhole form: a location and a qty', async () => {
    await page.getByLabel('New line work type').selectOption('Handhole');
    await page.getByLabel('New line number').fill('2');
    await page.getByTestId('add-typed-line').click();
    await seeMessage(page, 'Line 2 inserted');
    await poll(() => lineRows(page, 'Production lines').count()).toBe(4);
    const inserted = productionRow(page, 2);
    await poll(() => inserted.locator('[data-column="form_type"]').textContent()).toBe('handhole');
    expect(await inserted.locator('[data-measure]').evaluateAll((els) => els.map((e) => e.getAttribute('data-measure')))).toEqual(['from_location', 'qty']);
    // The CIBE handhole line moved down to 3.
    expect(await productionRow(page, 3).textContent()).toContain('HH-1');
  });

  it('when the user enters 120 feet on line 1 and saves, then the server holds it and the feet total is 120', async () => {
    const one = productionRow(page, 1);
    await one.getByLabel('Feet', { exact: true }).fill('120');
    await one.getByRole('button', { name: 'Save line 1' }).click();
    await seeMessage(page, 'Production line saved.');
    await poll(() => total(page, 'feet_total')).toBe('120');
  });

  it("given a 2400 px wide picture, when the user uploads it to line 1's photos, then the stored photo is 1920 wide", async () => {
    const dataUrl = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 2400;
      c.height = 1200;
      const g = c.getContext('2d')!;
      g.fillStyle = '#7a5230';
      g.fillRect(0, 0, 2400, 1200);
      return c.toDataURL('image/png');
    });
    const file = join(tmp, 'bore-pit.png');
    writeFileSync(file, Buffer.from(dataUrl.split(',')[1], 'base64'));
    await productionRow(page, 1).getByRole('button', { name: 'Photos of line 1' }).click();
    const photos = section(page, 'Photos of line 1');
    await photos.locator('input[type=file]').setInputFiles(file);
    await seeMessage(page, 'Photo uploaded.');
    await poll(() => lineRows(photos, 'Photos of line 1').count()).toBe(1);
    const stored = ((await pageApi<Row>(page, 'GET', `/api/tickets/${ticketId}/`)).ticket_productions as Row[])[0].photos[0];
    expect(stored.file_name).toBe('bore-pit.jpg');
    const width = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return img.naturalWidth;
    }, stored.file as string);
    expect(width).toBe(1920);
  });

  it('when the user adds equipment, an expense and a timecard with a file, then the totals are the server\'s and the file is under the timecard', async () => {
    await addLine(page, 'Equipment', 'Add equipment', [['Equipment', 'Vermeer D24'], ['Hours', '6.5']], 'Equipment saved.');
    await poll(() => total(page, 'equipment_hours_total')).toBe('6.5 h');
    await addLine(page, 'Expenses', 'Add expense', [['Expense', 'Fuel'], ['Qty', '3'], ['Price', '41.10']], 'Expense saved.', ['Billable']);
    await poll(() => total(page, 'expenses_total')).toBe('$123.30');
    expect(await total(page, 'expenses_total_billable')).toBe('$123.30');
    expect(await total(page, 'expenses_total_webuy')).toBe('$0.00');
    const card = await addLine(page, 'Timecards', 'Add timecard', [['Employee', 'Luis Ortega'], ['Billable hrs', '8']], 'Timecard saved.');
    await poll(() => total(page, 'timecard_hours_total')).toBe('8 h');

    const sheet = join(tmp, 'timesheet-luis.pdf');
    writeFileSync(sheet, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await card.getByRole('button', { name: /^Files of timecard/ }).click();
    const files = section(page, 'Timecard files');
    await files.locator('input[type=file]').setInputFiles(sheet);
    await seeMessage(page, 'File uploaded.');
    await poll(() => lineRows(files, 'Timecard files').count()).toBe(1);
    const timecard = ((await pageApi<Row>(page, 'GET', `/api/tickets/${ticketId}/`)).timecards as Row[])[0];
    expect(timecard.files.map((f: Row) => f.file_name)).toEqual(['timesheet-luis.pdf']);
  });

  it('when the customer and the worker sign with the mouse, then each signature shows its signer, when, the fingerprint, and this version', async () => {
    await drawSignature(page, 'Customer');
    await page.getByLabel('Customer name').fill('Dana Reyes');
    await page.getByTestId('sign-customer').click();
    await seeMessage(page, 'Signed by Dana Reyes.');
    await drawSignature(page, 'Worker');
    await page.getByLabel('Worker name').fill('Luis Ortega');
    await page.getByTestId('sign-worker').click();
    await seeMessage(page, 'Signed by Luis Ortega.');

    const cards = page.locator('[data-signature-id]');
    await poll(() => cards.count()).toBe(2);
    expect(await page.locator('[data-signature-state="current"]').count()).toBe(2);
    const detail = await pageApi<Row>(page, 'GET', `/api/tickets/${ticketId}/`);
    const signed = detail.customer_signatures[0] as Row;
    expect(signed.signature_image).toMatch(/^data:image\/png;base64,/);
    expect(await cards.first().textContent()).toContain(`Fingerprint ${signed.fingerprint_short}`);
    expect(await cards.first().textContent()).toContain('Robin Okafor');
    await poll(() => page.getByTestId('ticket-signature-status').textContent()).toBe('signed');
    // The whole page in one tall viewport: a full-page capture would repeat the sticky bar mid-page.
    await page.setViewportSize({ width: 1440, height: 2900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'ticket-detail');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('when line 1 is changed from 120 to 150 feet after signing, then both signatures are marked signed an earlier version with the change', async () => {
    const one = productionRow(page, 1);
    await one.getByLabel('Feet', { exact: true }).fill('150');
    await one.getByRole('button', { name: 'Save line 1' }).click();
    await seeMessage(page, 'Production line saved.');
    await poll(() => page.getByTestId('signature-stale').count()).toBe(2);
    const changes = await page.getByTestId('changes-since').first().textContent();
    expect(changes).toContain('120 → 150');
    expect(await page.getByTestId('ticket-signature-status').textContent()).toBe('signed an earlier version');
    await section(page, 'Signatures').scrollIntoViewIfNeeded();
    await screenshot(section(page, 'Signatures'), 'ticket-signatures');
  });

  it('given another user renames the ticket, then the page shows the new title without a reload', async () => {
    await pageApi(page, 'PUT', `/api/tickets/${ticketId}/`, { title: 'Elm St day 1 (rev)' });
    await poll(() => page.getByTestId('ticket-title').textContent()).toContain('Elm St day 1 (rev)');
  });

  it("when the user approves, then 'Approved successfully!', the status is Approved and line 1's 150 ft counts on its CIBE line", async () => {
    await page.getByTestId('approve-ticket').click();
    await seeMessage(page, 'Approved successfully!');
    await poll(() => page.getByTestId('ticket-status').textContent()).toBe('Approved');
    await page.getByTestId('request-edit').waitFor();
    const lines = await pageApi<Row[]>(page, 'GET', `/api/jobs/${jobId}/cibeitems/`);
    expect(lines.find((l) => l.id === cibe[0].id)?.CIBE_item_qty).toBe(150);
  });

  it("when the user changes a field and a production line and clicks the ticket's Save, then both are saved in one write with the server's words", async () => {
    await page.locator('[data-field="crew_name"] input').fill('Sooner Boring');
    const three = productionRow(page, 3);
    await three.getByLabel('From', { exact: true }).fill('MH 12');
    const writes: string[] = [];
    const listen = (r: { method(): string; url(): string }) => void (r.method() === 'PUT' && writes.push(new URL(r.url()).pathname));
    page.on('request', listen);
    await page.getByTestId('save-ticket').click();
    await seeMessage(page, 'Ticket Saved successfully!');
    page.off('request', listen);
    expect(writes).toEqual([`/api/tickets/ticket_with_related_update/${ticketId}/`]);
    const saved = await pageApi<Row>(page, 'GET', `/api/tickets/${ticketId}/`);
    expect(saved.crew_name).toBe('Sooner Boring');
    expect((saved.ticket_productions as Row[]).find((l) => l.line_number === 3)?.from_location).toBe('MH 12');
    await poll(() => three.getByRole('button', { name: 'Save line 3' }).isDisabled()).toBe(true);
  });

  it('when the user asks for an edit, then the status is Edit Requested and the CIBE line counts nothing again', async () => {
    await page.getByTestId('request-edit').click();
    await seeMessage(page, 'Edit requested.');
    await poll(() => page.getByTestId('ticket-status').textContent()).toBe('Edit Requested');
    const lines = await pageApi<Row[]>(page, 'GET', `/api/jobs/${jobId}/cibeitems/`);
    expect(lines.find((l) => l.id === cibe[0].id)?.CIBE_item_qty ?? null).toBeNull();
  });

  it('when the user ticks production lines 2 and 4, then it asks for the rows between; zeroing the selection zeroes lines 2 to 4', async () => {
    await page.getByLabel('Select line 2', { exact: true }).check();
    await page.getByLabel('Select line 4', { exact: true }).click();
    await poll(() => dialogs.at(-1)).toBe('Select rows between 2 and 4?');
    await poll(() => page.getByLabel('Select line 3', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Select line 1', { exact: true }).isChecked()).toBe(false);
    await page.getByTestId('zero-selected').click();
    await seeMessage(page, '3 lines zeroed.');
    const lines = (await pageApi<Row>(page, 'GET', `/api/tickets/${ticketId}/`)).ticket_productions as Row[];
    expect(lines.map((l) => [l.line_number, l.line_zeroed])).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, true],
    ]);
    await poll(() => total(page, 'feet_total')).toBe('150');
  });

  it('given the history, when the user opens the ticket as it stood when it was made, then it has no lines and cannot be edited', async () => {
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    // Newest first: the last entry is the ticket's creation.
    await history.getByRole('button', { name: 'As of this' }).last().click();
    await page.getByTestId('as-of-banner').waitFor();
    await poll(() => total(page, 'feet_total')).toBe('0');
    expect(await lineRows(page, 'Production lines').count()).toBe(0);
    expect(await page.getByTestId('add-typed-line').count()).toBe(0);
    expect(await page.getByLabel('Customer signature pad').count()).toBe(0);
    await page.getByTestId('as-of-banner').getByRole('button', { name: 'Back to now' }).click();
    await poll(() => total(page, 'feet_total')).toBe('150');
  });

  it('given the stamped PDF, when fetched and read with pdftotext, then it shows the ticket, its lines and the stale signatures (built by the worker)', async () => {
    expect(await page.getByTestId('stamped-pdf').getAttribute('href')).toBe(`/api/tickets/${ticketId}/pdf/`);
    const pdf = await page.request.get(`/api/tickets/${ticketId}/pdf/`, { headers: { 'X-CSRFToken': await csrfOf(page) }, timeout: 30_000 });
    expect(pdf.status()).toBe(200);
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    const file = join(tmp, 'ticket.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const words of [ticketNumber, 'BORE-2', 'Dana Reyes', 'Luis Ortega', 'signed an earlier version']) expect(text).toContain(words);
  });

  it("given a ticket number that does not exist, when opened, then the list with 'Deleted.'", async () => {
    await page.goto('/ticket/NO-SUCH-9');
    await seeMessage(page, 'Deleted.');
    await page.waitForURL('**/ticket/');
  });

  it("when the user deletes the ticket, then it is gone and the page is the list", async () => {
    await page.goto(`/ticket/${ticketNumber}`);
    await page.getByTestId('delete-ticket').click();
    await seeMessage(page, 'Deleted.');
    await page.waitForURL('**/ticket/');
    const r = await page.request.get(`/api/tickets/${ticketId}/`);
    expect(r.status()).toBe(404);
  });
});
