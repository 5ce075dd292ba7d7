/**
 * The list engine at size (issue 13): 100,000 jobs in one account (job-rows.ts, straight into the read
 * model), the job list read a page at a time. Every figure is printed beside its baseline from the same
 * run: the old unpaged call of the same filter (every row of it).
 *
 * - page 1 and a deep page (page 500) of 100 rows, with the count, for every sortable column of the
 *   job list in both directions: p50/p99 per column and over all columns;
 * - `q` search, page 1 with count, for a common word, a rare one and a number: p99;
 * - the api process's RSS (VmRSS of the app child) while serving pages, and while serving the old
 *   unpaged list;
 * - keyset pages (issue 34): page 1 beside page 500 by cursor (the `next` of page 499's answer) and by
 *   offset, for a few orderings (ties, blanks, id), p50/p99; page 500 by cursor is checked to be the
 *   offset page's rows;
 * - the count of all that match: exact (every row counted) beside the page's bounded count (exact up to
 *   COUNT_EXACT_UP_TO, past it the plan's estimate), with the estimate's value beside the true one.
 *
 *   npx tsx bench/src/lists.ts              # BENCH_LIST_ROWS=10000 for a quick check
 *   BENCH_LIST_ROWS=1000000 BENCH_LIST_ONLY=keyset npx tsx bench/src/lists.ts   # keyset and counts only
 */
import pg from 'pg';
import { COUNT_EXACT_UP_TO } from '@trenchline/platform';
import { countMatching, countMatchingAbout, createDb, jobsList } from '@trenchline/read-model';
import { Client } from '../../tests/support/client.ts';
import { banner, rssMb, startAppProcess, writeResult } from './common.ts';
import { int, line, ms, summarize, type Summary } from './stats.ts';
import { insertJobRows, makeTemplateJob } from './job-rows.ts';

const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 100_000);
const PAGE_SIZE = 100;
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 15);
const FILTER = 'active=t&archived=f';
/** 'keyset': only the keyset pages and counts (the 1,000,000-row run), not every column and search. */
const ONLY = process.env.BENCH_LIST_ONLY;
const KEYSET_ORDERINGS = ['job_days_left', '-customer', 'title', '-total_job', '-id'];

const app = await startAppProcess('bench_lists');
const db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
const knex = createDb(app.databaseUrl, { max: 2 });
const figures: Record<string, unknown> = {};

/** The app child's resident memory in MB, sampled while `f` runs: the most seen. */
async function peakRss<T>(f: () => Promise<T>): Promise<[number, T]> {
  const rss = () => rssMb(app.pid);
  let peak = rss();
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 20);
  try {
    const r = await f();
    return [Math.max(peak, rss()), r];
  } finally {
    clearInterval(timer);
  }
}

