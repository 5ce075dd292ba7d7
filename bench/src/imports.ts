/**
 * The ORCA import's own work, in process (issue 29): a job of 2,000 CIBE lines decided the way the
 * worker does it now (commands of IMPORT_CHUNK_LINES, each on the state the one before left) beside
 * the baseline from the same run, the way it was (one command for the whole job): total time, the
 * longest single step (how long the worker's loop is held at once), and heap growth. Then reading
 * and parsing a file at the row limit, in UTF-8 and in Windows-1252. Figures are printed and written
 * to bench/results/imports.json, never judged.
 *
 *   npx tsx bench/src/imports.ts
 */
import { initialJobState, jobDecider, ORCA_IMPORT_LIMITS, readOrcaFile, type CommandMeta, type ImportOrcaJob, type JobState, type OrcaImportJob } from '@trenchline/domain';
import { IMPORT_CHUNK_LINES, importChunks } from '../../apps/worker/src/bulk/import.ts';
import { banner, writeResult } from './common.ts';
import { int, ms } from './stats.ts';

const LINES = ORCA_IMPORT_LIMITS.cibeLinesPerJob;
const meta: CommandMeta = { at: '2026-11-26T12:00:00.000Z', userId: '7', userName: 'Bench', accountId: '1' };

const csvOf = (jobs: number, lines: number) => {
  const rows = ['job_number,title,task_id,line_number,issued_item_code,issued_item_description,issued_item_qty,issued_item_price'];
  for (let j = 0; j < jobs; j++) for (let n = 1; n <= lines; n++) rows.push(`B-${j},Café job ${j},${1 + (n % 9)}.1,${n},BORE-${n},Bore 2 in duct ${n},${n % 300},14.50`);
  return rows.join('\r\n') + '\r\n';
};

/** Decides the job's commands one after another on the state each left; the time of each. */
function decideAll(job: OrcaImportJob, chunkSize: number) {
  let state: JobState = initialJobState;
  let nextId = 100_000;
  const steps: number[] = [];
  const heap0 = process.memoryUsage().heapUsed;
  let heapPeak = heap0;
  for (const [n, chunk] of importChunks(job, chunkSize).entries()) {
    const command: ImportOrcaJob = {
      type: 'ImportOrcaJob',
      jobId: '1',
      values: { ...job.values, account_job_number: '1001' },
      tasks: chunk.tasks.map((t) => ({ lineId: String(nextId++), values: t.values })),
      cibe_lines: chunk.cibe_lines.map((l) => ({ lineId: String(nextId++), task_id: l.task_id, values: l.values })),
    };
    const t = performance.now();
    const events = jobDecider.decide(command, state, meta);
    for (const e of events) state = jobDecider.evolve(state, e, meta);
    steps.push(performance.now() - t);
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    if (n === 0 && !state.id) throw new Error('the first command made no job');
  }
  return { commands: steps.length, totalMs: steps.reduce((a, b) => a + b, 0), longestStepMs: Math.max(...steps), heapGrowthMb: (heapPeak - heap0) / 1024 / 1024 };
}

banner('imports', `a ${int(LINES)}-line ORCA job decided in commands of ${IMPORT_CHUNK_LINES} (now) beside one command (before); reading a ${int(ORCA_IMPORT_LIMITS.rows)}-row file`);
const job = readOrcaFile(Buffer.from(csvOf(1, LINES))).jobs[0];

// Each way once to warm up, then measured.
decideAll(job, IMPORT_CHUNK_LINES);
const now = decideAll(job, IMPORT_CHUNK_LINES);
decideAll(job, LINES);
const before = decideAll(job, LINES);
console.log(`  now:    ${now.commands} commands, ${ms(now.totalMs)} in all, longest step ${ms(now.longestStepMs)}, heap +${now.heapGrowthMb.toFixed(0)} MB`);
console.log(`  before: ${before.commands} command,  ${ms(before.totalMs)} in all, longest step ${ms(before.longestStepMs)}, heap +${before.heapGrowthMb.toFixed(0)} MB`);

const text = csvOf(ORCA_IMPORT_LIMITS.rows / 2000, 2000);
const utf8 = Buffer.from(text, 'utf8');
const cp1252 = Buffer.from(text.replace(/é/g, '\u00e9'), 'latin1');
const read = (bytes: Buffer) => {
  const t = performance.now();
  const r = readOrcaFile(bytes);
  if (r.errors.length) throw new Error(`bench file has errors: ${r.errors[0].message}`);
  return { ms: performance.now() - t, encoding: r.encoding, rows: r.rows, mb: bytes.length / 1024 / 1024 };
};
const fileUtf8 = read(utf8);
const file1252 = read(cp1252);
console.log(`  reading ${int(fileUtf8.rows)} rows (${fileUtf8.mb.toFixed(1)} MB): UTF-8 ${ms(fileUtf8.ms)}, Windows-1252 (detected: ${file1252.encoding}) ${ms(file1252.ms)}`);

writeResult('imports', { lines: LINES, chunk: IMPORT_CHUNK_LINES, now, before, read: { rows: fileUtf8.rows, mb: fileUtf8.mb, utf8Ms: fileUtf8.ms, windows1252Ms: file1252.ms } });
