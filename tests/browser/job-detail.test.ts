/**
 * The base job detail as an office user works it, in Debian's chromium against the real app: a job
 * made through the API opened by its number (and by its id, as a bid's new job opens), a field
 * edited and saved, a line added, edited and deleted in every section, a timecard under its
 * timesheet, a production's work type typed or picked (and its form), a photo resized in the browser
 * before upload, the crew-name check, a user assigned and un-assigned, a work order's PDF, the totals
 * after lines change, history and as-of, and a second browser that sees a change live.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { newPage, screenshot, seeMessage, browserApp, poll, section, lineRows, drawer, pageCall, signedUp, signedIn } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `jobs.${Date.now()}@example.com`;
const password = 'correct horse battery';
const tmp = mkdtempSync(join(tmpdir(), 'tl-browser-job-'));

browserApp('browser_job_detail', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

const total = (page: Page, key: string) => page.locator(`[data-total="${key}"] [data-value]`);

/** Numbers are looked up in the job list: wait until a job written outside the page is listed. */
async function untilListed(page: Page, job: { id: string; account_job_number: string }) {
  await poll(async () => (await pageCall(page, 'GET', `/api/jobs/lookup/${job.account_job_number}/`)).body?.id).toBe(job.id);
}

function recordDialogs(page: Page): string[] {
  const asked: string[] = [];
  page.on('dialog', (d) => asked.push(d.message()));
  return asked;
}

/** A JPEG's width and height (its SOF marker), and whether it carries an EXIF block. */
function jpegInfo(bytes: Buffer): { width: number; height: number; exif: boolean } {
  expect(bytes[0]).toBe(0xff);
  expect(bytes[1]).toBe(0xd8);
  let exif = false;
  for (let i = 2; i < bytes.length; ) {
    if (bytes[i] !== 0xff) throw new Error(`bad JPEG marker at ${i}`);
    const marker = bytes[i + 1];
    const len = bytes.readUInt16BE(i + 2);
    if (marker === 0xe1 && bytes.subarray(i + 4, i + 8).toString('latin1') === 'Exif') exif = true;
    if (marker >= 0xc0 && marker <= 0xc3) return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7), exif };
    i += 2 + len;
  }
  throw new Error('no SOF marker');
}

/** The plain line sections, the field each edit fills, and the words of spec 2 sections 5 and 8. */
const SECTIONS = [
  { title: 'Items', add: 'Add item', label: 'Item', value: 'Bore 2in duct', saved: 'Item successfully saved!', confirm: 'Sure you want to delete this item?' },
  { title: 'Change orders', add: 'Add change order', label: 'C/O #', value: 'CO-7', saved: 'Change order successfully saved!', confirm: 'Sure you want to delete this?' },
  { title: 'Crew payouts', add: 'Add crew payout', label: 'Crew', value: 'Sooner Boring', saved: 'Crew payout successfully saved!', confirm: 'Sure you want to delete this?' },
  { title: 'Invoices', add: 'Add invoice', label: 'Invoice #', value: 'INV-5521', saved: 'Invoice successfully saved!', confirm: 'Sure you want to delete this?' },
  { title: 'Segments', add: 'Add segment', label: 'Segment', value: 'S-9', saved: 'Segment successfully saved!', confirm: 'Sure you want to delete this?' },
  { title: 'Productions', add: 'Add production', label: 'Crew', value: 'Tulsa Trench Co', saved: 'Production successfully saved!', confirm: 'Sure you want to delete this?' },
  { title: 'Materials', add: 'Add material', label: 'Code', value: 'DUCT-2', saved: 'Materials successfully saved!', deleted: 'Materials successfully deleted', confirm: 'Sure you want to delete this item?' },
  { title: 'Work orders', add: 'Add work order', label: 'Work', value: 'Bore Kenosha to Aspen', saved: 'Work Order successfully saved!', deleted: 'Work Order successfully deleted', confirm: 'Sure you want to delete this?' },
  { title: 'Notes', add: 'Add note', label: 'Note', value: 'Called Dana about the rock adder', saved: 'Note successfully saved!', confirm: 'Sure you want to delete this note?' },
  { title: 'Links', add: 'Add link', label: 'Title', value: 'WR portal', saved: 'Link successfully saved!', confirm: 'Sure you want to delete this?' },
  { title: 'Damage reports', add: 'Add damage report', label: 'Report #', value: 'DR-14', saved: 'Damage report successfully saved!', confirm: 'Sure you want to delete this?' },
  { title: 'Timesheets', add: 'Add timesheet', label: 'Timesheet #', value: 'TS-31', saved: 'Timesheet successfully saved!', confirm: 'Sure you want to delete this?' },
  { title: 'IWAs', add: 'Add IWA', label: 'Verb', value: 'Install', saved: 'IWA successfully saved!', confirm: 'Sure you want to delete this?' },
] as const;

