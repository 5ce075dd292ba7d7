/**
 * The ORCA dashboards at size (issue 15). Every figure is printed beside its baseline from the same run
 * and written to bench/results/orca-dashboard.json; nothing here judges a time.
 *
 * page   GET /api/jobs/orcas/ with 100,000 ORCA jobs in the account (orca-rows.ts, straight into the
 *        read model with the columns of both lists): page 1 in the default order, page 500, every sort
 *        key both ways (pages 1 and 500), each with its count; the spec client's plain ?page=n with
 *        kept preferences (a kept sort, a kept findbox). Baseline: the job list's page on the same rows
 *        (/api/jobs/?page=1&page_size=100). Target in the issue: p99 < 30 ms.
 * live   PUT response -> 'row' event on the live list 'jobs' at EACH of 50 open dashboards (50 Socket.IO
 *        clients of one account) while writes arrive on schedule (job PUTs, and task, CIBE line and
 *        invoice line edits of real ORCA jobs), at rates stepped up (BENCH_ORCA_RATES, 25 ... 200/s) until
 *        one is not held: the writes/s held with no failure, ack -> row p50/p99 there, misses, writes
 *        refused at the door (503 overloaded) counted apart from failures, each process's RSS and CPU.
 *        Exits 1 when a write fails at any rate, or is refused at or below the rate claimed
 *        (BENCH_ORCA_HOLDS, 100). Baseline: 1 dashboard at 20 writes/s. Target in the issue: p99 < 100 ms.
 * import POST /api/jobs/orcas/import/ of 5,000 CSV rows to its bulk operation done, events appended per
 *        second. Baseline: the first 200 rows' jobs, tasks and lines created call by call through the
 *        API (POST /jobs/new, tasks, cibeitems), scaled to rows per second.
 *
 * The app runs as deployed (common.ts startDeployed: api, projector and worker each its own process);
 * BENCH_ONE_PROCESS=1 runs them in one process, as the tests do.
 *
 *   npm run bench -- orca-dashboard
 *   BENCH_ORCA_ROWS=5000 BENCH_ORCA_PARTS=page,live npx tsx bench/src/orca-dashboard.ts   # a quick check
 */
import pg from 'pg';
import { loadavg } from 'node:os';
import { orcaJobsList } from '@trenchline/read-model';
import { Client } from '../../tests/support/client.ts';
import { banner, cpuSeconds, openLoop, rssMb, sleep, startAppProcess, startDeployed, timedGets, writeResult } from './common.ts';
import { int, line, ms, perSecond, summarize, type Summary } from './stats.ts';
import { insertOrcaJobRows, makeCrews, makeOrcaJob, ok, type OrcaJob } from './orca-rows.ts';
import { connectDashboards, RowWatch, tcpOf } from './live-rows.ts';
import { importCsv, IMPORT_BASELINE_ROWS, importBaselineCalls } from './orca-import-rows.ts';

const ROWS = Number(process.env.BENCH_ORCA_ROWS ?? 100_000);
const PARTS = (process.env.BENCH_ORCA_PARTS ?? 'page,live,import').split(',');
const PAGE_SIZE = 100;
const RUNS = Number(process.env.BENCH_ORCA_RUNS ?? 10);
const MAIN_RUNS = RUNS * 5;
const DASHBOARDS = 50;
const LIVE_JOBS = 40;
const LIVE_SECONDS = Number(process.env.BENCH_ORCA_LIVE_SECONDS ?? 30);
const MISS_AFTER_MS = 5_000;
const IMPORT_ROWS = 5_000;
/** Write rates stepped up in the live part (BENCH_ORCA_RATES), and the rate the bench claims the server holds (BENCH_ORCA_HOLDS). */
const LIVE_RATES = (process.env.BENCH_ORCA_RATES ?? '25,50,100,150,200').split(',').map(Number);
const LIVE_CLAIM = Number(process.env.BENCH_ORCA_HOLDS ?? 100);
/**
 * Dashboards of each 50 that stop reading (BENCH_ORCA_STALLED, default 0): their TCP sockets paused, as a
 * tablet on a dead link or a starved browser, so the api holds what they do not take until its bound
 * (LIVE_BACKLOG_MAX_KB) cuts them. They are left out of the delivery figures; whether they were cut is printed.
 */
