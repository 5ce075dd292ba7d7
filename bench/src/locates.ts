/**
 * The locate lists and the expiry watch at size (issue 16). Every figure is printed beside its baseline
 * from the same run and written to bench/results/locates.json; nothing here judges a time.
 *
 * 100,000 locates in one account (straight into the `locates` read model with the columns and search
 * words of its three lists, as the projector writes them: a real locate made over the API is the
 * template), 90% on 20,000 jobs (job-rows.ts, every one with crews and segments: work planned), 10% on
 * none; statuses, expiries, customers and crews varied; 10% archived.
 *
 * over HTTP (the app in its own process), p50/p99 of N runs after a warm-up:
 *   GET /api/locates/?page=1 (default order: soonest expiry), ?ordering=customer, ?q=<customer word>,
 *   GET /api/locates/expiring/?page=1, GET /api/locates/expiring/count/, GET /api/jobs/?page=1&page_size=100.
 * the engine in this process (matchingRows / countMatching on the same database), each beside the same
 * call on a copy of the list's declaration without `annotate` (job and task titles on locate rows, the
 * locate warning on job rows): what the annotation costs. The count beside the plain active count.
 *
 *   npm run bench -- locates
 *   BENCH_LOCATE_ROWS=10000 BENCH_LOCATE_JOBS=2000 npx tsx bench/src/locates.ts   # a quick check
 */
import pg from 'pg';
import { insertLocateRows, makeTemplateLocate } from './locate-rows.ts';
import { countMatching, createDb, listDefs, matchingRows } from '@trenchline/read-model';
import { Client } from '../../tests/support/client.ts';
import { banner, startAppProcess, timedGets, writeResult } from './common.ts';
import { int, line, summarize, type Summary } from './stats.ts';
import { CUSTOMERS, insertJobRows, makeTemplateJob } from './job-rows.ts';

const ROWS = Number(process.env.BENCH_LOCATE_ROWS ?? 100_000);
const JOBS = Number(process.env.BENCH_LOCATE_JOBS ?? 20_000);
const RUNS = Number(process.env.BENCH_LOCATE_RUNS ?? 30);
const PAGE_SIZE = 100;

const app = await startAppProcess('bench_locates');
const db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
const knex = createDb(app.databaseUrl, { max: 2 });
const figures: Record<string, unknown> = { rows: ROWS, jobs: JOBS, runs: RUNS, pageSize: PAGE_SIZE };
const today = new Date().toISOString().slice(0, 10);

// The declarations without their page annotation: the engine's baseline.
listDefs.locates_plain = { ...listDefs.locates, name: 'locates_plain', annotate: undefined };
listDefs.expiring_locates_plain = { ...listDefs.expiring_locates, name: 'expiring_locates_plain', annotate: undefined };
listDefs.jobs_plain = { ...listDefs.jobs, name: 'jobs_plain', annotate: undefined };

