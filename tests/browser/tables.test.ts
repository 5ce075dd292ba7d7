/**
 * Every paged list's table as an office user works it, on the job list: the Columns menu (hide, order)
 * and a dragged width kept for the user in a new browser; the whole header cell sorts; columns past the
 * box's edge show a sideways cue while the select box and the job number stay pinned; a cut title shows
 * in full on hover; a colour tag is a tint with an edge; Up/Down, Space and Enter work the rows.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { browserApp, iso, newPage, pageApi, plusDays, poll, screenshot, signedUp, signedIn } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `tables.${Date.now()}@example.com`;
const password = 'correct horse battery';

browserApp('browser_tables', { web: true }, (a, b) => ((app = a), (browser = b)));

type Job = { id: string; account_job_number: string };
const headers = (page: Page) => page.locator('table[aria-label="Jobs"] thead th').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-col')).filter(Boolean));
const header = (page: Page, col: string) => page.locator(`table[aria-label="Jobs"] thead th[data-col="${col}"]`);
const row = (page: Page, id: string) => page.locator(`tbody tr[data-job-id="${id}"]`);
const savedColumns = async (page: Page) => (await pageApi<{ columns: { key: string; hidden: boolean; width: number | null }[] }>(page, 'GET', '/api/list_columns/jobs/')).columns;

describe('the paged tables in the browser', () => {
  let page: Page;
  const jobs: Job[] = [];
  const LONG = 'Tulsa Main St bore under the Arkansas River crossing by the old water plant, phase two of three';

  it('given jobs with a long title and colour tags, when the user opens Jobs, then the tag is a light tint with a coloured edge and the cut title shows in full on hover', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Tables Boring Co', name: 'Robin Office', email, password });
    for (const [i, colour] of ['Blue', 'Green Lt', 'None'].entries()) {
      jobs.push(
        await pageApi<Job>(page, 'POST', '/api/jobs/new/', {
          form_type: 'base', work_status: 'Current', title: i === 0 ? LONG : `Job ${i}`, customer: 'AT&T', colour,
          start_date: iso(plusDays(-10)), completion_date: iso(plusDays(5 + i)),
        }),
      );
    }
    await poll(async () => ((await pageApi<unknown[]>(page, 'GET', '/api/jobs/?active=t&archived=f')) ?? []).length, { timeout: 10_000 }).toBe(3);
    await page.goto('/job/');
    await row(page, jobs[0].id).waitFor();

    const blue = row(page, jobs[0].id);
    expect(await blue.evaluate((tr) => getComputedStyle(tr).backgroundColor)).toBe('rgb(211, 232, 250)');
    // The pinned select cell draws the row's edge.
    expect(await blue.locator('td').first().evaluate((td) => getComputedStyle(td).boxShadow)).toBe('rgb(34, 139, 230) 4px 0px 0px 0px inset');
    expect(await blue.evaluate((tr) => getComputedStyle(tr).color)).toBe('rgb(26, 27, 30)');

    const title = blue.locator('td[data-col="title"]');
    expect(await title.evaluate((td) => td.scrollWidth > td.clientWidth)).toBe(true);
    expect(await title.evaluate((td) => getComputedStyle(td).textOverflow)).toBe('ellipsis');
    expect(await title.getAttribute('title')).toBe(LONG);
    // A cut cell drawn by its column (no title of its own) gets its text on hover.
    const form = blue.locator('td[data-col="form_type_label"]');
    await page.evaluate(() => document.querySelectorAll('td[data-col="form_type_label"]').forEach((td) => ((td as HTMLElement).style.maxWidth = '20px')));
    await form.hover();
  });

  it('given the Columns menu, when the user hides Customer, moves Status up and drags Title wider, then it is saved even when they leave at once', async () => {
    expect((await headers(page)).slice(0, 4)).toEqual(['account_job_number', 'job_days_left', 'locate_warning', 'title']);
    await page.getByRole('button', { name: 'Columns of Jobs' }).click();
    const menu = page.getByRole('dialog', { name: 'Columns of Jobs' });
    await menu.getByLabel('Customer', { exact: true }).uncheck();
    await menu.getByRole('button', { name: 'Move Status up' }).click();
    expect(await menu.getByLabel('Job # (pinned)').isDisabled()).toBe(true);
    await screenshot(page, 'tables-column-chooser');
    await page.keyboard.press('Escape');
    await poll(() => header(page, 'customer').count()).toBe(0);
    const cols = await headers(page);
    expect(cols.indexOf('work_status')).toBe(cols.indexOf('form_type_label') - 1);

    const before = (await header(page, 'title').boundingBox())!;
    const edge = header(page, 'title').locator('.tl-resizer');
    const e = (await edge.boundingBox())!;
    await page.mouse.move(e.x + e.width / 2, e.y + e.height / 2);
    await page.mouse.down();
    await page.mouse.move(e.x + 60, e.y + e.height / 2, { steps: 5 });
    await page.mouse.move(e.x + 90, e.y + e.height / 2, { steps: 5 });
    await page.mouse.up();
    await poll(async () => Math.round((await header(page, 'title').boundingBox())!.width)).toBeGreaterThan(before.width + 80);
    // Leave at once: the waiting save goes as the list closes.
    await page.getByRole('link', { name: 'Bids', exact: true }).first().click();
    await poll(async () => (await savedColumns(page)).find((c) => c.key === 'title')?.width ?? 0).toBeGreaterThanOrEqual(330);
    const saved = await savedColumns(page);
    expect(saved.find((c) => c.key === 'customer')?.hidden).toBe(true);
  });

  it('given a new browser, when the user signs in again, then the list has their columns', async () => {
    const fresh = await newPage(browser, app.url);
    await signedIn(fresh.page, email, password);
    await fresh.page.goto('/job/');
    await row(fresh.page, jobs[0].id).waitFor();
    await poll(() => header(fresh.page, 'customer').count()).toBe(0);
    const cols = await headers(fresh.page);
    expect(cols.indexOf('work_status')).toBe(cols.indexOf('form_type_label') - 1);
    expect(Math.round((await header(fresh.page, 'title').boundingBox())!.width)).toBeGreaterThanOrEqual(330);

    // Reset columns: the declaration again, saved.
    await fresh.page.getByRole('button', { name: 'Columns of Jobs' }).click();
    await fresh.page.getByRole('button', { name: 'Reset columns' }).click();
    await header(fresh.page, 'customer').waitFor();
    await poll(async () => (await savedColumns(fresh.page)).length).toBe(0);
    await fresh.context.close();
  });

  it('given a header, when the user clicks it outside its label, then the list sorts by it and says which way', async () => {
    await page.goto('/job/');
    await row(page, jobs[0].id).waitFor();
    const th = header(page, 'title');
    const box = (await th.boundingBox())!;
    const label = (await th.getByRole('button').boundingBox())!;
    expect(label.x + label.width).toBeLessThan(box.x + box.width - 30);
    await th.click({ position: { x: box.width - 20, y: box.height / 2 } });
    await poll(() => th.getAttribute('aria-sort')).toBe('ascending');
    expect(await th.textContent()).toBe('Title ▲');
    await th.click({ position: { x: box.width - 20, y: box.height / 2 } });
    await poll(() => th.getAttribute('aria-sort')).toBe('descending');
  });

  it('given a narrow window, when columns overflow, then a cue shows on the right, then on the left once scrolled, and the select box and job number stay', async () => {
    const scroll = page.getByTestId('list-scroll');
    // Wide enough for every column: no cue.
    await page.setViewportSize({ width: 2400, height: 800 });
    await poll(() => page.getByTestId('scroll-cue-right').count()).toBe(0);
    expect(await page.getByTestId('scroll-hint').count()).toBe(0);
    await page.setViewportSize({ width: 900, height: 800 });
    await page.getByTestId('scroll-cue-right').waitFor();
    await page.getByTestId('scroll-hint').waitFor();
    expect(await scroll.getAttribute('aria-describedby')).toBe(await page.getByTestId('scroll-hint').getAttribute('id'));
    expect(await page.getByTestId('scroll-cue-left').count()).toBe(0);
    const number = row(page, jobs[0].id).locator('td[data-col="account_job_number"]');
    const status = row(page, jobs[0].id).locator('td[data-col="work_status"]');
    const [n0, s0] = [(await number.boundingBox())!, (await status.boundingBox())!];
    await scroll.evaluate((el) => el.scrollTo({ left: 400 }));
    await page.getByTestId('scroll-cue-left').waitFor();
    const [n1, s1] = [(await number.boundingBox())!, (await status.boundingBox())!];
    expect(n1.x).toBe(n0.x);
    expect(s1.x).toBeLessThan(s0.x - 300);
    expect((await header(page, 'account_job_number').boundingBox())!.x).toBe(n0.x);
    await screenshot(page, 'tables-scrolled-sideways');
    await scroll.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await poll(() => page.getByTestId('scroll-cue-right').count()).toBe(0);
    await page.setViewportSize({ width: 2400, height: 900 });
    await poll(() => page.getByTestId('scroll-cue-left').count()).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('given the rows, when the user tabs in and presses Down, Space and Enter, then the focus moves, the row is selected and then opened', async () => {
    await page.goto('/job/');
    const first = page.locator('tbody tr[data-index="0"]');
    await first.waitFor();
    // The rows are one tab stop: the first row in view.
    expect(await page.locator('tbody tr[tabindex="0"]').count()).toBe(1);
    await first.focus();
    await page.keyboard.press('ArrowDown');
    const second = page.locator('tbody tr[data-index="1"]');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe('1');
    expect(await second.evaluate((tr) => getComputedStyle(tr).outlineStyle)).toBe('solid');
    await page.keyboard.press('Space');
    await poll(() => second.locator('input[type=checkbox]').isChecked()).toBe(true);
    await page.keyboard.press('ArrowUp');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe('0');
    const number = await first.getAttribute('data-job-number');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/job/${number}`);
  });
});
