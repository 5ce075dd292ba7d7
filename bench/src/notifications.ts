/**
 * The notification scan at size (issue 33). Every figure is printed beside its baseline from the same
 * run and written to bench/results/notifications.json; nothing here judges a time.
 *
 * One account of 100,000 locates on 20,000 jobs (locate-rows.ts, job-rows.ts: every job has crews and
 * segments, so its work is planned; watched locates expire from 30 days ago to 60 ahead), the scan of
 * apps/worker/src/notifications/scan.ts run in this process on the app's database:
 *   - the first scan, which tells every condition that holds (one notification per locate, permit ...
 *     and user), beside the expiry watch's own count over HTTP;
 *   - a steady scan (nothing new, nothing to clear) p50/p99 of N runs: what every account costs the
 *     worker each 30 s, beside the expiring view's page 1 and count over HTTP, the reads the scan parallels;
 *   - a scan after 1,000 locates were re-upped (their expiry moved out): what clearing costs;
 *   - the bell's calls with those notifications (count, page 1, unread page 1), beside the locate list's page 1;
 *   - a whole pass over 1,000 more small accounts with the large one: every account scanned (a worker's
 *     first pass, and every pass before pass.ts) beside a pass where nothing moved.
 *
 *   npm run bench -- notifications
 *   BENCH_NOTIFY_LOCATES=10000 BENCH_NOTIFY_JOBS=2000 npx tsx bench/src/notifications.ts   # a quick check
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, localBlobStore } from '@trenchline/read-model';
import { createEventStore } from '@trenchline/event-store';
import { outboxMailer } from '@trenchline/platform/mail.ts';
import { workerContext } from '@trenchline/worker/context.ts';
import { scanAccount, scanNotifications } from '@trenchline/worker/notifications/scan.ts';
import { Client } from '../../tests/support/client.ts';
import { banner, startAppProcess, timedGets, writeResult } from './common.ts';
import { int, line, ms, summarize, type Summary } from './stats.ts';
import { insertJobRows, makeTemplateJob } from './job-rows.ts';
import { FIRST_LOCATE_ID, insertLocateRows, makeTemplateLocate } from './locate-rows.ts';

const LOCATES = Number(process.env.BENCH_NOTIFY_LOCATES ?? 100_000);
const JOBS = Number(process.env.BENCH_NOTIFY_JOBS ?? 20_000);
const RUNS = Number(process.env.BENCH_NOTIFY_RUNS ?? 20);
const REUPS = Math.min(1000, Math.floor(LOCATES / 10));
/** Small accounts beside the large one, for a whole pass (BENCH_NOTIFY_ACCOUNTS), and how many passes of each kind. */
const ACCOUNTS = Number(process.env.BENCH_NOTIFY_ACCOUNTS ?? 1000);
const PASSES = Number(process.env.BENCH_NOTIFY_PASSES ?? 3);

const app = await startAppProcess('bench_notifications');
const db = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
const knex = createDb(app.databaseUrl, { max: 4 });
const files = mkdtempSync(join(tmpdir(), 'tl-bench-notify-'));
const store = createEventStore({ url: app.databaseUrl, pool: db });
const ctx = workerContext({ db: knex, store, pool: db, blobs: localBlobStore(files), now: () => new Date(), toUser: () => undefined, publish: () => undefined, writeConnections: 2, mailer: outboxMailer(knex, () => undefined) });
const figures: Record<string, unknown> = { locates: LOCATES, jobs: JOBS, runs: RUNS };

/** `runs` calls of `f`: their times and the last result. */
async function timed<T>(runs: number, f: () => Promise<T>) {
  const times: number[] = [];
  let out!: T;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    out = await f();
    times.push(performance.now() - t);
  }
  return { times, out };
}

