/**
 * No account slows another (issue 34): while one account imports, another's list pages are answered,
 * whole and its own; measured in pages answered during the import, never in seconds.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { REDIS_URL } from '@trenchline/read-model';
import { servedAccounts } from '@trenchline/platform/give-way.ts';
import { apiTest } from '../support/apiTest.ts';
import type { Client } from '../support/client.ts';

const { app, office, rival } = apiTest('api_fair_accounts', { worker: true, workerConcurrency: 1, reportWaitMs: 0 });

const HEADER = 'job_number,title,task_id,line_number,issued_item_code,issued_item_qty';
const csvOf = (prefix: string, jobs: number, lines: number) => {
  const rows = [HEADER];
  for (let j = 0; j < jobs; j++) for (let n = 1; n <= lines; n++) rows.push(`${prefix}-${j},Job ${j},${1 + (n % 4)}.1,${n},C${n},${n}`);
  return rows.join('\r\n') + '\r\n';
};

describe("another account's pages while one imports", () => {
  it("given account A importing 1,500 rows (working a quarter of the time while B is served), when account B reads its job list page after page, then every page is answered with B's own jobs while the import runs", async () => {
    for (let n = 0; n < 3; n++) expect((await rival.post('/api/jobs/new/', { form_type: 'base', title: `B job ${n}` })).status).toBe(201);
    const form = new FormData();
    form.append('file', new Blob([csvOf('BUSY', 2, 750)], { type: 'text/csv' }), 'orca.csv');
    const asked = await office.request('POST', '/api/jobs/orcas/import/', form);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const status = async () => (await office.get(`/api/bulk/${asked.body.id}/`)).body.status as string;
    await expect.poll(status, { timeout: 30_000, interval: 50 }).toBe('running');

    let answeredDuringImport = 0;
    let pages = 0;
    for (let s = await status(); s === 'running' || s === 'queued'; s = await status()) {
      const page = await rival.get('/api/jobs/?page=1&page_size=25');
      pages++;
      expect(page.status).toBe(200);
      expect(page.body.results.map((r: { title: string }) => r.title).sort()).toEqual(['B job 0', 'B job 1', 'B job 2']);
      // Counted only when the import was still at work after the answer came.
      if ((await status()) === 'running') answeredDuringImport++;
    }
    expect(await status()).toBe('done');
    expect(pages).toBeGreaterThanOrEqual(answeredDuringImport);
    expect(answeredDuringImport).toBeGreaterThan(0);
  }, 180_000);

  it("given account A's requests alone, then its heavy work sees no one else about; given B's page read, then it sees another account", async () => {
    const redis = new Redis(REDIS_URL);
    afterAll(() => redis.quit());
    const served = servedAccounts(redis, app.queuePrefix);
    const accountOf = async (c: Client) => (await c.get('/api/auth/me')).body.user.account_id as string;
    const [a, b] = [await accountOf(office), await accountOf(rival)];
    // Half a second of quiet from B (its last request was the one above), then A alone.
    await expect.poll(() => served.othersThan(a), { timeout: 5000, interval: 100 }).toBe(false);
    expect((await office.get('/api/jobs/?page=1')).status).toBe(200);
    expect(await served.othersThan(a)).toBe(false);
    await expect.poll(() => served.othersThan(b), { timeout: 5000, interval: 50 }).toBe(true);
    expect((await rival.get('/api/jobs/?page=1')).status).toBe(200);
    await expect.poll(() => served.othersThan(a), { timeout: 5000, interval: 50 }).toBe(true);
  });
});
