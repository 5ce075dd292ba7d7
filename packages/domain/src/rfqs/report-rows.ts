/**
 * The rows of the RFQ management report (reports.ts), as a pure rule over what the RFQ list shows:
 * each selected RFQ's stored view (rfqView). RFQs come in the list's order, bid due soonest first.
 * Money is summed in exact cents; the totals' margin and price per foot are of the totals.
 */
import { marginOf, rfqDaysLeft } from './rules.ts';
import { plural, printedText as text } from '../shared/line-sections.ts';

const num = (v: unknown): number | null => (v == null || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null);
const cents = (v: unknown) => Math.round((num(v) ?? 0) * 100);
// Feet and days carry up to 4 decimals (the segment's columns); summed without float drift.
const tenThousandths = (v: unknown) => Math.round((num(v) ?? 0) * 10_000);

/** The RFQ management report: each RFQ's number, title, customer, status, dates, days left, feet, days, cost, total, margin and price per foot. */
export function rfqManagementRows(views: Record<string, unknown>[], today: string) {
  const rows = views
    .map((v) => {
      const days = rfqDaysLeft(v.bid_due_date as string | null, today);
      return {
        id: String(v.id),
        account_rfq_number: text(v.account_rfq_number),
        title: text(v.title),
        customer: text(v.customer),
        rfq_status: text(v.rfq_status),
        rfq_date: (v.rfq_date as string | null) ?? null,
        bid_due_date: (v.bid_due_date as string | null) ?? null,
        days_left: days.rfq_days_left,
        days_colour: days.rfq_days_colour,
        feet: num(v.rfq_total_feet),
        days: num(v.rfq_total_days),
        cost: num(v.rfq_total_cost),
        total: num(v.rfq_total),
        margin: num(v.rfq_margin_calculated),
        per_foot: num(v.rfq_total_per_foot_calc),
      };
    })
    .sort((a, b) => (a.days_left ?? Infinity) - (b.days_left ?? Infinity) || (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0));
  const cost = rows.reduce((s, r) => s + cents(r.cost), 0);
  const total = rows.reduce((s, r) => s + cents(r.total), 0);
  const feet = rows.reduce((s, r) => s + tenThousandths(r.feet), 0);
  const totals = {
    rfqs: rows.length,
    feet: feet / 10_000,
    days: rows.reduce((s, r) => s + tenThousandths(r.days), 0) / 10_000,
    cost: cost / 100,
    total: total / 100,
    margin: marginOf(cost, total),
    per_foot: feet > 0 ? Math.round((total / 100 / (feet / 10_000)) * 100) / 100 : null,
    overdue: rows.filter((r) => r.days_left !== null && r.days_left < 0).length,
  };
  return { rows, totals, label: `Totals (${plural(rows.length, 'RFQ')})` };
}
