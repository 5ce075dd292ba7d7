/**
 * No account slows another (issue 34). Account B reads its job list page (100 rows) again and again:
 * alone (the baseline, same run), then while account A imports a CSV, bulk-archives its imported jobs
 * and asks a burst of reports; and B asks one report alone, then right after A's burst: its delay
 * (asked -> generated) beside alone, and how many of A's reports started before it. Every figure is
 * printed beside its baseline and written to bench/results/fairness.json; nothing here judges a time.
 *
 * The app runs as deployed (common.ts startDeployed: the api, projector and worker each its own
 * process); BENCH_ONE_PROCESS=1 runs all three in one process instead, as the tests do.
 *
 *   npm run bench -- fairness
 *   BENCH_FAIR_IMPORT_ROWS=5000 BENCH_FAIR_REPORTS=10 npx tsx bench/src/fairness.ts   # smaller, on a busy machine
 */
import pg from 'pg';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { Client } from '../../tests/support/client.ts';
import { banner, sleep, startAppProcess, startDeployed, timedGets, writeResult } from './common.ts';
import { int, line, ms, summarize, type Summary } from './stats.ts';
import { importCsv } from './orca-import-rows.ts';

/** An import takes at most 20,000 rows (ORCA_IMPORT_LIMITS): more are sent as several imports. */
const IMPORT_ROWS = Number(process.env.BENCH_FAIR_IMPORT_ROWS ?? 50_000);
const IMPORT_PER_FILE = 20_000;
const REPORTS = Number(process.env.BENCH_FAIR_REPORTS ?? 50);
const B_JOBS = 30;
/** B's pages alone: its p99 is the 30th slowest, steadier than the 10th of 1,000 (11 to 17 ms across runs of one box). */
const BASELINE_PAGES = 3000;

const ONE_PROCESS = Boolean(process.env.BENCH_ONE_PROCESS);
const app = ONE_PROCESS ? await startAppProcess('bench_fairness', { worker: true }) : await startDeployed('bench_fairness', { worker: true });
const db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
const figures: Record<string, unknown> = { importRows: IMPORT_ROWS, reports: REPORTS, loadAverageAtStart: loadavg()[0], processes: ONE_PROCESS ? 'api, projector and worker in one process' : 'api, projector and worker each its own process (as deployed)' };