try {
  const c = await Client.signUp(app.url, 'Bench');
  const me = (await c.get('/api/auth/me')).body.user as { account_id: string };
  banner('lists', `job list of ${int(LIST_ROWS)} jobs: pages of ${PAGE_SIZE} with count, any sort column, search; RSS`);
  const templateId = await makeTemplateJob(c);
  await c.list('/api/jobs/');
  const { insertMs, tableSize } = await insertJobRows(db, me.account_id, templateId, LIST_ROWS);
  console.log(`  inserted ${int(LIST_ROWS)} job rows in ${(insertMs / 1000).toFixed(1)} s (jobs table with indexes ${tableSize})`);
  const idleRss = rssMb(app.pid);
  console.log(`  api RSS before any list call: ${idleRss.toFixed(0)} MB`);
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  /** `runs` GETs after one warm-up: their times, and the last answer. */
  const measure = async (path: string, runs: number) => {
    const times: number[] = [];
    let body: any;
    let bytes = 0;
    for (let r = 0; r < runs + 1; r++) {
      const t = performance.now();
      const res = await fetch(app.url + path, { headers: { cookie } });
      const text = await res.text();
      const took = performance.now() - t;
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
      if (r === 0) continue;
      times.push(took);
      bytes = text.length;
      body = JSON.parse(text);
    }
    return { times, body, bytes };
  };
  const rowsOf = (body: any) => (Array.isArray(body) ? body.length : body.results.length);

  const total = Number((await measure(`/api/jobs/?${FILTER}&page_size=1`, 1)).body.count);
  const deep = Math.min(500, Math.max(1, Math.ceil(total / PAGE_SIZE)));

  // ---- keyset pages: page 1 beside page `deep` by cursor and by offset ----
  console.log(`\n  keyset: page 1 beside page ${deep} by cursor (next of page ${deep - 1}'s answer) and by offset, ${PAGE_SIZE} rows + count`);
  const keyset: Record<string, { first: Summary; byCursor: Summary; byOffset: Summary; cursorOverFirstP99: number }> = {};
  const keysetAll = { first: [] as number[], byCursor: [] as number[], byOffset: [] as number[] };
  for (const ordering of KEYSET_ORDERINGS) {
    const at = (page: number) => `/api/jobs/?${FILTER}&ordering=${ordering}&page=${page}&page_size=${PAGE_SIZE}`;
    const first = await measure(at(1), RUNS);
    const before = deep > 1 ? await measure(at(deep - 1), 1) : null;
    const next = deep > 1 ? (before?.body.next as string | null) : null;
    const byOffset = await measure(at(deep), RUNS);
    const byCursor = next ? await measure(next, RUNS) : byOffset;
    const same = JSON.stringify(byCursor.body.results.map((r: { id: string }) => r.id)) === JSON.stringify(byOffset.body.results.map((r: { id: string }) => r.id));
    if (!same) throw new Error(`ordering ${ordering}: page ${deep} by cursor is not the offset page`);
    keyset[ordering] = { first: summarize(first.times), byCursor: summarize(byCursor.times), byOffset: summarize(byOffset.times), cursorOverFirstP99: 0 };
    keyset[ordering].cursorOverFirstP99 = keyset[ordering].byCursor.p99 / keyset[ordering].first.p99;
    keysetAll.first.push(...first.times);
    keysetAll.byCursor.push(...byCursor.times);
    keysetAll.byOffset.push(...byOffset.times);
    const k = keyset[ordering];
    console.log(`  ${ordering.padEnd(16)} page 1 p50 ${ms(k.first.p50).padStart(8)} p99 ${ms(k.first.p99).padStart(8)}   page ${deep} by cursor p50 ${ms(k.byCursor.p50).padStart(8)} p99 ${ms(k.byCursor.p99).padStart(8)}   by offset p50 ${ms(k.byOffset.p50).padStart(8)} p99 ${ms(k.byOffset.p99).padStart(8)}`);
  }
  const keysetSummary = { first: summarize(keysetAll.first), byCursor: summarize(keysetAll.byCursor), byOffset: summarize(keysetAll.byOffset) };
  console.log(`  all of them: page 1 ${line(keysetSummary.first)}`);
  console.log(`               page ${deep} by cursor ${line(keysetSummary.byCursor)}   (${((keysetSummary.byCursor.p99 / keysetSummary.first.p99 - 1) * 100).toFixed(0)} % over page 1's p99)`);
  console.log(`               page ${deep} by offset ${line(keysetSummary.byOffset)}   (${((keysetSummary.byOffset.p99 / keysetSummary.first.p99 - 1) * 100).toFixed(0)} % over page 1's p99)`);

  // ---- counts: exact beside the page's bounded count ----
  const filter = { active: true, archived: false };
  const countTimes = { exact: [] as number[], bounded: [] as number[] };
  let exact = 0;
  let bounded = { count: 0, estimated: false };
  for (let r = 0; r < RUNS + 1; r++) {
    let t = performance.now();
    exact = await countMatching(knex, 'jobs', me.account_id, filter, { today: new Date().toISOString().slice(0, 10) });
    if (r) countTimes.exact.push(performance.now() - t);
    t = performance.now();
    bounded = await countMatchingAbout(knex, 'jobs', me.account_id, filter, { today: new Date().toISOString().slice(0, 10) });
    if (r) countTimes.bounded.push(performance.now() - t);
  }
  const counts = { exact, exactMs: summarize(countTimes.exact), bounded: bounded.count, estimated: bounded.estimated, boundedMs: summarize(countTimes.bounded), bound: COUNT_EXACT_UP_TO };
  console.log(`\n  count of ${int(exact)} active jobs: bounded (exact up to ${int(COUNT_EXACT_UP_TO)}) ${line(counts.boundedMs)}   answered ${int(bounded.count)}${bounded.estimated ? ' estimated' : ' exact'} (${((bounded.count / exact - 1) * 100).toFixed(1)} % off)`);
  console.log(`  baseline: exact count(*)                               ${line(counts.exactMs)}`);
  figures.keyset = { rows: LIST_ROWS, activeRows: total, deepPage: deep, pageSize: PAGE_SIZE, orderings: keyset, all: keysetSummary, counts };
  if (ONLY === 'keyset') writeResult('lists-keyset', figures.keyset as Record<string, unknown>);
  if (ONLY !== 'keyset') {
    // ---- every sortable column, both directions, page 1 and a deep page ----
    const all = { first: [] as number[], deep: [] as number[] };
    const perColumn: Record<string, { first: Summary; deep: Summary }> = {};
    const [pagesRss] = await peakRss(async () => {
      for (const key of Object.keys(jobsList.sorts)) {
        for (const ordering of [key, `-${key}`]) {
          const first = await measure(`/api/jobs/?${FILTER}&ordering=${ordering}&page=1&page_size=${PAGE_SIZE}`, RUNS);
          const far = await measure(`/api/jobs/?${FILTER}&ordering=${ordering}&page=${deep}&page_size=${PAGE_SIZE}`, RUNS);
          if (first.body.count !== total || far.body.results.length === 0) throw new Error(`ordering ${ordering}: count ${first.body.count} of ${total}, deep page of ${far.body.results.length} rows`);
          all.first.push(...first.times);
          all.deep.push(...far.times);
          perColumn[ordering] = { first: summarize(first.times), deep: summarize(far.times) };
          console.log(`  ${ordering.padEnd(28)} page 1: p50 ${ms(perColumn[ordering].first.p50).padStart(8)} p99 ${ms(perColumn[ordering].first.p99).padStart(8)}   page ${deep}: p50 ${ms(perColumn[ordering].deep.p50).padStart(8)} p99 ${ms(perColumn[ordering].deep.p99).padStart(8)}`);
        }
      }
    });
    // ---- baseline: the old unpaged call of the same filter (after the pages, so its memory does not count in theirs) ----
    const [baselineRss, baseline] = await peakRss(() => measure(`/api/jobs/?${FILTER}`, 3));
    const base = summarize(baseline.times);
    console.log(`  baseline: unpaged ?${FILTER}                 ${line(base)}   ${int(rowsOf(baseline.body))} rows, ${(baseline.bytes / 1024 / 1024).toFixed(1)} MiB, api RSS peak ${baselineRss.toFixed(0)} MB`);

    const first = summarize(all.first);
    const far = summarize(all.deep);
    console.log(`\n  page 1 of ${PAGE_SIZE} + count, every column both ways   ${line(first)}   (baseline unpaged p99 ${ms(base.p99)})`);
    console.log(`  page ${deep} of ${PAGE_SIZE} + count, every column both ways ${line(far)}   (baseline unpaged p99 ${ms(base.p99)})`);
    console.log(`  api RSS peak while serving pages: ${pagesRss.toFixed(0)} MB   (baseline unpaged, after: ${baselineRss.toFixed(0)} MB; before any list call ${idleRss.toFixed(0)} MB)`);

    // ---- search ----
    const search: Record<string, unknown> = {};
    console.log('');
    for (const [label, q] of [['common word', 'highway'], ['rare word', `j-${Math.floor(LIST_ROWS * 0.777) + 1}`], ['number', '4321'], ['two words', 'lumen overlash']] as const) {
      const paged = await measure(`/api/jobs/?${FILTER}&q=${encodeURIComponent(q)}&page=1&page_size=${PAGE_SIZE}`, RUNS * 2);
      const unpaged = await measure(`/api/jobs/?${FILTER}&q=${encodeURIComponent(q)}`, 3);
      const s = summarize(paged.times);
      const u = summarize(unpaged.times);
      console.log(`  q=${q.padEnd(16)} (${label}, ${int(paged.body.count)} match) page 1 + count ${line(s)}   (baseline unpaged p99 ${ms(u.p99)}, ${int(rowsOf(unpaged.body))} rows)`);
      search[label] = { q, count: paged.body.count, pageMs: s, baselineUnpagedMs: u };
    }

    figures.lists = {
    rows: LIST_ROWS,
    activeRows: total,
    pageSize: PAGE_SIZE,
    deepPage: deep,
    insertMs: Math.round(insertMs),
    tableSize,
    baselineUnpagedMs: base,
    baselineRows: rowsOf(baseline.body),
    baselineBytes: baseline.bytes,
    firstPageMs: first,
    deepPageMs: far,
    perColumn,
    search,
    rssMb: { idle: Math.round(idleRss), pages: Math.round(pagesRss), baselineUnpaged: Math.round(baselineRss) },
    keyset: figures.keyset,
  };
    writeResult('lists', figures.lists as Record<string, unknown>);
  }
} finally {
  await knex.destroy();
  await db.end();
  await app.stop();
}
