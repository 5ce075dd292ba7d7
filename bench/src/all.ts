/**
 * `npm run bench`: every benchmark in sequence, each in its own process (so one's pools, timers and
 * heap never weigh on the next), then a short summary from bench/results/*.json. A benchmark that
 * breaks does not hide among the figures: its old results file is removed before it runs, the summary
 * lists only the figures of those that finished, and a block naming each broken one with the end of
 * its error output closes the run (on stderr) with exit code 1. The others still run. Nothing here
 * judges a time: the figures are printed, never asserted.
 *
 *   npm run bench                      # all
 *   npm run bench -- replay live-latency   # some, by name
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resultsDir, tsxLoader } from './common.ts';
import { int, ms } from './stats.ts';

const BENCHMARKS = ['event-store', 'api-latency', 'live-latency', 'replay', 'numbers', 'reports', 'jobs', 'lists', 'as-of-lists', 'bulk', 'web-list', 'orca-task', 'orca-dashboard', 'locates', 'tickets', 'rfqs-sales', 'imports', 'audit-trail', 'verify-history', 'notifications', 'fairness', 'scale'];

const asked = process.argv.slice(2).filter((a) => a !== '--');
const unknown = asked.filter((a) => !BENCHMARKS.includes(a));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(', ')}; known: ${BENCHMARKS.join(', ')}`);
  process.exit(2);
}
const chosen = asked.length ? BENCHMARKS.filter((b) => asked.includes(b)) : BENCHMARKS;

const ERROR_TAIL_LINES = 30;

/** Runs one benchmark; its error output is passed through and its last lines kept for the closing block. */
function runOne(name: string): Promise<{ code: number; errorTail: string[] }> {
  const file = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  // A results file left by an earlier run must not pass for this run's figures.
  rmSync(`${resultsDir}${name}.json`, { force: true });
  const child = spawn(process.execPath, ['--import', tsxLoader, file], { stdio: ['inherit', 'inherit', 'pipe'] });
  const errorTail: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    errorTail.push(...chunk.toString().split('\n').filter((l) => l.trim() !== ''));
    errorTail.splice(0, Math.max(0, errorTail.length - ERROR_TAIL_LINES));
  });
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), errorTail })));
}