const STALLED = Number(process.env.BENCH_ORCA_STALLED ?? 0);

const ONE_PROCESS = Boolean(process.env.BENCH_ONE_PROCESS);
const app = ONE_PROCESS ? await startAppProcess('bench_orca_dashboard', { worker: PARTS.includes('import') }) : await startDeployed('bench_orca_dashboard', { worker: PARTS.includes('import') });
/** The processes measured: the api's first (the issue bounds its memory); in one process, that one. */
const processes: Record<string, number> = ONE_PROCESS ? { 'api + projector': app.pid } : { api: app.pids!.api!, projector: app.pids!.projector! };
const db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
const figures: Record<string, unknown> = { rows: ROWS, parts: PARTS, processes: Object.keys(processes) };
/** CPU seconds each measured process has used so far. */
const appCpuSeconds = () => Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuSeconds(pid)]));

try {
  const c = await Client.signUp(app.url, 'Bench');
  const me = (await c.get('/api/auth/me')).body.user as { account_id: string };
  banner('orca-dashboard', `ORCA dashboard of ${int(ROWS)} ORCA jobs: pages, live rows at ${DASHBOARDS} dashboards, CSV import of ${int(IMPORT_ROWS)} rows (parts: ${PARTS.join(', ')})`);
  const cookie = () => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  /** `runs` GETs after one warm-up: their times and the last answer (declared before the parts run them). */
  const measure = (path: string, runs: number) => timedGets(app.url, cookie(), path, runs);
  await makeCrews(c);
  const template = await makeOrcaJob(c, 0, { tasks: 3, cibePerTask: 3 });
  // The template's row as it stands after its last line: every inserted row is a copy of it.
  await waitForRow(template.id, (await c.get(`/api/jobs/${template.id}/`)).body.version);

  if (PARTS.includes('page')) figures.page = await pages(template);
  if (PARTS.includes('live')) figures.live = await live();
  if (PARTS.includes('import')) figures.import = await importing();
  writeResult('orca-dashboard', figures);

  /** Until the projector has written the job's row (at `version` or later). */
  async function waitForRow(id: string, version = 0) {
    for (let t = 0; t < 600; t++) {
      if ((await db.query('select 1 from jobs where id = $1 and version >= $2', [id, version])).rowCount) return;
      await sleep(50);
    }
    throw new Error(`job ${id} never reached the read model`);
  }

  // ---------------------------------------------------------------- page
  async function pages(tpl: OrcaJob) {
    const { insertMs, tableSize } = await insertOrcaJobRows(db, me.account_id, tpl.id, ROWS);
    console.log(`  inserted ${int(ROWS)} ORCA job rows in ${(insertMs / 1000).toFixed(1)} s (jobs table with indexes ${tableSize})`);
    const first = await measure(`/api/jobs/orcas/?page=1`, 1);
    const total = Number(first.body.count);
    const deep = Math.min(500, Math.max(1, first.body.pages));
    if (first.body.results.length !== PAGE_SIZE) throw new Error(`the dashboard's page 1 has ${first.body.results.length} rows`);
    if (first.body.results.some((r: any) => r.form_type !== 'attorca')) throw new Error('the dashboard answered a job that is not ORCA');

    // Warm both calls up first (a fresh bulk load's pages are cold), then baseline and the default order
    // in turn, so other load on the machine moves both alike.
    for (let r = 0; r < RUNS; r++) for (const p of [`/api/jobs/?page=1&page_size=${PAGE_SIZE}`, '/api/jobs/orcas/?page=1', `/api/jobs/orcas/?page=${deep}`]) await measure(p, 0);
    const baseline: number[] = [];
    const dflt: number[] = [];
    const dfltDeep: number[] = [];
    for (let r = 0; r < MAIN_RUNS; r++) {
      baseline.push(...(await measure(`/api/jobs/?page=1&page_size=${PAGE_SIZE}`, 1)).times);
      dflt.push(...(await measure(`/api/jobs/orcas/?page=1`, 1)).times);
      dfltDeep.push(...(await measure(`/api/jobs/orcas/?page=${deep}`, 1)).times);
    }
    const base = summarize(baseline);
    const out: Record<string, unknown> = { rows: ROWS, activeRows: total, pageSize: PAGE_SIZE, deepPage: deep, insertMs: Math.round(insertMs), tableSize, runs: RUNS };
    out.baselineJobListMs = base;
    out.defaultFirstMs = summarize(dflt);
    out.defaultDeepMs = summarize(dfltDeep);
    console.log(`\n  ${total} active ORCA jobs (of ${int(ROWS + 1)}); pages of ${PAGE_SIZE} with count; baseline = job list page 1 on the same rows`);
    console.log(`  baseline /api/jobs/?page=1&page_size=100       ${line(base)}`);
    console.log(`  /api/jobs/orcas/?page=1 (default order, -id)   ${line(out.defaultFirstMs as Summary)}`);
    console.log(`  /api/jobs/orcas/?page=${String(deep).padEnd(24)}${line(out.defaultDeepMs as Summary)}`);

    // Every sort key both ways, page 1 and the deep page.
    const all = { first: [] as number[], deep: [] as number[] };
    const perSort: Record<string, { first: Summary; deep: Summary }> = {};
    console.log('');
    for (const key of Object.keys(orcaJobsList.sorts)) {
      for (const ordering of [key, `-${key}`]) {
        const a = await measure(`/api/jobs/orcas/?ordering=${ordering}&page=1`, RUNS);
        const b = await measure(`/api/jobs/orcas/?ordering=${ordering}&page=${deep}`, RUNS);
        if (a.body.count !== total || b.body.results.length === 0) throw new Error(`ordering ${ordering}: count ${a.body.count} of ${total}, page ${deep} of ${b.body.results.length} rows`);
        all.first.push(...a.times);
        all.deep.push(...b.times);
        perSort[ordering] = { first: summarize(a.times), deep: summarize(b.times) };
        console.log(`  ${ordering.padEnd(34)} page 1: p50 ${ms(perSort[ordering].first.p50).padStart(8)} p99 ${ms(perSort[ordering].first.p99).padStart(8)}   page ${deep}: p50 ${ms(perSort[ordering].deep.p50).padStart(8)} p99 ${ms(perSort[ordering].deep.p99).padStart(8)}`);
      }
    }
    out.everySortFirstMs = summarize(all.first);
    out.everySortDeepMs = summarize(all.deep);
    out.perSort = perSort;
    console.log(`\n  page 1, every sort key both ways    ${line(out.everySortFirstMs as Summary)}   (baseline p99 ${ms(base.p99)})`);
    console.log(`  page ${deep}, every sort key both ways  ${line(out.everySortDeepMs as Summary)}   (baseline p99 ${ms(base.p99)})`);

    // The spec client: a kept sort (and then a kept findbox), PUT as its form sends it, then plain ?page=n.
    const keep = async (prefs: Record<string, string>) => ok(c, '/api/jobs/orcas/dashboard_prefs/', prefs, 'put');
    await keep({ sortType: 'permit_days_left', sortReverse: 'false', page_number: '3' });
    const keptSort = { first: await measure('/api/jobs/orcas/?page=1', MAIN_RUNS), third: await measure('/api/jobs/orcas/?page=3', MAIN_RUNS) };
    await keep({ findbox: 'lumen', sortType: 'CIBE_job_grand_total_difference', sortReverse: 'true' });
    const keptFind = await measure('/api/jobs/orcas/?page=1', MAIN_RUNS);
    await keep({ findbox: '', sortType: '', sortReverse: 'true', page_number: '1' });
    out.keptPreferences = {
      sortFirstMs: summarize(keptSort.first.times),
      sortThirdMs: summarize(keptSort.third.times),
      findboxFirstMs: summarize(keptFind.times),
      findboxCount: keptFind.body.count,
    };
    console.log(`\n  spec client ?page=1, kept sort permit_days_left       ${line(summarize(keptSort.first.times))}   (baseline p99 ${ms(base.p99)})`);
    console.log(`  spec client ?page=3, kept sort permit_days_left       ${line(summarize(keptSort.third.times))}`);
    console.log(`  spec client ?page=1, kept findbox 'lumen' (${int(keptFind.body.count)} match) ${line(summarize(keptFind.times))}`);
    return out;
  }

  // ---------------------------------------------------------------- live
  async function live() {
    const jobs: OrcaJob[] = [];
    for (let n = 1; n <= LIVE_JOBS; n++) jobs.push(await makeOrcaJob(c, n));
    for (const j of jobs) await waitForRow(j.id);
    console.log(`\n  ${LIVE_JOBS} ORCA jobs made over the API (2 tasks, 4 CIBE lines, 2 invoices each) for the writes`);
    const statuses = ['Not Ready', 'Ready To Invoice', 'Submitted', 'Approved', 'Paid'];

    /** Write i: 7 in 10 a job PUT, then a task, a CIBE line and an invoice line edit; its job and the position it answered. */
    async function write(i: number): Promise<{ job: string; position: string } | 'refused' | { failed: string }> {
      const j = jobs[i % jobs.length];
      const k = Math.floor(i / jobs.length);
      const kind = i % 10;
      const [path, body] =
        kind < 7
          ? [`/api/jobs/${j.id}/`, { title: `ORCA ${i} revision`, work_status: kind % 2 ? 'In Production' : 'Scheduled' }]
          : kind === 7
            ? [`/api/jobs/tasks/${j.tasks[k % j.tasks.length]}/`, { description: `Task revision ${i}` }]
            : kind === 8
              ? [`/api/jobs/cibeitems/${j.cibeLines[k % j.cibeLines.length]}/`, { CIBE_item_qty: 100 + (i % 37) }]
              : [`/api/jobs/invoices/${j.invoices[k % j.invoices.length]}/`, { status: statuses[k % statuses.length], invoice_amount: 4000 + (i % 97) }];
      const r = await c.put(path, body).catch((e: Error) => ({ status: 0, body: { error: 'network', message: e.message } }));
      if (r.status === 200 && typeof r.body?.position === 'string') return { job: j.id, position: r.body.position as string };
      // Refused at the door (503 overloaded, before any work) is not a failure: the server said so at once.
      if (r.status === 503 && r.body?.error === 'overloaded') return 'refused';
      return { failed: `${r.status} ${r.body?.error ?? ''}: ${String(r.body?.message ?? '').slice(0, 120)}` };
    }

    let written = 0;
    async function run(dashboards: number, ratePerSecond: number, seconds: number) {
      const sockets = await connectDashboards(app.url, cookie(), dashboards);
      const stalled = dashboards > 1 ? sockets.slice(0, STALLED) : [];
      const stalledCut = stalled.map(() => false);
      stalled.forEach((s, i) => {
        s.on('disconnect', () => (stalledCut[i] = true));
        tcpOf(s)?.pause();
      });
      const watches = sockets.slice(stalled.length).map((s) => new RowWatch(s, 'jobs'));
      const deliveries: number[] = [];
      const fromSent: number[] = [];
      const spread: number[] = [];
      const putMs: number[] = [];
      let missed = 0;
      let failed = 0;
      let refused = 0;
      const failures = new Map<string, number>();
      const rss = rssSampler();
      const cpu = process.cpuUsage();
      const appCpu = appCpuSeconds();
      const t0 = performance.now();
      const loop = await openLoop(
        ratePerSecond * seconds,
        1000 / ratePerSecond,
        async () => {
          const sent = performance.now();
          // Every write of the run unlike any before it: a write that changes nothing appends no event.
          const w = await write(written++);
          const answered = performance.now();
          if (w === 'refused') return void refused++;
          if ('failed' in w) {
            failures.set(w.failed, (failures.get(w.failed) ?? 0) + 1);
            return void failed++;
          }
          putMs.push(answered - sent);
          const arrivals = await Promise.all(watches.map((watch) => watch.arrival(w.job, w.position, MISS_AFTER_MS)));
          const seen = arrivals.filter((at): at is number => at !== null);
          // How far apart the first and the last dashboard got the same row: the fan-out's share.
          if (seen.length > 1) spread.push(Math.max(...seen) - Math.min(...seen));
          for (const at of arrivals) {
            if (at === null) missed++;
            else {
              deliveries.push(at - answered);
              fromSent.push(at - sent);
            }
          }
        },
        MISS_AFTER_MS + 30_000,
      );
      const used = process.cpuUsage(cpu);
      const clientCpu = Math.round(((used.user + used.system) / 1000 / (performance.now() - t0)) * 100);
      const cpuNow = appCpuSeconds();
      const appCpuPercent = Object.fromEntries(Object.keys(processes).map((n) => [n, Math.round(((cpuNow[n] - appCpu[n]) * 1000 * 100) / (performance.now() - t0))]));
      const sampled = watches.flatMap((w) => w.sampledBytes);
      const rowBytes = sampled.length ? Math.round(sampled.reduce((a, b) => a + b, 0) / sampled.length) : null;
      const events = watches.reduce((n, w) => n + w.rows, 0);
      // A stalled dashboard reads again first: what it finds is whether the api cut it.
      for (const s of stalled) tcpOf(s)?.resume();
      if (stalled.length) await sleep(500);
      const stalledCutCount = stalledCut.filter(Boolean).length;
      for (const s of sockets) s.disconnect();
      const processRssMb = rss.stop();
      const appRssMb = Object.values(processRssMb)[0];
      return { dashboards, stalledDashboards: stalled.length, stalledCut: stalledCutCount, ratePerSecond, writes: ratePerSecond * seconds, writeToRowMs: summarize(deliveries), sentToRowMs: summarize(fromSent), firstToLastDashboardMs: summarize(spread), putMs: summarize(putMs), missed, failedWrites: failed, refusedWrites: refused, failures: Object.fromEntries(failures), appRssMb, processRssMb, rowEventsReceived: events, unfinished: loop.unfinished, maxSendLagMs: loop.maxSendLagMs, benchClientCpuPercent: clientCpu, appCpuPercent, rowEventBytes: rowBytes, loadAverage1m: Math.round(loadavg()[0] * 100) / 100 };
    }

    await run(1, 20, 3); // warm-up
    await sleep(500);
    const baseline = await run(1, 20, LIVE_SECONDS);
    await sleep(1000);
    await run(DASHBOARDS, LIVE_RATES[0], 3); // warm-up
    const say = (label: string, r: Awaited<ReturnType<typeof run>>) => {
      console.log(`  ${label} PUT response -> 'row' at each dashboard  ${line(r.writeToRowMs)}`);
      console.log(`  ${' '.repeat(label.length)} (the writes themselves                   ${line(r.putMs)})`);
      console.log(`  ${' '.repeat(label.length)} (PUT sent -> 'row' at each dashboard     ${line(r.sentToRowMs)})`);
      if (r.dashboards > 1) console.log(`  ${' '.repeat(label.length)} (first to last dashboard, same row      ${line(r.firstToLastDashboardMs)})`);
      console.log(`  ${' '.repeat(label.length)} writes ${int(r.writes)}: failed ${r.failedWrites}, refused at the door (503 overloaded) ${r.refusedWrites}; missed (no row within ${MISS_AFTER_MS / 1000} s) ${r.missed} of ${int((r.writes - r.failedWrites - r.refusedWrites) * (r.dashboards - r.stalledDashboards))} deliveries, still running at the end ${r.unfinished}, most late send ${ms(r.maxSendLagMs)}`);
      if (r.stalledDashboards) console.log(`  ${' '.repeat(label.length)} stalled dashboards (not reading) ${r.stalledDashboards}: cut by the api ${r.stalledCut}`);
      console.log(`  ${' '.repeat(label.length)} ${Object.entries(r.processRssMb).map(([n, m]) => `${n} RSS max ${m.max} MB (mean ${m.mean}), CPU ${r.appCpuPercent[n]}%`).join('; ')}; bench client CPU ${r.benchClientCpuPercent}% of a core, 'row' event ${r.rowEventBytes} bytes, load average ${r.loadAverage1m}`);
      for (const [why, n] of Object.entries(r.failures)) console.log(`  ${' '.repeat(label.length)}   ${n} x ${why}`);
    };
    // Rates stepped up until one is not held (a write failed or was refused); the one before is what the server holds.
    const steps: Awaited<ReturnType<typeof run>>[] = [];
    for (const rate of LIVE_RATES) {
      await sleep(1000);
      const r = await run(DASHBOARDS, rate, LIVE_SECONDS);
      steps.push(r);
      console.log('');
      say(`${DASHBOARDS} dashboards, ${rate} writes/s:`, r);
      if (r.failedWrites || r.refusedWrites || r.unfinished) break;
    }
    const heldSteps = steps.filter((r, i) => steps.slice(0, i + 1).every((s) => !s.failedWrites && !s.refusedWrites && !s.unfinished));
    const held = heldSteps[heldSteps.length - 1] ?? null;
    console.log('');
    say(`baseline 1 dashboard, 20 writes/s:`, baseline);
    console.log(`\n  writes/s held with no failure at ${DASHBOARDS} dashboards: ${held ? held.ratePerSecond : 'none'} of ${LIVE_RATES.join(', ')}${held ? `; ack -> row p99 there ${ms(held.writeToRowMs.p99)} (1 dashboard at 20/s ${ms(baseline.writeToRowMs.p99)}); ${Object.keys(processes)[0]} RSS max ${held.appRssMb.max} MB` : ''}`);
    // The rate this bench claims the server holds: any write failed or refused at or below it breaks the run.
    const broken = steps.filter((r) => r.failedWrites && r.ratePerSecond <= LIVE_CLAIM).concat(steps.filter((r) => r.refusedWrites && r.ratePerSecond <= LIVE_CLAIM));
    const failedAnywhere = steps.filter((r) => r.failedWrites);
    if (broken.length || failedAnywhere.length || baseline.failedWrites) {
      process.exitCode = 1;
      console.error(`\n  NOT HELD: the bench claims ${LIVE_CLAIM} writes/s; ${[...new Set([...broken, ...failedAnywhere])].map((r) => `at ${r.ratePerSecond}/s ${r.failedWrites} writes failed, ${r.refusedWrites} refused`).join('; ')}${baseline.failedWrites ? `; baseline ${baseline.failedWrites} failed` : ''}`);
    }
    return { steps, heldRate: held?.ratePerSecond ?? 0, claimedRate: LIVE_CLAIM, atHeld: held, baseline, seconds: LIVE_SECONDS, jobs: LIVE_JOBS, writeMix: '70% job PUT, 10% task, 10% CIBE line, 10% invoice line' };
  }

  /** Each measured process's resident memory, sampled every 500 ms until stopped: max and mean in MB. */
  function rssSampler() {
    const samples: Record<string, number[]> = Object.fromEntries(Object.keys(processes).map((n) => [n, []]));
    const sample = () => {
      for (const [n, pid] of Object.entries(processes)) {
        const mb = rssMb(pid);
        if (!Number.isNaN(mb)) samples[n].push(mb);
      }
    };
    sample();
    const timer = setInterval(sample, 500);
    return {
      stop() {
        clearInterval(timer);
        sample();
        return Object.fromEntries(Object.entries(samples).map(([n, xs]) => [n, { max: Math.round(Math.max(...xs)), mean: Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) }]));
      },
    };
  }

  // ---------------------------------------------------------------- import
  async function importing() {
    const probe = await c.get('/api/jobs/orcas/import/template/');
    if (probe.status !== 200) {
      console.log(`\n  import: GET /api/jobs/orcas/import/template/ answered ${probe.status}: the CSV import is not on this branch; skipped`);
      return { skipped: `template route answered ${probe.status}` };
    }
    const eventCount = async () => Number((await db.query('select count(*) from events')).rows[0].count);
    const csv = importCsv('IMP', IMPORT_ROWS);
    const before = await eventCount();
    const t0 = performance.now();
    const form = new FormData();
    form.append('file', new Blob([csv.text], { type: 'text/csv' }), 'bench.csv');
    const asked = await c.request('POST', '/api/jobs/orcas/import/', form);
    const acceptedMs = performance.now() - t0;
    if (asked.status !== 202) throw new Error(`import: ${asked.status} ${JSON.stringify(asked.body).slice(0, 300)}`);
    let op: any;
    for (;;) {
      op = (await c.get(`/api/bulk/${asked.body.id}/`)).body;
      if (op.status === 'done' || op.status === 'failed') break;
      if (performance.now() - t0 > 600_000) throw new Error(`import not done in 10 minutes: ${JSON.stringify(op)}`);
      await sleep(50);
    }
    const doneMs = performance.now() - t0;
    const events = (await eventCount()) - before;
    // And until the dashboard's read model holds every imported job.
    for (;;) {
      const n = Number((await db.query(`select count(*) from jobs where account_id = $1 and job_number like 'IMP-%'`, [me.account_id])).rows[0].count);
      if (n >= csv.jobs || performance.now() - t0 > 600_000) break;
      await sleep(50);
    }
    const shownMs = performance.now() - t0;
    if (op.status !== 'done' || op.failed) throw new Error(`import ended ${op.status} with ${op.failed} failed: ${op.message}`);
    // One event at least per CIBE line: the import wrote the file, not less.
    if (events < IMPORT_ROWS) throw new Error(`the import appended ${events} events for ${IMPORT_ROWS} rows`);

    // Baseline: the first 200 rows' jobs, tasks and lines, call by call.
    const beforeBase = await eventCount();
    const b0 = performance.now();
    const calls = await importBaselineCalls(c, 'BASE', IMPORT_BASELINE_ROWS);
    const baseMs = performance.now() - b0;
    const baseEvents = (await eventCount()) - beforeBase;

    const out = {
      rows: IMPORT_ROWS,
      jobs: csv.jobs,
      tasks: csv.tasks,
      bytes: csv.text.length,
      acceptedMs: Math.round(acceptedMs),
      doneMs: Math.round(doneMs),
      allOnDashboardMs: Math.round(shownMs),
      events,
      eventsPerSecond: perSecond(events, doneMs),
      rowsPerSecond: perSecond(IMPORT_ROWS, doneMs),
      baseline: { rows: IMPORT_BASELINE_ROWS, calls, ms: Math.round(baseMs), events: baseEvents, eventsPerSecond: perSecond(baseEvents, baseMs), rowsPerSecond: perSecond(IMPORT_BASELINE_ROWS, baseMs), extrapolatedSecondsFor5000: Math.round((baseMs / IMPORT_BASELINE_ROWS) * IMPORT_ROWS) / 1000 },
    };
    console.log(`\n  CSV import of ${int(IMPORT_ROWS)} rows (${csv.jobs} jobs, ${csv.tasks} tasks, ${(csv.text.length / 1024).toFixed(0)} KiB): 202 in ${ms(acceptedMs)}, bulk operation done in ${(doneMs / 1000).toFixed(2)} s, every job on the dashboard's read model at ${(shownMs / 1000).toFixed(2)} s`);
    console.log(`    ${int(out.rowsPerSecond)} rows/s, ${int(events)} events appended, ${int(out.eventsPerSecond)} events/s`);
    console.log(`  baseline: first ${IMPORT_BASELINE_ROWS} rows call by call (${calls} calls) in ${(baseMs / 1000).toFixed(2)} s: ${int(out.baseline.rowsPerSecond)} rows/s, ${int(out.baseline.eventsPerSecond)} events/s (5,000 rows so: ${out.baseline.extrapolatedSecondsFor5000.toFixed(0)} s)`);
    return out;
  }
} finally {
  await db.end();
  await app.stop();
}
