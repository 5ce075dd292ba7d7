/**
 * The ORCA billing dashboard (spec 2 section 2): every invoice of every ORCA job, one row each, kept in
 * `orca_invoices` by the job list's projection (its rows are a function of the job, written with the
 * job's row in one transaction). The job's archived flag is the row's; rows of a deleted job go.
 */
import { billingRowFor, INVOICE_STATUSES, orcaBillingRows, type JobState } from '@trenchline/domain';
import { columnsOf, defineList, instant, number, ref, sortedBy, text, type ListDef, type View } from '@trenchline/platform/lists/define.ts';


const search = (v: View) => [v.account_job_number, v.job_title, v.customer, v.task_id, v.invoice_number, v.status, v.notes];

export const orcaBillings: ListDef = defineList({
  name: 'orca_billings',
  // Its rows change with their job: the job's live list and consistency.
  aggregate: 'job',
  table: 'orca_invoices',
  columns: [
    ref('job_id', 'job'),
    text('account_job_number'),
    text('job_title'),
    text('customer'),
    text('task_id'),
    text('invoice_number'),
    number('invoice_amount'),
    text('status'),
    instant('status_since'),
  ],
  sorts: {
    id: 'id',
    ...sortedBy('account_job_number', 'job_title', 'customer', 'task_id', 'invoice_number', 'invoice_amount', 'status', 'status_since'),
    // More days in the status is an older date.
    days_in_status: '-status_since',
  },
  defaultOrdering: 'account_job_number',
  search,
  filters: { toggles: 'active_archived', equals: { status: { column: 'status', values: INVOICE_STATUSES } } },
  row: (view, today) => billingRowFor(view, today),
  keptWith: { parent: 'job_id', rows: (state: JobState) => orcaInvoiceRows(state) },
});

/** The billing rows of a job as `orca_invoices` keeps them (none unless it is a live ORCA job). */
export function orcaInvoiceRows(state: JobState): Record<string, unknown>[] {
  return orcaBillingRows(state).map((row) => ({
    id: row.id,
    archived: row.archived,
    deleted: false,
    search: search(row)
      .filter((v) => v !== null && v !== undefined && v !== '')
      .join(' ')
      .toLowerCase(),
    view: row,
    ...columnsOf(orcaBillings, row),
  }));
}
