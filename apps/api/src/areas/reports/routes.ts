/**
 * Reports (docs/reports.md): every report of the domain's catalogue is asked for at its own path
 * (e.g. GET /api/projects/report/management/?ids=), and all of them are listed, shown and downloaded
 * here. Asking appends `ReportRequested` and queues the worker's job; the answer is the file when
 * the worker finishes within a few seconds, and otherwise where to fetch it.
 */
import type { Request } from 'express';
import { z } from 'zod';
import { aggregates, invalidFromZod, REPORT_FORMATS, reportDefs, type ReportDef, type ReportState } from '@trenchline/domain';
import { defineRoutes, reply, type RouteDef } from '../../platform/routes.ts';
import { executeCommand, loadRecord } from '../../platform/records.ts';
import { newRecordId } from '../../platform/ids.ts';
import { asOfWords, listNames, queryFlag } from '@trenchline/platform';
import { asOfParam, listRecords } from '../../platform/lists.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { requireActor } from '../../platform/session.ts';
import { lendTurnWhile } from '../../platform/account-lanes.ts';
import { checkLink, linkSecret, LINK_DAYS } from '@trenchline/platform';
import { today, type Actor, type ApiContext } from '../../platform/context.ts';
import { orcaDashboardSelection } from '../jobs/orca-dashboard.ts';

/** What a report asked for without ids covers (ReportDef.withoutIds): the screen's kept filter and selection. */
const keptSelections: Record<NonNullable<ReportDef['withoutIds']>, (ctx: ApiContext, actor: Actor, asOf?: string) => Promise<string[]>> = {
  orca_dashboard: orcaDashboardSelection,
};

const reportView = (s: ReportState) => aggregates.report.view(s);

/** The report's file; X-Position lets the requester's next list read include the finished report. */
async function fileReply(ctx: ApiContext, s: ReportState, position: string | null) {
  const stream = s.file ? await ctx.blobs.get(s.file.sha256) : null;
  if (!s.file || !stream) throw notFound('Report file');
  return reply({ headers: position ? { 'X-Position': position } : {}, file: { stream, contentType: s.file.content_type, name: s.file.file_name, size: s.file.size } });
}

/**
 * The job is queued before the request is appended: if the API dies between the two, the job finds
 * no request and gives up after its retries; the user, who got no answer, asks again. No request is
 * ever appended without its job.
 */
export async function queueReport(ctx: ApiContext, actor: Actor, def: ReportDef, format: (typeof REPORT_FORMATS)[number], params: Record<string, unknown>) {
  const reportId = await newRecordId(ctx, actor.accountId, 'report');
  await ctx.jobs.enqueue('report.generate', { reportId, accountId: actor.accountId }, `report-${reportId}`);
  // Asked as of a moment, the report says so wherever it is listed.
  const label = typeof params.as_of === 'string' ? `${def.label} as of ${asOfWords(params.as_of)}` : def.label;
  const requested = await executeCommand(ctx, actor, 'report', reportId, { type: 'RequestReport', reportId, report: def.name, label, format, params, file_name: def.fileName(today(ctx), format) }, { create: true });
  return { reportId, requested };
}

/** A report asked for and queued: where to fetch it (202), its request's position so the reports list shows it queued. */
export function queuedReply(reportId: string, position: string | null | undefined) {
  const url = `/api/reports/${reportId}/`;
  return reply({ status: 202, headers: { Location: url, ...(position ? { 'X-Position': position } : {}) }, body: { id: reportId, state: 'queued', url, file: `${url}file/` } });
}

async function requestReport(ctx: ApiContext, actor: Actor, def: ReportDef, format: (typeof REPORT_FORMATS)[number], params: Record<string, unknown>, req: Request) {
  const { reportId, requested } = await queueReport(ctx, actor, def, format, params);
  // Waiting on the worker, the account's lane serves its other reads.
  if (await lendTurnWhile(req, ctx.jobs.waitFor(`report-${reportId}`))) {
    const loaded = await loadRecord<ReportState>(ctx, actor, 'report', reportId);
    if (loaded.state.state === 'ready') return fileReply(ctx, loaded.state, loaded.position);
  }
  // The request's position, so the requester's next read of the reports list shows it queued.
  if (req.accepts(['json', 'html']) === 'html') return reply({ status: 303, headers: { Location: `/report/?id=${reportId}`, ...(requested.position ? { 'X-Position': requested.position } : {}) } });
  return queuedReply(reportId, requested.position);
}

/** The `:name` parameters of a report's path ('/jobs/work_orders/:id/pdf' has `id`). */
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

/**
 * A report's route. Its declared params cover both the path's parameters and the query's: the query
 * schema takes the query ones (and `format`), the path ones are checked with the same schema, and a
 * bad value either way is a 400 naming the field. A report of one record (`def.record`) is a 404
 * unless the path names a record of that kind in the caller's account, before anything is requested.
 */
