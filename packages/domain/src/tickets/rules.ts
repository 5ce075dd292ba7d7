/**
 * Field-ticket rules of spec 3 (sections 4, 5 and 9; docs/tickets.md): the statuses and their sort
 * order, every list a ticket offers, the production line's form from its work type, what a
 * production line produces, the ticket's totals, and which statuses count as approved.
 */
import type { Line } from '../shared/collections.ts';
import { daysAway, dueColour } from '../shared/rules.ts';
import { formTypeOfWorkType, PRODUCTION_WORK_TYPES } from '../shared/work-types.ts';
import { JOB_COLOURS } from '../shared/colours.ts';
import { sumOf } from '../shared/line-figures.ts';

/** Ticket statuses with their sort order (spec 3 section 4); Edit Requested is offered on the detail only. */
export const TICKET_STATUS_ORDER = { New: 1, Issue: 2, Approved: 3, Invoiced: 4, Paid: 5, Resolved: 6, 'Edit Requested': 7 } as const;
export const TICKET_STATUSES = Object.keys(TICKET_STATUS_ORDER) as [keyof typeof TICKET_STATUS_ORDER, ...(keyof typeof TICKET_STATUS_ORDER)[]];
/** What the list offers: every status but Edit Requested. */
export const TICKET_LIST_STATUSES = TICKET_STATUSES.filter((s) => s !== 'Edit Requested');
export const NEW_TICKET_STATUS = 'New';
export const APPROVED_TICKET_STATUS = 'Approved';
/** Un-approving a ticket asks for an edit. */
export const EDIT_REQUESTED_STATUS = 'Edit Requested';
/** An approved ticket stays approved as it is invoiced and paid; its production counts on its job while it is. */
export const APPROVED_TICKET_STATUSES = ['Approved', 'Invoiced', 'Paid', 'Resolved'] as const;
export const isApprovedStatus = (status: unknown) => (APPROVED_TICKET_STATUSES as readonly unknown[]).includes(status);
export const ticketStatusOrder = (status: unknown) => TICKET_STATUS_ORDER[status as keyof typeof TICKET_STATUS_ORDER] ?? null;

export const TICKET_INVOICE_STATUSES = ['Not Invoiced', 'To Invoice', 'Inv wo C/O', 'Inv WITH C/O', 'Disapproved', 'PMT Status', 'PAID', 'NEED STATUS'] as const;
export const TICKET_WORK_STATUSES = ['New', 'URGENT', 'Rework', 'Current', 'Delayed', 'Near Comp.', 'Complete', 'Canceled'] as const;
export const TICKET_CHANGE_ORDER_STATUSES = ['None', 'Needs C/O', 'Have Info', 'Submitted', 'Disapproved', 'Approved', 'C/O Denied', 'Need Status'] as const;
export const TICKET_PHOTO_STATUSES = ['None', 'Need', 'Need More', 'Requested', 'Have All'] as const;
export const TICKET_PAYOUT_STATUSES = ['Not Paid', 'Progress %', 'Part- C/O not Paid', 'Paid (No C/O)', 'Paid (incl C/O)', 'Need Status'] as const;
export const TICKET_EMAIL_STATUSES = ['None', 'Initial', 'In Process', 'Complete'] as const;
export const TICKET_MATERIALS_STATUSES = ['Need', 'Ordered', 'Ready for Pickup', 'Picked up', 'Backordered', 'On-site', 'Ready', 'Installed'] as const;
export const TICKET_PERCENT_COMPLETE = ['20', '40', '60', '80', '100'] as const;
export const TICKET_DAMAGE_REPORT_STATUSES = ['New', 'In-process', 'Completed', 'Issue'] as const;
/** The 17 ticket colours are the jobs' (None and eight colours, strong and light). */
export const TICKET_COLOURS = JOB_COLOURS;
export { PRODUCTION_WORK_TYPES as TICKET_WORK_TYPES };

/** The list's default range: the last 14 days (spec 3 section 9). */
export const TICKET_LIST_DAYS = 14;

