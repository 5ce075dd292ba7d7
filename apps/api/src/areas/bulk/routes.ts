/**
 * Bulk actions (docs/bulk.md): archive, delete, zip the PDF bundles of, or report on a list's selection
 * (explicit ids, or every row matching an explicit filter except some). Asking records the operation
 * and queues the worker's job; the worker resolves the selection, acts on each record and reports its
 * progress (GET here, and live on the account's `bulk_operations` list).
 */
import { z } from 'zod';
import {
  SELECTION_ACTIONS,
  bulkList,
  bulkListNames,
  BULK_MAX_IDS,
  bulkListTakes,
  bulkReportNames,
  bulkReportOf,
  bulkOperationView,
  invalidFromZod,
  reportDef,
  type BulkAction,
  type BulkList,
  type BulkListName,
  type BulkOperationState,
  type BulkSelection,
} from '@trenchline/domain';
import { listFilterSchema } from '@trenchline/read-model';
import { defineRoutes, reply } from '../../platform/routes.ts';
import { executeCommand, loadRecord } from '../../platform/records.ts';
import { newRecordId } from '../../platform/ids.ts';
import { expiringBy } from '../locates/locates.ts';
import { asOfParam } from '../../platform/lists.ts';
import { dayOfInstant } from '@trenchline/platform';
import { badRequest, notFound } from '../../platform/errors.ts';
import { explicitFilter } from '../../platform/list-range.ts';
import type { Actor, ApiContext } from '../../platform/context.ts';

const recordId = z.string().regex(/^\d{1,18}$/, 'must be record ids');
const oneOf = <T extends readonly string[]>(values: T) => z.enum(values as unknown as [string, ...string[]], { message: `must be one of ${values.join(', ')}` });

const bulkBody = z.object({
  // Checked when parsed: an area added after this file loaded (a fixture area) has its lists too.
  list: z.string().superRefine((v, ctx) => {
    if (!bulkListNames().includes(v)) ctx.addIssue({ code: 'custom', message: `must be one of ${bulkListNames().join(', ')}` });
  }),
  // An import comes with its file (POST /api/jobs/orcas/import/), never as a selection.
  action: oneOf(SELECTION_ACTIONS),
  report: z.string().max(100).optional(),
  format: z.string().max(10).optional(),
  ids: z.array(recordId).min(1, 'choose at least one record').max(BULK_MAX_IDS, `at most ${BULK_MAX_IDS} records; send a filter for all that match`).optional(),
  // The list call's query params (toggles as t/f or booleans).
  filter: z.record(z.string(), z.union([z.string(), z.boolean(), z.number(), z.null()])).optional(),
  except: z.array(recordId).max(100_000).optional(),
});
type BulkBody = z.infer<typeof bulkBody>;

/**
 * The filter as the list call would apply it, explicit (the saved search dates when it names no
 * range, the toggles' defaults), so the worker needs no preferences. A bad param is a 400 naming `filter.<param>`.
 */
/** A list's filter checked as the list call takes it: a 400 names `filter.<param>`. */
export function checkedListFilter(list: string, given: Record<string, unknown>) {
  const parsed = listFilterSchema(list).safeParse(given);
  if (!parsed.success) throw invalidFromZod(new z.ZodError(parsed.error.issues.map((i) => ({ ...i, path: ['filter', ...i.path] }))));
  return parsed.data;
}

export async function bulkFilter(ctx: ApiContext, actor: Actor, list: BulkListName, given: Record<string, unknown>) {
  checkedListFilter(list, given);
  const asOf = given.as_of === undefined ? undefined : asOfParam.safeParse(given.as_of);
  if (asOf && !asOf.success) throw badRequest({ 'filter.as_of': asOf.error.issues[0].message });
  const at = asOf?.data;
  const filter = await explicitFilter(ctx, actor, list, given, at);
  // The expiring view is bounded by today and the account's lead time, as its GET is.
  if (list === 'expiring_locates') filter.expiring_by = (await expiringBy(ctx, actor, at ? dayOfInstant(at) : undefined)).due_by;
  return filter;
}

/** The report asked for over the selection: one the list declares (BULK_LISTS' `reports`), taking `ids`. */
function reportOf(b: BulkBody) {
  if (b.action !== 'report') return { report: null, format: null };
  const list: BulkList = bulkList(b.list);
  const name = b.report ? bulkReportOf(list, b.report) : undefined;
  const def = name ? reportDef(name) : undefined;
  const takes = bulkReportNames(list);
  const choices = takes.length ? `; ${b.list} takes ${takes.join(', ')}` : `; ${b.list} takes none`;
  if (!def || !('ids' in def.params.shape)) throw badRequest({ report: b.report ? `no ${b.list} report named ${b.report}${choices}` : `is required for a report${choices}` });
  const format = b.format ?? def.formats[0];
  if (!def.formats.includes(format as (typeof def.formats)[number])) throw badRequest({ format: `must be one of ${def.formats.join(', ')}` });
  return { report: def.name, format };
}