try {
  banner('fairness', `account B's list page and report while account A imports ${int(IMPORT_ROWS)} CSV rows, bulk-archives them and asks ${REPORTS} reports; ${figures.processes}`);
  const a = await Client.signUp(app.url, 'Alpha');
  const b = await Client.signUp(app.url, 'Bravo');
  const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const bJobs: string[] = [];
  for (let n = 0; n < B_JOBS; n++) bJobs.push((await ok(b.post('/api/jobs/new/', { form_type: 'base', title: `Bravo job ${n}` }), 201)).id);
  const bProject = await ok(b.post('/api/projects/', { name: 'Bravo report', project_number: 'B-1' }), 201);
  const aProject = await ok(a.post('/api/projects/', { name: 'Alpha report', project_number: 'A-1' }), 201);
  const page = '/api/jobs/?page=1&page_size=100';

  // B alone: pages, then one report.
  await timedGets(app.url, cookieOf(b), page, 5);
  const alone = await bPages(BASELINE_PAGES).finished;
  const reportAlone = await reportDelay(b, bProject.id);
  // A colleague of B's saves a job and reads its list holding that save (X-Min-Position): waits on the
  // projector, so it shows A's backlog there. Another session than the page reader's: a session's read
  // waits for its own last write, and B's pages would count the save's wait only while A works.
  const bSaver = await b.addColleague('Bravo Saver');
  let saves = 0;
  const bSaveSeen = async () => {
    const t = performance.now();
    await ok(bSaver.put(`/api/jobs/${bJobs[saves++ % B_JOBS]}/`, { title: `Bravo job saved ${saves}` }), 200);
    await ok(bSaver.list(page), 200);
    return performance.now() - t;
  };
  const savesAlone: number[] = [];
  for (let n = 0; n < 20; n++) savesAlone.push(await bSaveSeen());
  figures.alone = { pageMs: summarize(alone), reportMs: reportAlone.ms, saveSeenMs: summarize(savesAlone) };
  console.log(`  B alone: page ${line(summarize(alone))}; one report asked -> generated ${ms(reportAlone.ms)}; a save to the list that holds it ${line(summarize(savesAlone))}`);

  // B's pages while A works: read back to back until A's work is done; beside them, a save every second.
  async function pagesWhile(work: Promise<unknown>, o: { saves?: number[] } = {}): Promise<Summary> {
    let done = false;
    const finished = work.finally(() => void (done = true));
    const saving = (async () => {
      while (o.saves && !done) {
        o.saves.push(await bSaveSeen());
        await sleep(1000);
      }
    })();
    // This process's own loop delay beside: B's pages are timed in their own thread, out of its reach.
    const held = monitorEventLoopDelay({ resolution: 10 });
    held.enable();
    const reading = bPages();
    await finished;
    const times = await reading.stop();
    await saving;
    held.disable();
    console.log(`    (this client's own event loop held at most ${ms(held.max / 1e6)})`);
    return summarize(times);
  }

  // A imports (in files of at most 20,000 rows), one after another. The files are made first: making one
  // holds this process for a moment, which would count in the page B is reading then.
  const files: string[] = [];
  for (let from = 0; from < IMPORT_ROWS; from += IMPORT_PER_FILE) files.push(importCsv(`FAIR${files.length}`, Math.min(IMPORT_PER_FILE, IMPORT_ROWS - from)).text);
  const importing = (async () => {
    for (const text of files) {
      const csv = { text };
      const form = new FormData();
      form.append('file', new Blob([csv.text], { type: 'text/csv' }), 'fair.csv');
      const asked = await a.request('POST', '/api/jobs/orcas/import/', form);
      if (asked.status !== 202) throw new Error(`import: ${asked.status} ${JSON.stringify(asked.body).slice(0, 300)}`);
      await operationDone(a, asked.body.id);
    }
  })();
  const t0 = performance.now();
  const savesDuringImport: number[] = [];
  const duringImport = await pagesWhile(importing, { saves: savesDuringImport });
  figures.import = { pageMs: duringImport, saveSeenMs: summarize(savesDuringImport), seconds: Math.round(performance.now() - t0) / 1000 };
  console.log(`  while A imports ${int(IMPORT_ROWS)} rows (${((performance.now() - t0) / 1000).toFixed(1)} s): B's page ${line(duringImport)}  (alone p99 ${ms(figures.alone ? summarize(alone).p99 : NaN)})`);
  console.log(`    B's save to the list that holds it ${line(summarize(savesDuringImport))}`);

  // A bulk-archives every job it imported.
  const archiving = (async () => {
    const asked = await a.post('/api/bulk/', { list: 'jobs', action: 'archive', filter: { q: 'FAIR', live_and_future: 't' } });
    if (asked.status !== 202) throw new Error(`bulk archive: ${asked.status} ${JSON.stringify(asked.body).slice(0, 300)}`);
    return operationDone(a, asked.body.id);
  })();
  const t1 = performance.now();
  const duringArchive = await pagesWhile(archiving);
  const archived = await archiving;
  figures.archive = { jobs: archived.total, pageMs: duringArchive, seconds: Math.round(performance.now() - t1) / 1000 };
  console.log(`  while A bulk-archives ${int(archived.total)} jobs (${((performance.now() - t1) / 1000).toFixed(1)} s): B's page ${line(duringArchive)}`);

  // A asks a burst of reports; B asks one right after.
  const burst = Array.from({ length: REPORTS }, () => a.request('GET', `/api/projects/report/management/?ids=${aProject.id}&format=xlsx`));
  // B asks once every report of A's burst is requested (queued), so it truly comes after them.
  while (Number((await db.query(`select count(*) from events where type = 'ReportRequested' and account_id = (select account_id from record_index where id = $1::bigint)`, [aProject.id])).rows[0].count) < REPORTS) await sleep(20);
  const bAfterBurst = reportDelay(b, bProject.id);
  const duringReports = await pagesWhile(Promise.all([Promise.all(burst), bAfterBurst]));
  const bReport = await bAfterBurst;
  const startedBefore = Number(
    (await db.query(`select count(*) from events where type = 'ReportStarted' and stream_id <> $1 and global_position < (select min(global_position) from events where stream_id = $1 and type = 'ReportStarted')`, [`report-${bReport.id}`])).rows[0].count,
  ) - 1; // B's report alone started once before the burst
  figures.reports = { pageMs: duringReports, bReportMs: bReport.ms, bReportAloneMs: reportAlone.ms, reportsOfAStartedBeforeB: startedBefore, burst: REPORTS };
  console.log(`  while A asks ${REPORTS} reports: B's page ${line(duringReports)}`);
  console.log(`  B's report asked right after A's burst: generated in ${ms(bReport.ms)} (alone ${ms(reportAlone.ms)}); A's reports started before it: ${startedBefore} of ${REPORTS}`);
  console.log(`\n  B's page p99: alone ${ms(summarize(alone).p99)}, during import ${ms(duringImport.p99)}, bulk archive ${ms(duringArchive.p99)}, report burst ${ms(duringReports.p99)}; load average ${loadavg()[0].toFixed(2)}`);
  writeResult('fairness', figures);

  /**
   * B's pages read back to back in a thread of their own: this process also makes and sends A's files
   * and polls A's operations, which held its event loop up to 30 ms, and a page timed on that loop
   * counted the hold as the app's. `runs` pages, or until stopped; their times.
   */
  function bPages(runs = Infinity): { finished: Promise<number[]>; stop(): Promise<number[]> } {
    const reader = new Worker(
      `const { parentPort, workerData: w } = require('node:worker_threads');
       let stopping = false;
       parentPort.on('message', () => (stopping = true));
       (async () => {
         const times = [];
         while (!stopping && times.length < w.runs) {
           const t = performance.now();
           const res = await fetch(w.url, { headers: { cookie: w.cookie } });
           const text = await res.text();
           if (res.status !== 200) throw new Error(w.url + ': ' + res.status + ' ' + text.slice(0, 200));
           times.push(performance.now() - t);
         }
         parentPort.postMessage(times);
       })();`,
      { eval: true, workerData: { url: app.url + page, cookie: cookieOf(b), runs } },
    );
    const finished = new Promise<number[]>((resolve, reject) => {
      reader.once('message', (times: number[]) => void reader.terminate().then(() => resolve(times)));
      reader.once('error', reject);
    });
    return { finished, stop: () => (reader.postMessage('stop'), finished) };
  }

  /** A bulk operation's end (import, archive): its stored counts. */
  async function operationDone(c: Client, id: string): Promise<{ total: number; done: number }> {
    for (;;) {
      const op = (await c.get(`/api/bulk/${id}/`)).body;
      if (op.status === 'done') return op;
      if (op.status === 'failed' || op.status === 'cancelled') throw new Error(`operation ${id} ended ${op.status}: ${op.message}`);
      await sleep(250);
    }
  }

  /** One report asked by `c` of its project, to its ReportGenerated: ms, and the report's id. */
  async function reportDelay(c: Client, projectId: string): Promise<{ ms: number; id: string }> {
    const t = performance.now();
    const asked = await c.request('GET', `/api/projects/report/management/?ids=${projectId}&format=xlsx`);
    if (asked.status !== 200 && asked.status !== 202) throw new Error(`report: ${asked.status}`);
    const id = await (async () => {
      for (;;) {
        const r = (await db.query(`select stream_id from events where type = 'ReportRequested' and account_id = (select account_id from record_index where id = $1::bigint) order by global_position desc limit 1`, [projectId])).rows[0];
        if (r) return String(r.stream_id).replace(/^report-/, '');
        await sleep(20);
      }
    })();
    for (;;) {
      if ((await db.query(`select 1 from events where stream_id = $1 and type = 'ReportGenerated'`, [`report-${id}`])).rowCount) return { ms: performance.now() - t, id };
      await sleep(20);
    }
  }
} finally {
  await db.end();
  await app.stop();
}

async function ok<T = any>(r: Promise<{ status: number; body: T }>, status: number): Promise<T> {
  const res = await r;
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body;
}
