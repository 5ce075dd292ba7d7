/**
 * Ten million events (issue 34): one Postgres holding many accounts' events, every figure beside the same
 * figure on a one-account store of the same run. Nothing here judges a time; figures are printed and
 * written to bench/results/scale.json.
 *
 * Two stores are built the same way (scale-store.ts: the command handler's events, written straight to
 * the store in batches), each then replayed into every projection, and served by the api:
 *   one account  the measured account alone: 100,000 jobs of 10 events (1,000,000 events)
 *   hosted       the measured account among 1,000 (one of 1,000,000 jobs, three of 50,000, 995 small),
 *                10,000,000 events in all
 * Figures on each: fill rate; replay of every projection (events/s); the measured account's list page 1
 * and page 500 (by offset, and by following `next`), p50/p99; the count of the 1,000,000-row list; a
 * small account's page; a 5,000-event job's detail and as of a date in its history; the list as of a
 * date; one append's time; a shadow rebuild of the job list projection (events/s) with the list page
 * p99 during it beside the p99 without; the api's RSS.
 *
 *   npm run bench -- scale                 # 10,000,000 events (about an hour on 2 cores)
 *   BENCH_SCALE=0.02 npx tsx bench/src/scale.ts   # a check run: 200,000 events
 *   BENCH_SCALE_STORES=hosted,one npm run bench -- scale   # the hosted store first
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { projections, replayProjections, startProjector } from '@trenchline/projector';
import { createEventStore } from '@trenchline/event-store';
import { commandHandler, redisLivePublisher } from '@trenchline/platform';
import { createDb, REDIS_URL } from '@trenchline/read-model';
import { Client } from '../../tests/support/client.ts';
import { projectionsCaughtUp } from '../../tests/faults/support/writers.ts';
import { banner, bareAnswerFloor, rssMb, sleep, startDeployed, timedGets, tsxLoader, writeResult } from './common.ts';
import { int, line, ms, perSecond, summarize, type Summary } from './stats.ts';
import { ok } from './orca-rows.ts';
import { appendLongJob } from './long-job.ts';
import { fillStore, hostedPlan, makeTemplates, oneAccountPlan, planEvents, type AccountShare } from './scale-store.ts';

const FACTOR = Number(process.env.BENCH_SCALE ?? 1);
const SMALL_ACCOUNTS = Number(process.env.BENCH_SCALE_ACCOUNTS ?? 995);
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 100);
const DETAIL_EVENTS = 5_000;
const PAGE = 'page_size=100';

type Figures = Record<string, unknown>;

/**
 * Which stores, in which order (BENCH_SCALE_STORES, default `one,hosted`). `hosted,one` measures the
 * long one first, so a run cut short still has the figures it was started for.
 */
const STORES = (process.env.BENCH_SCALE_STORES ?? 'one,hosted').split(',').map((s) => s.trim());
if (!STORES.length || STORES.some((s) => s !== 'one' && s !== 'hosted')) throw new Error(`BENCH_SCALE_STORES: 'one', 'hosted' or both, comma separated, not ${process.env.BENCH_SCALE_STORES}`);

/** Seconds a shadow rebuild is measured for at most (BENCH_SCALE_REBUILD_SECONDS; 0: to its swap). */
const REBUILD_SECONDS = Number(process.env.BENCH_SCALE_REBUILD_SECONDS ?? 0);

/**
 * `npm run replay -- <projection>` as a child process; its own count of events and time, up to the swap.
 * Past `limitSeconds` it is stopped (killed: a rebuild resumes after a crash) and measured by the events
 * its side tables have taken so far (projection_rebuilds.events).
 */
async function replayInChild(projection: string, databaseUrl: string, pool: pg.Pool, limitSeconds: number): Promise<{ events: number; seconds: number; swapped: boolean }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', tsxLoader, fileURLToPath(new URL('../../apps/projector/src/replay.ts', import.meta.url)), projection], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  if (limitSeconds > 0) {
    const stopped = await Promise.race([exited.then(() => false), sleep(limitSeconds * 1000).then(() => true)]);
    if (stopped) {
      const seconds = (performance.now() - started) / 1000;
      const row = (await pool.query('select events from projection_rebuilds where name = $1', [projection])).rows[0];
      child.kill('SIGKILL');
      await exited;
      return { events: Number(row?.events ?? 0), seconds, swapped: false };
    }
  }
  const code = await exited;
  const m = /together: (\d+) events in ([\d.]+) s/.exec(out);
  if (code !== 0 || !m) throw new Error(`npm run replay -- ${projection} failed (${code}): ${out}`);
  return { events: Number(m[1]), seconds: Number(m[2]), swapped: true };
}

