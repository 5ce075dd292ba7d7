/**
 * Jobs at size (issue 5): (1) the job list query with 100,000 jobs in the read model, (2) the detail
 * load of one job with 5,000 events, (3) the job reports for 1,000 jobs (management in xlsx and pdf,
 * the others in xlsx). The app, projector and worker run in a child process; figures are printed and
 * written to bench/results/jobs.json, never judged.
 *
 * - The 100,000 list rows are inserted straight into the `jobs` read model (job-rows.ts: one real job
 *   made over the API is the template of every row, varied per row; typed columns and search text
 *   from the list's declaration).
 * - The 5,000 events are decided by the command handler on the job's running fold and appended (line
 *   ids from record_index, as the API allocates them), 50 commands per append. Its detail is measured
 *   from its snapshots and, beside it, with its snapshots removed (the full fold: the baseline).
 *
 *   npx tsx bench/src/jobs.ts        (BENCH_JOBS_SMALL=1: 10,000 list rows and 100 report jobs, to check it runs)
 */
import pg from 'pg';
import { commandHandler, rebuildSnapshots } from '@trenchline/platform';
import { createEventStore } from '@trenchline/event-store';
import { Client } from '../../tests/support/client.ts';
import { banner, sleep, startAppProcess, writeResult } from './common.ts';
import { int, line, summarize } from './stats.ts';
import { FIRST_ID, insertJobRows, makeTemplateJob } from './job-rows.ts';
import { appendLongJob } from './long-job.ts';

const SMALL = process.env.BENCH_JOBS_SMALL === '1';
const LIST_ROWS = SMALL ? 10_000 : 100_000;
const DETAIL_EVENTS = 5_000;
const REPORT_JOBS = SMALL ? 100 : 1_000;

const app = await startAppProcess('bench_jobs', { worker: true });
const db = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
const store = createEventStore({ url: app.databaseUrl });
const figures: Record<string, unknown> = {};

async function time<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const r = await f();
  return [performance.now() - t, r];
}