const outcomes: { name: string; code: number; seconds: number; errorTail: string[] }[] = [];
for (const name of chosen) {
  console.log(`\n######## ${name}\n`);
  const t0 = performance.now();
  const { code, errorTail } = await runOne(name);
  outcomes.push({ name, code, seconds: Math.round(performance.now() - t0) / 1000, errorTail });
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
      return `PUT at ${f.ratePerSecond}/s: p50 ${ms(f.latencyMs.p50)}, p95 ${ms(f.latencyMs.p95)}, p99 ${ms(f.latencyMs.p99)}; list right after a save p50 ${ms(f.readAfterWriteMs.session.p50)} by the session's position (header ${ms(f.readAfterWriteMs.header.p50)}, colleague ${ms(f.readAfterWriteMs.colleague.p50)})`;
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
        ...(f.keyset
          ? [
              `keyset p99: page 1 ${ms(f.keyset.all.first.p99)}, page ${f.keyset.deepPage} by cursor ${ms(f.keyset.all.byCursor.p99)}, by offset ${ms(f.keyset.all.byOffset.p99)}`,
              `count of ${int(f.keyset.counts.exact)}: bounded p99 ${ms(f.keyset.counts.boundedMs.p99)} (exact ${ms(f.keyset.counts.exactMs.p99)})`,
            ]
          : []),
      ].join('; ');
    case 'as-of-lists':
      return Object.entries(f.pages as Record<string, { current: { p50: number }; asOf: { p50: number } }>)
        .map(([k, r]) => `${k} p50 as of ${ms(r.asOf.p50)} (current ${ms(r.current.p50)})`)
        .concat(`${int(f.history.rows)} history rows`)
        .join('; ');
    case 'bulk':
      return `archive ${int(f.bulk.jobs)} matching jobs, worker killed midway: ${f.bulk.status} in ${f.bulk.seconds.toFixed(1)} s (${int(f.bulk.archivedOnce)} archived once, ${f.bulk.archivedMoreThanOnce} twice); baseline one PUT per record ${f.baseline.extrapolatedSeconds.toFixed(1)} s (extrapolated from ${f.baseline.sample})`;
    case 'verify-history': {
      const last = f.rounds[f.rounds.length - 1];
      return `${int(f.events)} events: verify ${int(last.verify.eventsPerSecond)} events/s vs $all read ${int(last.readAll.eventsPerSecond)} (x${f.verifyToReadAllRatio}); one account ${int(f.account.eventsPerSecond)}/s; anchor ${ms(f.anchor.ms)}`;
    }
    case 'imports':
      return `a ${int(f.lines)}-line ORCA job in commands of ${f.chunk}: loop held at most ${ms(f.now.longestStepMs)} (${ms(f.now.totalMs)} in all); baseline one command ${ms(f.before.longestStepMs)}; ${int(f.read.rows)} rows read in ${ms(f.read.utf8Ms)} (Windows-1252 ${ms(f.read.windows1252Ms)})`;
    case 'orca-task': {
      const p99 = (k: 'job' | 'task' | 'page') => `${ms(f.withCibe[k].requestMs.p99)} (no CIBE ${ms(f.baseline[k].requestMs.p99)})`;
      return `task with ${int(f.cibeLines)} CIBE lines, p99: GET job ${p99('job')}, GET task ${p99('task')}, both at once ${p99('page')}`;
    }
    case 'orca-dashboard': {
      const out: string[] = [];
      if (f.page) out.push(`${int(f.page.rows)} ORCA jobs, page p99: default ${ms(f.page.defaultFirstMs.p99)}, page ${f.page.deepPage} ${ms(f.page.defaultDeepMs.p99)}, every sort ${ms(f.page.everySortFirstMs.p99)} / ${ms(f.page.everySortDeepMs.p99)} (job list ${ms(f.page.baselineJobListMs.p99)})`);
      if (f.live) out.push(`${f.live.heldRate} writes/s held with no failure (claims ${f.live.claimedRate}; refused at the door past it: ${f.live.steps.map((r: { ratePerSecond: number; refusedWrites: number; failedWrites: number }) => `${r.ratePerSecond}/s ${r.refusedWrites} refused, ${r.failedWrites} failed`).join('; ')}), row at 50 dashboards p99 ${f.live.atHeld ? ms(f.live.atHeld.writeToRowMs.p99) : '-'} (1 at 20/s ${ms(f.live.baseline.writeToRowMs.p99)}), ${f.processes?.[0] ?? 'app'} RSS max ${Math.max(...f.live.steps.map((r: { appRssMb: { max: number } }) => r.appRssMb.max))} MB`);
      if (f.import?.rows) out.push(`import ${int(f.import.rows)} rows ${(f.import.doneMs / 1000).toFixed(1)} s, ${int(f.import.eventsPerSecond)} events/s (call by call ${int(f.import.baseline.rowsPerSecond)} rows/s vs ${int(f.import.rowsPerSecond)})`);
      return out.join('; ');
    }
    case 'audit-trail': {
      const c = f.cases as Record<string, { ms: { p99: number } }>;
      return `${int(f.rows)} trail rows, page p99: ${Object.entries(c).map(([k, v]) => `${k} ${ms(v.ms.p99)}`).join(', ')} (job list page ${ms(f.baselineJobListMs.p99)})`;
    }
    case 'notifications':
      return `${int(f.locates)} locates: first scan told ${int(f.first.told)} in ${ms(f.first.ms)}; steady scan p99 ${ms(f.steady.scan.p99)} (expiring page ${ms(f.steady.baselineExpiringPage1.p99)}); bell count p99 ${ms(f.bell['bell count'].p99)}`;
    case 'scale': {
      const h = f.hosted;
      const o = f.oneAccount;
      return `${int(h.fill.events)} events, ${int(h.fill.accounts)} accounts: replay ${int(h.replay.eventsPerSecond)} events/s (one account ${int(o.replay.eventsPerSecond)}); page 1 p99 ${ms(h.pages.first.p99)} (${ms(o.pages.first.p99)}), page ${h.pages.deepPage} by next ${ms(h.pages.deepNext.p99)}; 5,000-event job p99 ${ms(h.detail.current.p99)}; rebuild ${int(h.rebuild.eventsPerSecond)} events/s, page p99 during it ${ms(h.rebuild.pageDuring.p99)}`;
    }
    case 'fairness':
      return `B's page p99 alone ${ms(f.alone.pageMs.p99)}; while A imports ${int(f.importRows)} rows ${ms(f.import.pageMs.p99)}, bulk-archives ${int(f.archive.jobs)} jobs ${ms(f.archive.pageMs.p99)}, asks ${f.reports.burst} reports ${ms(f.reports.pageMs.p99)}; B's report after the burst ${ms(f.reports.bReportMs)} (alone ${ms(f.reports.bReportAloneMs)}), ${f.reports.reportsOfAStartedBeforeB} of A's started before it`;
    default:
      return '';
  }
}

const broken = outcomes.filter((o) => o.code !== 0);
console.log('\n######## summary\n');
for (const o of outcomes.filter((o) => o.code === 0)) console.log(`${o.name.padEnd(13)} ${String(o.seconds.toFixed(0) + ' s').padStart(5)}  ${summaryOf(o.name)}`);
if (broken.length) {
  const rule = '!'.repeat(100);
  const lines = [
    '',
    rule,
    `${broken.length} of ${outcomes.length} BENCHMARKS BROKE: ${broken.map((o) => o.name).join(', ')}. They have no figures; fix them before reading the run.`,
    ...broken.flatMap((o) => [``, `-- ${o.name} (exit ${o.code} after ${o.seconds.toFixed(0)} s), the end of its error output:`, ...(o.errorTail.length ? o.errorTail.map((l) => `   ${l}`) : ['   (nothing on stderr)'])]),
    rule,
  ];
  console.error(lines.join('\n'));
}
process.exitCode = broken.length ? 1 : 0;
