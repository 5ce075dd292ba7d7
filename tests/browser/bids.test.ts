/**
 * The bids area as an office user works it, in Debian's chromium against the real app: sign up,
 * create a bid, items to 100 %, a note, a PDF bundle, the list, the zip, the award, a job from the
 * bid; and a second browser sees the first one's edit live.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { newPage, screenshot, logIn, signUp, browserApp, fillNewDialog } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `browser.${Date.now()}@example.com`;
const password = 'correct horse battery';
const tmp = mkdtempSync(join(tmpdir(), 'tl-browser-'));
const pdfPath = join(tmp, 'route-bundle.pdf');
writeFileSync(pdfPath, '%PDF-1.4\n% Trenchline test bundle\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

browserApp('browser_bids', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

const row = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });

describe('bids in the browser', () => {
  let page: Page;
  let bidUrl = '';

  it('signs up and lands on the bid list', async () => {
    ({ page } = await newPage(browser, app.url));
    await page.goto('/bid/');
    await page.waitForURL('**/login**');
    await signUp(page, app.url, { accountName: 'Browser Boring Co', name: 'Robin Office', email, password });
    await expect.poll(() => page.getByText('Robin Office').count()).toBeGreaterThan(0);
  });

  it('creates a bid, adds items until the total turns green at 100, and adds a note', async () => {
    await page.getByRole('button', { name: 'New bid' }).click();
    await fillNewDialog(page, { work_request: 'WR-NEW' });
    await page.waitForURL(/\/bid\/\d+$/);
    bidUrl = new URL(page.url()).pathname;
    await page.getByLabel('Work request', { exact: true }).fill('WR-BROWSER');
    await page.getByLabel('Supplier code', { exact: true }).fill('SC-BROWSER');
    await page.getByLabel('City', { exact: true }).fill('Tulsa');

    const items = page.locator('section[aria-label="Items"]');
    const total = page.getByTestId('bid-percent-total');
    for (const [name, pct] of [['Bore', '60'], ['Splice', '40']] as const) {
      const before = await items.locator('tbody tr[data-line-id]').count();
      await items.getByRole('button', { name: 'Add item' }).click();
      const line = items.locator('tbody tr[data-line-id]').nth(before);
      await line.waitFor();
      await line.getByLabel('Item', { exact: true }).fill(name);
      await line.getByLabel('Bid %', { exact: true }).fill(pct);
      await line.getByLabel('Bid %', { exact: true }).press('Enter');
      await expect.poll(() => line.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      if (name === 'Bore') await expect.poll(() => total.getAttribute('data-colour')).toBe('red');
    }
    await expect.poll(() => total.getAttribute('data-colour')).toBe('green');
    expect(await total.textContent()).toContain('100');

    const notes = page.locator('section[aria-label="Notes"]');
    await notes.getByRole('button', { name: 'Add note' }).click();
    const note = notes.locator('tbody tr[data-line-id]').first();
    await note.waitFor();
    expect(await note.getByLabel('Status').inputValue()).toBe('Update');
    await note.getByLabel('Note', { exact: true }).fill('Walked the route with the coordinator.');
    await note.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => note.textContent()).toContain('Robin Office');
  });

  it('uploads a PDF bundle with progress and shows it', async () => {
    const files = page.locator('section[aria-label="PDF bundle"]');
    await files.locator('input[type=file]').setInputFiles(pdfPath);
    await files.getByRole('button', { name: 'Upload' }).click();
    await files.getByRole('link', { name: /route-bundle\.pdf/ }).waitFor();
    await screenshot(page, 'bid-detail');
  });

  it('saves the bid and finds it in the list with its bundle', async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    await page.waitForURL('**/bid/');
    await page.getByText('Saved successfully!').waitFor();
    await row(page, 'WR-BROWSER').waitFor();
    expect(await row(page, 'WR-BROWSER').textContent()).toContain('Tulsa');
  });

  it('downloads the selected bids\' PDF bundles as one zip named with the date', async () => {
    await page.getByRole('button', { name: 'Download PDF bundles' }).click();
    await page.getByText('Please Select Rows first...').waitFor();
    await page.getByLabel('Select bid WR-BROWSER').check();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: 'Download PDF bundles' }).click()]);
    const now = new Date();
    expect(download.suggestedFilename()).toBe(`Bid PDF Bundles ${now.getMonth() + 1}-${now.getDate()}-${now.getFullYear()}.zip`);
    const zip = await JSZip.loadAsync(readFileSync(await download.path()));
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(1);
    expect(await zip.files[names[0]].async('string')).toContain('Trenchline test bundle');
    await screenshot(page, 'bid-list');
  });

  it('awards the bid by supplier code and work request', async () => {
    await page.getByRole('button', { name: 'Award bid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Award bid' });
    await dialog.getByLabel('Supplier code').fill('SC-BROWSER');
    await dialog.getByLabel('Work request').fill('WR-BROWSER');
    await dialog.getByRole('button', { name: 'Award' }).click();
    // Either the success message or the modal's 'Problem.' with the server's words, so a failure says why.
    const outcome = page.getByText('Bid Awarded Successfully.').or(dialog.getByText(/^Problem\./));
    await outcome.first().waitFor();
    expect(await outcome.first().textContent()).toBe('Bid Awarded Successfully.');
    await expect.poll(() => row(page, 'WR-BROWSER').textContent()).toContain('Won');
  });

  it('shows an edit made in one browser live in another one\'s open list', async () => {
    const second = await newPage(browser, app.url);
    await logIn(second.page, email, password);
    await row(second.page, 'WR-BROWSER').waitFor();
    await page.goto(bidUrl);
    await page.getByLabel('City', { exact: true }).fill('Broken Arrow');
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    await page.waitForURL('**/bid/');
    // No reload in the second browser: the row changes in place.
    await expect.poll(() => row(second.page, 'WR-BROWSER').textContent(), { timeout: 5000 }).toContain('Broken Arrow');
    await second.context.close();
  });

  it('shows the bid\'s history field by field, and the bid as it stood after an earlier change', async () => {
    await page.goto(bidUrl);
    await page.getByRole('button', { name: 'History' }).click();
    const drawer = page.getByRole('dialog', { name: 'History' });
    // Newest first: the city change, with its old and new value and who made it.
    const newest = drawer.locator('text=Broken Arrow').first();
    await newest.waitFor();
    expect(await drawer.textContent()).toContain('Robin Office');
    // Back to when the bid was created: no items yet, read-only.
    await drawer.getByRole('button', { name: 'As of this' }).last().click();
    await page.getByTestId('as-of-banner').waitFor();
    expect(await page.getByTestId('as-of-banner').textContent()).toContain('as it stood on');
    expect(await page.locator('section[aria-label="Items"] tbody tr[data-line-id]').count()).toBe(0);
    await page.getByTestId('as-of-banner').getByRole('button', { name: 'Back to now' }).click();
    await expect.poll(() => page.locator('section[aria-label="Items"] tbody tr[data-line-id]').count()).toBe(2);
  });

  it('creates a job from the bid and lands on the job with its items', async () => {
    await page.goto(bidUrl);
    await page.getByRole('button', { name: 'Create job' }).click();
    await page.waitForURL(/\/job\/\d+$/);
    await page.getByText('Job Created Successfully').waitFor();
    // The bid page may still be on screen while the job page loads: wait for the job's own items.
    const items = page.locator('table', { hasText: 'Job %' });
    await expect.poll(() => items.textContent()).toContain('Splice');
    expect(await items.textContent()).toContain('Bore');
    expect(await page.locator('[data-field="work_req_num"]').textContent()).toContain('WR-BROWSER');
    await screenshot(page, 'job-from-bid');
  });

  it('sends the user back to the list with \'Deleted.\' when a bid cannot be loaded', async () => {
    await page.goto('/bid/987654321');
    await page.waitForURL('**/bid/');
    await page.getByText('Deleted.').waitFor();
  });
});
