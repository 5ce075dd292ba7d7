/**
 * Job rules of spec 2 (sections 3, 4, 5, 9): status lists, the job's totals and its segments'. Rules other
 * areas use too (line totals, work types, row colours) are in shared/.
 */
import type { Line } from '../shared/collections.ts';
import type { BidState } from '../bids/bid.ts';
import { linesOfCollection } from '../shared/collections.ts';
import { bidItems } from '../bids/collections.ts';
import { choiceNumbered } from '../shared/fields.ts';
import { DIVISION_FIRST_NUMBER } from '../shared/choices.ts';
import { sumOf } from '../shared/line-figures.ts';

export const JOB_FORM_TYPES = ['attorca', 'attfiber', 'base'] as const;
export const JOB_FROM_BID_FORM_TYPE = 'attfiber';
export const NEW_WORK_STATUS = 'New';

/**
 * 'NEED STATUS' and a blank are offered in most lists (spec 2 section 4): every status list of a base
 * job offers it first (a blank is always accepted: '' is no value). Category, kind and form lists
 * (payout categories, note statuses, form types, work types, colours, percent complete) do not: they
 * say what a line is, not where it stands.
 */
export const NEED_STATUS = 'NEED STATUS';
const withNeed = <T extends readonly string[]>(list: T) => [NEED_STATUS, ...list] as const;