/** Add a line with the section's button, fill one field in its panel and save it; the new row. */
async function addLine(page: Page, scope: Page | Locator, title: string, add: string, fields: [string, string][], saved: string) {
  const s = section(scope, title);
  const before = await lineRows(s, title).count();
  await s.getByRole('button', { name: add, exact: true }).first().click();
  await poll(() => lineRows(s, title).count()).toBe(before + 1);
  const panel = drawer(page);
  await panel.waitFor();
  for (const [label, value] of fields) await panel.getByLabel(label, { exact: true }).fill(value);
  await panel.getByRole('button', { name: /^Save / }).click();
  await seeMessage(page, saved);
  await panel.waitFor({ state: 'hidden' });
  return lineRows(s, title).nth(before);
}

describe('the job detail in the browser', () => {
  let page: Page;
  let dialogs: string[];
  let jobId = '';
  let jobNumber = '';

  it('given a job made through the API, when the user opens /job/{number} and /job/{id}, then both show the job with its totals', async () => {
    ({ page } = await newPage(browser, app.url));
    dialogs = recordDialogs(page);
    await signedUp(page, app.url, { accountName: 'Red Dirt Fiber', name: 'Robin Okafor', email, password });
    expect((await pageCall(page, 'POST', '/api/settings/crews/', { crew_name: 'Sooner Boring' })).status).toBe(201);
    expect((await pageCall(page, 'POST', '/api/settings/jobs/sva_coordinators/', { coordinator_code: 'SVA-7', coordinator: 'Dana Reyes', coord_phone1: '918-555-0101', coordinator_email: 'dana@att.example' })).status).toBe(201);
    expect((await pageCall(page, 'POST', '/api/settings/users/', { display_name: 'Marcus Whitfield', first_name: 'Marcus', last_name: 'Whitfield', email: `marcus.${Date.now()}@example.com`, password })).status).toBe(201);
    const made = await pageCall(page, 'POST', '/api/jobs/new/', { form_type: 'base', title: 'Broken Arrow FTTH', customer: 'AT&T', work_status: 'New' });
    expect(made.status).toBe(201);
    jobId = made.body.id;
    jobNumber = made.body.account_job_number;
    await untilListed(page, made.body);

    await page.goto(`/job/${jobNumber}`);
    await page.getByTestId('job-title').filter({ hasText: `Job ${jobNumber}` }).waitFor();
    expect(await page.getByTestId('job-title').textContent()).toContain('Broken Arrow FTTH');
    expect(await page.getByTestId('job-status').textContent()).toBe('New');
    expect(await total(page, 'total_job').textContent()).toBe('$0.00');

    await page.goto(`/job/${jobId}`);
    await page.getByTestId('job-title').filter({ hasText: `Job ${jobNumber}` }).waitFor();
  });

  it('given the job, when the user edits fields (the coordinator by its code) and saves, then it says so and keeps them', async () => {
    await page.goto(`/job/${jobNumber}`);
    const title = page.locator('[data-input="title"] input');
    await title.fill('Broken Arrow FTTH, Kenosha St.');
    await page.locator('[data-input="work_status"] select').selectOption('Current');
    await page.locator('[data-input="coordinator_code"] input').fill('SVA-7');
    // The code fills the coordinator, phone and email from Settings > SVA coordinators.
    await poll(() => page.locator('[data-input="coordinator"] input').inputValue()).toBe('Dana Reyes');
    expect(await page.locator('[data-input="coordinator_email"] input').inputValue()).toBe('dana@att.example');
    await page.locator('[data-input="colour"]').getByRole('radio', { name: 'Blue Lt' }).click();
    await page.getByTestId('save-job').click();
    await seeMessage(page, `${jobNumber} Saved successfully!`);
    await page.reload();
    await poll(() => page.locator('[data-input="title"] input').inputValue()).toBe('Broken Arrow FTTH, Kenosha St.');
    expect(await page.getByTestId('job-status').textContent()).toBe('Current');
    expect(await page.locator('[data-input="coord_phone1"] input').inputValue()).toBe('918-555-0101');
  });

  for (const s of SECTIONS) {
    it(`given the ${s.title} section, when the user adds a line, edits it in its panel and deletes it, then each step shows`, async () => {
      const sec = section(page, s.title);
      const row = await addLine(page, page, s.title, s.add, [[s.label, s.value]], s.saved);
      await poll(() => row.textContent()).toContain(s.value);
      const asked = dialogs.length;
      const before = await lineRows(sec, s.title).count();
      await row.getByRole('button', { name: 'Delete' }).click();
      await poll(() => lineRows(sec, s.title).count()).toBe(before - 1);
      expect(dialogs[asked]).toBe(s.confirm);
      if ('deleted' in s) await seeMessage(page, s.deleted);
    });
  }

  it('given a timesheet, when the user opens its timecards and adds one, then it shows under the timesheet', async () => {
    const sheets = section(page, 'Timesheets');
    const sheet = await addLine(page, page, 'Timesheets', 'Add timesheet', [['Timesheet #', 'TS-40']], 'Timesheet successfully saved!');
    await sheet.getByRole('button', { name: /^Timecards of timesheet TS-40/ }).click();
    const card = await addLine(page, sheets, 'Timecards', 'Add timecard', [['Worker', 'J. Alvarez'], ['Hours', '9.5']], 'Timecard successfully saved!');
    await poll(() => card.textContent()).toContain('J. Alvarez');
    expect(await sheet.getByRole('button', { name: /^Timecards of/ }).textContent()).toBe('Timecards (1)');
  });

  it('given a 3000 x 2000 photo with EXIF, when the user uploads it, then progress shows and the stored photo is a 1920 wide JPEG without EXIF', async () => {
    // A camera-sized JPEG made by the browser, with an EXIF block spliced in after its start marker.
    const dataUrl = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 3000;
      c.height = 2000;
      const g = c.getContext('2d')!;
      const grad = g.createLinearGradient(0, 0, 3000, 2000);
      grad.addColorStop(0, '#8a5a2b');
      grad.addColorStop(1, '#3d7a3d');
      g.fillStyle = grad;
      g.fillRect(0, 0, 3000, 2000);
      return c.toDataURL('image/jpeg', 0.8);
    });
    const jpeg = Buffer.from(dataUrl.split(',')[1], 'base64');
    const tiff = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), Buffer.from([0, 0]), Buffer.from('Exif\0\0', 'latin1'), tiff]);
    app1.writeUInt16BE(app1.length - 2, 2);
    const camera = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
    expect(jpegInfo(camera)).toEqual({ width: 3000, height: 2000, exif: true });
    const file = join(tmp, 'kenosha-bore-pit.jpg');
    writeFileSync(file, camera);

    const photos = section(page, 'Photos');
    await photos.locator('input[type=file]').setInputFiles(file);
    const bar = photos.getByLabel('Upload progress');
    await bar.waitFor();
    expect(Number(await bar.getAttribute('data-progress'))).toBeLessThanOrEqual(100);
    await seeMessage(page, 'Photo uploaded.');
    await poll(() => lineRows(photos, 'Photos').count()).toBe(1);

    const detail = await pageCall(page, 'GET', `/api/jobs/${jobId}/`);
    const stored = detail.body.files[0];
    expect(stored.file_name).toBe('kenosha-bore-pit.jpg');
    const bytes = Buffer.from(await (await page.request.get(stored.file)).body());
    expect(jpegInfo(bytes)).toEqual({ width: 1920, height: 1280, exif: false });

    // Its caption is edited in place.
    const caption = photos.getByLabel('Caption of kenosha-bore-pit.jpg');
    await caption.fill('Exit pit, Aspen Ave');
    await caption.press('Enter');
    await seeMessage(page, 'Photo successfully saved!');

    // A damage report's photos open under it and upload alike.
    const reports = section(page, 'Damage reports');
    const report = await addLine(page, page, 'Damage reports', 'Add damage report', [['Report #', 'DR-15']], 'Damage report successfully saved!');
    await report.getByRole('button', { name: /^Photos of damage report DR-15/ }).click();
    await section(reports, 'Damage report photos').locator('input[type=file]').setInputFiles(file);
    await poll(() => lineRows(reports, 'Damage report photos').count()).toBe(1);
    expect(await report.getByRole('button', { name: /^Photos of/ }).textContent()).toBe('Photos (1)');
    const reportPhoto = (await pageCall(page, 'GET', `/api/jobs/${jobId}/`)).body.job_damage_report_photos[0];
    expect(jpegInfo(Buffer.from(await (await page.request.get(reportPhoto.file)).body())).width).toBe(1920);
  });

  it('given the crews section, when the user adds a blank, an unknown and a known crew, then only the known one is put on the job', async () => {
    const crews = section(page, 'Crews');
    const name = crews.getByLabel('Crew name');
    await crews.getByRole('button', { name: 'Add crew' }).click();
    await seeMessage(page, 'Please enter a Crew name');
    await name.fill('Nobody Boring');
    await page.keyboard.press('Escape');
    await crews.getByRole('button', { name: 'Add crew' }).click();
    await seeMessage(page, 'Please enter a Crew name');
    expect(await lineRows(crews, 'Crews').count()).toBe(0);
    await name.fill('sooner boring');
    await page.keyboard.press('Escape');
    await crews.getByRole('button', { name: 'Add crew' }).click();
    await seeMessage(page, 'Crew successfully saved!');
    // The stored name is the crew's own.
    await poll(() => lineRows(crews, 'Crews').first().textContent()).toContain('Sooner Boring');
  });

  it('given the assigned users, when the user assigns nobody, then a user by last name, and un-assigns them, then each says so', async () => {
    const users = section(page, 'Assigned users');
    await users.getByRole('button', { name: 'Assign' }).click();
    await seeMessage(page, 'Please choose a name');
    await users.getByLabel('User to assign').fill('Whit');
    await page.getByRole('option', { name: /^Whitfield, Marcus/ }).click();
    await users.getByRole('button', { name: 'Assign' }).click();
    await seeMessage(page, 'User assigned successfully!');
    await poll(() => lineRows(users, 'Assigned users').count()).toBe(1);
    expect(await lineRows(users, 'Assigned users').first().textContent()).toContain('Marcus Whitfield');
    await lineRows(users, 'Assigned users').first().getByRole('button', { name: 'Un-assign' }).click();
    await seeMessage(page, 'User un-assigned successfully');
    await poll(() => lineRows(users, 'Assigned users').count()).toBe(0);
  });

  it("given a work order, when the user clicks its PDF button, then the PDF opens in a new window and the button reads 'AI Working...' for a while", async () => {
    const orders = section(page, 'Work orders');
    const order = await addLine(page, page, 'Work orders', 'Add work order', [['Work', 'Trench Aspen to 71st']], 'Work Order successfully saved!');
    const id = await order.getAttribute('data-line-id');
    // Its items and materials open under it.
    await order.getByRole('button', { name: /^Items & materials of/ }).click();
    const item = await addLine(page, orders, 'Work order items', 'Add work order item', [['Item', 'Trench 2in duct']], 'Work order item successfully saved!');
    await poll(() => item.textContent()).toContain('Trench 2in duct');

    const popup = page.context().waitForEvent('page');
    const asked = page.context().waitForEvent('request', (r) => r.url().includes('/pdf/'));
    await order.getByRole('button', { name: 'PDF' }).click();
    const win = await popup;
    expect((await asked).url()).toContain(`/api/jobs/work_orders/${id}/pdf/`);
    await poll(() => order.getByTestId('work-order-pdf').textContent()).toBe('AI Working...');
    // Asking for a report writes: outside a page of the app it needs the CSRF token.
    const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '');
    const pdf = await page.request.get(`/api/jobs/work_orders/${id}/pdf/`, { headers: { 'X-CSRFToken': token } });
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');
    await win.close();
    await poll(() => order.getByTestId('work-order-pdf').textContent(), { timeout: 6000 }).toBe('PDF');
  });

  it('given the totals strip, when lines with amounts are added, then the totals are the API\'s new ones', async () => {
    await addLine(page, page, 'Items', 'Add item', [['Item', 'Handhole'], ['Qty', '6'], ['Price', '850']], 'Item successfully saved!');
    await poll(() => total(page, 'total_po_item_amounts').textContent()).toBe('$5,100.00');
    await addLine(page, page, 'Change orders', 'Add change order', [['Qty', '100'], ['Price', '4.5']], 'Change order successfully saved!');
    await poll(() => total(page, 'total_job').textContent()).toBe('$5,550.00');
    await addLine(page, page, 'Crew payouts', 'Add crew payout', [['Crew', 'Sooner Boring'], ['Amount', '1550']], 'Crew payout successfully saved!');
    await poll(() => total(page, 'total_crew_payouts').textContent()).toBe('$1,550.00');
    expect(await total(page, 'total_gross_profit').textContent()).toBe('$4,000.00');
    await addLine(page, page, 'Invoices', 'Add invoice', [['Amount', '3000']], 'Invoice successfully saved!');
    await poll(() => total(page, 'total_job_invoiced_actual').textContent()).toBe('$3,000.00');
    // Segment % complete from the productions that name the segment.
    await addLine(page, page, 'Segments', 'Add segment', [['Segment', '1'], ['Planned ft', '1200']], 'Segment successfully saved!');
    await addLine(page, page, 'Productions', 'Add production', [['Segment', '1'], ['Feet', '300']], 'Production successfully saved!');
    await poll(() => total(page, 'segment_percent_complete').textContent()).toBe('25%');
    expect(await section(page, 'Segments').locator('[data-column="percent_complete"]').first().textContent()).toBe('25%');
    await screenshot(page, 'job-detail');
  });

  it('given the Productions section, when the user types a work type of their own and picks one offered, then both are kept and the Form follows', async () => {
    const own = await addLine(page, page, 'Productions', 'Add production', [['Work type', 'Micro-trench']], 'Production successfully saved!');
    await poll(() => own.textContent()).toContain('from_to');
    const s = section(page, 'Productions');
    const before = await lineRows(s, 'Productions').count();
    await s.getByRole('button', { name: 'Add production', exact: true }).first().click();
    await poll(() => lineRows(s, 'Productions').count()).toBe(before + 1);
    const panel = drawer(page);
    await panel.getByLabel('Work type', { exact: true }).fill('Hand');
    await page.getByRole('option', { name: 'Handhole', exact: true }).click();
    await panel.getByRole('button', { name: /^Save / }).click();
    await seeMessage(page, 'Production successfully saved!');
    await poll(() => lineRows(s, 'Productions').nth(before).textContent()).toContain('handhole');
    const lines = (await pageCall(page, 'GET', `/api/jobs/${jobId}/productions/`)).body as { work_type: string; form_type: string }[];
    expect(lines.slice(-2).map((l) => [l.work_type, l.form_type])).toEqual([['Micro-trench', 'from_to'], ['Handhole', 'handhole']]);
  });

  it('given the history, when the user opens the job as it stood when it was made, then lines and totals are as they were, read-only', async () => {
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    // Newest first: the last entry is the job's creation.
    await history.getByRole('button', { name: 'As of this' }).last().click();
    await page.getByTestId('as-of-banner').waitFor();
    await poll(() => total(page, 'total_job').textContent()).toBe('$0.00');
    expect(await lineRows(page, 'Items').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add item' }).count()).toBe(0);
    expect(page.url()).toContain('as_of=');
    await page.getByTestId('as-of-banner').getByRole('button', { name: 'Back to now' }).click();
    await poll(() => total(page, 'total_job').textContent()).toBe('$5,550.00');
  });

  it('given the job open in a second browser, when the first saves a field and adds a line, then the second shows both without a reload', async () => {
    const second = await newPage(browser, app.url);
    await signedIn(second.page, email, password);
    await second.page.goto(`/job/${jobNumber}`);
    await second.page.getByTestId('job-totals').waitFor();
    await page.locator('[data-input="title"] input').fill('Broken Arrow FTTH, phase 2');
    await page.getByTestId('save-job').click();
    await seeMessage(page, 'Saved successfully!');
    await poll(() => second.page.getByTestId('job-title').textContent(), { timeout: 5000 }).toContain('phase 2');
    await addLine(page, page, 'Notes', 'Add note', [['Note', 'Seen live']], 'Note successfully saved!');
    await poll(() => section(second.page, 'Notes').textContent(), { timeout: 5000 }).toContain('Seen live');
    await second.context.close();
  });

  it('given a job, when the user deletes it and confirms, then the job list opens', async () => {
    const made = await pageCall(page, 'POST', '/api/jobs/new/', { form_type: 'base', title: 'Throwaway' });
    await untilListed(page, made.body);
    await page.goto(`/job/${made.body.account_job_number}`);
    await page.getByTestId('job-title').filter({ hasText: 'Throwaway' }).waitFor();
    const asked = dialogs.length;
    await page.getByTestId('delete-job').click();
    await page.waitForURL(/\/job\/$/);
    expect(dialogs[asked]).toBe('Sure you want to delete this?');
    expect((await pageCall(page, 'GET', `/api/jobs/${made.body.id}/`)).status).toBe(404);
  });
});
