/**
 * The 'report.generate' job: build the requested report's file, store it, and record
 * `ReportGenerated`. Every step may be repeated: a worker killed anywhere in it is retried by the
 * queue, stores the same bytes under the same hash, and the report records its file once.
 */
import { UnrecoverableError, type Job } from 'bullmq';
import { CONTENT_TYPES, DomainError, type ReportState } from '@trenchline/domain';
import { renderCsv, renderPdf, renderXlsx, rowCount } from './render/index.ts';
import { reportBuilder } from './builders.ts';
import { execute, loadStream } from '../records.ts';
import { today, type WorkerContext } from '../context.ts';
import type { JobOf } from '@trenchline/platform/queue.ts';
import { dayOfInstant } from '@trenchline/platform';

/** The most rows a PDF report draws (REPORT_PDF_MAX_ROWS): past it the worker would spend minutes on pages no one prints; Excel has no such bound. */
export const pdfRowLimit = () => Number(process.env.REPORT_PDF_MAX_ROWS ?? 5000);

/** A report the worker will never make as asked: failed at once with its reason, not retried. */
export const tooManyPdfRows = (rows: number, limit: number) =>
  new UnrecoverableError(`A PDF report holds at most ${limit.toLocaleString('en-US')} rows and this one has ${rows.toLocaleString('en-US')}: ask for it in Excel, or narrow the list.`);

/** The last try of a job: its failure is recorded for the requester (an unrecoverable one has no other try). */
export const lastTry = (job: Job, e: unknown) => e instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/** Pause between steps, only to let tests kill a worker mid-report (REPORT_STEP_DELAY_MS). */
const stepDelay = () => Number(process.env.REPORT_STEP_DELAY_MS ?? 0);
const pause = () => (stepDelay() ? new Promise((r) => setTimeout(r, stepDelay())) : Promise.resolve());

/**
 * The API enqueues before it appends, so a job usually runs a few milliseconds ahead of its request:
 * look again for a moment rather than fail into the queue's backoff (seconds).
 */
async function requestOf(ctx: WorkerContext, reportId: string) {
  for (let wait = 5; ; wait *= 2) {
    const loaded = await loadStream(ctx, 'report', reportId);
    if (loaded.state.id || wait > 1280) return loaded;
    await new Promise((r) => setTimeout(r, wait));
  }
}

/** Told each step of the build as it starts (a bulk report shows it in its toast). */
export type ReportStageHook = (stage: string) => Promise<void>;

export function generateReport(ctx: WorkerContext, onStage: ReportStageHook = async () => undefined) {
  return async (data: JobOf<'report.generate'>, job: Job) => {
    const { state, accountId } = await requestOf(ctx, data.reportId);
    const report = state as ReportState;
    if (!report.id) throw new Error(`report ${data.reportId} not requested yet`);
    if (accountId !== data.accountId) throw new DomainError('not_found', 'Report not found');
    if (report.state === 'ready') return { reportId: report.id, already: true };

    const as = { accountId: data.accountId, userId: report.requested_by!, userName: `${report.requested_by_name} (report worker)` };
    // Between its steps (a build, a render), the report gives way to other accounts' requests.
    const giveWay = ctx.giveWay(data.accountId);
    const progress = async (label: string, percent: number) => {
      await giveWay();
      ctx.toUser(report.requested_by!, 'report_progress', { id: report.id, label, percent });
      await onStage(label);
      await job.updateProgress({ label, percent }).catch(() => undefined);
    };
    try {
      await execute(ctx, 'report', report.id, { type: 'StartReport' }, as);
      await progress('Calculating...', 10);
      const builder = reportBuilder(report.report!);
      if (!builder) throw new Error(`no builder for report ${report.report}`);
      await pause();
      await progress('Fetching...', 40);
      // A report asked as of a moment reads its lists as they stood then, that day its today.
      const asOf = typeof report.params.as_of === 'string' ? report.params.as_of : undefined;
      const table = await builder.build(ctx, { accountId: data.accountId, params: report.params, today: asOf ? dayOfInstant(asOf) : today(ctx), at: ctx.now().toISOString(), asOf });
      if (report.format === 'pdf' && rowCount(table) > pdfRowLimit()) throw tooManyPdfRows(rowCount(table), pdfRowLimit());
      const bytes = report.format === 'pdf' ? await renderPdf(table) : report.format === 'csv' ? await renderCsv(table) : await renderXlsx(table);
      await pause();
      await progress('Sending...', 80);
      const stored = await ctx.blobs.put(bytes);
      await execute(ctx, 'report', report.id, { type: 'RecordReportGenerated', file: { ...stored, content_type: CONTENT_TYPES[report.format!], file_name: report.file_name! }, rows: rowCount(table) }, as);
      await progress('Ready', 100);
      return { reportId: report.id, size: stored.size };
    } catch (e) {
      // The last attempt records the failure so the requester sees it; earlier ones are retried.
      if (lastTry(job, e)) {
        await execute(ctx, 'report', report.id, { type: 'RecordReportFailed', error: (e as Error).message, attempt: job.attemptsMade + 1 }, as).catch(() => undefined);
        ctx.toUser(report.requested_by!, 'report_progress', { id: report.id, label: 'Failed', percent: 100 });
      }
      throw e;
    }
  };
}
