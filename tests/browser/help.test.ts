/**
 * Help tickets in the browser, in Debian's chromium against the real app: a ticket raised from the
 * list and filled in, a file attached and deleted, updates posted by a second user of the account
 * arriving live on the first user's open page, the navigation's count of tickets awaiting each user
 * kept live, the list (the last 90 days until saved, the training video with its right-click menu
 * disabled), closing the ticket ('Archived!'), and the bulk delete run by the worker.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { iso, pageUpload, newPage, pageApi, plusDays, seeMessage, browserApp, poll, fillNewDialog, signedUp, signedIn } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const stamp = Date.now();
const email = `help.${stamp}@example.com`;
const samEmail = `sam.help.${stamp}@example.com`;
const password = 'correct horse battery';

browserApp('browser_help', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);
const select = (page: Page, name: string) => field(page, name).locator('select');
const input = (page: Page, name: string) => field(page, name).locator('input:not([type=hidden]), textarea').first();
const badge = (page: Page) => page.getByTestId('help-badge');
const badgeCount = async (page: Page) => ((await badge(page).count()) ? Number(await badge(page).getAttribute('data-count')) : 0);
const updates = (page: Page) => page.getByTestId('help-updates').locator('[data-update-id]');
const files = (page: Page) => page.getByTestId('help-files').locator('tr[data-file-id]');
const TABLE = 'table[aria-label="Help tickets"]';
const row = (page: Page, id: string) => page.locator(`${TABLE} tbody tr[data-help-id="${id}"]`);
const cell = (page: Page, id: string, col: string) => row(page, id).locator(`td[data-col="${col}"]`);
const count = (page: Page) => page.getByTestId('row-count');

describe('help tickets in the browser', () => {
  let page: Page;
  let sam: Page;
  let id = '';

  it('given a new account, when the user opens the help list, then it asks for the last 90 days and shows the training video with its right-click menu disabled', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Prairie Line Boring', name: 'Robin Okafor', email, password });
    const r = await pageUpload(page, '/api/settings/how2s/videos/1/', { name: 'help-basics.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not really a video, but typed as one') }, { file_name: 'help-basics.mp4' }, 'PUT');
    expect(r.status).toBeLessThan(300);

    await page.goto('/help/');
    await page.getByText('No help tickets for these choices.').waitFor();
    const saved = await pageApi(page, 'GET', '/api/help/search_dates/');
    expect([saved.start_date, saved.end_date]).toEqual([iso(plusDays(-89)), iso(plusDays(0))]);
    const video = page.getByTestId('training-video').locator('video');
    await video.waitFor();
    expect(await video.getAttribute('src')).toBeTruthy();
    expect(await video.getAttribute('controls')).not.toBeNull();
    // `any`: the tests compile without the DOM types.
    const prevented = await video.evaluate((v: any) => !v.dispatchEvent(new v.ownerDocument.defaultView.MouseEvent('contextmenu', { bubbles: true, cancelable: true })));
    expect(prevented).toBe(true);
  });

  it('given nothing selected, when Delete is clicked, then it asks to select rows first', async () => {
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeMessage(page, 'Please select rows first.');
  });

  it('when the user raises a help ticket and fills it in, then it opens New in all three statuses and saves', async () => {
    await page.getByRole('button', { name: 'New help ticket' }).click();
    await fillNewDialog(page, { subject: 'Export hangs' });
    await page.waitForURL(/\/help\/\d+$/);
    id = page.url().split('/').pop()!;
    await page.getByTestId('help-title').filter({ hasText: `#${id}` }).waitFor();
    expect([await select(page, 'ticket_status').inputValue(), await select(page, 'submitter_status').inputValue(), await select(page, 'our_status').inputValue()]).toEqual(['New', 'New', 'New']);

    await input(page, 'subject').fill('Timecard export hangs');
    await input(page, 'description').fill('The export spins forever after picking two crews.');
    await select(page, 'ticket_type').selectOption('App Issue');
    await select(page, 'priority').selectOption('Urgent');
    await select(page, 'submitter_mood').selectOption('Unhappy');
    await page.getByTestId('save-help').click();
    await seeMessage(page, 'Saved successfully!');
    const t = await pageApi(page, 'GET', `/api/help/${id}/`);
    expect([t.subject, t.ticket_type, t.priority, t.submitter_mood, t.submitted_by_name, t.archived]).toEqual(['Timecard export hangs', 'App Issue', 'Urgent', 'Unhappy', 'Robin Okafor', false]);
  });

  it('when the user attaches a file, then it uploads with its progress and downloads; deleted, it leaves', async () => {
    const section = page.locator('section[aria-label="Files"]');
    await section.locator('input[type=file]').setInputFiles({ name: 'export.log', mimeType: 'text/plain', buffer: Buffer.from('12:01 export started\n12:09 still waiting\n') });
    await seeMessage(page, 'File uploaded.');
    await poll(() => files(page).count()).toBe(1);
    const link = files(page).getByRole('link', { name: 'export.log' });
    const body = await page.request.get((await link.getAttribute('href'))!);
    expect(await body.text()).toBe('12:01 export started\n12:09 still waiting\n');
    expect((await pageApi<{ files: unknown[] }>(page, 'GET', `/api/help/${id}/`)).files).toHaveLength(1);

    await files(page).getByRole('button', { name: 'Delete export.log' }).click();
    await seeMessage(page, 'File deleted.');
    await poll(() => files(page).count()).toBe(0);
    expect((await pageApi<{ files: unknown[] }>(page, 'GET', `/api/help/${id}/`)).files).toHaveLength(0);
  });

  it('given a second user of the account, then their navigation counts the ticket awaiting the office, and the submitter\'s does not', async () => {
    await pageApi(page, 'POST', '/api/settings/users/', { display_name: 'Sam Field', email: samEmail, password });
    ({ page: sam } = await newPage(browser, app.url));
    await signedIn(sam, samEmail, password);
    await poll(() => badgeCount(sam)).toBe(1);
    expect(await badgeCount(page)).toBe(0);
  });

  it('when the second user posts updates on the ticket, then each arrives on the first user\'s open page without a reload', async () => {
    await sam.goto(`/help/${id}`);
    await sam.getByTestId('help-title').waitFor();
    await sam.getByLabel('New update', { exact: true }).fill('Reproduced with two crews; looking at the export query.');
    await sam.getByLabel('New update status').selectOption('Working on it');
    await sam.getByTestId('post-update').click();
    await seeMessage(sam, 'Update posted.');

    await poll(() => updates(page).count()).toBe(1);
    const first = updates(page).first();
    expect(await first.getByTestId('update-by').textContent()).toBe('Sam Field');
    expect(await first.getByTestId('update-text').textContent()).toBe('Reproduced with two crews; looking at the export query.');
    expect(await first.getByRole('combobox').inputValue()).toBe('Working on it');

    // A second one, posted from another screen of Sam's, comes in on top.
    await pageApi(sam, 'POST', `/api/help/${id}/updates/`, { update: 'Fix is ready: please try the export again.', update_status: 'Awaiting Submitter Response' });
    await poll(() => updates(page).count()).toBe(2);
    expect(await updates(page).first().getByTestId('update-text').textContent()).toBe('Fix is ready: please try the export again.');
  });

  it('when the first user changes an update\'s status, then the server holds it', async () => {
    const oldest = updates(page).last();
    await oldest.getByRole('combobox').selectOption('Done');
    await seeMessage(page, 'Saved successfully!');
    const t = await pageApi<{ updates: { update_status: string; update: string }[] }>(page, 'GET', `/api/help/${id}/`);
    expect(t.updates.find((u) => u.update.startsWith('Reproduced'))?.update_status).toBe('Done');
  });

  it('when the office sets our status to Awaiting Submitter Response, then the count moves live to the submitter', async () => {
    await select(sam, 'our_status').selectOption('Awaiting Submitter Response');
    await sam.getByTestId('save-help').click();
    await seeMessage(sam, 'Saved successfully!');
    await poll(() => badgeCount(page)).toBe(1);
    await poll(() => badgeCount(sam)).toBe(0);
    // The first user's page shows the new status too, their own edits being none.
    await poll(() => select(page, 'our_status').inputValue()).toBe('Awaiting Submitter Response');
  });

  it('given the list, then the ticket shows with its statuses, who raised it and its updates', async () => {
    await page.goto('/help/');
    await row(page, id).waitFor();
    expect(await cell(page, id, 'subject').textContent()).toBe('Timecard export hangs');
    expect(await cell(page, id, 'our_status').textContent()).toBe('Awaiting Submitter Response');
    expect(await cell(page, id, 'submitted_by_name').textContent()).toBe('Robin Okafor');
    expect(await cell(page, id, 'update_count').textContent()).toBe('2');
    expect(await count(page).textContent()).toBe('1 help ticket');
  });

  it('when the submitter closes it, then it says Archived!, the server holds it archived and no count is left', async () => {
    await cell(page, id, 'subject').click();
    await page.waitForURL(`**/help/${id}`);
    await select(page, 'submitter_status').selectOption('Closed');
    await page.getByTestId('save-help').click();
    await seeMessage(page, 'Archived!');
    await page.getByTestId('help-archived').waitFor();
    expect((await pageApi(page, 'GET', `/api/help/${id}/`)).archived).toBe(true);
    await poll(() => badgeCount(page)).toBe(0);
    await poll(() => badgeCount(sam)).toBe(0);
  });

  it('given the archived ticket, when listed with Archived and deleted in bulk, then it warns that this cannot be undone and the worker deletes it', async () => {
    await page.goto('/help/');
    await page.getByText('No help tickets for these choices.').waitFor();
    await page.getByRole('button', { name: 'Archived' }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await row(page, id).waitFor();
    expect(await row(page, id).getAttribute('data-archived')).toBe('true');

    const asked: string[] = [];
    page.on('dialog', (d) => asked.push(d.message()));
    await page.getByRole('checkbox', { name: 'Select all matching help tickets' }).check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeMessage(page, 'Selected help tickets deleted');
    expect(asked).toEqual(['Are you sure you want to delete selected records? THIS ACTION CANNOT BE UNDONE']);
    await poll(() => row(page, id).count(), { timeout: 15_000 }).toBe(0);
  });

  it('given the deleted ticket, when its page is opened, then it goes back to the list saying Deleted.', async () => {
    await sam.goto(`/help/${id}`);
    await seeMessage(sam, 'Deleted.');
    await sam.waitForURL('**/help/');
  });
});
