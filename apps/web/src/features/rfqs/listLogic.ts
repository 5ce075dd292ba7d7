/**
 * The RFQ list's and page's own pure logic: the default sort, the status filter, which live rows the
 * list holds, the number as shown, and the job's margin line (estimate against actual).
 * Tested in listLogic.test.ts.
 */
import { RFQ_STATUSES } from '@trenchline/domain';
import type { Sort } from '../../lib/listLogic';
import { statusRowFit, withStatusParam, type ListPrefs } from '../../lib/listPrefs';
import type { ListFilter } from '../../components/table/pagedList';

/** Bid due soonest first, as the server orders the list by default. */
export const DEFAULT_SORT: Sort = { key: 'rfq_days_left', dir: 'asc' };

export const STATUS_CHOICES = ['All statuses', ...RFQ_STATUSES] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];

/** The list call's filter with the status asked for (?rfq_status; none for every status). */
export const withStatus = (filter: ListFilter | null, status: StatusChoice): ListFilter | null => withStatusParam(filter, 'rfq_status', status);

/** Whether a live row belongs in the list of these choices: active or archived, rfq date to bid due against the range, and the status. */
export const rfqRowFit = (p: ListPrefs | null, status: StatusChoice) =>
  statusRowFit(p, { field: 'rfq_status', status, span: (row) => ({ start_date: row.rfq_date, due_date: row.bid_due_date ?? row.rfq_date }) });

/** The RFQ's number as shown: the counter's number, else its id ('#12'). */
export const rfqNumberText = (r: { id: string; account_rfq_number?: string | null }) => r.account_rfq_number || `#${r.id}`;

/** A whole percent as shown, a dash when the server has none. */
export const percentText = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v}%`);

/** Whether the page offers 'Make job': a Won RFQ that has not made its job yet. */
export const canMakeJob = (r: { rfq_status?: string | null; job_ref?: string | null }) => r.rfq_status === 'Won' && !r.job_ref;

export interface JobMargins {
  margin_estimated?: number | null;
  margin_actual?: number | null;
  margin_difference?: number | null;
}

/**
 * The job's margin line, from the server's figures: 'Margin: estimated 30% · actual 25% (−5 pts)',
 * 'no invoices yet' while nothing is invoiced; null when the job has no estimate (not from an RFQ).
 */
export function jobMarginText(j: JobMargins): string | null {
  if (j.margin_estimated === null || j.margin_estimated === undefined) return null;
  const start = `Margin: estimated ${j.margin_estimated}%`;
  if (j.margin_actual === null || j.margin_actual === undefined) return `${start} · no invoices yet`;
  const d = j.margin_difference ?? j.margin_actual - j.margin_estimated;
  const sign = d > 0 ? '+' : d < 0 ? '−' : '±';
  return `${start} · actual ${j.margin_actual}% (${sign}${Math.abs(d)} pts)`;
}