function requestRoute(def: ReportDef): RouteDef {
  const inPath = pathParams(def.path);
  const omit = Object.fromEntries(inPath.map((k) => [k, true])) as Record<string, true>;
  const query = def.params
    .omit(omit)
    .extend({ format: z.enum(def.formats as [string, ...string[]], { message: `must be one of ${def.formats.join(', ')}` }).default(def.formats[0]), as_of: asOfParam.optional() })
    .loose();
  const pathSchema = inPath.length ? def.params.pick(omit) : null;
  return {
    method: 'get',
    path: def.path,
    summary: `${def.label} (${def.formats.join(' or ')}): the file when ready within a few seconds, else 202 with where to fetch it`,
    // Asking records a report; the web opens it in a window, which cannot send the CSRF header.
    writes: 'page',
    // A report of one record: 404 unless the path names one of that kind in the caller's account, before anything is asked.
    ids: def.record ? { [def.record.param]: def.record.kind } : undefined,
    // The lists it is made from include the requester's own writes (X-Min-Position, or the session's last write).
    // A report may read any list (a job report reads jobs, locates and lines): it waits for all of them.
    readsLists: listNames(),
    query,
    handle: async ({ actor, query: q, params: raw, raw: req }, ctx) => {
      const { format, ...params } = q as { format: (typeof REPORT_FORMATS)[number] } & Record<string, unknown>;
      if (pathSchema) {
        const parsed = pathSchema.safeParse(Object.fromEntries(inPath.map((k) => [k, raw[k]])));
        if (!parsed.success) throw invalidFromZod(parsed.error);
        Object.assign(params, parsed.data);
      }
      const asOf = typeof params.as_of === 'string' ? params.as_of : undefined;
      if (def.withoutIds && params.ids === undefined) params.ids = await keptSelections[def.withoutIds](ctx, actor, asOf);
      const known = Object.fromEntries(Object.keys(def.params.shape).map((k) => [k, params[k]]));
      // The one place a report's as_of is passed on: the worker reads its lists as of then.
      if (asOf) known.as_of = asOf;
      return requestReport(ctx, actor, def, format, known, req);
    },
  };
}

const listQuery = z.object({ all: queryFlag.optional() }).loose();
const signedQuery = z.object({ expires: z.coerce.number({ message: 'must be a unix time in seconds' }).int().optional(), signature: z.string().max(200).optional() }).loose();

export const reportRoutes = defineRoutes('reports', [
  ...reportDefs().map(requestRoute),
  {
    method: 'get',
    path: '/reports',
    summary: "The caller's reports, newest first (?all=t: the whole account's)",
    query: listQuery,
    readsLists: ['reports'],
    handle: ({ actor, query }, ctx) =>
      listRecords(ctx, actor, 'report', (q) => {
        if (!query.all) q.where('requested_by', actor.userId);
        q.orderBy([{ column: 'requested_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(500);
      }),
  },
  {
    method: 'get',
    path: '/reports/:id',
    ids: { id: 'report' },
    summary: 'One report: its state, and its file URL once ready',
    handle: async ({ actor, params }, ctx) => reportView((await loadRecord<ReportState>(ctx, actor, 'report', params.id)).state),
  },
  {
    method: 'get',
    path: '/reports/:id/file',
    // Signed links open without a session (the handler checks one or the other), so the registry asks for neither.
    public: true,
    ids: { id: 'report' },
    query: signedQuery,
    summary: `Download a ready report: any user of the account, or anyone with a link a schedule mailed (?expires=<unix s>&signature=<hex>: that file only, ${LINK_DAYS} days; expired 410, wrong 403)`,
    handle: async ({ params, query, raw }, ctx) => {
      const q = query as z.infer<typeof signedQuery>;
      if (q.signature === undefined && q.expires === undefined) {
        const actor = await requireActor(ctx)(raw);
        const loaded = await loadRecord<ReportState>(ctx, actor, 'report', params.id);
        return fileReply(ctx, loaded.state, loaded.position);
      }
      const verdict = checkLink(await linkSecret(ctx.db), `report:${params.id}`, q.expires ?? 0, q.signature ?? '', ctx.now());
      if (verdict === 'forged') throw new HttpError(403, 'forbidden', 'This download link is not valid.');
      if (verdict === 'expired') throw new HttpError(410, 'gone', `This download link expired (links last ${LINK_DAYS} days). Ask for the report again.`);
      const owner = (await ctx.pool.query<{ account_id: string }>(`select account_id::text from record_index where id = $1::bigint and kind = 'report'`, [params.id])).rows[0];
      if (!owner) throw notFound('Report file');
      const loaded = await loadRecord<ReportState>(ctx, { accountId: owner.account_id } as Actor, 'report', params.id);
      return fileReply(ctx, loaded.state, null);
    },
  },
]);