async function measureStore(label: string, planOf: (ids: { measured: string; veryLarge: string; small: string }) => AccountShare[], hosted: boolean): Promise<Figures> {
  const f: Figures = {};
  console.log(`\n-- ${label} store`);
  // The api as deployed (its bundle, production pools): its memory is the deployed figure.
  const app = await startDeployed(`bench_scale_${hosted ? 'hosted' : 'one'}`, { projector: false });
  const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
  // The replays and the live projector each read $all through a pool of their own: a runner holds its
  // batch transaction while it reads, and must not wait for a connection a replay's feed holds.
  const storePool = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
  const store = createEventStore({ url: app.databaseUrl, pool: storePool });
  const liveStorePool = new pg.Pool({ connectionString: app.databaseUrl, max: 3 });
  const liveStore = createEventStore({ url: app.databaseUrl, pool: liveStorePool });
  const db = createDb(app.databaseUrl, { max: 12 });
  let projector: Awaited<ReturnType<typeof startProjector>> | null = null;
  try {
    const c = await Client.signUp(app.url, 'Scale');
    const me = (await c.get('/api/auth/me')).body.user as { account_id: string; id: string; display_name: string };
    const veryLarge = hosted ? await Client.signUp(app.url, 'Very Large') : null;
    const small = hosted ? await Client.signUp(app.url, 'Small') : null;
    const accountOf = async (x: Client | null) => (x ? ((await x.get('/api/auth/me')).body.user.account_id as string) : '');
    const plan = planOf({ measured: me.account_id, veryLarge: await accountOf(veryLarge), small: await accountOf(small) });
    const writer = { accountId: me.account_id, userId: me.id, userName: me.display_name };

    // ---- the store ----
    const templates = await makeTemplates(store, pool, writer);
    let shown = 0;
    const fill = await fillStore(pool, templates, plan, {
      onProgress: (n) => {
        if (n - shown >= 1_000_000) console.log(`  ... ${int((shown = n))} events written`);
      },
    });
    await pool.query('vacuum analyze events');
    // $all holds events back while any older transaction on the server runs: wait until all are readable.
    const last = await store.lastPosition();
    for (let head = await store.headPosition(); !head || store.comparePositions(head, last!) < 0; head = await store.headPosition()) await sleep(200);
    const accounts = new Set(plan.map((a) => a.accountId)).size;
    console.log(`  filled ${int(fill.events)} events (${int(fill.jobs)} jobs, ${int(accounts)} accounts) in ${(fill.ms / 1000).toFixed(1)} s: ${int(perSecond(fill.events, fill.ms))} events/s`);
    f.fill = { events: fill.events, planned: planEvents(plan), jobs: fill.jobs, accounts, seconds: Math.round(fill.ms) / 1000, eventsPerSecond: perSecond(fill.events, fill.ms) };

    // ---- every projection rebuilt from the first event ----
    const replayed = await replayProjections(projections(), store, db);
    const replay = replayed[0];
    console.log(`  replay of ${replayed.length} projections: ${int(replay.events)} events in ${replay.seconds.toFixed(1)} s: ${int(replay.events / replay.seconds)} events/s`);
    f.replay = { events: replay.events, seconds: Math.round(replay.seconds * 10) / 10, eventsPerSecond: Math.round(replay.events / replay.seconds) };
    const databaseName = new URL(app.databaseUrl).pathname.slice(1);
    projector = await startProjector({ store: liveStore, db, databaseUrl: app.databaseUrl, live: redisLivePublisher(REDIS_URL, `socket.io#${databaseName}`) });

    // ---- a job of 5,000 events ----
    const big = await ok(c, '/api/jobs/', { form_type: 'base', title: 'Long-running job', customer: 'AT&T', job_number: 'BIG-1', completion_date: '2026-12-15' });
    const long = await appendLongJob({ store, db: pool, writer, id: big.id, events: DETAIL_EVENTS });
    for (let t = 0; t < 1200; t++) {
      const row = (await pool.query('select version from jobs where id = $1', [big.id])).rows[0];
      if (row && row.version >= long.version) break;
      await sleep(100);
    }
    // Every projection, not only the job list, past those events: reads measured while the projector still
    // folds the long job into its history tables would carry that work.
    for (let t = 0; t < 3000 && !(await projectionsCaughtUp(pool)); t++) await sleep(100);

    const cookieOf = (x: Client) => [...x.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const gets = async (name: string, who: Client, path: string, runs = RUNS): Promise<Summary & { path: string }> => {
      const { times } = await timedGets(app.url, cookieOf(who), path, runs);
      const s = summarize(times);
      console.log(`  ${name.padEnd(52)} ${line(s)}`);
      return { ...s, path };
    };

    // ---- reads ----
    const pages: Figures = {};
    pages.first = await gets('job list page 1', c, `/api/jobs/?page=1&${PAGE}`);
    // Page 500 of the measured account's 100,000 jobs (the deepest there is on a smaller check run).
    const count = Number((await c.get(`/api/jobs/?page=1&${PAGE}`)).body.count);
    const deep = Math.max(2, Math.min(500, Math.floor(count / 100)));
    pages.deepPage = deep;
    pages.deepOffset = await gets(`job list page ${deep} by offset`, c, `/api/jobs/?page=${deep}&${PAGE}`);
    const before = await c.get(`/api/jobs/?page=${deep - 1}&${PAGE}`);
    const next = String(before.body.next ?? '');
    if (!next) throw new Error(`page ${deep - 1} of ${count} rows has no next`);
    pages.deepNext = await gets(`job list page ${deep} by next (${next.includes('cursor=') ? 'cursor' : 'offset'})`, c, next.replace(/^\/?/, '/'));
    pages.countOfMeasured = count;
    if (veryLarge) {
      const first = await veryLarge.get(`/api/jobs/?page=1&${PAGE}`);
      pages.veryLargeCount = { count: first.body.count, estimated: first.body.count_estimated ?? false };
      pages.veryLargeFirst = await gets(`the largest account's list page 1 with its count (${int(first.body.count)}${first.body.count_estimated ? ', estimated' : ''})`, veryLarge, `/api/jobs/?page=1&${PAGE}`, Math.min(RUNS, 30));
    }
    if (small) pages.smallFirst = await gets('a small account: job list page 1', small, `/api/jobs/?page=1&${PAGE}`);
    f.pages = pages;

    const asOfRecord = new Date(long.firstAt + (DETAIL_EVENTS / 2) * 1000 + 500).toISOString();
    const current = await gets(`job of ${int(long.version)} events`, c, `/api/jobs/${big.id}/`);
    // Its answer's bytes from a bare server: what the size alone costs this machine.
    const answer = JSON.stringify((await c.get(`/api/jobs/${big.id}/`)).body);
    const floor = summarize(await bareAnswerFloor(answer, RUNS));
    console.log(`  ${`  its ${int(Buffer.byteLength(answer) / 1024)} KB from a bare node server (the floor)`.padEnd(52)} ${line(floor)}`);
    f.detail = {
      events: long.version,
      bytes: Buffer.byteLength(answer),
      current,
      bareServer: floor,
      asOf: await gets('the same job as of the middle of its history', c, `/api/jobs/${big.id}/?as_of=${asOfRecord}`),
    };
    f.listAsOf = await gets('job list page 1 as of 2025-03-01', c, `/api/jobs/?page=1&${PAGE}&as_of=2025-03-01T00:00:00Z`);

    // ---- one append: a new job's creation, by the command handler ----
    const handler = commandHandler({ store, pool, now: () => new Date() });
    const appendTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const id = String(700_000_000_000 + i);
      const t = performance.now();
      await handler.execute(writer, 'job', id, [{ type: 'CreateJob', jobId: id, values: { form_type: 'base', title: `Append ${i}` } }], { create: true });
      appendTimes.push(performance.now() - t);
    }
    f.append = summarize(appendTimes);
    console.log(`  ${'one append (a job created)'.padEnd(52)} ${line(f.append as Summary)}`);

    // ---- the job list projection rebuilt beside the live one, the list read meanwhile ----
    // `npm run replay` in a process of its own, as an operator runs it: a rebuild folding a long record
    // in this process would stall the client measuring the reads, not the api.
    const jobList = projections().find((p) => p.tables.includes('jobs'))!;
    let rebuilding = true;
    const rebuild = replayInChild(jobList.name, app.databaseUrl, pool, REBUILD_SECONDS).finally(() => (rebuilding = false));
    const during: number[] = [];
    while (rebuilding) {
      const { times } = await timedGets(app.url, cookieOf(c), `/api/jobs/?page=1&${PAGE}`, 5);
      during.push(...times);
    }
    const rebuilt = await rebuild;
    const rebuildMs = rebuilt.seconds * 1000;
    const duringSummary = summarize(during);
    const how = rebuilt.swapped ? 'swapped in' : `stopped after ${REBUILD_SECONDS} s, before its swap: events its side tables took`;
    console.log(`  rebuild of ${jobList.name} beside the live one: ${int(rebuilt.events)} events in ${(rebuildMs / 1000).toFixed(1)} s: ${int(perSecond(rebuilt.events, rebuildMs))} events/s (${how})`);
    console.log(`  ${'job list page 1 during the rebuild'.padEnd(52)} ${line(duringSummary)}   (without: p99 ${ms((pages.first as Summary).p99)})`);
    f.rebuild = { projection: jobList.name, swapped: rebuilt.swapped, events: rebuilt.events, seconds: Math.round(rebuildMs) / 1000, eventsPerSecond: perSecond(rebuilt.events, rebuildMs), pageDuring: duringSummary };

    f.apiRssMb = Math.round(rssMb(app.pid));
    console.log(`  api process RSS ${f.apiRssMb} MB`);
    const size = (await pool.query(`select pg_size_pretty(pg_database_size(current_database())) as db, pg_size_pretty(pg_total_relation_size('events')) as events`)).rows[0];
    f.size = size;
    console.log(`  database ${size.db}, events table ${size.events}`);
    return f;
  } finally {
    await projector?.stop();
    await store.close();
    await storePool.end();
    await liveStore.close();
    await liveStorePool.end();
    await pool.end();
    await db.destroy();
    await app.stop();
  }
}

