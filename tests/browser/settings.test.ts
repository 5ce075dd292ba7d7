/**
 * The settings screen as an office user works it, in Debian's chromium against the real app: every
 * section (background picture, crews, numbering, customers, vendors, raw materials, products with
 * their raw materials, SVA codes import, coordinators, training video, subscription, users, tips,
 * history), a second browser that sees a new crew live, and finally cancelling the account.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { newPage, screenshot, browserApp, signedUp, signedIn } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `settings.${Date.now()}@example.com`;
const password = 'correct horse battery';
const accountName = 'Red Clay Boring Co';
const tmp = mkdtempSync(join(tmpdir(), 'tl-settings-'));

/** A real PNG (a dusk-to-clay gradient like a trench at sunset) without any image library. */
function gradientPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const t = y / (height - 1);
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      raw[at] = Math.round(150 + 60 * t);
      raw[at + 1] = Math.round(170 - 40 * t);
      raw[at + 2] = Math.round(200 - 110 * t);
    }
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const picturePath = join(tmp, 'yard-at-dusk.png');
writeFileSync(picturePath, gradientPng(480, 270));
// An SVA rate sheet with a row missing its code and one with a rate that is not an amount, then a good one.
const badCsvPath = join(tmp, 'sva-bad.csv');
writeFileSync(badCsvPath, 'Code,Description,UOM,Rate,Provisions\nSVA-100,Bore 2in conduit,FT,12.50,\n,Missing code row,EA,3,\nSVA-300,Handhole,EA,abc,\n');
const goodCsvPath = join(tmp, 'sva-good.csv');
writeFileSync(goodCsvPath, 'code,description,uom,rate,provisions\nSVA-100,Bore 2in conduit,FT,12.50,\nSVA-200,Place handhole,EA,85,Includes backfill\nSVA-300,Splice fibre,EA,"$1,200.00",\n');

browserApp('browser_settings', { web: true }, (a, b) => ((app = a), (browser = b)));

const section = (page: Page, title: string) => page.locator(`section[aria-label="${title}"]`).first();
const record = (scope: Locator, name: string) => scope.locator(`tr[data-name="${name}"]`);
const newRow = (scope: Locator) => scope.locator('tr[data-new-row]');
/** The message box shows one message at a time; wait for one containing `text`. */
const seeMessage = (page: Page, text: string | RegExp) => page.getByTestId('message-box').filter({ hasText: text }).waitFor();

/** A write from the page's own session (cookies shared with the page), as another screen would make it. */
async function apiWrite(page: Page, method: 'POST' | 'PUT', url: string, body: unknown) {
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const r = await page.request.fetch(url, { method, headers: { 'X-CSRFToken': decodeURIComponent(token) }, data: body });
  return { status: r.status(), body: await r.json().catch(() => null) };
}