export const BASE_WORK_STATUSES = withNeed(['New', 'URGENT', 'Rework', 'Current', 'Delayed', 'Near Comp.', 'Complete', 'Canceled', 'Returned'] as const);
export const ORCA_WORK_STATUSES = withNeed(['New', 'Issued', 'Scheduled', 'In Production', 'Delayed', 'Near Complete', 'Complete', 'Canceled', 'Returned', 'URGENT', 'Rework'] as const);
export const BASE_INVOICE_STATUSES = withNeed(['Not Paid', 'Submitted', 'Approved', 'Denied', 'Paid'] as const);
export const NEW_INVOICE_STATUS = 'Not Paid';
export const BASE_MATERIAL_STATUSES = withNeed(['Need', 'Ordered', 'Ready for Pickup', 'Picked up', 'Backordered', 'On-site Ready', 'Installed'] as const);
export const NEW_MATERIAL_STATUS = 'Need';
export const CHANGE_ORDER_STATUSES = withNeed(['No C/O', 'Needs C/O', 'Info Requested', 'Have Info', 'Submitted', 'Disapproved', 'Approved', 'C/O Denied'] as const);
export const PAYOUT_CATEGORIES = ['Crew Payout', 'Materials Payout', 'Equipment Payout'] as const;
/** Spec 2 section 4: "one reading shows the shorter Crew, Materials, Equipment": taken as the long names, answered long. */
export const PAYOUT_CATEGORY_SHORT = { Crew: 'Crew Payout', Materials: 'Materials Payout', Equipment: 'Equipment Payout' } as const satisfies Record<string, (typeof PAYOUT_CATEGORIES)[number]>;
/** The spec gives payout statuses for ORCA only; base jobs' crew payouts use the same list. */
export const PAYOUT_STATUSES = withNeed(['Not Paid', 'Partial (Progress)', 'Partial (C/O not Paid)', 'Paid (No C/O)', 'Paid (including C/O)'] as const);
export const DAMAGE_REPORT_STATUSES = withNeed(['New', 'In-process', 'Completed'] as const);
/** A link's status: the materials list (spec 2 section 4: "a new material or link starts as Need"). */
export const LINK_STATUSES = BASE_MATERIAL_STATUSES;
export const PERCENT_COMPLETE_BASE = ['0%', '25%', '33%', '50%', '66%', '75%', '95%', '99%', '100%'] as const;
export const PERCENT_COMPLETE_ORCA = ['0', '10', '25', '33', '50', '66', '75', '95', '100', '???'] as const;
export const BASE_DIVISIONS = ['BAU', 'Lightgig', 'IR EMER', 'Legacy', 'NON-IR MR'] as const;
export const ORCA_DIVISIONS = ['BAU', 'LIGHTGIG', 'IR', 'MAINTENANCE', 'SVA', 'EMER RESP', 'LEGACY (LONG LINES)'] as const;
/** ORCA jobs' work types (spec 2 section 4): offered on ORCA jobs and tasks, not on base jobs. */
export const ORCA_WORK_TYPES = ['Bore', 'Trench', 'Plow', 'Big Bore', 'Aerial Strand & Lash', 'Existing Duct'] as const;
/** ORCA lists of spec 2 section 4 that base jobs do not have. */
export const ORCA_INVOICE_STATUSES = withNeed(['Not Ready', 'Ready To Invoice', 'Submitted', 'Disapproved', 'Resubmitted', 'Approved', 'Level 1', 'Level 2', 'CAC Level', 'Sent for Payment', 'Paid'] as const);
/** Every value of these lists, once each, in order: what a line status of either form type may hold. */
const eitherOf = (...lists: readonly (readonly string[])[]) => [...new Set(lists.flat())] as [string, ...string[]];
/** Every invoice status a line takes: the base list and the ORCA pipeline (its job's form type says which: LINE_STATUS_LISTS). */
export const INVOICE_STATUSES = eitherOf(BASE_INVOICE_STATUSES, ORCA_INVOICE_STATUSES);
/** Where an ORCA invoice starts: the first step of its pipeline. */
export const NEW_ORCA_INVOICE_STATUS = 'Not Ready';
export const ORCA_MATERIAL_STATUSES = withNeed(['Need', 'Requested/Ordered', 'Ready for Pickup', 'Picked up', 'Backordered', 'Need Cable', 'On-site Ready', 'Installed'] as const);
export const ORCA_PERMIT_STATUSES = withNeed(['Not Needed', 'Needed', 'Submitted', 'Approved', 'Disapproved', 'Resubmitted', 'Received', 'Issued to Crew'] as const);
export const BASE_PERMIT_STATUSES = withNeed(['Not Needed', 'Needed', 'In-Process', 'Approved', 'In-Hand', 'Re-submit'] as const);
/** Every material status a line takes, of either list (its job's form type says which: LINE_STATUS_LISTS). */
export const MATERIAL_STATUSES = eitherOf(BASE_MATERIAL_STATUSES, ORCA_MATERIAL_STATUSES);
export const PHOTO_STATUSES = withNeed(['Need', 'Need More', 'Requested', 'Have All', 'Uploaded', 'Emailed'] as const);
export const EMAIL_STATUSES = withNeed(['Initial', 'In Process', 'Complete'] as const);
/** A CIBE email starts Initial (its own list, without 'NEED STATUS': an email is always somewhere). */
export const CIBE_EMAIL_STATUSES = ['Initial', 'In Process', 'Complete'] as const;
export const PIT_STATUSES = withNeed(['No Pits', 'Ready for Splicing', 'Needs Cleanout', 'Backfilled', 'Backfilled and Reported', 'Needs Pits'] as const);
export const MUP_STATUSES = withNeed(['Not Needed', 'Needed', 'Created', 'Submitted', 'Needs Redo'] as const);
export const PRE_APPROVALS = withNeed(['Needs Approval', 'Verbal approval', 'In-person approval', 'Email approval'] as const);
/**
 * The paid stage of an ORCA invoice (spec 2 section 4: the last five invoice statuses, shown green):
 * the billing dashboard and the billing report fill these rows green and total them apart.
 */
export const ORCA_INVOICE_PAID_STAGE = ORCA_INVOICE_STATUSES.slice(-5) as readonly string[];
const PAID_STAGE = new Set(ORCA_INVOICE_PAID_STAGE);
/** Whether an invoice in this status has reached the paid stage (exact status, as the lists offer it). */
export const orcaInvoicePaidStage = (status: unknown): boolean => typeof status === 'string' && PAID_STAGE.has(status);

