/**
 * One work order as a PDF (GET /api/jobs/work_orders/{id}/pdf/): the work order's line id names its
 * job through record_index (account-scoped, as every line route finds its record); the job is folded
 * from its own stream, so a line added a moment ago is on the page even if the list read model has
 * not caught up. Header, items and materials come from the domain's `workOrderDocument`.
 */
import { col, jobView, jobWorkOrderReport as declared, workOrderDocument, type JobState } from '@trenchline/domain';
import { plural, recordDocument } from '../shared/builder.ts';

export const jobWorkOrderReport = recordDocument<JobState>({
  declared,
  aggregate: 'job',
  label: 'Work Order',
  async recordOf(ctx, accountId, id) {
    const rec = await ctx.db('record_index').where({ id, account_id: accountId, kind: 'job_work_orders' }).first('stream_id');
    return typeof rec?.stream_id === 'string' && rec.stream_id.startsWith('job-') ? rec.stream_id.slice(4) : null;
  },
  document(job, { today, at }, id) {
    if (!job.id || job.deleted) return null;
    const doc = workOrderDocument({ view: jobView(job, today), lines: job.lines }, id);
    if (!doc) return null;
    return {
      kind: 'document',
      title: `Work order ${doc.work_order_number ?? ''}`.trim(),
      subtitle: `Job ${doc.job_number} · printed ${at.slice(0, 16).replace('T', ' ')} UTC`,
      fields: doc.header.map((h) => ({ label: h.label, value: h.value, kind: h.label === 'Work' ? 'longtext' : h.kind })),
      sections: [
        {
          title: 'Items',
          columns: [
            col.number('line_number', 'Line', 6),
            col.text('item', 'Item', 22),
            col.text('description', 'Description', 36),
            col.text('uom', 'UOM', 7),
            col.number('qty', 'Qty', 9),
            col.text('allocated', 'Allocated', 9),
          ],
          rows: doc.items,
          totals: { item: plural(doc.totals.items, 'item'), qty: doc.totals.item_qty },
          empty: 'No items on this work order.',
        },
        {
          title: 'Materials',
          columns: [
            col.text('item_code', 'Code', 12),
            col.text('description', 'Description', 44),
            col.text('uom', 'UOM', 7),
            col.number('qty', 'Qty', 9),
            col.text('status', 'Status', 14),
          ],
          rows: doc.materials,
          empty: 'No materials on this work order.',
        },
      ],
    };
  },
});
