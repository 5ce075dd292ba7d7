/**
 * The 'bulk.run' job: one bulk operation from its request to its end. The selection is resolved once
 * into stored ids; then the action runs over them (archive, delete and re-up resume from what is not done);
 * the end is recorded on the operation's record. Killed anywhere, the queue runs the job again and it
 * goes on from where the stored state says.
 */
import { DelayedError, type Job } from 'bullmq';
import { BULK_LABELS, DomainError, ZIP_LABELS, type BulkFile, type BulkOperationState, type ReportFormat } from '@trenchline/domain';
import { waitForLists, type Writer } from '@trenchline/platform';
import type { JobOf } from '@trenchline/platform/queue.ts';
import { today, type WorkerContext } from '../context.ts';
import { loadStream } from '../records.ts';
import { bulkProgress } from './progress.ts';
import { asOfOf, countsOf, resolvedIds, resolveSelection } from './resolve.ts';
import { actOnRecords } from './records.ts';
import { zipBundles } from './zip.ts';
import { reportOnRecords } from './report.ts';
import { lastTry } from '../reports/generate.ts';
import { reUpRecords } from './reup.ts';
import { importFileJobs, importJobs, resolveImport } from './import.ts';
import { Cancelled, TurnOver, turnOf } from './turn.ts';

/** The api queues before it records the request: look again for a moment (as the report job does). */
async function requestOf(ctx: WorkerContext, operationId: string) {
  for (let wait = 5; ; wait *= 2) {
    const loaded = await loadStream(ctx, 'bulk_operation', operationId);
    if (loaded.state.id || wait > 1280) return loaded;
    await new Promise((r) => setTimeout(r, wait));
  }
}

/** Archive, delete, re-up and import keep each record's state in the operation's stored records. */
const byRecordAction = (op: BulkOperationState) => op.action === 'archive' || op.action === 'delete' || op.action === 'reup' || op.action === 'import';

export function runBulkOperation(ctx: WorkerContext) {
  return async (data: JobOf<'bulk.run'>, job: Job, token?: string) => {
    const { state, events } = await requestOf(ctx, data.operationId);
    const op = state as BulkOperationState;
    if (!op.id) throw new Error(`bulk operation ${data.operationId} not requested yet`);
    if (events[0].meta.accountId !== data.accountId) throw new DomainError('not_found', 'Bulk operation not found');
    if (op.status === 'done' || op.status === 'failed') return { operationId: op.id, already: true };

    const as: Writer = { accountId: data.accountId, userId: op.requested_by!, userName: op.requested_by_name! };
    const day = today(ctx);
    const label = op.action === 'zip' ? ZIP_LABELS.resolving : BULK_LABELS[op.action!];
    // Without a token (a handler called directly) the job cannot give its slot back, so it runs to its end.
    const turn = turnOf(ctx, op.id, { accountId: data.accountId, ...(token ? {} : { slice: Infinity }) });
    const progress = bulkProgress(ctx, op, data.accountId, { status: 'running', total: null, done: 0, failed: 0, label, file_url: null, message: null }, turn.whileWorking);
    try {
      // Cancelled while queued: it ends before it starts.
      if (op.status === 'cancelled') throw new Cancelled();
      await progress.set({}, { flush: true });
      // An import reads its stored file: one record per job of the file.
      const selection = op.selection!;
      const imported = 'file' in selection ? await importFileJobs(ctx, selection.file) : null;
      // The selection is read from its list: first the list holds every write made before the request (the requester's last saves).
      if (!imported && events[0].position) await waitForLists(ctx, [op.list!], events[0].position);
      const total = imported ? await resolveImport(ctx, op.id, data.accountId, imported) : await resolveSelection(ctx, op.id, data.accountId, op.list!, selection);
      await progress.set({ total, ...(await countsOf(ctx, op.id)) }, { flush: true });

      let file: BulkFile | null = null;
      let message: string | null = null;
      const byRecord = byRecordAction(op);
      if (op.action === 'archive' || op.action === 'delete') {
        await actOnRecords(ctx, { operationId: op.id, list: op.list!, action: op.action, as, progress, turn });
      } else if (op.action === 'reup') {
        await reUpRecords(ctx, { operationId: op.id, as, today: day, progress, turn });
      } else if (imported) {
        await importJobs(ctx, { operationId: op.id, jobs: imported, as, progress, turn });
      } else if (op.action === 'zip') {
        ({ file, message } = await zipBundles(ctx, { operationId: op.id, accountId: data.accountId, list: op.list!, ids: await resolvedIds(ctx, op.id), today: day, progress }));
      } else {
        file = await reportOnRecords(ctx, job, { operationId: op.id, as, report: op.report!, format: op.format as ReportFormat, ids: await resolvedIds(ctx, op.id), today: day, asOf: asOfOf(selection), onStage: (stage) => progress.set({ label: stage }, { flush: true }) });
        await progress.set({ done: total });
      }

      // Archive, delete, re-up and import count what the stored records say (a resumed worker did only part of them).
      const counts = byRecord ? await countsOf(ctx, op.id) : { done: progress.now.done, failed: progress.now.failed };
      const ended = await ctx.commands.execute(as, 'bulk_operation', op.id, { type: 'RecordBulkOperationFinished', total, ...counts, file, message }, { unscoped: true });
      // Written and published once, with the record's end.
      await progress.set({ status: 'done', ...counts, label: 'Done', file_url: file?.url ?? null, message }, { defer: true });
      await progress.flush(ended.state as BulkOperationState);
      return { operationId: op.id, total, ...counts };
    } catch (e) {
      if (e instanceof TurnOver && token) {
        // Its slice is used: behind the jobs queued meanwhile (another account's report starts first), resumed from what is stored.
        await progress.flush();
        await job.moveToDelayed(Date.now() + 50, token);
        throw new DelayedError();
      }
      if (e instanceof Cancelled) {
        const counts = await countsOf(ctx, op.id);
        await progress.set({ status: 'cancelled', label: 'Cancelled', ...(byRecordAction(op) ? counts : {}) }, { defer: true });
        await progress.flush((await loadStream(ctx, 'bulk_operation', op.id)).state as BulkOperationState);
        return { operationId: op.id, cancelled: true };
      }
      // The last attempt records the failure so the requester sees it; earlier ones are retried.
      if (lastTry(job, e)) {
        // A database error's message carries its whole statement: the requester gets its reason.
        const message = (e as Error).message.replace(/^(insert|update|select|delete) [\s\S]* - /, '').slice(0, 500);
        const ended = await ctx.commands.execute(as, 'bulk_operation', op.id, { type: 'RecordBulkOperationFailed', message }, { unscoped: true }).catch(() => null);
        await progress.set({ status: 'failed', label: 'Failed', message }, { defer: true });
        await progress.flush((ended?.state as BulkOperationState | undefined) ?? op).catch(() => undefined);
      }
      throw e;
    }
  };
}
