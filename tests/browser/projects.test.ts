/**
 * The projects area as an office user works it, in Debian's chromium against the real app: a project
 * with its fields, customers, a location and a contact in their edit panels, a note and a PDF bundle;
 * the list with its saved choices (range presets, Refresh), selection, bulk actions, the report
 * button, the zip and distances; and a second browser sees the first one's edit live.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { Browser, Locator, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { newPage, reportDownload, screenshot, seeMessage, plusDays, iso, us, browserApp, fillNewDialog, signedUp, signedIn } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `projects.${Date.now()}@example.com`;
const password = 'correct horse battery';
const tmp = mkdtempSync(join(tmpdir(), 'tl-browser-projects-'));
const pdfPath = join(tmp, 'route-66-bundle.pdf');
writeFileSync(pdfPath, '%PDF-1.4\n% Trenchline project bundle\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

// Tulsa, where the office is; the job site is in Oklahoma City (about 98 miles).
const OFFICE = { latitude: 36.154, longitude: -95.9928 };
const SITE = { latitude: '35.4676', longitude: '-97.5164' };

browserApp('browser_projects', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

const row = (page: Page, text: string) => page.locator('tbody tr[data-project-id]', { hasText: text });
const section = (page: Page, title: string) => page.locator(`section[aria-label="${title}"]`).first();
const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);
const refresh = (page: Page) => page.getByRole('button', { name: 'Refresh' });
const rangeInput = (page: Page) => page.getByLabel('Date range');
const saveButton = (page: Page) => page.getByTestId('save-project');

/** A write from the page's own session, as another screen (or user) would make it. */
async function apiWrite(page: Page, method: 'POST' | 'PUT', url: string, body: unknown) {
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const r = await page.request.fetch(url, { method, headers: { 'X-CSRFToken': decodeURIComponent(token) }, data: body });
  return { status: r.status(), body: await r.json().catch(() => null) };
}

/** Every confirmation the page asks (newPage accepts them all). */
function recordDialogs(page: Page): string[] {
  const asked: string[] = [];
  page.on('dialog', (d) => asked.push(d.message()));
  return asked;
}

async function fillDate(input: Locator, date: Date) {
  await input.fill(us(date));
  await input.press('Tab');
}

