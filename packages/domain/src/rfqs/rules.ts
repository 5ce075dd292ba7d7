/**
 * RFQ rules of spec 3 (sections 4, 5 and 9; docs/rfqs.md): the statuses, colours, estimate types and
 * units, and the money rules, one place for the detail, the list, the report and the job a won RFQ
 * makes: an estimate's cost and price (price = cost / (1 - margin/100), only when qty, price and margin
 * are all above 0), a segment's totals per category and its margin, the RFQ's totals, margin (a whole
 * percent) and price per foot. Money is summed in exact cents.
 */
import type { Line } from '../shared/collections.ts';
import { daysAway, dueColour } from '../shared/rules.ts';

export const RFQ_STATUSES = ['New', 'Pass', 'Field Visit', 'To Estimate', 'No Bid', 'Submitted', 'Modified', 'Won', 'Lost'] as const;
export const NEW_RFQ_STATUS = 'New';
export const WON_RFQ_STATUS = 'Won';
export const RFQ_COLOURS = ['None', 'Green', 'Yellow', 'Orange', 'Red', 'Blue', 'Gray'] as const;
/** What an estimate line is for; Misc counts as `other` in the totals. */
export const ESTIMATE_TYPES = ['Labor', 'Materials', 'Equipment', 'Transport', 'Overhead', 'Misc'] as const;
/** The per-category totals' names (spec 3 section 3), by estimate type. */
export const ESTIMATE_CATEGORIES = { Labor: 'labor', Materials: 'materials', Equipment: 'equipment', Transport: 'transportation', Overhead: 'overhead', Misc: 'other' } as const;
export type EstimateCategory = (typeof ESTIMATE_CATEGORIES)[keyof typeof ESTIMATE_CATEGORIES];
export const CATEGORY_NAMES = Object.values(ESTIMATE_CATEGORIES);
export const RFQ_UOMS = ['feet', 'hours', 'days', 'each', 'case', 'miles'] as const;
export const DEFAULT_MARGIN_ASSUMPTION = 30;
/** A margin of 100 or more would make the price infinite or negative. */
export const MARGIN_BELOW = 100;
/** Saving then opening a link waits this long (spec 3 section 9). */
export const RFQ_LINK_WAIT_MS = 1500;

const num = (v: unknown): number | null => (typeof v === 'number' ? v : v == null || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null);
const cents = (v: number) => Math.round(v * 100);
const positive = (v: unknown) => {
  const n = num(v);
  return n !== null && n > 0 ? n : null;
};

/** An estimate's figures: total cost = qty × price; total price = cost / (1 - margin/100); both only when qty, price and margin are above 0. */
export function estimateFigures(e: Line): { total_cost: number | null; total_price: number | null } {
  const qty = positive(e.qty);
  const price = positive(e.price);
  const margin = positive(e.estimate_margin_assumption);
  if (qty === null || price === null || margin === null || margin >= MARGIN_BELOW) return { total_cost: null, total_price: null };
  const cost = cents(qty * price) / 100;
  return { total_cost: cost, total_price: cents(cost / (1 - margin / 100)) / 100 };
}

/** The margin price leaves over cost, as a whole percent of price; null without a price. */
export function marginOf(cost: number, price: number): number | null {
  return price > 0 ? Math.round(((price - cost) / price) * 100) : null;
}

const categoryOf = (e: Line): EstimateCategory => ESTIMATE_CATEGORIES[e.work_type as keyof typeof ESTIMATE_CATEGORIES] ?? 'other';

/**
 * A segment's totals from its estimates: the price per category (estimate_total_labor ...), the total
 * cost and price, and the margin they leave (estimate_calculated_margin, a whole percent).
 */
export function segmentFigures(estimates: readonly Line[]) {
  const byCategory = Object.fromEntries(CATEGORY_NAMES.map((c) => [c, 0])) as Record<EstimateCategory, number>;
  let cost = 0;
  let price = 0;
  for (const e of estimates) {
    const f = estimateFigures(e);
    if (f.total_price === null || f.total_cost === null) continue;
    byCategory[categoryOf(e)] += cents(f.total_price);
    cost += cents(f.total_cost);
    price += cents(f.total_price);
  }
  return {
    ...(Object.fromEntries(CATEGORY_NAMES.map((c) => [`estimate_total_${c}`, byCategory[c] / 100])) as Record<`estimate_total_${EstimateCategory}`, number>),
    estimate_total_cost: cost / 100,
    estimate_total_price: price / 100,
    estimate_calculated_margin: marginOf(cost, price),
  };
}

/**
 * The RFQ's totals from its segments and their estimates: rfq_total (the price), rfq_total_cost,
 * rfq_total_feet, rfq_total_days (days required), rfq_margin_calculated (a whole percent),
 * rfq_total_per_foot_calc (price per foot, in cents; null without feet), and the price per category
 * (rfq_total_labor, rfq_total_equipment, rfq_total_materials, rfq_total_transportation,
 * rfq_total_overhead, rfq_total_other).
 */
export function rfqFigures(segments: readonly { segment: Line; estimates: readonly Line[] }[]) {
  const byCategory = Object.fromEntries(CATEGORY_NAMES.map((c) => [c, 0])) as Record<EstimateCategory, number>;
  let cost = 0;
  let price = 0;
  let feet = 0;
  let days = 0;
  for (const { segment, estimates } of segments) {
    const f = segmentFigures(estimates);
    for (const c of CATEGORY_NAMES) byCategory[c] += cents(f[`estimate_total_${c}`]);
    cost += cents(f.estimate_total_cost);
    price += cents(f.estimate_total_price);
    feet += num(segment.feet) ?? 0;
    days += num(segment.days_required) ?? 0;
  }
  const total = price / 100;
  return {
    rfq_total: total,
    rfq_total_cost: cost / 100,
    rfq_total_feet: Math.round(feet * 10_000) / 10_000,
    rfq_total_days: Math.round(days * 10_000) / 10_000,
    rfq_margin_calculated: marginOf(cost, price),
    rfq_total_per_foot_calc: feet > 0 ? cents(total / feet) / 100 : null,
    ...(Object.fromEntries(CATEGORY_NAMES.map((c) => [`rfq_total_${c}`, byCategory[c] / 100])) as Record<`rfq_total_${EstimateCategory}`, number>),
  };
}

/** Days to the bid due date (red under 4, orange under 7: the shared rule). */
export function rfqDaysLeft(bidDue: string | null | undefined, today: string) {
  const rfq_days_left = daysAway(bidDue ?? null, today);
  return { rfq_days_left, rfq_days_colour: dueColour(rfq_days_left) };
}

/** Spec 3 section 8's words. */
export const RFQ_MESSAGES = {
  saveFailed: 'Issue detected: Probably the server, but please check for problem data.',
  deleted: 'Selected rfqs deleted',
  notWon: 'Only a won RFQ makes a job: mark it Won first',
} as const;