try {
  const c = await Client.signUp(app.url, 'Bench');
  const me = (await c.get('/api/auth/me')).body.user as { account_id: string };
  banner('locates', `locate list and expiry watch over ${int(ROWS)} locates on ${int(JOBS)} jobs: pages, sort, search, expiring view and count; the job list's locate warning`);
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  // ---- the template locate, made as the screens make one ----
  const templateJob = await makeTemplateJob(c);
  const tl = await makeTemplateLocate(c, db, templateJob);
  // And the template job's row, which job-rows.ts copies.
  await c.list('/api/jobs/');

  const jobRows = await insertJobRows(db, me.account_id, templateJob, JOBS);
  console.log(`  inserted ${int(JOBS)} job rows in ${(jobRows.insertMs / 1000).toFixed(1)} s (jobs table with indexes ${jobRows.tableSize})`);
  const loaded = await insertLocateRows(db, me.account_id, tl.id, ROWS, JOBS);
  console.log(`  inserted ${int(ROWS)} locate rows in ${(loaded.insertMs / 1000).toFixed(1)} s (locates table with indexes ${loaded.tableSize})`);
  figures.insert = { jobMs: Math.round(jobRows.insertMs), jobTable: jobRows.tableSize, locateMs: Math.round(loaded.insertMs), locateTable: loaded.tableSize };

  /** `runs` GETs after one warm-up: their times, and the last answer. */
  const measure = (path: string, runs: number) => timedGets(app.url, cookie, path, runs);
  /** `runs` calls of `f` after one warm-up: their times and the last result. */
  async function timed<T>(runs: number, f: () => Promise<T>) {
    const times: number[] = [];
    let out!: T;
    for (let r = 0; r < runs + 1; r++) {
      const t = performance.now();
      out = await f();
      if (r > 0) times.push(performance.now() - t);
    }
    return { times, out };
  }

  // ---- over HTTP ----
  const watch = (await measure('/api/locates/expiring/count/', 0)).body as { count: number; due_by: string };
  const word = CUSTOMERS[2].toLowerCase();
  const calls: [string, string][] = [
    ['list page 1, default order (soonest expiry)', '/api/locates/?page=1'],
    ['list page 1, ordering=customer', '/api/locates/?page=1&ordering=customer'],
    ['list page 1, ordering=-current_ticket_number', '/api/locates/?page=1&ordering=-current_ticket_number'],
    [`list page 1, q=${word}`, `/api/locates/?page=1&q=${word}`],
    ['expiring view page 1', '/api/locates/expiring/?page=1'],
    ['expiring count', '/api/locates/expiring/count/'],
    ['job list page 1 (with locate_warning)', `/api/jobs/?page=1&page_size=${PAGE_SIZE}`],
  ];
  // Warm every call first (a fresh bulk load's pages are cold), then measure them in turn, round by round,
  // so other load on the machine moves them alike.
  for (const [, path] of calls) await measure(path, 3);
  const http: Record<string, number[]> = Object.fromEntries(calls.map(([label]) => [label, []]));
  const answers: Record<string, any> = {};
  for (let r = 0; r < RUNS; r++)
    for (const [label, path] of calls) {
      const m = await measure(path, 1);
      http[label].push(...m.times);
      answers[label] = m.body;
    }
  const listCount = answers[calls[0][0]].count;
  if (answers[calls[0][0]].results.length !== PAGE_SIZE) throw new Error(`the list's page 1 has ${answers[calls[0][0]].results.length} rows`);
  if (answers['expiring count'].count !== watch.count) throw new Error('the expiring count moved during the run');
  console.log(`\n  over HTTP: ${int(listCount)} active locates in the list, ${int(watch.count)} expiring (due by ${watch.due_by}), ${int(answers[calls[3][0]].count)} matching q=${word}`);
  const httpFigures: Record<string, Summary> = {};
  for (const [label] of calls) {
    httpFigures[label] = summarize(http[label]);
    console.log(`  ${label.padEnd(48)} ${line(httpFigures[label])}`);
  }
  figures.http = { listCount, expiring: watch, searchCount: answers[calls[3][0]].count, ...httpFigures };

  // ---- the engine, with and without the page annotation ----
  const page = { today, page: 1, pageSize: PAGE_SIZE };
  const active = { active: true, archived: false };
  const pairs: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
    ['locate list page 1 (job and task titles)', () => matchingRows(knex, 'locates', me.account_id, active, page), () => matchingRows(knex, 'locates_plain', me.account_id, active, page)],
    ['expiring view page 1 (job and task titles)', () => matchingRows(knex, 'expiring_locates', me.account_id, { ...active, expiring_by: watch.due_by }, page), () => matchingRows(knex, 'expiring_locates_plain', me.account_id, { ...active, expiring_by: watch.due_by }, page)],
    ['job list page 1 (locate_warning)', () => matchingRows(knex, 'jobs', me.account_id, active, page), () => matchingRows(knex, 'jobs_plain', me.account_id, active, page)],
    ['expiring count (vs the plain active count)', () => countMatching(knex, 'expiring_locates', me.account_id, { ...active, expiring_by: watch.due_by }, { today }), () => countMatching(knex, 'locates', me.account_id, active, { today })],
  ];
  for (const [, a, b] of pairs) for (let w = 0; w < 3; w++) await Promise.all([a(), b()].map((p) => p.catch(() => undefined)));
  const engine: Record<string, { with: Summary; without: Summary; p50Added: number }> = {};
  console.log(`\n  the engine in this process, each beside the same call without the page annotation`);
  for (const [label, withIt, without] of pairs) {
    const a: number[] = [];
    const b: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      a.push(...(await timed(1, withIt)).times);
      b.push(...(await timed(1, without)).times);
    }
    const warned = label.startsWith('job') ? ((await withIt()) as Record<string, unknown>[]).filter((row) => row.locate_warning).length : null;
    engine[label] = { with: summarize(a), without: summarize(b), p50Added: Math.round((summarize(a).p50 - summarize(b).p50) * 100) / 100 };
    console.log(`  ${label.padEnd(48)} with    ${line(engine[label].with)}${warned === null ? '' : `  (${warned} of ${PAGE_SIZE} rows warn)`}`);
    console.log(`  ${' '.repeat(48)} without ${line(engine[label].without)}`);
  }
  figures.engine = engine;
  writeResult('locates', figures);
} finally {
  await knex.destroy();
  await db.end();
  await app.stop();
}