/** A production line's form from its work type (spec 3 section 4): the jobs' rule, one rule. */
export const productionFormOf = (line: Record<string, unknown>) => formTypeOfWorkType(line.work_type);

const num = (v: unknown): number | null => (typeof v === 'number' ? v : v == null || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null);
/** Quantities keep 4 decimals: 0.1 + 0.2 is 0.3. */
const qty4 = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * What a production line produced of its CIBE item: its qty, or its feet when it has no qty (a
 * footage line); nothing when zeroed. This is what an approved ticket counts into the CIBE line.
 */
export function producedQty(line: Line): number {
  if (line.line_zeroed === true) return 0;
  return num(line.qty) ?? num(line.feet) ?? 0;
}

/** The feet a production line produced (zeroed: none): what an approved ticket counts into its segment. */
export const producedFeet = (line: Line) => (line.line_zeroed === true ? 0 : (num(line.feet) ?? 0));

/** A money line's total: qty × price, only when both are above 0 (as every line total). */
export function moneyLineTotal(line: Line): number | null {
  const q = num(line.qty);
  const p = num(line.price);
  return q !== null && p !== null && q > 0 && p > 0 ? Math.round(q * p * 100) / 100 : null;
}

const sumQty = (lines: readonly Line[], of: (l: Line) => number) => qty4(lines.reduce((s, l) => s + of(l), 0));
const sumCents = (lines: readonly Line[]) => sumOf(lines.map((l) => ({ ...l, total_price: moneyLineTotal(l) })), 'total_price');

export interface TicketLines {
  productions: readonly Line[];
  equipment: readonly Line[];
  timecards: readonly Line[];
  expenses: readonly Line[];
}

/**
 * The ticket's totals (spec 3 section 3), one rule for the detail, the list, the PDF and the job:
 * - feet_total: the production lines' feet (zeroed lines none);
 * - other_total: the quantities of the production lines counted in units, not feet (every form but from_to);
 * - equipment_hours_total: the equipment lines' hours;
 * - timecard_hours_total: the timecards' billable hours;
 * - expenses_total, expenses_total_billable (customer billable), expenses_total_webuy (we buy): the
 *   expenses' qty × price, in exact cents.
 */
export function ticketTotals(l: TicketLines) {
  const units = l.productions.filter((p) => productionFormOf(p) !== null && productionFormOf(p) !== 'from_to');
  return {
    feet_total: sumQty(l.productions, producedFeet),
    other_total: sumQty(units, (p) => (p.line_zeroed === true ? 0 : (num(p.qty) ?? 0))),
    equipment_hours_total: sumQty(l.equipment, (e) => num(e.hours) ?? 0),
    timecard_hours_total: sumQty(l.timecards, (t) => num(t.billable_hours) ?? 0),
    expenses_total: sumCents(l.expenses),
    expenses_total_billable: sumCents(l.expenses.filter((e) => e.customer_billable === true)),
    expenses_total_webuy: sumCents(l.expenses.filter((e) => e.we_buy === true)),
  };
}

/** Days to the ticket's completion date (red under 4, orange under 7: the shared rule). */
export function ticketDaysLeft(completionDate: string | null | undefined, today: string) {
  const ticket_days_left = daysAway(completionDate ?? null, today);
  return { ticket_days_left, ticket_days_colour: dueColour(ticket_days_left) };
}

/** The photo zip's name (spec 3 section 9): '{number} Photos {M-D-YYYY}'. */
export function ticketPhotoZipName(number: unknown, today: string): string {
  const [y, m, d] = today.split('-').map(Number);
  return `${String(number ?? '').trim() || 'Ticket'} Photos ${m}-${d}-${y}`;
}

/** Spec 3 section 8's words. */
export const TICKET_MESSAGES = {
  saved: 'Ticket Saved successfully!',
  saveFailed: 'error experienced',
  approved: 'Approved successfully!',
  deleted: 'Deleted.',
} as const;
