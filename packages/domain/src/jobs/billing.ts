/**
 * The ORCA billing dashboard's rules (spec 2 sections 2 and 4): one row per invoice of an ORCA job
 * (a task's invoices included), its place in the status pipeline, the days it has stood in its status,
 * and the totals per status.
 */
import type { Line } from '../shared/collections.ts';
import { daysBetween } from '../shared/dates.ts';
import type { JobState } from './job.ts';
import { jobLinesOf } from './collections.ts';
import { ORCA_FORM_TYPE, orcaInvoicePaidStage, orcaInvoiceStatusRank } from './rules.ts';

/** An invoice as the billing dashboard lists it (`days_in_status` and `paid_stage` are added for today). */
export interface BillingRow {
  id: string;
  job: string;
  account_job_number: string | null;
  job_title: string | null;
  customer: string | null;
  job_task: string | null;
  task_id: string | null;
  invoice_number: string | null;
  invoice_date: string | null;
  invoice_amount: number | null;
  status: string | null;
  status_since: string | null;
  notes: string | null;
  archived: boolean;
  [more: string]: unknown;
}

const textOf = (v: unknown) => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
const amountOf = (v: unknown) => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** Every invoice of an ORCA job, in invoice order; none for a deleted job or another form type. */
export function orcaBillingRows(state: JobState): BillingRow[] {
  const f = state.fields as Record<string, unknown>;
  if (!state.id || state.deleted || f.form_type !== ORCA_FORM_TYPE) return [];
  return jobLinesOf(state.lines, 'job_invoices').map((l: Line) => ({
    id: String(l.id),
    job: state.id!,
    account_job_number: textOf(f.account_job_number),
    job_title: textOf(f.title),
    customer: textOf(f.customer),
    job_task: textOf(l.job_task),
    task_id: textOf(l.task_id),
    invoice_number: textOf(l.invoice_number),
    invoice_date: textOf(l.invoice_date),
    invoice_amount: amountOf(l.invoice_amount),
    status: textOf(l.status),
    // A line written before statuses were stamped: counted from when it was added, if known.
    status_since: textOf(l.status_since) ?? textOf(l.created_date),
    notes: textOf(l.notes),
    archived: Boolean(f.archived),
  }));
}

/** The row for today: whole days in its status (UTC dates, as every "days" of the spec) and whether it is green. */
export function billingRowFor<R extends { status?: unknown; status_since?: unknown }>(row: R, today: string) {
  const since = typeof row.status_since === 'string' ? row.status_since.slice(0, 10) : null;
  return { ...row, days_in_status: since ? Math.max(0, daysBetween(since, today)) : null, paid_stage: orcaInvoicePaidStage(row.status) };
}

/** A billing row as the dashboard answers it, for today. */
export type ShownBillingRow = BillingRow & { days_in_status: number | null; paid_stage: boolean };

export interface StatusTotal {
  status: string;
  count: number;
  amount: number;
  paid_stage: boolean;
}

/**
 * Totals per status (of invoices, or of groups of them counted in SQL) in pipeline order (statuses off
 * the list after it, by name; blank as '' last), amounts summed in cents so they add up as the invoices do.
 * The billing dashboard and the billing report total with this one rule.
 */
export function billingTotals(groups: readonly { status?: unknown; count?: number; amount: unknown }[]): StatusTotal[] {
  const by = new Map<string, { count: number; cents: number }>();
  for (const g of groups) {
    const key = typeof g.status === 'string' ? g.status.trim() : '';
    const t = by.get(key) ?? { count: 0, cents: 0 };
    t.count += g.count ?? 1;
    t.cents += Math.round((amountOf(g.amount) ?? 0) * 100);
    by.set(key, t);
  }
  return [...by.entries()]
    .sort(([a], [b]) => orcaInvoiceStatusRank(a) - orcaInvoiceStatusRank(b) || a.localeCompare(b))
    .map(([status, t]) => ({ status, count: t.count, amount: t.cents / 100, paid_stage: orcaInvoicePaidStage(status) }));
}

/** The grand total of the status totals: every invoice counted once, amounts added in cents by the same rule. */
export function billingGrandTotal(totals: readonly StatusTotal[]): { count: number; amount: number } {
  const cents = totals.reduce((sum, t) => sum + Math.round(t.amount * 100), 0);
  return { count: totals.reduce((n, t) => n + t.count, 0), amount: cents / 100 };
}