async function ok(c: Client, path: string, body: Record<string, unknown>) {
  const r = await c.post(path, body);
  if (r.status !== 201 && r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Record<string, any>;
}

try {
  const c = await Client.signUp(app.url, 'Bench');
  const me = (await c.get('/api/auth/me')).body.user as { account_id: string; id: string; display_name: string };
  banner('jobs', `job list with ${int(LIST_ROWS)} jobs, detail of a job with ${int(DETAIL_EVENTS)} events, job reports for ${int(REPORT_JOBS)} jobs`);

  // ---- (1) 100,000 rows straight into the jobs read model (job-rows.ts) ----
  const templateId = await makeTemplateJob(c);
  await c.list('/api/jobs/');
  const { insertMs, tableSize } = await insertJobRows(db, me.account_id, templateId, LIST_ROWS);
  console.log(`  inserted ${int(LIST_ROWS)} job rows in ${(insertMs / 1000).toFixed(1)} s (jobs table ${tableSize})`);

  const listRuns = async (label: string, path: string, runs: number) => {
    const ms: number[] = [];
    let rows = 0;
    let bytes = 0;
    for (let r = 0; r < runs + 1; r++) {
      const t = performance.now();
      const res = await fetch(app.url + path, { headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
      const text = await res.text();
      const took = performance.now() - t;
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
      if (r === 0) continue; // warm-up
      ms.push(took);
      bytes = text.length;
      rows = (JSON.parse(text) as unknown[]).length;
    }
    const s = summarize(ms);
    console.log(`  ${label.padEnd(46)} ${line(s)}   ${int(rows)} rows, ${(bytes / 1024 / 1024).toFixed(1)} MiB`);
    return { path, requestMs: s, rows, bytes, runs };
  };

  const list: Record<string, unknown> = {};
  // A user whose saved search dates are one month (what the list applies when the query names no range).
  const saved = await c.put('/api/jobs/search_dates/', { start_date: '2026-11-01', end_date: '2026-11-30', live_and_future: false });
  if (saved.status !== 200) throw new Error(`saving search dates: ${saved.status} ${JSON.stringify(saved.body)}`);
  list.savedMonth = await listRuns('?active=t&archived=f, saved dates = 1 month', '/api/jobs/?active=t&archived=f', 100);
  list.explicitWeek = await listRuns('?active=t&archived=f&start_date&stop_date 1 week', '/api/jobs/?active=t&archived=f&start_date=2026-11-16&stop_date=2026-11-22', 100);
  list.search = await listRuns('?active=t&archived=f&q=highway, saved month', '/api/jobs/?active=t&archived=f&q=highway', 50);
  // No saved dates: the whole active list (~90,000 rows), as the endpoint answers it today.
  await c.put('/api/jobs/search_dates/', { start_date: null, end_date: null });
  list.everything = await listRuns('?active=t&archived=f, no dates (all active)', '/api/jobs/?active=t&archived=f', 5);
  figures.list = { rows: LIST_ROWS, insertMs: Math.round(insertMs), tableSize, ...list };

  // ---- (2) one job with 5,000 events, appended by the command handler ----
  const big = await ok(c, '/api/jobs/', { form_type: 'base', title: 'Long-running job', customer: 'AT&T', job_number: 'BIG-1', completion_date: '2026-12-15' });
  const writer = { accountId: me.account_id, userId: me.id, userName: me.display_name };
  const long = await appendLongJob({ store, db, writer, id: big.id, events: DETAIL_EVENTS });
  const { stream, version, firstAt, appendMs, itemIds } = long;
  const commandsOf = commandHandler({ store, pool: db, now: () => new Date() });
  console.log(`\n  appended events to ${stream} (now ${int(version)} events) in ${(appendMs / 1000).toFixed(1)} s`);
  // Let the projector settle so it does not share the measured window.
  for (let t = 0; t < 600; t++) {
    const row = (await db.query('select version from jobs where id = $1', [big.id])).rows[0];
    if (row && row.version >= version) break;
    await sleep(100);
  }
  const detail = async (label: string, path: string, runs: number) => {
    const ms: number[] = [];
    let bytes = 0;
    for (let r = 0; r < runs + 2; r++) {
      const t = performance.now();
      const res = await c.get(path);
      const took = performance.now() - t;
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      if (r < 2) continue;
      ms.push(took);
      bytes = JSON.stringify(res.body).length;
    }
    const s = summarize(ms);
    console.log(`  ${label.padEnd(46)} ${line(s)}   ${(bytes / 1024).toFixed(0)} KiB`);
    return { path, requestMs: s, bytes, runs };
  };
  const detailFigures: Record<string, unknown> = { events: version, appendMs: Math.round(appendMs) };
  const kept = (await db.query<{ n: number }>('select count(*)::int as n from record_snapshots where stream_id = $1', [stream])).rows[0].n;
  console.log(`  snapshots kept by the appends: ${kept}`);
  const asOf = new Date(firstAt + (DETAIL_EVENTS / 2) * 1000 + 500).toISOString();
  // The baseline first: the same calls with the job's snapshots removed (every read folds all its events).
  await db.query('delete from record_snapshots where stream_id = $1', [stream]);
  const baseline = {
    record: await detail(`GET /api/jobs/{id}/, full fold (baseline)`, `/api/jobs/${big.id}/`, 50),
    asOf: await detail(`GET /api/jobs/{id}/?as_of=mid, full fold (baseline)`, `/api/jobs/${big.id}/?as_of=${asOf}`, 50),
  };
  const rebuilt = await rebuildSnapshots({ pool: db, store });
  console.log(`  snapshots rebuilt: ${rebuilt.snapshots} of ${rebuilt.streams} streams in ${rebuilt.seconds.toFixed(2)} s`);
  detailFigures.record = await detail(`GET /api/jobs/{id}/ (${int(version)} events), snapshot`, `/api/jobs/${big.id}/`, 200);
  detailFigures.asOf = await detail(`GET /api/jobs/{id}/?as_of=mid, snapshot`, `/api/jobs/${big.id}/?as_of=${asOf}`, 100);
  detailFigures.baseline = baseline;
  detailFigures.snapshots = { keptByAppends: kept, rebuilt };
  // In process (no HTTP): the command handler's load, from snapshots and ignoring them.
  const loads = async (label: string, h: typeof commandsOf, runs: number) => {
    const ms: number[] = [];
    for (let r = 0; r < runs + 2; r++) {
      const [took] = await time(() => h.load(writer, 'job', big.id));
      if (r >= 2) ms.push(took);
    }
    const s = summarize(ms);
    console.log(`  ${label.padEnd(46)} ${line(s)}`);
    return s;
  };
  detailFigures.load = {
    snapshot: await loads('load, snapshot', commandsOf, 100),
    baseline: await loads('load, full fold (baseline)', commandHandler({ store, pool: db, now: () => new Date(), ignoreSnapshots: true }), 30),
  };
  const related = await c.get(`/api/jobs/job_with_related/${big.id}/`);
  if (related.status === 200) detailFigures.withRelated = await detail(`GET /api/jobs/job_with_related/{id}/`, `/api/jobs/job_with_related/${big.id}/`, 30);
  // Saves of the long job: without a version (the baseline: fold and decide), and from a version
  // its author saw (fold while following the edited part since, then merge by field).
  const save = async (label: string, path: string, body: (run: number) => Record<string, unknown>, runs: number) => {
    const ms: number[] = [];
    for (let r = 0; r < runs + 2; r++) {
      const t = performance.now();
      const res = await c.put(path, body(r));
      const took = performance.now() - t;
      if (res.status !== 200) throw new Error(`PUT ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      if (r >= 2) ms.push(took);
    }
    const s = summarize(ms);
    console.log(`  ${label.padEnd(46)} ${line(s)}`);
    return { path, requestMs: s, runs };
  };
  const staleVersion = version - 4000;
  const item = itemIds[7];
  detailFigures.saves = {
    noVersion: await save('PUT job, no version (baseline)', `/api/jobs/${big.id}/`, (r) => ({ title: `Title A${r}` }), 30),
    currentVersion: await save('PUT job, from its current version', `/api/jobs/${big.id}/`, (r) => ({ title: `Title B${r}`, version: version + 32 + r }), 30),
    staleVersion: await save('PUT job, from a version 4,000 events old', `/api/jobs/${big.id}/`, (r) => ({ title: `Title C${r}`, version: staleVersion }), 30),
    lineStale: await save('PUT item, from a version 4,000 events old', `/api/jobs/items/${item}/`, (r) => ({ description: `Edited ${r}`, version: staleVersion }), 30),
  };
  figures.detail = detailFigures;

  // ---- (3) the job reports for 1,000 jobs (of the 100,000 rows) ----
  const ids = Array.from({ length: REPORT_JOBS }, (_, i) => String(FIRST_ID + i)).join(',');
  const workerMs = async (reportId: string) => {
    const rows = (await db.query('select type, recorded_at as at from events where stream_id = $1 order by stream_version', [`report-${reportId}`])).rows;
    const started = rows.filter((r) => r.type === 'ReportStarted').pop();
    const done = rows.find((r) => r.type === 'ReportGenerated');
    return started && done ? done.at.getTime() - started.at.getTime() : NaN;
  };
  const reports: Record<string, unknown> = {};
  console.log('');
  for (const [name, formats, runs] of [['management', ['xlsx', 'pdf'], 5], ['ops', ['xlsx', 'pdf'], 3], ['segment_production', ['xlsx'], 3], ['crew', ['xlsx'], 3]] as const) {
    for (const format of formats) {
      const request: number[] = [];
      const worker: number[] = [];
      let bytes = 0;
      for (let run = 0; run < runs + 1; run++) {
        const [took, r] = await time(() => c.download(`/api/jobs/report/${name}/?ids=${ids}&format=${format}`));
        if (r.status !== 200) throw new Error(`${name} report answered ${r.status}: ${r.bytes.toString().slice(0, 200)}`);
        if (run === 0) continue;
        request.push(took);
        bytes = r.bytes.length;
        worker.push(await workerMs((await c.list('/api/reports/')).body[0].id));
      }
      const req = summarize(request);
      const wrk = summarize(worker.filter(Number.isFinite));
      console.log(`  ${`${name}, ${int(REPORT_JOBS)} jobs, ${format}`.padEnd(34)} request ${line(req)}   worker ${line(wrk)}   ${(bytes / 1024).toFixed(0)} KiB`);
      reports[`${name}.${format}`] = { requestMs: req, workerMs: wrk, bytes, runs };
    }
  }
  figures.reports = { jobs: REPORT_JOBS, ...reports };
  writeResult('jobs', figures);
} finally {
  await store.close();
  await db.end();
  await app.stop();
}