async function selectionOf(ctx: ApiContext, actor: Actor, b: BulkBody): Promise<BulkSelection> {
  if (b.ids && b.filter) throw badRequest({ ids: 'send ids or a filter, not both' });
  if (b.ids) return { ids: [...new Set(b.ids)] };
  if (!b.filter) throw badRequest({ ids: 'choose records: ids, or a filter for all that match' });
  return { filter: await bulkFilter(ctx, actor, b.list as BulkListName, b.filter), except: [...new Set(b.except ?? [])] };
}

/** The operation as its requester sees it: its record, and the worker's progress row. */
async function operationView(ctx: ApiContext, actor: Actor, id: string) {
  const loaded = await loadRecord<BulkOperationState>(ctx, actor, 'bulk_operation', id);
  const row = await ctx.db('bulk_operations').where({ id, account_id: actor.accountId }).first();
  return { state: loaded.state, view: bulkOperationView(loaded.state, row ?? undefined) };
}

/**
 * Record a bulk operation and queue the worker's job: 202 with the operation. Queued before it is
 * recorded (as reports are): no operation is ever stored without its job. The ORCA CSV import asks here too.
 */
export async function requestBulkOperation(ctx: ApiContext, actor: Actor, o: { list: BulkListName; action: BulkAction; report: string | null; format: string | null; selection: BulkSelection }) {
  const id = await newRecordId(ctx, actor.accountId, 'bulk_operation');
  await ctx.jobs.enqueue('bulk.run', { operationId: id, accountId: actor.accountId }, `bulk-${id}`);
  const r = await executeCommand<BulkOperationState>(ctx, actor, 'bulk_operation', id, { type: 'RequestBulkOperation', operationId: id, ...o }, {
    create: true,
    sideWrites: async (client) => {
      await client.query('insert into bulk_operations (id, account_id, requested_by, list, action, updated_at) values ($1, $2, $3, $4, $5, $6)', [id, actor.accountId, actor.userId, o.list, o.action, ctx.now()]);
    },
  });
  return reply({ status: 202, headers: { Location: `/api/bulk/${id}/`, ...(r.position ? { 'X-Position': r.position } : {}) }, body: bulkOperationView(r.state) });
}

export const bulkRoutes = defineRoutes('bulk', [
  {
    method: 'post',
    path: '/bulk',
    summary: "A bulk action on a list's selection {list, action: archive|delete|zip|report|reup (locates), report?, format?, ids? (≤ 1000) | filter + except?}: 202 with the operation; the worker does it",
    body: bulkBody,
    handle: async ({ actor, body }, ctx) => {
      const b = body as BulkBody;
      const list = b.list as BulkListName;
      const declared: BulkList = bulkList(list);
      if (!bulkListTakes(declared, b.action as BulkAction)) throw badRequest({ action: `${b.list} takes only ${declared.actions!.join(', ')}` });
      const { report, format } = reportOf(b);
      const selection = await selectionOf(ctx, actor, b);
      return requestBulkOperation(ctx, actor, { list, action: b.action as BulkAction, report, format, selection });
    },
  },
  {
    method: 'get',
    path: '/bulk/:id',
    ids: { id: 'bulk_operation' },
    summary: 'A bulk operation: status (queued, running, done, failed), total, done, failed, label, file_url, message',
    handle: async ({ actor, params }, ctx) => (await operationView(ctx, actor, params.id)).view,
  },
  {
    method: 'post',
    path: '/bulk/:id/cancel',
    ids: { id: 'bulk_operation' },
    summary: 'Stop a queued or running bulk operation (an import, a zip, a report): it ends as cancelled at its next record; what was done stays done. One that has ended is answered as it is',
    handle: async ({ actor, params }, ctx) => {
      await executeCommand<BulkOperationState>(ctx, actor, 'bulk_operation', params.id, { type: 'CancelBulkOperation' }, {
        // The progress row says so at once: the worker reads it between records, and the screen's poll shows it.
        sideWrites: async (client, decided) => {
          if (decided.events.length) await client.query(`update bulk_operations set status = 'cancelled', label = 'Cancelled', updated_at = $2 where id = $1 and status in ('queued', 'running')`, [params.id, ctx.now()]);
        },
      });
      return (await operationView(ctx, actor, params.id)).view;
    },
  },
  {
    method: 'get',
    path: '/bulk/:id/file',
    summary: "Download a finished bulk zip ('Job PDF Bundles M-D-YYYY.zip')",
    handle: async ({ actor, params }, ctx) => {
      const { state } = await operationView(ctx, actor, params.id);
      const file = state.file;
      const stream = file?.sha256 ? await ctx.blobs.get(file.sha256) : null;
      if (!file || !stream) throw notFound('Bulk file');
      return reply({ file: { stream, contentType: 'application/zip', name: file.file_name, size: file.size } });
    },
  },
]);