/**
 * An invoice status's place in the ORCA pipeline (ORCA_INVOICE_STATUSES order, 'NEED STATUS' first);
 * a status the list does not name comes after the list, a blank one last.
 */
export function orcaInvoiceStatusRank(status: unknown): number {
  const s = typeof status === 'string' ? status.trim() : '';
  if (!s) return ORCA_INVOICE_STATUSES.length + 1;
  const at = (ORCA_INVOICE_STATUSES as readonly string[]).indexOf(s);
  return at >= 0 ? at : ORCA_INVOICE_STATUSES.length;
}

/** ORCA statuses shown green on the dashboards (spec 2 section 4). */
export const GREEN_STATUSES = ['Complete', 'Approved', 'Level 1', 'Level 2', 'CAC Level', 'Sent for Payment', 'Paid'] as const;

/**
 * The lists a job's (or task's) free-text status fields are offered with, by form type: every status
 * is a free choice (spec 2 section 4), so the server keeps any text and the screens offer these.
 */
export const ORCA_LISTS = {
  work_status: ORCA_WORK_STATUSES,
  invoice_status: ORCA_INVOICE_STATUSES,
  materials_status: ORCA_MATERIAL_STATUSES,
  permit_status: ORCA_PERMIT_STATUSES,
  photo_status: PHOTO_STATUSES,
  payout_status: PAYOUT_STATUSES,
  email_status: EMAIL_STATUSES,
  pit_status: PIT_STATUSES,
  mup: MUP_STATUSES,
  pre_approval: PRE_APPROVALS,
  percent_complete: PERCENT_COMPLETE_ORCA,
  work_type: ORCA_WORK_TYPES,
  division: ORCA_DIVISIONS,
} as const satisfies Record<string, readonly string[]>;
export const BASE_LISTS = {
  work_status: BASE_WORK_STATUSES,
  invoice_status: BASE_INVOICE_STATUSES,
  materials_status: BASE_MATERIAL_STATUSES,
  permit_status: BASE_PERMIT_STATUSES,
  percent_complete: PERCENT_COMPLETE_BASE,
  division: BASE_DIVISIONS,
} as const satisfies Record<string, readonly string[]>;
export type StatusField = keyof typeof ORCA_LISTS;
/** The lists a job of this form type offers, by field. */
export const listsOfFormType = (formType: unknown): Partial<Record<StatusField, readonly string[]>> => (formType === ORCA_FORM_TYPE ? ORCA_LISTS : BASE_LISTS);
export const ORCA_FORM_TYPE = 'attorca';

/**
 * Status lists of a job's lines that follow the job's form type (spec 2 section 4): an ORCA job's
 * materials, invoices and permits (its tasks' too) take the ORCA lists, a base job's the base lists.
 * Each collection's `status` takes the list the job offers for the named job field.
 */
export const LINE_STATUS_LISTS: Readonly<Record<string, 'materials_status' | 'invoice_status' | 'permit_status'>> = {
  job_materials: 'materials_status',
  job_invoices: 'invoice_status',
  job_permits: 'permit_status',
};
/**
 * Spec 2 section 4 says "a new invoice starts as Not Paid" beside the ORCA invoice list too: on an ORCA
 * job the old client's 'Not Paid' is read as the head of the ORCA pipeline, 'Not Ready'.
 */
const ORCA_LINE_READINGS: Readonly<Record<string, Readonly<Record<string, string>>>> = { job_invoices: { 'Not Paid': NEW_ORCA_INVOICE_STATUS } };
/** A line status as a job of this form type reads it (ORCA_LINE_READINGS); any other value as sent. */
export const lineStatusRead = (collection: string, formType: unknown, status: string): string => (formType === ORCA_FORM_TYPE ? ORCA_LINE_READINGS[collection]?.[status] : undefined) ?? status;
/** The statuses a line of this collection takes on a job of this form type; undefined: the collection's status has no such list. */
export function lineStatusesOf(collection: string, formType: unknown): readonly string[] | undefined {
  const field = LINE_STATUS_LISTS[collection];
  return field ? listsOfFormType(formType)[field] : undefined;
}