describe('projects in the browser', () => {
  let page: Page;
  let dialogs: string[];
  let projectUrl = '';
  let projectId = '';

  it('given a new account, when the user opens Projects, then the empty list waits for nothing and offers a new project', async () => {
    ({ page } = await newPage(browser, app.url));
    dialogs = recordDialogs(page);
    await signedUp(page, app.url, { accountName: 'Projects Boring Co', name: 'Robin Office', email, password });
    // Customers come from Settings > Customers.
    expect((await apiWrite(page, 'POST', '/api/settings/customers/', { name: 'Lumen Technologies' })).status).toBe(201);
    await page.getByRole('link', { name: 'Projects' }).click();
    await page.waitForURL('**/project/');
    await page.getByText('No projects for these choices.').waitFor();
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('false');
  });

  it('given the list, when the user makes a new project and fills its fields, then saving says so and keeps them', async () => {
    await page.getByRole('button', { name: 'New project' }).click();
    await fillNewDialog(page, { name: 'Route 66' });
    await page.waitForURL(/\/project\/\d+$/);
    projectUrl = new URL(page.url()).pathname;
    projectId = projectUrl.split('/').pop()!;
    await field(page, 'name').getByRole('textbox').fill('Route 66 fibre');
    await field(page, 'customer').locator('input:not([type=hidden])').click();
    await page.getByRole('option', { name: 'Lumen Technologies' }).click();
    await field(page, 'status').locator('select').selectOption('Won');
    await field(page, 'work_type').locator('select').selectOption('Dirt-Bore');
    await fillDate(field(page, 'due_date').getByRole('textbox'), plusDays(3));
    await field(page, 'po_number').getByRole('textbox').fill('PO-4411');
    await field(page, 'po_amount').getByRole('textbox').fill('12500.5');
    await field(page, 'city').getByRole('textbox').fill('Tulsa');
    await field(page, 'state').getByRole('textbox').fill('OK');
    await page.getByRole('radio', { name: 'Green' }).click();
    await saveButton(page).click();
    await seeMessage(page, 'Saved successfully!');
    // Days left come from the server: 3 is under 4, so red.
    await expect.poll(() => page.getByTestId('days-left').locator('[data-colour]').getAttribute('data-colour')).toBe('red');

    await page.reload();
    await expect.poll(() => field(page, 'name').getByRole('textbox').inputValue()).toBe('Route 66 fibre');
    expect(await field(page, 'customer').locator('input:not([type=hidden])').inputValue()).toBe('Lumen Technologies');
    expect(await field(page, 'po_amount').getByRole('textbox').inputValue()).toBe('$12,500.50');
    expect(await page.getByRole('radio', { name: 'Green' }).getAttribute('aria-checked')).toBe('true');
  });

  it('given the project, when the user adds a customer line, then it is saved on its row', async () => {
    const customers = section(page, 'Customers');
    await customers.getByRole('button', { name: 'Add customer' }).click();
    const line = customers.locator('tbody tr[data-line-id]').first();
    await line.waitFor();
    await line.getByLabel('Customer', { exact: true }).fill('AT&T');
    await line.getByLabel('Customer job ref', { exact: true }).fill('ATT-778');
    await line.getByLabel('Customer job ref', { exact: true }).press('Enter');
    await expect.poll(() => line.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  });

  it('given the project, when the user adds a location, then a blank row shows at once and its edit panel saves it', async () => {
    const locations = section(page, 'Locations');
    await locations.getByRole('button', { name: 'Add location' }).click();
    // The blank row is there before the server answers; then its panel opens on the server's record.
    await locations.locator('tbody tr[data-line-id], tbody tr[data-pending]').first().waitFor();
    const panel = page.getByRole('dialog', { name: 'Location' });
    await panel.waitFor();
    await panel.getByLabel('Name', { exact: true }).fill('OKC splice yard');
    await panel.getByLabel('Address', { exact: true }).fill('100 N Broadway');
    await panel.getByLabel('City', { exact: true }).fill('Oklahoma City');
    await panel.getByLabel('Latitude', { exact: true }).fill(SITE.latitude);
    await panel.getByLabel('Longitude', { exact: true }).fill(SITE.longitude);
    await panel.getByRole('button', { name: 'Save location' }).click();
    await seeMessage(page, 'Location successfully saved!');
    await expect.poll(() => locations.locator('tbody tr[data-line-id]').first().textContent()).toContain('OKC splice yard');
  });

  it('given the project, when the user adds a contact, then its edit panel saves it', async () => {
    const contacts = section(page, 'Contacts');
    await contacts.getByRole('button', { name: 'Add contact' }).click();
    const panel = page.getByRole('dialog', { name: 'Contact' });
    await panel.waitFor();
    await panel.getByLabel('Name', { exact: true }).fill('Casey Coordinator');
    await panel.getByLabel('Phone', { exact: true }).fill('918-555-0110');
    await panel.getByRole('button', { name: 'Save contact' }).click();
    await seeMessage(page, 'Contact successfully saved!');
    await expect.poll(() => contacts.locator('tbody tr[data-line-id]').first().textContent()).toContain('Casey Coordinator');
  });

  it('given the project, when the user adds a note, then it is stamped with their name', async () => {
    const notes = section(page, 'Notes');
    await notes.getByRole('button', { name: 'Add note' }).click();
    const note = notes.locator('tbody tr[data-line-id]').first();
    await note.waitFor();
    expect(await note.getByLabel('Status').inputValue()).toBe('Update');
    await note.getByLabel('Note', { exact: true }).fill('Locates called in for the bore.');
    await note.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => note.textContent()).toContain('Robin Office');
  });

  it('given the project, when the user uploads a PDF bundle, then it is linked', async () => {
    const files = section(page, 'PDF bundle');
    await files.locator('input[type=file]').setInputFiles(pdfPath);
    await files.getByRole('button', { name: 'Upload' }).click();
    await files.getByRole('link', { name: /route-66-bundle\.pdf/ }).waitFor();
  });

  it('given a long page, when the user jumps to a section, then it lands 150 px from the top', async () => {
    // A short window, so the page is long enough to put the section there.
    await page.setViewportSize({ width: 1440, height: 420 });
    await page.getByRole('navigation', { name: 'Project sections' }).getByRole('button', { name: 'Locations' }).click();
    await expect.poll(() => page.locator('#project-locations').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(150);
    await page.getByRole('navigation', { name: 'Project sections' }).getByRole('button', { name: 'Details' }).click();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'project-detail');
  });

  it('given another save of the project while the user was editing, when the user saves, then both are kept (the server merges by field)', async () => {
    await field(page, 'county').getByRole('textbox').fill('Tulsa County');
    expect((await apiWrite(page, 'PUT', `/api/projects/${projectId}`, { description: 'Changed by the field office' })).status).toBe(200);
    // The page hears of the other save live and keeps the user's edit.
    await page.getByTestId('stale-notice').waitFor();
    await saveButton(page).click();
    // The save carried the version the user started from: another field changed since is no conflict.
    await seeMessage(page, 'Saved successfully!');
    expect(await page.getByTestId('conflict-panel').count()).toBe(0);
    expect(await field(page, 'description').getByRole('textbox').inputValue()).toBe('Changed by the field office');
    await page.reload();
    await expect.poll(() => field(page, 'description').getByRole('textbox').inputValue()).toBe('Changed by the field office');
    expect(await field(page, 'county').getByRole('textbox').inputValue()).toBe('Tulsa County');
  });

  it('given the project\'s history, when the user opens it as it stood after creation, then it is read-only and empty', async () => {
    await page.getByRole('button', { name: 'History' }).click();
    const drawer = page.getByRole('dialog', { name: 'History' });
    await drawer.locator('text=Changed by the field office').first().waitFor();
    await drawer.getByRole('button', { name: 'As of this' }).last().click();
    await page.getByTestId('as-of-banner').waitFor();
    expect(await page.locator('section[aria-label="Notes"] tbody tr[data-line-id]').count()).toBe(0);
    await page.getByTestId('as-of-banner').getByRole('button', { name: 'Back to now' }).click();
    await expect.poll(() => page.locator('section[aria-label="Notes"] tbody tr[data-line-id]').count()).toBe(1);
  });

  it('given the list, when the user filters, then only matching projects show', async () => {
    await page.goto('/project/');
    const r = row(page, 'Route 66 fibre');
    await r.waitFor();
    expect(await r.locator('[data-colour]').first().getAttribute('data-colour')).toBe('red');
    expect(await r.locator('[data-colour-tag]').getAttribute('data-colour-tag')).toBe('Green');
    expect(await r.textContent()).toContain('$12,500.50');
    expect(await r.textContent()).toContain('Lumen Technologies, AT&T');
    await page.getByLabel('Filter rows').fill('nowhere special');
    await page.getByText('No projects match the filter.').waitFor();
    await page.getByLabel('Filter rows').fill('lumen route');
    await r.waitFor();
    await page.getByLabel('Filter rows').fill('');
  });

  it('given the list, when the user picks presets and switches, then Refresh lights up, and Refresh saves them for the next visit', async () => {
    await rangeInput(page).click();
    await page.getByRole('button', { name: '7 Days' }).click();
    await expect.poll(() => rangeInput(page).textContent()).toBe(`${iso(plusDays(-6))} - ${iso(plusDays(0))}`);
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('true');
    await rangeInput(page).click();
    await page.getByRole('button', { name: 'Two Weeks (14 days)' }).click();
    await expect.poll(() => rangeInput(page).textContent()).toBe(`${iso(plusDays(-13))} - ${iso(plusDays(0))}`);
    // Public mode hides the money at once, for showing the screen to a customer.
    await page.getByLabel('Public mode').check();
    await expect.poll(() => row(page, 'Route 66 fibre').textContent()).not.toContain('$12,500.50');
    await refresh(page).click();
    await expect.poll(() => refresh(page).getAttribute('data-highlighted')).toBe('false');
    await row(page, 'Route 66 fibre').waitFor();

    await page.reload();
    await expect.poll(() => rangeInput(page).textContent()).toBe(`${iso(plusDays(-13))} - ${iso(plusDays(0))}`);
    expect(await page.getByLabel('Public mode').isChecked()).toBe(true);
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('false');
    await row(page, 'Route 66 fibre').waitFor();
    expect(await row(page, 'Route 66 fibre').textContent()).not.toContain('$12,500.50');

    // Back to showing money (and saved so), so the screenshots show it.
    await page.getByLabel('Public mode').uncheck();
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('true');
    await refresh(page).click();
    await expect.poll(() => refresh(page).getAttribute('data-highlighted')).toBe('false');
  });

  it('given no selection, when the user asks for a bulk action, then they are asked to select rows first (a report covers every matching project: issue 31)', async () => {
    for (const name of ['Delete', 'Archive']) {
      await page.getByRole('button', { name, exact: true }).click();
      await seeMessage(page, 'Please select rows first.');
    }
    await page.getByRole('button', { name: 'Download PDF bundles' }).click();
    await seeMessage(page, 'Please Select Rows first...');
    expect(dialogs.filter((d) => d.startsWith('Are you sure'))).toEqual([]);
  });

  it('given selected rows, when the user asks for the management report, then the worker makes it over the selection and it is downloaded', async () => {
    await page.getByLabel('Select all matching projects').check();
    await expect.poll(() => page.getByTestId('row-count').textContent()).toContain('1 selected');
    const asked: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/bulk/') asked.push(r.postDataJSON());
    });
    const download = await reportDownload(page, () => page.getByRole('button', { name: 'Management report', exact: true }).click());
    expect(download.suggestedFilename()).toMatch(/management/i);
    // Select all is every project that matches: sent as the filter, not as ids.
    expect(asked.at(-1)).toMatchObject({ list: 'projects', action: 'report', report: 'management', except: [] });
    expect(asked.at(-1)?.filter).toMatchObject({ active: 't', archived: 'f' });
  });

  it('given a selected project with a bundle, when the user downloads bundles, then the zip is named with the date and holds it', async () => {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: 'Download PDF bundles' }).click()]);
    const now = new Date();
    expect(download.suggestedFilename()).toBe(`Project PDF Bundles ${now.getMonth() + 1}-${now.getDate()}-${now.getFullYear()}.zip`);
    const zip = await JSZip.loadAsync(readFileSync(await download.path()));
    const names = Object.keys(zip.files);
    expect(names).toEqual(['Route 66 fibre - route-66-bundle.pdf']);
    expect(await zip.files[names[0]].async('string')).toContain('Trenchline project bundle');
    await page.getByLabel('Select all matching projects').uncheck();
  });

  it('given a row, when the user edits its purchase order in the modal, then the row shows it', async () => {
    await row(page, 'Route 66 fibre').getByRole('button', { name: /Purchase order of/ }).click();
    const modal = page.getByRole('dialog', { name: /Purchase order/ });
    await modal.getByLabel('PO number').fill('PO-5000');
    // Typed as people type it, past the cents: the box keeps cents, as the server does.
    await modal.getByLabel('PO amount').fill('$9,999.994');
    await modal.getByLabel('PO amount').blur();
    expect(await modal.getByLabel('PO amount').inputValue()).toBe('$9,999.99');
    await modal.getByRole('button', { name: 'Save PO' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => row(page, 'Route 66 fibre').textContent()).toContain('PO-5000');
    expect(await row(page, 'Route 66 fibre').textContent()).toContain('$9,999.99');
  });

  it('given a device position, when the user asks for distances, then a Miles column shows the miles to the first location', async () => {
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation(OFFICE);
    expect(await page.getByRole('columnheader', { name: 'Miles' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show distances' }).click();
    await page.getByRole('columnheader', { name: 'Miles' }).waitFor();
    const miles = Number(await row(page, 'Route 66 fibre').locator('td[data-col="distance"]').textContent());
    expect(miles).toBeGreaterThan(96);
    expect(miles).toBeLessThan(100);
    await screenshot(page, 'project-list');
  });

  it('given the list open in a second browser, when the first saves an edit, then the row changes in place', async () => {
    const second = await newPage(browser, app.url);
    await signedIn(second.page, email, password, '/project/');
    await row(second.page, 'Route 66 fibre').waitFor();
    await page.goto(projectUrl);
    await field(page, 'city').getByRole('textbox').fill('Broken Arrow');
    await field(page, 'name').getByRole('textbox').fill('Route 66 fibre phase 2');
    await saveButton(page).click();
    await seeMessage(page, 'Saved successfully!');
    // No reload in the second browser.
    await expect.poll(() => row(second.page, 'Route 66 fibre').textContent(), { timeout: 5000 }).toContain('phase 2');
    await second.context.close();
  });

  it('given a selected project without a bundle, when the user downloads bundles, then the worker has nothing to zip and says \'Please upload a file first...\'', async () => {
    await page.goto('/project/');
    await page.getByRole('button', { name: 'New project' }).click();
    await fillNewDialog(page, { name: 'Old aerial' });
    await page.waitForURL(/\/project\/\d+$/);
    await field(page, 'name').getByRole('textbox').fill('Old aerial job');
    await saveButton(page).click();
    await seeMessage(page, 'Saved successfully!');
    await page.goto('/project/');
    await row(page, 'Old aerial job').waitFor();
    await page.getByLabel('Select project Old aerial job').check();
    await page.getByRole('button', { name: 'Download PDF bundles' }).click();
    await seeMessage(page, 'Please upload a file first...');
  });

  it('given selected projects, when the user archives them, then it asks first and they leave the active list for the archived one', async () => {
    await expect.poll(() => page.getByLabel('Select project Old aerial job').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await row(page, 'Old aerial job').waitFor({ state: 'detached' });
    expect(dialogs).toContain('Are you sure you want to archive selected records?');
    await page.getByRole('button', { name: 'Active', exact: true }).click();
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('true');
    await refresh(page).click();
    await row(page, 'Old aerial job').waitFor();
    expect(await row(page, 'Route 66 fibre').count()).toBe(0);
  });

  it('given selected projects, when the user deletes them, then it warns it cannot be undone and they are gone', async () => {
    await page.getByLabel('Select project Old aerial job').check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeMessage(page, 'Selected projects deleted');
    expect(dialogs).toContain('Are you sure you want to delete selected records? THIS ACTION CANNOT BE UNDONE');
    await row(page, 'Old aerial job').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('No projects for these choices.').waitFor();
    // Back to active projects for whoever opens the list next.
    await page.getByRole('button', { name: 'Active', exact: true }).click();
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    await refresh(page).click();
    await row(page, 'Route 66 fibre').waitFor();
  });

  it('given the project, when the user deletes it, then it asks first and the list no longer has it', async () => {
    await page.goto(projectUrl);
    await field(page, 'name').getByRole('textbox').waitFor();
    await page.getByTestId('delete-project').click();
    await page.waitForURL('**/project/');
    expect(dialogs).toContain('Sure you want to delete this?');
    await page.getByText('No projects for these choices.').waitFor();
  });

  it('given a project that cannot be loaded, when the user opens it, then they are back on the list with \'Deleted.\'', async () => {
    await page.goto(projectUrl);
    await page.waitForURL('**/project/');
    await seeMessage(page, 'Deleted.');
  });
});
