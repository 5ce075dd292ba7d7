/**
 * Bulk archive at scale (issue 13): archive 10,000 matching jobs from the job list ("all that match"
 * a search) through POST /api/bulk/, run by real worker processes; the first worker is killed
 * (SIGKILL) midway and a second one started; time from the request to done, with progress samples,
 * and a check that every job was archived by exactly one event. Baseline from the same run: the old
 * way (the web's one PUT {archived: true} per selected record, one after another over HTTP) timed on
 * a sample of records and extrapolated to the full count (an extrapolation, said so in the output).
 *
 * The jobs are made through the command handler (real streams and record_index rows, as the api
 * makes them) and projected by the app's projector. Figures are printed and written to
 * bench/results/bulk.json, never judged.
 *
 *   npx tsx bench/src/bulk.ts                  # 10,000 jobs, baseline sample 300
 *   BULK_BENCH_JOBS=1000 npx tsx bench/src/bulk.ts
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { commandHandler, type Writer } from '@trenchline/platform';
import { allocateId, createEventStore } from '@trenchline/event-store';
import { Client } from '../../tests/support/client.ts';
import { startWorkerProcess } from '../../tests/support/worker-process.ts';
import { banner, sleep, startAppProcess, tsxLoader, writeResult } from './common.ts';
import { int, line, ms, summarize } from './stats.ts';

const JOBS = Number(process.env.BULK_BENCH_JOBS ?? 10_000);
const SAMPLE = Math.min(300, JOBS);
/** The worker is killed once this share of the records is done. */
const KILL_AT = 0.4;
/** A killed worker's job is taken again once its lock expires (production default 30 s). */
const LOCK_MS = Number(process.env.BULK_BENCH_LOCK_MS ?? 5000);

const app = await startAppProcess('bench_bulk');
const db = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
const storePool = new pg.Pool({ connectionString: app.databaseUrl, max: 8 });
const store = createEventStore({ url: app.databaseUrl, pool: storePool });
const files = mkdtempSync(join(tmpdir(), 'tl-bench-bulk-'));
const workers: ChildProcess[] = [];
const figures: Record<string, unknown> = {};

/** A worker process as `npm start` runs it, on the app's database, queue and live channel (tests/support/worker-process.ts). */
function startWorker() {
  const name = new URL(app.databaseUrl).pathname.slice(1);
  const w = startWorkerProcess({ databaseUrl: app.databaseUrl, filesDir: files, liveKey: `socket.io#${name}`, queuePrefix: `bull#${name}` }, { WORKER_LOCK_MS: String(LOCK_MS) }, tsxLoader);
  workers.push(w.child);
  return w;
}

/** `n` jobs titled `title`, made through the command handler, eight at a time. */
async function makeJobs(as: Writer, n: number, title: string) {
  const commands = commandHandler({ store, pool: storePool, now: () => new Date() });
  const ids: string[] = [];
  for (let i = 0; i < n; i += 8) {
    const made = await Promise.all(
      Array.from({ length: Math.min(8, n - i) }, async (_, k) => {
        const id = await allocateId(storePool, { kind: 'job', accountId: as.accountId });
        await commands.execute(as, 'job', id, { type: 'CreateJob', jobId: id, values: { form_type: 'base', work_status: 'New', job_number: `B-${i + k}`, title: `${title} ${i + k}`, customer: 'AT&T', start_date: '2026-11-01', completion_date: '2026-12-15' } }, { create: true });
        return id;
      }),
    );
    ids.push(...made);
  }
  return ids;
}

const archivedOnce = async (ids: string[]) => {
  const { rows } = await db.query(`select count(*)::int as n from events where type = 'JobRevised' and data->'changes' ? 'archived' and stream_id = any($1) group by stream_id`, [ids.map((id) => `job-${id}`)]);
  return { archived: rows.length, twice: rows.filter((r) => r.n !== 1).length };
};

