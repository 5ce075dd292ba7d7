/**
 * The ORCA billing dashboard's pure logic (contract section 4): its rows, the status pipeline (Not
 * Ready ... Paid, the last five green) as a strip of counts and amounts, the days in a status in
 * words, and which live job events touch it. Tested in billing.test.ts.
 */
import { NEED_STATUS, ORCA_INVOICE_STATUSES, orcaInvoicePaidStage, type ShownBillingRow, type StatusTotal } from '@trenchline/domain';
import type { Sort } from '../../../lib/listLogic';
import { ORCA_FORM_TYPE } from '../listLogic';

export const BILLING_PATH = '/api/jobs/orcas/billings/';
/** The contract's default order: by the job's number. */
export const BILLING_DEFAULT_SORT: Sort = { key: 'account_job_number', dir: 'asc' };
export const NO_BILLINGS = 'No ORCA invoices to display.  Add invoices on an ORCA job or its tasks.';

/** One invoice line of an ORCA job (or one of its tasks), as the server answers it. */
export type BillingRow = ShownBillingRow & { version?: number };
/** One status's total on the strip ('' is the blank status). */
export type { StatusTotal };

/** The pipeline in order, NEED STATUS left out: Not Ready ... Paid. */
export const PIPELINE: readonly string[] = ORCA_INVOICE_STATUSES.filter((s) => s !== NEED_STATUS);

/** The last five statuses of the pipeline are the paid stage (the domain's one rule): shown green. */
export const isPaidStage = (status: string | null | undefined) => orcaInvoicePaidStage(status);
export const PAID_STAGE: readonly string[] = PIPELINE.filter(isPaidStage);

/**
 * The strip: every pipeline status in order (none yet: 0), then NEED STATUS and the blank status and
 * any other status only when some line has it.
 */
export function pipelineStrip(totals: readonly StatusTotal[] | undefined): StatusTotal[] {
  const given = new Map((totals ?? []).map((t) => [t.status ?? '', t]));
  const steps = PIPELINE.map((status) => given.get(status) ?? { status, count: 0, amount: 0, paid_stage: isPaidStage(status) });
  const others = [...given.values()].filter((t) => !PIPELINE.includes(t.status) && t.count > 0);
  return [...steps, ...others];
}

/** A status as the strip names it (the blank one too). */
export const statusLabel = (status: string | null | undefined) => (status ? status : '(no status)');

/** '1 day', '12 days', '' when unknown. */
export function daysText(days: number | null | undefined): string {
  if (days === null || days === undefined) return '';
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The amount column public mode hides. */
export const BILLING_MONEY_COLUMNS = ['invoice_amount'] as const;

/** A live job event the billing pages follow: an ORCA job's (or one that left the list). */
export const touchesBilling = (ev: { op: string; row?: Record<string, unknown> | null }) => ev.op === 'remove' || !ev.row || ev.row.form_type === ORCA_FORM_TYPE;

/** The billing call's explicit filter: the dashboard's toggles and an exact status when one is picked. */
export function billingFilter(p: { active: boolean; archived: boolean } | null, status: string | null): Record<string, string> | null {
  if (!p || (!p.active && !p.archived)) return null;
  const f: Record<string, string> = { active: p.active ? 't' : 'f', archived: p.archived ? 't' : 'f' };
  if (status !== null) f.status = status;
  return f;
}
