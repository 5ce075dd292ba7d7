/**
 * The job list at scale (issue 13) in Debian's chromium against the real app: 3,000 jobs inserted
 * straight into the read model (bench/src/job-rows.ts) plus 150 real jobs made over the API. The list
 * reads pages from the server as it scrolls (only the rows in view are in the page), sorts and searches
 * there, selects all that match (more than the rows loaded), archives them through /api/bulk/ with its
 * progress, and patches a row another client changed while the user is scrolled far down, keeping the
 * scroll position.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import { browserTestTimeouts, launchChromium, newPage, screenshot, seeMessage, poll, signedIn } from '../support/browser.ts';
import { Client } from '../support/client.ts';
import { insertJobRows, makeTemplateJob } from '../../bench/src/job-rows.ts';

browserTestTimeouts();

const SEEDED = 3_000;
const REAL = 150;
const ROW_HEIGHT = 28;
const password = 'correct horse battery';
const email = `scale.${Date.now()}@example.com`;

let app: TestApp;
let browser: Browser;
let db: pg.Pool;
let office: Client;
let page: Page;
let errors: string[];
let liveJob: { id: string };

type Paged = { results: { id: string; title: string; work_status: string }[]; count: number };
const ACTIVE = 'active=t&archived=f&live_and_future=f';
const paged = async (query: string): Promise<Paged> => (await office.list(`/api/jobs/?${ACTIVE}&${query}`)).body as Paged;

/** Wait until the projector has written job `id` into the read model. */
async function projected(id: string) {
  for (let t = 0; t < 1200; t++) {
    if ((await db.query('select 1 from jobs where id = $1', [id])).rowCount) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id} never reached the read model`);
}

beforeAll(async () => {
  app = await startTestApp('browser_list_scale', { web: true, worker: true });
  db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  office = await Client.signUpAs(app.url, { account_name: 'Scale Boring Co', display_name: 'Sam Scale', email, password });
  const me = (await office.get('/api/auth/me')).body.user as { account_id: string };
  const templateId = await makeTemplateJob(office);
  await projected(templateId);
  await insertJobRows(db, me.account_id, templateId, SEEDED);
  for (let i = 0; i < REAL; i++) {
    const r = await office.post('/api/jobs/', { form_type: 'base', title: `Zephyr job ${i}`, customer: 'Lumen', completion_date: '2027-03-01' });
    expect(r.status).toBe(201);
  }
  // The row another client will change: it sorts by title among the seeded 'Job 1500 ...' rows, far down the list.
  liveJob = (await office.post('/api/jobs/', { form_type: 'base', title: 'Job 1500 live row', customer: 'Lumen', work_status: 'New' })).body;
  await projected(String(liveJob.id));
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await app?.stop();
});

const scrollBox = () => page.getByTestId('list-scroll');
const count = () => page.getByTestId('row-count');
const loadedRows = () => page.locator('tbody tr[data-job-id]');
const firstTitle = () => loadedRows().first().locator('td[data-col="title"]').textContent();
const scrollTo = (top: number) => scrollBox().evaluate((el, t) => el.scrollTo({ top: t }), top);
/** Type into the find box as a user does. */
async function find(text: string) {
  const box = page.getByLabel('Filter rows');
  await box.fill(text);
}
const scrollTop = () => scrollBox().evaluate((el) => el.scrollTop);

describe('the paged job list at scale', () => {
  it('given 3,000+ jobs, when the list opens, then it shows the count of all active jobs and renders only the rows in view', async () => {
    const all = await paged('page=1&page_size=1');
    expect(all.count).toBeGreaterThan(2_800);
    ({ page, errors } = await newPage(browser, app.url));
    await signedIn(page, email, password, '/job/');
    await poll(() => count().textContent()).toBe(`${all.count.toLocaleString('en-US')} jobs`);
    await loadedRows().first().waitFor();
    expect(await page.locator('tbody tr').count()).toBeLessThan(120);
    await screenshot(page, 'list-scale-top');
  });

  it('when the user scrolls to the bottom, then the last rows are fetched and shown', async () => {
    const total = (await paged('page=1&page_size=1')).count;
    await scrollTo(total * ROW_HEIGHT + 1000);
    const last = page.locator(`tbody tr[aria-rowindex="${total + 1}"][data-job-id]`);
    await last.waitFor();
    const lastPage = await paged(`page=${Math.ceil(total / 100)}&page_size=100`);
    expect(await last.getAttribute('data-job-id')).toBe(lastPage.results[lastPage.results.length - 1].id);
    expect(await page.locator('tbody tr').count()).toBeLessThan(120);
  });

  it('when the user sorts by title, then the server order is shown from the top, both ways', async () => {
    await page.getByRole('button', { name: 'Title', exact: true }).click();
    const asc = await paged('ordering=title&page=1&page_size=1');
    await poll(firstTitle).toBe(asc.results[0].title);
    expect(await scrollTop()).toBe(0);
    await page.getByRole('button', { name: /^Title/ }).click();
    const desc = await paged('ordering=-title&page=1&page_size=1');
    await poll(firstTitle).toBe(desc.results[0].title);
    await poll(() => page.locator('th[aria-sort="descending"]').textContent()).toContain('Title');
  });

  it('when the user searches, then the server finds the matching rows and the count follows; clear brings all back', async () => {
    const all = (await paged('page=1&page_size=1')).count;
    await find('zephyr');
    await poll(() => count().textContent()).toBe(`${REAL} jobs`);
    await poll(firstTitle).toMatch(/^Zephyr job/);
    await page.getByRole('button', { name: 'Clear the filter' }).click();
    await poll(() => count().textContent()).toBe(`${all.toLocaleString('en-US')} jobs`);
  });

  it('when the user selects all that match and archives, then the worker archives every one (not only the rows loaded), with progress', async () => {
    await find('zephyr');
    await poll(() => count().textContent()).toBe(`${REAL} jobs`);
    await page.getByRole('checkbox', { name: 'Select all matching jobs' }).check();
    await poll(() => count().textContent()).toBe(`${REAL} jobs, ${REAL} selected`);
    // One row unticked: all that match except it.
    const kept = await loadedRows().first().getAttribute('data-job-id');
    await loadedRows().first().getByRole('checkbox').uncheck();
    await poll(() => count().textContent()).toBe(`${REAL} jobs, ${REAL - 1} selected`);
    // Every label the buttons wear meanwhile ('Archiving... 40 of 149').
    await page.evaluate(() => {
      const w = window as unknown as { labels: string[] };
      w.labels = [];
      new MutationObserver(() => document.querySelectorAll('button[data-busy]').forEach((b) => w.labels.push(b.textContent ?? ''))).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await seeMessage(page, 'Selected jobs archived', { timeout: 60_000 });
    const labels = await page.evaluate(() => (window as unknown as { labels: string[] }).labels);
    expect(labels.some((l) => l.startsWith('Archiving...'))).toBe(true);
    await poll(() => count().textContent(), { timeout: 15_000 }).toBe('1 job');
    const archived = (await office.list(`/api/jobs/?active=f&archived=t&live_and_future=f&q=zephyr&page=1&page_size=500`)).body as Paged;
    expect(archived.count).toBe(REAL - 1);
    expect(archived.results.map((r) => r.id)).not.toContain(kept);
    await screenshot(page, 'list-scale-archived');
    await page.getByRole('button', { name: 'Clear the filter' }).click();
  }, 120_000);

  it('given the user scrolled far down, when another client changes a row in view, then the row updates and the scroll stays', async () => {
    await page.getByRole('button', { name: /^Title/ }).click(); // back to ascending
    await poll(() => page.locator('th[aria-sort="ascending"]').textContent()).toContain('Title');
    // Where the live row stands in the title order.
    let index = -1;
    for (let p = 1; index < 0 && p <= 10; p++) {
      const at = (await paged(`ordering=title&page=${p}&page_size=500`)).results.findIndex((r) => r.id === String(liveJob.id));
      if (at >= 0) index = (p - 1) * 500 + at;
    }
    expect(index).toBeGreaterThan(500);
    const row = page.locator(`tbody tr[data-job-id="${liveJob.id}"]`);
    await expect
      .poll(async () => {
        await scrollTo(index * ROW_HEIGHT - 200);
        return row.isVisible();
      }, { timeout: 10_000 })
      .toBe(true);
    const before = await scrollTop();
    expect(before).toBeGreaterThan(10_000);
    expect((await office.put(`/api/jobs/${liveJob.id}`, { work_status: 'URGENT' })).status).toBe(200);
    await poll(() => row.locator('td[data-col="work_status"]').textContent(), { timeout: 8_000 }).toBe('URGENT');
    expect(await scrollTop()).toBe(before);
    await screenshot(page, 'list-scale-live');
    expect(errors).toEqual([]);
  });
});