try {
  const c = await Client.signUp(app.url, 'Bench');
  const me = (await c.get('/api/auth/me')).body.user as { account_id: string };
  banner('notifications', `the notification scan of one account of ${int(LOCATES)} locates on ${int(JOBS)} jobs: first, steady, after re-ups; the bell's calls`);
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const get = (path: string, runs: number) => timedGets(app.url, cookie, path, runs);

  const templateJob = await makeTemplateJob(c);
  const tl = await makeTemplateLocate(c, db, templateJob);
  await c.list('/api/jobs/');
  const jobRows = await insertJobRows(db, me.account_id, templateJob, JOBS);
  const loaded = await insertLocateRows(db, me.account_id, tl.id, LOCATES, JOBS);
  console.log(`  inserted ${int(JOBS)} job rows in ${(jobRows.insertMs / 1000).toFixed(1)} s, ${int(LOCATES)} locate rows in ${(loaded.insertMs / 1000).toFixed(1)} s`);
  const scan = () => scanAccount(ctx, me.account_id, new Date());

  // ---- the first scan: everything that holds is told ----
  const watch = (await get('/api/locates/expiring/count/', 0)).body as { count: number; due_by: string };
  const first = await timed(1, scan);
  const told = first.out.told;
  console.log(`\n  first scan: ${int(told)} notifications told in ${ms(first.times[0])} (the expiry watch counts ${int(watch.count)} locates due by ${watch.due_by})`);
  figures.first = { ms: Math.round(first.times[0]), told, expiringWatchCount: watch.count };

  // ---- steady scans beside the expiry watch's reads, round by round so other load moves them alike ----
  const steady: number[] = [];
  const watchPage: number[] = [];
  const watchCount: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const s = await timed(1, scan);
    if (s.out.told || s.out.cleared) throw new Error(`a steady scan told ${s.out.told} and cleared ${s.out.cleared}: a condition is not told once`);
    steady.push(...s.times);
    watchPage.push(...(await get('/api/locates/expiring/?page=1', 1)).times);
    watchCount.push(...(await get('/api/locates/expiring/count/', 1)).times);
  }
  const steadyFigures = { scan: summarize(steady), baselineExpiringPage1: summarize(watchPage), baselineExpiringCount: summarize(watchCount) };
  console.log(`  steady scan (nothing new)                         ${line(steadyFigures.scan)}`);
  console.log(`  baseline: expiring view page 1 over HTTP          ${line(steadyFigures.baselineExpiringPage1)}`);
  console.log(`  baseline: expiring count over HTTP                ${line(steadyFigures.baselineExpiringCount)}`);
  figures.steady = steadyFigures;

  // ---- re-ups: the first REUPS expiring locates' expiry moved 30 days out, as a re-up's row would ----
  const due = await db.query<{ id: string }>(
    `select id from locates where account_id = $1 and id >= $2 and not archived and current_date_expiration <= $3 and locate_status in ('Active', 'Marked') and job_ref is not null order by id limit $4`,
    [me.account_id, FIRST_LOCATE_ID, watch.due_by, REUPS],
  );
  await db.query(`update locates set current_date_expiration = current_date + 30 where id = any($1::bigint[])`, [due.rows.map((r) => r.id)]);
  const after = await timed(1, scan);
  console.log(`  scan after ${int(due.rowCount ?? 0)} re-ups: ${int(after.out.cleared)} cleared, ${int(after.out.told)} told in ${ms(after.times[0])}`);
  figures.afterReups = { reups: due.rowCount, ms: Math.round(after.times[0]), cleared: after.out.cleared, told: after.out.told };

  // ---- the bell with those notifications, beside the locate list ----
  const calls: [string, string][] = [
    ['bell count', '/api/notifications/count/'],
    ['notifications page 1', '/api/notifications/?page=1'],
    ['unread page 1', '/api/notifications/?page=1&unread=t'],
    ['baseline: locate list page 1', '/api/locates/?page=1'],
  ];
  for (const [, path] of calls) await get(path, 3);
  const http: Record<string, number[]> = Object.fromEntries(calls.map(([label]) => [label, []]));
  for (let r = 0; r < RUNS; r++) for (const [label, path] of calls) http[label].push(...(await get(path, 1)).times);
  const bell: Record<string, Summary> = {};
  console.log(`\n  the bell, ${int(told - after.out.cleared)} open notifications of one user, over HTTP`);
  for (const [label] of calls) {
    bell[label] = summarize(http[label]);
    console.log(`  ${label.padEnd(48)} ${line(bell[label])}`);
  }
  figures.bell = bell;

  // ---- a pass over many accounts: every one scanned (the first pass, and every pass before pass.ts) beside one where nothing moved ----
  await db.query(`insert into accounts (name) select 'Small ' || g from generate_series(1, $1::int) g`, [ACCOUNTS]);
  await db.query(`insert into users (account_id, email, display_name, password_hash, role)
                  select a.id, 'owner' || a.id || '@bench.example', 'Owner ' || a.id, 'x', 'admin' from accounts a where a.name like 'Small %'`);
  const open = Number((await db.query('select count(*) from accounts where cancelled_at is null')).rows[0].count);
  const fullPasses: number[] = [];
  const quietPasses: number[] = [];
  for (let r = 0; r < PASSES; r++) {
    const pass = scanNotifications(ctx);
    const full = await timed(1, pass);
    if (full.out.scanned !== open) throw new Error(`a first pass scanned ${full.out.scanned} of ${open} accounts`);
    fullPasses.push(...full.times);
    const quiet = await timed(1, pass);
    if (quiet.out.scanned !== 0) throw new Error(`a pass with nothing moved scanned ${quiet.out.scanned} accounts`);
    quietPasses.push(...quiet.times);
  }
  const passes = { accounts: open, everyAccountScanned: summarize(fullPasses), nothingMoved: summarize(quietPasses) };
  console.log(`\n  a notification pass over ${int(open)} accounts (the large one among them)`);
  console.log(`  ${'baseline: every account scanned'.padEnd(48)} ${line(passes.everyAccountScanned)}`);
  console.log(`  ${'nothing moved since the last pass'.padEnd(48)} ${line(passes.nothingMoved)}`);
  figures.passes = passes;
  writeResult('notifications', figures);
} finally {
  await store.close();
  await knex.destroy();
  await db.end().catch(() => undefined);
  rmSync(files, { recursive: true, force: true });
  await app.stop();
}
