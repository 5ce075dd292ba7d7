/**
 * The selected jobs as the job reports read them: each job's view and lines from the job list read
 * model (`jobs`: `view` is the job as the list shows it, `state` the folded job with its lines).
 * Rows are read by id from `view`/`state` only, so new list columns change nothing.
 */
import type { JobReportSource } from '@trenchline/domain';
import type { WorkerContext } from '../../context.ts';
import { selectedRows } from '../shared/source.ts';

export async function selectedJobs(ctx: WorkerContext, accountId: string, ids: string[], o: { lines: boolean; asOf?: string }): Promise<JobReportSource[]> {
  // Only the lines are taken out of `state` (its fields are in the view already).
  const select = o.lines ? ['view', ctx.db.raw(`state -> 'lines' as lines`)] : ['view'];
  const rows = await selectedRows<{ view: Record<string, unknown>; lines?: JobReportSource['lines'] }>(ctx, 'jobs', accountId, ids, select, o.asOf);
  return rows.map((r) => ({ view: r.view, lines: r.lines ?? {} }));
}