banner('scale', `${int(FACTOR * 10_000_000)} events across ${SMALL_ACCOUNTS + 5} accounts, beside a one-account store of ${int(FACTOR * 1_000_000)} (factor ${FACTOR})`);
let one: Figures = {};
let hosted: Figures = {};
const result = () => ({ factor: FACTOR, smallAccounts: SMALL_ACCOUNTS, oneAccount: one, hosted });
for (const store of STORES) {
  if (store === 'one') one = await measureStore('one-account', (ids) => oneAccountPlan(FACTOR, ids.measured), false);
  else hosted = await measureStore('hosted', (ids) => hostedPlan(FACTOR, ids, SMALL_ACCOUNTS), true);
  // Kept after each store: a run stopped during the next still leaves this one's figures.
  writeResult('scale', result());
}

const p99 = (f: Figures, path: string) => {
  const v = path.split('.').reduce<any>((o, k) => o?.[k], f);
  return typeof v === 'number' ? v : v?.p99;
};
const rows: [string, string, string][] = [
  ['replay of every projection, events/s', 'replay.eventsPerSecond', 'n'],
  ['job list page 1 p99', 'pages.first', 'ms'],
  ['job list deep page (500) by offset p99', 'pages.deepOffset', 'ms'],
  ['job list deep page (500) by next p99', 'pages.deepNext', 'ms'],
  ['5,000-event job p99', 'detail.current', 'ms'],
  ['its answer from a bare node server p99', 'detail.bareServer', 'ms'],
  ['that job as of a date p99', 'detail.asOf', 'ms'],
  ['job list as of a date p99', 'listAsOf', 'ms'],
  ['one append p99', 'append', 'ms'],
  ['shadow rebuild of the job list, events/s', 'rebuild.eventsPerSecond', 'n'],
  ['job list page 1 p99 during that rebuild', 'rebuild.pageDuring', 'ms'],
  ['api RSS, MB', 'apiRssMb', 'n'],
];
console.log(`\n  ${'figure'.padEnd(44)} ${'one account'.padStart(14)} ${'hosted'.padStart(14)}`);
for (const [name, path, unit] of rows) {
  const show = (v: number | undefined) => (v === undefined ? '-' : unit === 'ms' ? ms(v) : int(v));
  console.log(`  ${name.padEnd(44)} ${show(p99(one, path)).padStart(14)} ${show(p99(hosted, path)).padStart(14)}`);
}
process.exit(0);
