/**
 * The ORCA CSV import's work (action 'import' on list 'orca_jobs'; docs/jobs.md "ORCA CSV import"):
 * the stored file's jobs are resolved once into the operation's records, one per job (the account's
 * ORCA job with that job_number, else a new id), then each pending record's job gets what it lacks in
 * ImportOrcaJob commands of at most IMPORT_CHUNK_LINES lines each (each its own short write); the
 * last is appended with a side write marking the record done in the same transaction (as
 * bulk/records.ts does), so a worker killed and resumed creates nothing twice: it adds what the job
 * still lacks. A new job takes the job counter's next number, issued with a side write keeping it on
 * the record's row, so a resumed worker takes the same number.
 */
import { lackedByJob, readOrcaFile, type BulkImportFile, type ImportOrcaJob, type JobState, type OrcaImportJob } from '@trenchline/domain';
import { waitForLists, type Writer } from '@trenchline/platform';
import { findCounter, issuedNumber, nextNumber } from '@trenchline/platform';
import { blobBytes, orcaJobsNumbered } from '@trenchline/read-model';
import { streamName } from '@trenchline/event-store';
import type { WorkerContext } from '../context.ts';
import type { BulkProgressReporter } from './progress.ts';
import { pendingRecords, resolveRecords } from './resolve.ts';
import { DoneElsewhere, settleRecord } from './records.ts';
import type { Turn } from './turn.ts';

/** CIBE lines per command: each is decided and appended on its own, so no write holds a transaction long. */
export const IMPORT_CHUNK_LINES = 50;

/** The last file read, by content and encoding: a job resumed for its next turn does not read and parse it again. */
let lastRead: { key: string; jobs: OrcaImportJob[] } | null = null;

/** The stored file's jobs. The api refused a file with bad cells, so one here is a fault, not a user's error. */
export async function importFileJobs(ctx: WorkerContext, file: BulkImportFile): Promise<OrcaImportJob[]> {
  // Imports asked for before the encoding was kept were read as UTF-8.
  const encoding = file.encoding ?? 'utf-8';
  const key = `${file.sha256}:${encoding}`;
  if (lastRead?.key === key) return lastRead.jobs;
  const bytes = await blobBytes(ctx.blobs, file.sha256);
  if (!bytes) throw new Error(`the import file ${file.file_name} is not in the blob store`);
  const parsed = readOrcaFile(bytes, encoding);
  if (parsed.errors.length) throw new Error(`the import file ${file.file_name} has ${parsed.errors.length} bad cells (line ${parsed.errors[0].line}, ${parsed.errors[0].column}: ${parsed.errors[0].message})`);
  lastRead = { key, jobs: parsed.jobs };
  return parsed.jobs;
}

/** Until the job list has every event written so far (bounded as X-Min-Position waits): an import just finished is seen. */
async function jobsListCaughtUp(ctx: WorkerContext) {
  const last = await ctx.store.lastPosition();
  if (last) await waitForLists(ctx, ['jobs'], last);
}

/**
 * One record per job of the file, in the file's order: the account's ORCA job (not deleted) with the
 * job's job_number, as the job list has it once it has caught up, else a new job id. Once per operation.
 */
export async function resolveImport(ctx: WorkerContext, operationId: string, accountId: string, jobs: OrcaImportJob[]) {
  // Waited for before the resolving transaction opens (a wait inside it would hold it open), and only until resolved once.
  const resolved = await ctx.db('bulk_operations').where({ id: operationId }).first('total');
  if (resolved?.total === null || resolved?.total === undefined) await jobsListCaughtUp(ctx);
  return resolveRecords(ctx, operationId, async function* (trx) {
    const existing = await orcaJobsNumbered(trx, accountId, jobs.map((j) => j.job_number));
    // Every new job's id in one statement: this transaction holds the store's readers (every projection)
    // back while it is open, and an id apiece kept it open a second for a 20,000-row file.
    const fresh = await ctx.newRecordIds(accountId, 'job', jobs.filter((j) => !existing.has(j.job_number)).length);
    let next = 0;
    yield jobs.map((j) => existing.get(j.job_number) ?? fresh[next++]);
  });
}