try {
  const c = await Client.signUp(app.url, 'Bench');
  const me = (await c.get('/api/auth/me')).body.user as { account_id: string; id: string; display_name: string };
  const as: Writer = { accountId: String(me.account_id), userId: String(me.id), userName: me.display_name };
  banner('bulk', `archive ${int(JOBS)} matching jobs through POST /api/bulk/, worker killed at ${KILL_AT * 100}% and restarted (lock ${LOCK_MS} ms); baseline one PUT per record on ${SAMPLE}`);

  const t0 = performance.now();
  const ids = await makeJobs(as, JOBS, 'Bulk bench');
  const sample = await makeJobs(as, SAMPLE, 'Baseline sample');
  await c.list('/api/jobs/?page=1&page_size=1&q=bulk+bench');
  for (;;) {
    const { rows } = await db.query(`select count(*)::int as n from jobs where account_id = $1 and not deleted`, [as.accountId]);
    if (rows[0].n >= JOBS + SAMPLE) break;
    await sleep(200);
  }
  const seedS = (performance.now() - t0) / 1000;
  console.log(`  made ${int(JOBS + SAMPLE)} jobs through the command handler and projected them in ${seedS.toFixed(1)} s`);

  // ---- baseline: the old way, one PUT per record, one after another ----
  const put: number[] = [];
  const tb = performance.now();
  for (const id of sample) {
    const t = performance.now();
    const r = await c.put(`/api/jobs/${id}/`, { archived: true });
    if (r.status !== 200) throw new Error(`PUT answered ${r.status}`);
    put.push(performance.now() - t);
  }
  const sampleMs = performance.now() - tb;
  const extrapolatedS = ((sampleMs / SAMPLE) * JOBS) / 1000;
  console.log(`  baseline: ${SAMPLE} PUTs in ${(sampleMs / 1000).toFixed(1)} s (${line(summarize(put))}); EXTRAPOLATED to ${int(JOBS)}: ${extrapolatedS.toFixed(1)} s`);
  figures.baseline = { method: `one PUT {archived: true} per record over HTTP, sequential, as the web's BulkActions; measured on ${SAMPLE}, extrapolated to ${JOBS}`, sample: SAMPLE, sampleSeconds: sampleMs / 1000, putMs: summarize(put), extrapolatedSeconds: extrapolatedS };

  // ---- bulk: all that match, worker killed midway ----
  const first = startWorker();
  await first.ready;
  const samples: { s: number; done: number; failed: number; status: string; label: string }[] = [];
  const tAsk = performance.now();
  const asked = await c.post('/api/bulk/', { list: 'jobs', action: 'archive', filter: { q: 'bulk bench', live_and_future: 't' } });
  if (asked.status !== 202) throw new Error(`POST /api/bulk/ answered ${asked.status}: ${JSON.stringify(asked.body)}`);
  let killedAt: { s: number; done: number } | null = null;
  let resumedAt: number | null = null;
  let op: Record<string, any> = asked.body;
  while (op.status !== 'done' && op.status !== 'failed') {
    await sleep(250);
    op = (await c.get(`/api/bulk/${asked.body.id}/`)).body;
    const s = (performance.now() - tAsk) / 1000;
    samples.push({ s: Math.round(s * 100) / 100, done: op.done, failed: op.failed, status: op.status, label: op.label });
    if (!killedAt && op.done >= JOBS * KILL_AT) {
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      killedAt = { s, done: (await c.get(`/api/bulk/${asked.body.id}/`)).body.done };
      console.log(`  killed the worker (SIGKILL) at ${s.toFixed(1)} s, ${int(killedAt.done)} done; starting another`);
      await startWorker().ready;
    }
    if (killedAt && resumedAt === null && op.done > killedAt.done) resumedAt = s;
    if (performance.now() - tAsk > 600_000) throw new Error('bulk archive not done in 10 minutes');
  }
  const totalS = (performance.now() - tAsk) / 1000;
  const once = await archivedOnce(ids);
  for (const p of samples.filter((_, i) => i % 8 === 0)) console.log(`    ${p.s.toFixed(1).padStart(6)} s  ${p.status.padEnd(8)} ${p.label.padEnd(14)} ${int(p.done).padStart(6)} done ${p.failed} failed`);
  console.log(`  bulk archive of ${int(JOBS)}: ${op.status} in ${totalS.toFixed(1)} s (total ${op.total}, done ${op.done}, failed ${op.failed}); resumed ${resumedAt && killedAt ? (resumedAt - killedAt.s).toFixed(1) : '?'} s after the kill`);
  console.log(`  archived by exactly one event: ${int(once.archived)} of ${int(JOBS)} (${once.twice} twice); ${(totalS / extrapolatedS).toFixed(3)} of the baseline's extrapolated time`);
  figures.bulk = { jobs: JOBS, status: op.status, seconds: totalS, total: op.total, done: op.done, failed: op.failed, killedAt, resumedAfterKillSeconds: resumedAt && killedAt ? resumedAt - killedAt.s : null, lockMs: LOCK_MS, recordsPerSecond: JOBS / totalS, archivedOnce: once.archived, archivedMoreThanOnce: once.twice, progress: samples };
  figures.ratioToBaseline = totalS / extrapolatedS;
  console.log(`  put p50 ${ms(summarize(put).p50)} per record`);
  writeResult('bulk', figures);
} finally {
  for (const w of workers) w.kill('SIGKILL');
  await store.close();
  await storePool.end();
  await db.end();
  await app.stop();
  rmSync(files, { recursive: true, force: true });
}
