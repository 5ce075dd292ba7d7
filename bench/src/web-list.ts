/**
 * The web's job list at scale (issue 13): /job/ of an account with 100,000 jobs (job-rows.ts, straight
 * into the read model), opened in headless chromium; the figure is navigation start to the first rows
 * painted (the frame after the first job row is in the table), p50/p99 of ~10 navigations. Beside it,
 * from the same run, the baseline: the old unpaged call the list made before paging (every active
 * row of the same filter), fetched and parsed in the same page.
 *
 *   npx tsx bench/src/web-list.ts          # BENCH_WEB_ROWS=10000 for a quick check; needs `npm run build` (apps/web/dist)
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Client } from '../../tests/support/client.ts';
import { launchChromium, logIn } from '../../tests/support/browser.ts';
import { banner, startAppProcess, writeResult } from './common.ts';
import { int, line, summarize } from './stats.ts';
import { insertJobRows, makeTemplateJob } from './job-rows.ts';

const ROWS = Number(process.env.BENCH_WEB_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 10);
const BASELINE_RUNS = Number(process.env.BENCH_WEB_BASELINE_RUNS ?? 5);
const FILTER = 'active=t&archived=f&live_and_future=f';

if (!existsSync(fileURLToPath(new URL('../../apps/web/dist/index.html', import.meta.url)))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(2);
}

const app = await startAppProcess('bench_web_list', { web: true });
const db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
const browser = await launchChromium();
try {
  const password = 'correct horse battery';
  const email = `web.list.${Date.now()}@example.com`;
  const c = await Client.signUpAs(app.url, { account_name: 'Bench Web', display_name: 'Bench User', email, password });
  const me = (await c.get('/api/auth/me')).body.user as { account_id: string };
  banner('web-list', `/job/ with ${int(ROWS)} jobs: navigation to first rows painted in headless chromium, beside the old unpaged list call`);
  const templateId = await makeTemplateJob(c);
  await c.list('/api/jobs/');
  const { insertMs } = await insertJobRows(db, me.account_id, templateId, ROWS);
  console.log(`  inserted ${int(ROWS)} job rows in ${(insertMs / 1000).toFixed(1)} s`);
  // No saved dates: the list asks for every active job (the case that sent 90,001 rows before paging).
  await c.put('/api/jobs/search_dates/', { start_date: null, end_date: null, active: true, archived: false, live_and_future: false });

  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await logIn(page, email, password, '/job/');
  await page.locator('tbody tr[data-job-id]').first().waitFor();
  const shown = await page.getByTestId('row-count').textContent();

  /** Navigation start to the frame after the first job row is in the table (ms on the page's clock). */
  const firstRows = async () => {
    await page.goto('/report/');
    await page.goto('/job/');
    await page.locator('tbody tr[data-job-id]').first().waitFor();
    return page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))));
  };
  await firstRows(); // warm-up (the bundle in the cache, as for a returning user)
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await firstRows());

  /** The old list: every active row in one answer, fetched and parsed by the page. */
  const unpaged = () =>
    page.evaluate(async (q) => {
      const t = performance.now();
      const rows = (await (await fetch(`/api/jobs/?${q}`, { credentials: 'same-origin' })).json()) as unknown[];
      return { ms: performance.now() - t, rows: rows.length };
    }, FILTER);
  await unpaged();
  const baseline: number[] = [];
  let baselineRows = 0;
  for (let i = 0; i < BASELINE_RUNS; i++) {
    const r = await unpaged();
    baseline.push(r.ms);
    baselineRows = r.rows;
  }

  // Where the last navigation's time went: each request's start and end (ms from navigation start).
  const waterfall = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${new URL(e.name).pathname}${new URL(e.name).search.slice(0, 60)}`),
  );
  console.log(`  the last navigation's requests (ms from its start):\n    ${waterfall.join('\n    ')}`);
  const s = summarize(times);
  const b = summarize(baseline);
  console.log(`  /job/ navigation to first rows painted (${shown})   ${line(s)}   goal p99 < 500 ms`);
  console.log(`  baseline: unpaged GET /api/jobs/?${FILTER} fetch + parse   ${line(b)}   ${int(baselineRows)} rows`);
  writeResult('web-list', { rows: ROWS, shown, firstRowsMs: s, baselineUnpagedMs: b, baselineRows, runs: RUNS });
} finally {
  await browser.close();
  await db.end();
  await app.stop();
}