/** The job counter's next number for the record's new job: the one issued before for it (a resumed worker), or a new one kept on its row. */
export async function newJobNumber(ctx: WorkerContext, as: Writer, operationId: string, position: number): Promise<string> {
  const kept = async () => ((await ctx.db('bulk_operation_records').where({ operation_id: operationId, position }).first('issued_number'))?.issued_number as string | null | undefined) ?? null;
  const before = await kept();
  if (before) return before;
  // The counter the api opened when the import was asked for (numbers.ts counterId), issued by the platform's counters.
  const counter = await findCounter(ctx.db, as.accountId, 'job');
  if (!counter) throw new Error('the account has no job counter');
  try {
    return await nextNumber(ctx.commands, as, counter, {
      sideWrites: async (client, decided) => {
        const n = issuedNumber(decided);
        const marked = await client.query(`update bulk_operation_records set issued_number = $3 where operation_id = $1 and position = $2 and state = 'pending' and issued_number is null`, [operationId, position, n]);
        if (marked.rowCount !== 1) throw new DoneElsewhere();
      },
    });
  } catch (e) {
    if (!(e instanceof DoneElsewhere)) throw e;
    const other = await kept();
    if (!other) throw new DoneElsewhere();
    return other;
  }
}

/** What a job lacks, in commands' worth: every task with the first lines (a line needs its task), then the rest IMPORT_CHUNK_LINES at a time; at least one. */
export function importChunks(lacked: Pick<OrcaImportJob, 'tasks' | 'cibe_lines'>, size = IMPORT_CHUNK_LINES): Pick<OrcaImportJob, 'tasks' | 'cibe_lines'>[] {
  const chunks: Pick<OrcaImportJob, 'tasks' | 'cibe_lines'>[] = [{ tasks: lacked.tasks, cibe_lines: lacked.cibe_lines.slice(0, size) }];
  for (let i = size; i < lacked.cibe_lines.length; i += size) chunks.push({ tasks: [], cibe_lines: lacked.cibe_lines.slice(i, i + size) });
  return chunks;
}

/** Each pending record's job imported, in order, one at a time, in chunks; progress counts jobs. */
export async function importJobs(ctx: WorkerContext, o: { operationId: string; jobs: OrcaImportJob[]; as: Writer; progress: BulkProgressReporter; turn?: Turn }) {
  const one = (r: { position: number; record_id: string }) => {
    const id = String(r.record_id);
    const job = o.jobs[r.position];
    return settleRecord(
      ctx,
      o,
      r.position,
      async (markDone) => {
        if (!job) throw new Error(`the import file has no job at position ${r.position}`);
        const loaded = await ctx.commands.read<JobState>('job', id);
        const isNew = !loaded.state.id;
        const values = isNew ? { ...job.values, account_job_number: await newJobNumber(ctx, o.as, o.operationId, r.position) } : job.values;
        const chunks = importChunks(lackedByJob(job, loaded.state));
        const stream = streamName('job', id);
        for (const [n, chunk] of chunks.entries()) {
          // A cancel or the turn's end stops between chunks; what was added stays, and the next turn (or importing the file again) adds the rest.
          if (n > 0) await o.turn?.atSafePoint();
          const taskIds = await ctx.newLineIds(o.as.accountId, 'job_tasks', stream, chunk.tasks.length);
          const lineIds = await ctx.newLineIds(o.as.accountId, 'job_cibe_items', stream, chunk.cibe_lines.length);
          const command: ImportOrcaJob = {
            type: 'ImportOrcaJob',
            jobId: id,
            values,
            tasks: chunk.tasks.map((t, i) => ({ lineId: taskIds[i], values: t.values })),
            cibe_lines: chunk.cibe_lines.map((l, i) => ({ lineId: lineIds[i], task_id: l.task_id, values: l.values })),
          };
          const last = n === chunks.length - 1;
          await ctx.commands.execute(o.as, 'job', id, command, { unscoped: true, ...(last ? { sideWrites: markDone } : {}) });
        }
      },
      (e) => `Job ${job?.job_number ?? id}: ${e.message}`,
    );
  };
  for (;;) {
    const batch = await pendingRecords(ctx, o.operationId, 100);
    if (!batch.length) return;
    for (const r of batch) await one(r);
  }
}
