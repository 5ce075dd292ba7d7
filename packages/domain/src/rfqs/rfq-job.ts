/**
 * Won RFQ → job (docs/rfqs.md): the job a won RFQ makes, as a bid's: its title, customer and dates, a
 * segment per RFQ segment (number, work type, feet, plan days; its labor price as estimate_total_labor
 * and its price as the segment's PO amount) and an item per estimate (its type, description, qty, uom
 * and the unit price its total price comes to), and the RFQ's figures as the job's estimate: the job
 * page then sets them against the actual margin as invoices and payouts arrive (jobs/rules.ts).
 */
import type { Line } from '../shared/collections.ts';
import type { RfqState } from './rfq.ts';
import { segmentsWithEstimates } from './view.ts';
import { estimateFigures, rfqFigures, segmentFigures } from './rules.ts';

export function jobFromRfq(rfq: RfqState) {
  const f = rfq.fields as Record<string, unknown>;
  const segments = segmentsWithEstimates(rfq.lines);
  const totals = rfqFigures(segments);
  const job = {
    form_type: 'base',
    title: (f.title as string | null) ?? `RFQ ${String(f.account_rfq_number ?? rfq.id)}`,
    customer: f.customer ?? null,
    address: f.location ?? null,
    start_date: f.po_start_date ?? null,
    completion_date: f.po_complete_date ?? null,
    description: f.description ?? null,
    rfq_ref: rfq.id,
    estimated_total: totals.rfq_total,
    estimated_cost: totals.rfq_total_cost,
    estimated_margin: totals.rfq_margin_calculated,
  };
  const jobSegments = segments.map(({ segment, estimates }, n) => {
    const s = segmentFigures(estimates);
    return { number: n + 1, segment_number: (segment.number as string | null) ?? String(n + 1), work_type: segment.work_type ?? null, feet: segment.feet ?? null, plan_days: segment.days_required ?? null, segment_po_amount: s.estimate_total_price || null, estimate_total_labor: s.estimate_total_labor || null };
  });
  const items = segments.flatMap(({ segment, estimates }) =>
    estimates.map((e: Line) => {
      const fig = estimateFigures(e);
      const qty = Number(e.qty) || null;
      return {
        item: e.work_type ?? null,
        item_code: [segment.number, e.number].filter(Boolean).join('-') || null,
        description: e.description ?? null,
        uom: e.uom ?? null,
        qty,
        // The unit price its total price comes to (4 decimals), so qty × price is the estimate's price.
        price: fig.total_price !== null && qty ? Math.round((fig.total_price / qty) * 10_000) / 10_000 : null,
      };
    }),
  );
  return { job, segments: jobSegments, items };
}