/**
 * Divisions are numbered 1 to 5 (spec 3 section 9): a division sent as 1..5 (number or text) on a
 * base job is the name at that place of the base list, which has exactly five. An ORCA job's seven are
 * not numbered: there a number stays as typed (a division is free text).
 */
export function divisionOf(formType: unknown, division: unknown): unknown {
  if (formType === ORCA_FORM_TYPE) return division;
  return choiceNumbered(BASE_DIVISIONS, division, DIVISION_FIRST_NUMBER) ?? division;
}

/**
 * The article descriptions of spec 2 section 4 (spec 3 section 9 too): offered on the descriptions of
 * job items, change-order lines, work orders and their items; free text, so any other may be typed.
 */
export const ARTICLE_DESCRIPTIONS = ['2 PERSON HAND CREW', '2 PERSON BACKHOE CREW', 'DRILL CREW', 'LSMAT MISC. MATERIALS (SOD)'] as const;

/** The customers spec 2 section 4 names, offered on a job's customer (free text: Settings' customers too). */
export const JOB_CUSTOMERS = ['AT&T', 'Fiberlight'] as const;
export const IWA_DEFAULT_FORM_TYPE = 'attfiber';

const num = (v: unknown) => (typeof v === 'number' ? v : v == null || v === '' ? 0 : Number(v) || 0);

const cents = (v: number) => Math.round(v * 100);

/**
 * The job's totals (spec 2 sections 3 and 5): total = PO items + change orders; gross profit = total
 * minus crew payouts; payout percent = crew payouts / estimated payout x 100, whole on a job;
 * operations gross profit = invoiced minus all payouts.
 */
export function jobTotals(o: { items: Line[]; changeOrders: Line[]; invoices: Line[]; payouts: Line[]; estimatedPayout: unknown }) {
  const total_po_item_amounts = sumOf(o.items, 'total_price');
  const total_change_orders = sumOf(o.changeOrders, 'total_price');
  const total_job = (cents(total_po_item_amounts) + cents(total_change_orders)) / 100;
  const total_job_invoiced_actual = sumOf(o.invoices, 'invoice_amount');
  const total_crew_payouts = sumOf(o.payouts.filter((p) => (p.category ?? 'Crew Payout') === 'Crew Payout'), 'crew_payout_amount');
  const total_payouts = sumOf(o.payouts, 'crew_payout_amount');
  const estimated = num(o.estimatedPayout);
  return {
    total_po_item_amounts,
    total_change_orders,
    total_job,
    total_job_invoiced_actual,
    total_crew_payouts,
    total_payouts,
    payout_pct_of_total: estimated > 0 ? Math.round((total_crew_payouts / estimated) * 100) : null,
    total_gross_profit: (cents(total_job) - cents(total_crew_payouts)) / 100,
    job_operations_gross_profit: (cents(total_job_invoiced_actual) - cents(total_payouts)) / 100,
  };
}

/**
 * The job's margin against its estimate (a job a won RFQ made): estimated is the RFQ's margin; actual
 * is what invoiced leaves after every payout, as a whole percent of invoiced (null before any invoice);
 * the difference in points (actual - estimated) says how the job is doing against its quote.
 */
export function marginAgainstEstimate(t: { total_job_invoiced_actual: number; job_operations_gross_profit: number }, estimatedMargin: unknown) {
  const estimated = estimatedMargin === null || estimatedMargin === undefined || estimatedMargin === '' ? null : Number(estimatedMargin);
  const actual = percentOf(t.job_operations_gross_profit, t.total_job_invoiced_actual);
  return { margin_estimated: estimated, margin_actual: actual, margin_difference: estimated !== null && actual !== null ? actual - Math.round(estimated) : null };
}

/** A part of a whole as a whole percent (x 100, rounded); null when there is no whole to measure against. */
export function percentOf(part: number, whole: unknown): number | null {
  const w = num(whole);
  return w > 0 ? Math.round((part / w) * 100) : null;
}