describe('settings in the browser', () => {
  let page: Page;

  it('signs up and opens /settings/ with every section', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName, name: 'Dana Office', email, password });
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings/');
    for (const title of ['Background picture', 'Crews', 'Document numbering', 'Customers', 'Vendors', 'Raw materials', 'Products and their raw materials', 'SVA codes', 'SVA coordinators', 'Training video', 'Subscription', 'Account users', 'How-to tips', 'Recent user app activities']) {
      await section(page, title).waitFor();
    }
    // The section bar scrolls to a section and leaves the URL alone.
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: 'SVA codes' }).click();
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/settings/');
    await screenshot(page, 'settings-empty');
  });

  it('uploads a background picture with a preview and every page shows it', async () => {
    const s = section(page, 'Background picture');
    expect(await page.locator('main[data-background="picture"]').count()).toBe(0);
    await s.locator('input[type=file]').setInputFiles(picturePath);
    await s.getByRole('img', { name: 'Chosen picture' }).waitFor();
    await s.getByRole('button', { name: 'Upload' }).click();
    await seeMessage(page, 'Background picture saved.');
    await s.getByRole('img', { name: 'Current background picture' }).waitFor();
    await page.locator('main[data-background="picture"]').waitFor();
    await page.getByRole('link', { name: 'Bids' }).click();
    await page.waitForURL('**/bid/');
    await page.locator('main[data-background="picture"]').waitFor();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings/');
  });

  it("adds a crew with 'New Crew added.' and refuses the same crew again, keeping the input", async () => {
    const crews = section(page, 'Crews');
    await newRow(crews).getByLabel('Crew name').fill('North Bore Crew');
    await newRow(crews).getByLabel('Crew name').press('Enter');
    await seeMessage(page, 'New Crew added.');
    await record(crews, 'North Bore Crew').waitFor();
    expect(await newRow(crews).getByLabel('Crew name').inputValue()).toBe('');

    await newRow(crews).getByLabel('Crew name').fill('  north bore crew ');
    await newRow(crews).getByRole('button', { name: 'Add crew' }).click();
    await seeMessage(page, /already exists/);
    expect(await newRow(crews).getByLabel('Crew name').inputValue()).toBe('  north bore crew ');
    expect(await newRow(crews).textContent()).toContain('already exists');
    await newRow(crews).getByLabel('Crew name').fill('');

    // An empty name: spec 3 section 5's words, as the server says them.
    await newRow(crews).getByRole('button', { name: 'Add crew' }).click();
    await seeMessage(page, 'Please type a crew name to assign');
    expect(await newRow(crews).textContent()).toContain('Please type a crew name to assign');
    await screenshot(page, 'settings-crew-name');
  });

  it('renames, deactivates, shows inactive and deletes a crew (with confirmation)', async () => {
    const crews = section(page, 'Crews');
    await newRow(crews).getByLabel('Crew name').fill('Splice Crew 2');
    await newRow(crews).getByLabel('Crew name').press('Enter');
    await record(crews, 'Splice Crew 2').waitFor();
    await record(crews, 'Splice Crew 2').getByLabel('Crew name').fill('Splice Crew B');
    await record(crews, 'Splice Crew 2').getByRole('button', { name: 'Save' }).click();
    await seeMessage(page, 'Saved successfully!');
    await record(crews, 'Splice Crew B').waitFor();

    await record(crews, 'Splice Crew B').getByLabel('Active').uncheck();
    await record(crews, 'Splice Crew B').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => record(crews, 'Splice Crew B').count()).toBe(0);
    await crews.getByRole('switch', { name: 'Show inactive' }).click();
    await record(crews, 'Splice Crew B').waitFor();
    expect(await record(crews, 'Splice Crew B').getByLabel('Active').isChecked()).toBe(false);

    await record(crews, 'Splice Crew B').getByRole('button', { name: 'Delete' }).click();
    await seeMessage(page, 'Crew Splice Crew B deleted.');
    await expect.poll(() => record(crews, 'Splice Crew B').count()).toBe(0);
    await crews.getByRole('switch', { name: 'Show inactive' }).click();
    await record(crews, 'North Bore Crew').waitFor();
  });

  it("shows a crew's history: who added it and every change", async () => {
    const crews = section(page, 'Crews');
    await crews.getByRole('button', { name: 'History of crew North Bore Crew' }).click();
    const drawer = page.getByRole('dialog', { name: 'History of crew North Bore Crew' });
    await drawer.locator('[data-history-entry]').first().waitFor();
    expect(await drawer.textContent()).toContain('Dana Office');
    expect(await drawer.textContent()).toContain('Crew added');
    expect(await drawer.textContent()).toContain('North Bore Crew');
    await page.waitForTimeout(400); // the drawer slides in
    await screenshot(page, 'settings-history', { fullPage: false });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('sets a document number from its suggestion (current + 1) and is refused below one handed out', async () => {
    const numbering = section(page, 'Document numbering');
    const invoice = numbering.locator('tr[data-counter="invoice"]');
    await invoice.waitFor();
    const current = Number(await invoice.getByTestId('current-invoice').textContent());
    expect(await invoice.getByLabel('New Invoice number').inputValue()).toBe(String(current + 1));

    await invoice.getByLabel('New Invoice number').fill('1200');
    await invoice.getByRole('button', { name: 'Save' }).click();
    await seeMessage(page, 'Invoice number set to 1200');
    await expect.poll(() => invoice.getByTestId('current-invoice').textContent()).toBe('1200');
    expect(await invoice.getByLabel('New Invoice number').inputValue()).toBe('1201');

    // Another screen hands out the next invoice number: the counter here follows live.
    const issued = await apiWrite(page, 'POST', '/api/settings/current_number/invoice/issue/', {});
    expect(issued.status).toBeLessThan(300);
    await expect.poll(() => invoice.getByTestId('current-invoice').textContent(), { timeout: 5000 }).toBe('1201');
    await invoice.getByLabel('New Invoice number').fill('1000');
    await invoice.getByRole('button', { name: 'Save' }).click();
    await seeMessage(page, /below 1201/);
    expect(await numbering.locator('tr[data-counter-error="invoice"]').textContent()).toContain('below 1201');
    expect(await invoice.getByTestId('current-invoice').textContent()).toBe('1201');

    // The counter's history: the number set here and the one handed out elsewhere, by whom.
    await invoice.getByRole('button', { name: 'History of the invoice number' }).click();
    const drawer = page.getByRole('dialog', { name: 'History of the invoice number' });
    await drawer.getByText('Current number set').waitFor();
    expect(await drawer.textContent()).toContain('Document number issued');
    expect(await drawer.textContent()).toContain('1200');
    // The counter as it stood right after it was set: 1200, none of those handed out yet.
    const setEntry = drawer.locator('[data-history-entry]').filter({ hasText: 'Current number set' }).last();
    await setEntry.getByRole('button', { name: 'As it stood then' }).click();
    const stood = setEntry.getByRole('region', { name: 'As it stood then' });
    await expect.poll(() => stood.locator('tr[data-field="number"]').textContent()).toContain('1200');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('adds a customer, edits it in place, and names the field when the name is missing', async () => {
    const customers = section(page, 'Customers');
    await newRow(customers).getByLabel('Customer name').fill('Osage Fiber Partners');
    await newRow(customers).getByLabel('City').fill('Tulsa');
    await newRow(customers).getByLabel('E-mail').fill('ops@osagefiber.example');
    await newRow(customers).getByLabel('City').press('Enter');
    await seeMessage(page, 'New Customer added.');
    const osage = record(customers, 'Osage Fiber Partners');
    await osage.waitFor();
    await osage.getByLabel('City').fill('Broken Arrow');
    await osage.getByLabel('City').press('Enter');
    await seeMessage(page, 'Saved successfully!');
    expect(await osage.getByLabel('City').inputValue()).toBe('Broken Arrow');

    await newRow(customers).getByLabel('City').fill('Nowhere');
    await newRow(customers).getByRole('button', { name: 'Add customer' }).click();
    await seeMessage(page, /Customer name/);
    expect(await newRow(customers).getByLabel('City').inputValue()).toBe('Nowhere');
    expect(await newRow(customers).textContent()).toContain('is required');
    expect(await customers.locator('tbody tr[data-record-id]').count()).toBe(1);
  });

  it('renames a customer and shows it as it stood at its first history entry: the old name', async () => {
    const customers = section(page, 'Customers');
    await record(customers, 'Osage Fiber Partners').getByLabel('Customer name').fill('Osage Fibre Co');
    await record(customers, 'Osage Fiber Partners').getByRole('button', { name: 'Save' }).click();
    await seeMessage(page, 'Saved successfully!');
    const renamed = record(customers, 'Osage Fibre Co');
    await renamed.waitFor();
    await renamed.getByRole('button', { name: 'History of customer Osage Fibre Co' }).click();
    const drawer = page.getByRole('dialog', { name: 'History of customer Osage Fibre Co' });
    // Newest first: the rename on top, the city change, and the customer's first entry (added) last.
    const entries = drawer.locator('[data-history-entry]');
    await expect.poll(() => entries.count()).toBe(3);
    const first = entries.last();
    expect(await first.textContent()).toContain('Customer added');
    await first.getByRole('button', { name: 'As it stood then' }).click();
    const stood = first.getByRole('region', { name: 'As it stood then' });
    await expect.poll(() => stood.locator('tr[data-field="name"]').textContent()).toContain('Osage Fiber Partners');
    expect(await stood.locator('tr[data-field="city"]').textContent()).toContain('Tulsa');
    expect(await stood.textContent()).not.toContain('Osage Fibre Co');
    await page.waitForTimeout(400); // the drawer slides in
    await screenshot(page, 'settings-history-as-it-stood', { fullPage: false });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('adds a vendor and a raw material', async () => {
    const vendors = section(page, 'Vendors');
    await newRow(vendors).getByLabel('Vendor name').fill('Ditch Witch Supply');
    await newRow(vendors).getByLabel('Code').fill('DWS');
    await newRow(vendors).getByLabel('Code').press('Enter');
    await seeMessage(page, 'New Vendor added.');
    await record(vendors, 'Ditch Witch Supply').waitFor();

    const materials = section(page, 'Raw materials');
    await newRow(materials).getByLabel('Raw material name').fill('Conduit 2in');
    await newRow(materials).getByLabel('Code').fill('C2');
    await newRow(materials).getByLabel('UOM').fill('ft');
    await newRow(materials).getByRole('button', { name: 'Add raw material' }).click();
    await seeMessage(page, 'New Raw material added.');
    await record(materials, 'Conduit 2in').waitFor();
  });

  it('adds a product and its raw materials (from the catalog and typed)', async () => {
    const products = section(page, 'Products and their raw materials');
    await newRow(products).getByLabel('Product name').fill('Handhole kit');
    await newRow(products).getByLabel('Code', { exact: true }).fill('HH-1');
    await newRow(products).getByLabel('UOM').selectOption('hr');
    await newRow(products).getByLabel('Price').fill('125');
    await newRow(products).getByRole('button', { name: 'Add product' }).click();
    await seeMessage(page, 'New Product added.');
    const kit = record(products, 'Handhole kit');
    await kit.waitFor();
    expect(await kit.getByLabel('Price').inputValue()).toBe('$125.00'); // a money box shows the formatted amount away from it

    await kit.getByRole('button', { name: 'Raw materials of Handhole kit' }).click();
    const lines = products.locator('section[aria-label="Raw materials of Handhole kit"]');
    await lines.waitFor();
    await products.getByLabel('Add from raw materials').selectOption({ label: 'Conduit 2in (C2)' });
    await seeMessage(page, 'Conduit 2in added.');
    const first = lines.locator('tbody tr[data-line-id]').first();
    await first.waitFor();
    expect(await first.getByLabel('Raw material').inputValue()).toBe('Conduit 2in');
    expect(await first.getByLabel('Code', { exact: true }).inputValue()).toBe('C2');

    await lines.getByRole('button', { name: 'Add raw material' }).click();
    const typed = lines.locator('tbody tr[data-line-id]').nth(1);
    await typed.waitFor();
    await typed.getByLabel('Raw material').fill('Pull tape');
    await typed.getByLabel('Qty per unit').fill('2');
    await typed.getByLabel('Qty per unit').press('Enter');
    await expect.poll(() => typed.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    // A product's save says its code (spec 3 section 8).
    await kit.getByLabel('Price').fill('130');
    await kit.getByRole('button', { name: 'Save' }).click();
    await seeMessage(page, 'HH-1 saved successfully');
    await screenshot(page, 'settings-products');
  });

  it('previews an SVA CSV with bad rows (errors in red, Import disabled), then imports a good one', async () => {
    const sva = section(page, 'SVA codes');
    await sva.getByLabel('SVA codes CSV file').setInputFiles(badCsvPath);
    const modal = page.getByRole('dialog', { name: /Import SVA codes/ });
    await modal.waitFor();
    const counts = modal.getByTestId('sva-import-counts');
    await expect.poll(() => counts.textContent()).toContain('1 to add');
    expect(await counts.textContent()).toContain('2 with errors');
    expect(await modal.locator('tr[data-action="error"]').count()).toBe(2);
    expect(await modal.locator('tr[data-line="3"] [data-error]').textContent()).toContain('code is required');
    expect(await modal.locator('tr[data-line="4"] [data-error]').textContent()).toContain('is not an amount');
    expect(await modal.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
    // The modal over the page as the user sees it (a full-page shot misplaces fixed layers).
    await page.waitForTimeout(400);
    await screenshot(page, 'settings-sva-preview', { fullPage: false });
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'hidden' });

    await sva.getByLabel('SVA codes CSV file').setInputFiles(goodCsvPath);
    await modal.waitFor();
    await expect.poll(() => counts.textContent()).toContain('3 to add');
    await modal.getByRole('button', { name: 'Import' }).click();
    await seeMessage(page, '3 SVA codes imported');
    await modal.waitFor({ state: 'hidden' });
    await sva.locator('tr[data-code="SVA-300"]').waitFor();
    expect(await sva.locator('tr[data-code="SVA-300"]').textContent()).toContain('1,200.00');
    expect(await sva.getByTestId('sva-count').textContent()).toContain('3 of 3 codes');
    await sva.getByLabel('Filter SVA codes').fill('handhole');
    await expect.poll(() => sva.locator('tbody tr[data-code]').count()).toBe(1);
  });

  it('shows the SVA rate sheet as it stood right after the import, with its codes', async () => {
    const sva = section(page, 'SVA codes');
    await sva.getByRole('button', { name: 'History of the SVA rate sheet' }).click();
    const drawer = page.getByRole('dialog', { name: 'History of the SVA rate sheet' });
    const imported = drawer.locator('[data-history-entry][data-event="SvaCodesImported"]');
    await imported.getByRole('button', { name: 'As it stood then' }).click();
    const stood = imported.getByRole('region', { name: 'As it stood then' });
    await expect.poll(() => stood.locator('tr[data-field="code_count"]').textContent()).toContain('3');
    expect(await stood.locator('tbody tr[data-line-id]').count()).toBe(3);
    expect(await stood.textContent()).toContain('SVA-300');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('adds an SVA coordinator', async () => {
    const coordinators = section(page, 'SVA coordinators');
    await newRow(coordinators).getByLabel('Code').fill('CO-7');
    await newRow(coordinators).getByLabel('Coordinator').fill('Pat Lindqvist');
    await newRow(coordinators).getByLabel('Phone 1').fill('918-555-0142');
    await newRow(coordinators).getByLabel('Phone 1').press('Enter');
    await seeMessage(page, 'New SVA coordinator added.');
    await record(coordinators, 'Pat Lindqvist').waitFor();
  });

  it('uploads a training video and plays it with the right-click menu disabled', async () => {
    const s = section(page, 'Training video');
    await s.locator('input[type=file]').setInputFiles({ name: 'locating-basics.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not really a video, but typed as one') });
    await s.getByRole('button', { name: 'Upload' }).click();
    await seeMessage(page, 'Training video saved.');
    const video = s.locator('video');
    await video.waitFor();
    expect(await video.getAttribute('src')).toBeTruthy();
    expect(await s.textContent()).toContain('locating-basics.mp4');
    // `any`: the tests compile without the DOM types.
    const prevented = await video.evaluate((v: any) => !v.dispatchEvent(new v.ownerDocument.defaultView.MouseEvent('contextmenu', { bubbles: true, cancelable: true })));
    expect(prevented).toBe(true);
  });

  it('changes a subscription quantity and sees the monthly total', async () => {
    const s = section(page, 'Subscription');
    const total = s.getByTestId('monthly-total');
    await total.waitFor();
    const office = s.locator('tr[data-item="office"]');
    await office.getByLabel('Quantity of Office user').fill('3');
    await expect.poll(() => total.textContent()).toBe('$147.00');
    await office.getByRole('button', { name: 'Save' }).click();
    await seeMessage(page, 'Office user: quantity 3 saved.');
    await s.locator('tr[data-item="orca"]').getByLabel('Quantity of ORCA dashboards').fill('1');
    await expect.poll(() => total.textContent()).toBe('$246.00');
    await s.locator('tr[data-item="orca"]').getByLabel('Quantity of ORCA dashboards').press('Enter');
    await seeMessage(page, 'ORCA dashboards: quantity 1 saved.');
    await expect.poll(() => s.textContent()).not.toContain('saved: ');
  });

  it('adds a user, deactivates them, and cannot deactivate oneself', async () => {
    const s = section(page, 'Account users');
    const form = s.getByRole('form', { name: 'Add user' });
    await form.getByLabel('Display name').fill('Sam Fielding');
    await form.getByLabel('E-mail').fill(`sam.${Date.now()}@example.com`);
    await form.getByLabel('Initial password').fill('trench-field-2026');
    await form.getByRole('button', { name: 'Add user' }).click();
    await seeMessage(page, 'User Sam Fielding added.');
    const sam = s.locator('tbody tr', { hasText: 'Sam Fielding' });
    await sam.waitFor();
    expect(await sam.textContent()).toContain('Active');
    await sam.getByRole('button', { name: 'Deactivate' }).click();
    await seeMessage(page, 'Sam Fielding deactivated.');
    await expect.poll(() => sam.textContent()).toContain('Inactive');
    await sam.getByRole('button', { name: 'Reactivate' }).waitFor();

    // The account's history keeps the users' audit.
    await s.getByRole('button', { name: 'History of the account' }).click();
    const drawer = page.getByRole('dialog', { name: 'History of the account' });
    await drawer.getByText('Account user deactivated').waitFor();
    expect(await drawer.textContent()).toContain('Sam Fielding');
    expect(await drawer.textContent()).toContain('Subscription changed');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    const me = s.locator('tbody tr', { hasText: '(you)' });
    await me.getByRole('button', { name: 'Deactivate' }).click();
    await seeMessage(page, /cannot deactivate yourself/i);
    expect(await me.textContent()).toContain('Active');
  });

  it('hides a how-to tip for this user and shows it again', async () => {
    const numbering = section(page, 'Document numbering');
    await numbering.getByText('Numbers never repeat').waitFor();
    const tips = section(page, 'How-to tips');
    await tips.getByRole('switch', { name: 'Show tip Numbers never repeat' }).click();
    await seeMessage(page, "Tip 'Numbers never repeat' hidden.");
    await expect.poll(() => numbering.getByText('Numbers never repeat').count()).toBe(0);
    await page.reload();
    await section(page, 'How-to tips').locator('[data-tip="6"]').waitFor();
    expect(await section(page, 'How-to tips').getByLabel('Show tip Numbers never repeat').isChecked()).toBe(false);
    expect(await section(page, 'Document numbering').getByText('Numbers never repeat').count()).toBe(0);
  });

  it('lists recent user app activities live', async () => {
    const s = section(page, 'Recent user app activities');
    await s.getByText('No app activity recorded yet.').waitFor();
    const r = await apiWrite(page, 'POST', '/api/settings/user_app_activities/', { app_name: 'Field tickets', function: 'Ticket approved', job_number: 'J-4471', amount: 1250 });
    expect(r.status).toBe(201);
    await expect.poll(() => s.textContent(), { timeout: 5000 }).toContain('J-4471');
    expect(await s.textContent()).toContain('Ticket approved');
  });

  it('shows a crew added in one browser in another one without a reload', async () => {
    const second = await newPage(browser, app.url);
    await signedIn(second.page, email, password, '/settings/');
    const theirCrews = section(second.page, 'Crews');
    await record(theirCrews, 'North Bore Crew').waitFor();
    const crews = section(page, 'Crews');
    await newRow(crews).getByLabel('Crew name').fill('Aerial Crew 3');
    await newRow(crews).getByLabel('Crew name').press('Enter');
    await seeMessage(page, 'New Crew added.');
    await record(theirCrews, 'Aerial Crew 3').waitFor({ timeout: 5000 });
    await second.context.close();
  });

  it('given the settings made above, when the screen is reloaded, then its SVA codes and crews show again (and its full-page screenshot is taken when asked for)', async () => {
    await page.reload();
    await section(page, 'SVA codes').locator('tr[data-code="SVA-100"]').waitFor();
    await section(page, 'Crews').locator('tr[data-name="North Bore Crew"]').waitFor();
    await page.evaluate('window.scrollTo(0, 0)');
    // tests/screenshots/settings.png, for people to look at (docs/settings-screen.png is copied from it by hand).
    await screenshot(page, 'settings');
  });

  it('cancels the account after the account name is typed, and the user is logged out to /login', async () => {
    await section(page, 'Subscription').getByRole('button', { name: 'Cancel account' }).click();
    const modal = page.getByRole('dialog', { name: 'Cancel account' });
    const confirm = modal.getByRole('button', { name: 'Cancel account' });
    await modal.getByLabel(/Type the account name/).fill('Red Clay');
    expect(await confirm.isDisabled()).toBe(true);
    await modal.getByLabel(/Type the account name/).fill(accountName);
    await confirm.click();
    await page.waitForURL('**/login**');
    await page.getByLabel('Email').fill(email);
    await page.locator('input[type=password]').fill(password);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
