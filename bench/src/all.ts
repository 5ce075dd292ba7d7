/**
 * `npm run bench`: every benchmark in sequence, each in its own process (so one's pools, timers and
 * heap never weigh on the next), then a short summary from bench/results/*.json. A benchmark that
 * fails is reported and the others still run; the exit code is 1 if any failed. Nothing here judges
 * a time: the figures are printed, never asserted.
 *
 *   npm run bench                      # all
 *   npm run bench -- replay live-latency   # some, by name
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resultsDir, tsxLoader } from './common.ts';
import { int, ms } from './stats.ts';

const BENCHMARKS = ['event-store', 'api-latency', 'live-latency', 'replay', 'numbers', 'reports', 'jobs', 'lists', 'bulk', 'web-list', 'orca-task', 'orca-dashboard', 'locates', 'tickets', 'rfqs-sales'];

const asked = process.argv.slice(2).filter((a) => a !== '--');
const unknown = asked.filter((a) => !BENCHMARKS.includes(a));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(', ')}; known: ${BENCHMARKS.join(', ')}`);
  process.exit(2);
}
const chosen = asked.length ? BENCHMARKS.filter((b) => asked.includes(b)) : BENCHMARKS;

function runOne(name: string): Promise<number> {
  const file = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  const child = spawn(process.execPath, ['--import', tsxLoader, file], { stdio: 'inherit' });
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const outcomes: { name: string; code: number; seconds: number }[] = [];
for (const name of chosen) {
  console.log(`\n######## ${name}\n`);
  const t0 = performance.now();
  const code = await runOne(name);
  outcomes.push({ name, code, seconds: Math.round(performance.now() - t0) / 1000 });
}

/** One line of figures per benchmark, read back from its results file. */
function summaryOf(name: string): string {
  const file = `${resultsDir}${name}.json`;
  if (!existsSync(file)) return '(no results file)';
  const f = JSON.parse(readFileSync(file, 'utf8')).figures;
  switch (name) {
    case 'event-store': {
      const w = (n: number) => f.appends[`writers_${n}`];
      return [1, 8]
        .filter((n) => w(n))
        .map((n) => `${n}w ${int(w(n).eventStore.perSecond)} appends/s vs ${int(w(n).plainInsert.perSecond)} plain (x${w(n).eventStoreToPlainRatio})`)
        .concat(`$all ${int(f.readAll.pass2.eventsPerSecond)} events/s`)
        .join('; ');
    }
    case 'api-latency':
      return `PUT at ${f.ratePerSecond}/s: p50 ${ms(f.latencyMs.p50)}, p95 ${ms(f.latencyMs.p95)}, p99 ${ms(f.latencyMs.p99)}`;
    case 'live-latency':
      return `write -> row: p50 ${ms(f.writeToRowMs.p50)}, p99 ${ms(f.writeToRowMs.p99)}, missed ${f.missed}`;
    case 'replay':
      return Object.entries(f.projections as Record<string, { eventsPerSecond: number }>)
        .map(([p, r]) => `${p} ${int(r.eventsPerSecond)}/s`)
        .concat(`all ${int(f.total.eventsPerSecond)} events/s`)
        .join('; ');
    case 'numbers':
      return `allocation with ${f.clients} clients: p50 ${ms(f.latencyMs.p50)}, p99 ${ms(f.latencyMs.p99)}, ${int(f.allocationsPerSecond)}/s`;
    case 'reports':
      return Object.entries(f.projects as Record<string, Record<string, { requestMs: { p50: number } }>>)
        .map(([n, r]) => `${n}: xlsx ${ms(r.xlsx.requestMs.p50)}, pdf ${ms(r.pdf.requestMs.p50)}`)
        .join('; ');
    case 'jobs': {
      const r = (k: string) => f.reports[k]?.requestMs?.p50;
      return [
        `list of ${int(f.list.rows)}: p99 ${ms(f.list.savedMonth.requestMs.p99)} (saved month, ${int(f.list.savedMonth.rows)} rows), p99 ${ms(f.list.everything.requestMs.p99)} (all ${int(f.list.everything.rows)})`,
        `detail of ${int(f.detail.events)} events p50 ${ms(f.detail.record.requestMs.p50)}, p99 ${ms(f.detail.record.requestMs.p99)}`,
        `management ${int(f.reports.jobs)} jobs: xlsx ${ms(r('management.xlsx'))}, pdf ${ms(r('management.pdf'))}`,
      ].join('; ');
    }
    case 'lists':
      return [
        `job list of ${int(f.rows)}, page+count p99: page 1 ${ms(f.firstPageMs.p99)}, page ${f.deepPage} ${ms(f.deepPageMs.p99)} (unpaged ${ms(f.baselineUnpagedMs.p99)})`,
        `q p99 ${Object.values(f.search as Record<string, { q: string; pageMs: { p99: number } }>).map((s) => `${s.q} ${ms(s.pageMs.p99)}`).join(', ')}`,
        `RSS ${f.rssMb.pages} MB (unpaged ${f.rssMb.baselineUnpaged} MB)`,
      ].join('; ');
    case 'bulk':
      return `archive ${int(f.bulk.jobs)} matching jobs, worker killed midway: ${f.bulk.status} in ${f.bulk.seconds.toFixed(1)} s (${int(f.bulk.archivedOnce)} archived once, ${f.bulk.archivedMoreThanOnce} twice); baseline one PUT per record ${f.baseline.extrapolatedSeconds.toFixed(1)} s (extrapolated from ${f.baseline.sample})`;
    case 'orca-task': {
      const p99 = (k: 'job' | 'task' | 'page') => `${ms(f.withCibe[k].requestMs.p99)} (no CIBE ${ms(f.baseline[k].requestMs.p99)})`;
      return `task with ${int(f.cibeLines)} CIBE lines, p99: GET job ${p99('job')}, GET task ${p99('task')}, both at once ${p99('page')}`;
    }
    case 'orca-dashboard': {
      const out: string[] = [];
      if (f.page) out.push(`${int(f.page.rows)} ORCA jobs, page p99: default ${ms(f.page.defaultFirstMs.p99)}, page ${f.page.deepPage} ${ms(f.page.defaultDeepMs.p99)}, every sort ${ms(f.page.everySortFirstMs.p99)} / ${ms(f.page.everySortDeepMs.p99)} (job list ${ms(f.page.baselineJobListMs.p99)})`);
      if (f.live) out.push(`row at ${f.live.loaded.dashboards} dashboards, 100 writes/s: p99 ${ms(f.live.loaded.writeToRowMs.p99)}, missed ${f.live.loaded.missed} (1 at 20/s ${ms(f.live.baseline.writeToRowMs.p99)})`);
      if (f.import?.rows) out.push(`import ${int(f.import.rows)} rows ${(f.import.doneMs / 1000).toFixed(1)} s, ${int(f.import.eventsPerSecond)} events/s (call by call ${int(f.import.baseline.rowsPerSecond)} rows/s vs ${int(f.import.rowsPerSecond)})`);
      return out.join('; ');
    }
    default:
      return '';
  }
}

console.log('\n######## summary\n');
for (const o of outcomes) {
  const status = o.code === 0 ? 'ok' : `FAILED (exit ${o.code})`;
  console.log(`${o.name.padEnd(13)} ${status.padEnd(6)} ${String(o.seconds.toFixed(0) + ' s').padStart(5)}  ${o.code === 0 ? summaryOf(o.name) : ''}`);
}
process.exitCode = outcomes.some((o) => o.code !== 0) ? 1 : 0;