/** A segment's percent complete (spec 2 section 5): actual feet (its productions) over planned feet, x 100, rounded. */
export const segmentPercentComplete = (actualFeet: number, plannedFeet: unknown) => percentOf(actualFeet, plannedFeet);

/** The number a segment is known by: its segment_number, else its number; '' when it has neither. */
export const segmentKeyOf = (segment: Line) => String(segment.segment_number ?? '').trim() || String(segment.number ?? '').trim();
/** The segment a production counts for: the segment_number it names ('' for none). */
export const productionSegmentKeyOf = (production: Line) => String(production.segment_number ?? '').trim();

/** The productions of one segment: those naming its number (a segment with no number has none). */
export function productionsOfSegment(segment: Line, productions: Line[]): Line[] {
  const key = segmentKeyOf(segment);
  return key ? productions.filter((p) => productionSegmentKeyOf(p) === key) : [];
}

/**
 * A segment's computed fields (spec 2 section 3) from the productions that name it and the approved
 * field tickets that count on it (ticket_feet):
 * segment_total_feet and segment_total_days are the feet and days produced, and the percentages
 * measure them against the plan: percent_complete (feet over planned feet, spec 2 section 5),
 * percent_days_used (days over plan_days) and percent_labor_used (the productions' crew payouts over
 * estimate_total_labor).
 */
export function segmentTotals(segment: Line, productions: Line[]) {
  const own = productionsOfSegment(segment, productions);
  // Approved field tickets' feet count too (ticket_feet, kept by jobs/ticket-production.ts).
  const segment_total_feet = (cents(sumOf(own, 'feet')) + cents(num(segment.ticket_feet))) / 100;
  const segment_total_days = sumOf(own, 'production_days');
  const production_payouts = sumOf(own, 'crew_payout_amount');
  return {
    segment_total_feet,
    segment_total_days,
    production_payouts,
    percent_complete: percentOf(segment_total_feet, segment.feet),
    percent_days_used: percentOf(segment_total_days, segment.plan_days),
    percent_labor_used: percentOf(production_payouts, segment.estimate_total_labor),
  };
}

/**
 * Spec 1 section 3: the job fields a bid fills. The spec names the job fields, not all their sources:
 * address takes the bid's location, and geo_loc / bid_area take the first item's geographic location
 * and bid area (a bid keeps those per item).
 */
export function jobFieldsFromBid(bid: BidState): Record<string, unknown> {
  const f = bid.fields;
  const first = linesOfCollection(bid.lines, bidItems)[0];
  return {
    bid_ref: bid.id,
    work_status: NEW_WORK_STATUS,
    form_type: JOB_FROM_BID_FORM_TYPE,
    work_req_num: f.work_request ?? null,
    task_completion: f.task_completion ?? null,
    coordinator: f.coordinator ?? null,
    coord_phone1: f.phone_1 ?? null,
    ticket_number: f.ticket_number ?? null,
    description: f.description ?? null,
    start_date: f.request_start ?? null,
    completion_date: f.bid_completion ?? null,
    job_number: f.job_number ?? null,
    geo_loc: (first?.geographic_location as string) ?? null,
    bid_area: (first?.bid_area as string) ?? null,
    address: f.location ?? null,
    city: f.city ?? null,
    county: f.county ?? null,
    crossroads: f.crossroads ?? null,
    summary_description: f.summary_description ?? null,
    job_summary: f.job_summary ?? null,
  };
}

/** Spec 1 section 3: col1 from job_number, job_percent from bid_percent, col4 from frc, col6 from vd. */
export function jobItemFromBidItem(item: Line): Record<string, unknown> {
  return {
    item: item.item ?? null,
    col1: item.job_number ?? null,
    job_percent: item.bid_percent ?? null,
    col4: item.frc ?? null,
    col6: item.vd ?? null,
    modified_from_bid_sheet: item.modified_from_bid_sheet ?? false,
  };
}
