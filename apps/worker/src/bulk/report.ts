/**
 * A report over the stored records: the catalogue's own report, asked for with the resolved ids and
 * built by the report job's own code (reports/generate.ts), not a copy of it. The report record is
 * asked for once: its id is kept with the operation in the transaction that appends its request.
 */
import type { Job } from 'bullmq';
import { reportDef, type BulkFile, type ReportFormat } from '@trenchline/domain';
import { asOfWords, type Writer } from '@trenchline/platform';
import type { WorkerContext } from '../context.ts';
import { generateReport, type ReportStageHook } from '../reports/generate.ts';

class AskedElsewhere extends Error {}

async function requestedReport(ctx: WorkerContext, o: { operationId: string; as: Writer; report: string; format: ReportFormat; ids: string[]; today: string; asOf?: string }) {
  const kept = await ctx.db('bulk_operations').where({ id: o.operationId }).first('report_id');
  if (kept?.report_id) return String(kept.report_id);
  const def = reportDef(o.report);
  if (!def) throw new Error(`no report ${o.report}`);
  const reportId = await ctx.newRecordId(o.as.accountId, 'report');
  try {
    await ctx.commands.execute(o.as, 'report', reportId, { type: 'RequestReport', reportId, report: def.name, label: o.asOf ? `${def.label} as of ${asOfWords(o.asOf)}` : def.label, format: o.format, params: o.asOf ? { ids: o.ids, as_of: o.asOf } : { ids: o.ids }, file_name: def.fileName(o.today, o.format) }, {
      create: true,
      sideWrites: async (client) => {
        const kept = await client.query('update bulk_operations set report_id = $1 where id = $2 and report_id is null', [reportId, o.operationId]);
        if (kept.rowCount !== 1) throw new AskedElsewhere();
      },
    });
  } catch (e) {
    if (!(e instanceof AskedElsewhere)) throw e;
    return String((await ctx.db('bulk_operations').where({ id: o.operationId }).first('report_id'))!.report_id);
  }
  return reportId;
}

/** `onStage`: each step of the build ('Fetching...', 'Sending...'), shown as the operation's label while it runs. */
export async function reportOnRecords(ctx: WorkerContext, job: Job, o: { operationId: string; as: Writer; report: string; format: ReportFormat; ids: string[]; today: string; asOf?: string; onStage?: ReportStageHook }): Promise<BulkFile> {
  const reportId = await requestedReport(ctx, o);
  await generateReport(ctx, o.onStage)({ reportId, accountId: o.as.accountId }, job);
  const report = await ctx.db('reports').where({ id: reportId }).first('view');
  const file_name = (report?.view as { file_name?: string } | undefined)?.file_name ?? reportDef(o.report)!.fileName(o.today, o.format);
  return { url: `/api/reports/${reportId}/file/`, file_name, report_id: reportId };
}
