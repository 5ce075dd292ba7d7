/**
 * The project management report for 1, 100 and 2,000 projects, in XLSX and PDF: the time from the
 * request to the file in hand (API -> queue -> worker -> blob -> answer), and the worker's own share
 * (its ReportStarted to its ReportGenerated). The app, projector and worker run in a child process.
 *
 *   npx tsx bench/src/reports.ts
 */
import pg from 'pg';
import { Client } from '../../tests/support/client.ts';
import { banner, startAppProcess, writeResult } from './common.ts';
import { line, summarize } from './stats.ts';

const SIZES = [1, 100, 2000];
const RUNS: Record<number, number> = { 1: 10, 100: 6, 2000: 3 };
const STATUSES = ['New', 'Field Visit', 'To Estimate', 'Submitted', 'Won'];

const app = await startAppProcess('bench_reports', { worker: true });
const db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
try {
  const c = await Client.signUp(app.url, 'Bench');
  banner('reports', `project management report for ${SIZES.join(', ')} projects, xlsx and pdf, worker in the app process`);
  const ids: string[] = [];
  const t0 = performance.now();
  // Eight at a time: realistic projects with every column of the report filled.
  for (let i = 0; i < 2000; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, 2000 - i) }, (_, k) => {
        const n = i + k;
        const day = String(1 + (n % 28)).padStart(2, '0');
        return c.post('/api/projects/', {
          name: `Project ${n} fibre build`,
          customer: n % 2 ? 'AT&T' : 'Lumen',
          status: STATUSES[n % STATUSES.length],
          start_date: `2026-10-${day}`,
          due_date: `2027-0${1 + (n % 9)}-${day}`,
          po_number: `PO-${10000 + n}`,
          po_amount: 1000 + n * 12.34,
          address: `${100 + n} Main St`,
          city: 'Tulsa',
          state: 'OK',
        });
      }),
    );
    for (const r of batch) {
      if (r.status !== 201) throw new Error(`create answered ${r.status}`);
      ids.push(r.body.id);
    }
  }
  for (const id of ids.slice(0, 100)) await c.post(`/api/project/${id}/notes/`, { note: `Crew scheduled; locate tickets called in for project ${id}.` });
  await c.list('/api/projects/?active=t');
  console.log(`  created 2,000 projects (+100 notes) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const workerMs = async (reportId: string) => {
    const rows = (await db.query("select type, recorded_at as at from events where stream_id = $1 order by stream_version", [`report-${reportId}`])).rows;
    const started = rows.filter((r) => r.type === 'ReportStarted').pop();
    const done = rows.find((r) => r.type === 'ReportGenerated');
    return started && done ? done.at.getTime() - started.at.getTime() : NaN;
  };

  const figures: Record<string, Record<string, unknown>> = {};
  for (const size of SIZES) {
    figures[size] = {};
    for (const format of ['xlsx', 'pdf'] as const) {
      const request: number[] = [];
      const worker: number[] = [];
      let bytes = 0;
      for (let run = 0; run < RUNS[size] + 1; run++) {
        const t = performance.now();
        const r = await c.download(`/api/projects/report/management/?ids=${ids.slice(0, size).join(',')}&format=${format}`);
        const took = performance.now() - t;
        if (r.status !== 200) throw new Error(`report answered ${r.status}: ${r.bytes.toString().slice(0, 200)}`);
        if (run === 0) continue; // warm-up
        request.push(took);
        bytes = r.bytes.length;
        const list = await c.list('/api/reports/');
        worker.push(await workerMs(list.body[0].id));
      }
      const req = summarize(request);
      const wrk = summarize(worker.filter(Number.isFinite));
      console.log(`  ${`${size} projects, ${format}`.padEnd(22)} request ${line(req)}   worker ${line(wrk)}   ${(bytes / 1024).toFixed(0)} KiB`);
      figures[size][format] = { requestMs: req, workerMs: wrk, bytes, runs: RUNS[size] };
    }
  }
  writeResult('reports', { projects: figures });
} finally {
  await db.end();
  await app.stop();
}
