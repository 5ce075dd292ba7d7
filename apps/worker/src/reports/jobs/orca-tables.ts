/**
 * The ORCA dashboard's four reports (spec 2 section 7): ops, management, billing invoices and CIBE
 * table, each over the selected jobs (`?ids=`; only ORCA jobs give rows). Rows and totals are the
 * domain's (orca-report-rows.ts); here only the reading, the columns and the row fills.
 */
import {
  orcaBillingInvoiceRows,
  orcaBillingInvoicesReport as billingDeclared,
  orcaCibeTableReport as cibeDeclared,
  orcaCibeTableRows,
  orcaManagementReport as managementDeclared,
  orcaManagementRows,
  orcaOpsReport as opsDeclared,
  orcaOpsRows,
} from '@trenchline/domain';
import type { WorkerContext } from '../../context.ts';
import { tableReport } from '../shared/builder.ts';
import { selectedJobs } from './source.ts';
import { dueFill, plural } from '../shared/source.ts';

/** Every ORCA report reads the tasks and lines of its jobs. */
const jobsWithLines = (ctx: WorkerContext, accountId: string, ids: string[]) => selectedJobs(ctx, accountId, ids, { lines: true });

/** The paid stage's green (the list colour 'Green Lt'), and the fill of a subtotal row. */
const PAID_GREEN = 'rgba(64, 192, 87, 0.3)';
const PAID_GREEN_TOTAL = 'rgba(64, 192, 87, 0.5)';
const SUBTOTAL = '#E9ECEF';
const TASK_ROW = '#F1F3F5';

export const orcaOpsReport = tableReport({
  declared: opsDeclared,
  select: jobsWithLines,
  columns: [
    { key: 'job_number', label: 'Job #', kind: 'text', width: 7 },
    { key: 'title', label: 'Title', kind: 'text', width: 18 },
    { key: 'task_id', label: 'Task', kind: 'text', width: 5 },
    { key: 'work_status', label: 'Status', kind: 'text', width: 11 },
    { key: 'due_date', label: 'Due', kind: 'date', width: 11 },
    { key: 'days_left', label: 'Days left', kind: 'number', width: 6 },
    { key: 'permit_expiration_date', label: 'Permit expires', kind: 'date', width: 11 },
    { key: 'permit_days_left', label: 'Permit days', kind: 'number', width: 6 },
    { key: 'coordinator', label: 'Coordinator', kind: 'text', width: 12 },
    { key: 'crews', label: 'Crews', kind: 'text', width: 12 },
    { key: 'materials_status', label: 'Materials', kind: 'text', width: 10 },
    { key: 'permit_status', label: 'Permit', kind: 'text', width: 10 },
    { key: 'photo_status', label: 'Photos', kind: 'text', width: 9 },
    { key: 'latest_note', label: 'Latest note', kind: 'longtext', width: 22 },
  ],
  table(selected, today) {
    const { rows, totals, label } = orcaOpsRows(selected, today);
    return {
      rows,
      count: `${plural(totals.tasks, 'task')} of ${plural(totals.jobs, 'job')}`,
      totals: {
        title: label,
        work_status: totals.overdue ? `${totals.overdue} overdue` : '',
        coordinator: totals.due_within_week ? `${totals.due_within_week} due within 7 days` : '',
      },
    };
  },
  rowColour: dueFill,
});

export const orcaManagementReport = tableReport({
  declared: managementDeclared,
  select: jobsWithLines,
  columns: [
    { key: 'job_number', label: 'Job #', kind: 'text', width: 9 },
    { key: 'title', label: 'Title', kind: 'text', width: 22 },
    { key: 'po_items', label: 'PO items', kind: 'money', width: 12 },
    { key: 'change_orders', label: 'Change orders', kind: 'money', width: 12 },
    { key: 'total', label: 'Total', kind: 'money', width: 12 },
    { key: 'invoiced', label: 'Invoiced', kind: 'money', width: 12 },
    { key: 'crew_payouts', label: 'Crew payouts', kind: 'money', width: 12 },
    { key: 'gross_profit', label: 'Gross profit', kind: 'money', width: 12 },
    { key: 'payout_pct', label: 'Payout %', kind: 'percent', width: 8 },
    { key: 'cibe_issued', label: 'CIBE issued', kind: 'money', width: 12 },
    { key: 'cibe_total', label: 'CIBE total', kind: 'money', width: 12 },
    { key: 'cibe_difference', label: 'CIBE difference', kind: 'money', width: 12 },
  ],
  table(selected, today) {
    const { rows, totals, label } = orcaManagementRows(selected, today);
    return { rows, count: `${plural(totals.jobs, 'job')}, ${plural(totals.tasks, 'task')}`, totals: { ...totals, title: label } };
  },
  rowColour: (r) => (r.level === 'task' ? TASK_ROW : null),
});

export const orcaBillingInvoicesReport = tableReport({
  declared: billingDeclared,
  select: jobsWithLines,
  columns: [
    { key: 'job_number', label: 'Job #', kind: 'text', width: 9 },
    { key: 'title', label: 'Job', kind: 'text', width: 26 },
    { key: 'task_id', label: 'Task', kind: 'text', width: 6 },
    { key: 'invoice_number', label: 'Invoice #', kind: 'text', width: 12 },
    { key: 'invoice_date', label: 'Date', kind: 'date', width: 10 },
    { key: 'invoice_amount', label: 'Amount', kind: 'money', width: 13 },
    { key: 'status', label: 'Status', kind: 'text', width: 15 },
  ],
  table(selected, today) {
    const { rows, totals, label } = orcaBillingInvoiceRows(selected, today);
    return {
      rows,
      count: `${plural(totals.invoices, 'invoice')} of ${plural(totals.jobs, 'job')}`,
      totals: { title: label, invoice_amount: totals.invoice_amount, status: totals.paid_stage_invoices ? `paid stage ${plural(totals.paid_stage_invoices, 'invoice')}` : '' },
    };
  },
  rowColour: (r) => (r.kind === 'status_total' ? (r.paid_stage ? PAID_GREEN_TOTAL : SUBTOTAL) : r.paid_stage ? PAID_GREEN : null),
});

export const orcaCibeTableReport = tableReport({
  declared: cibeDeclared,
  select: jobsWithLines,
  columns: [
    { key: 'job_number', label: 'Job #', kind: 'text', width: 9 },
    { key: 'task_id', label: 'Task', kind: 'text', width: 6 },
    { key: 'line_number', label: 'Line #', kind: 'number', width: 6 },
    { key: 'issued_item_code', label: 'Code', kind: 'text', width: 10 },
    { key: 'issued_item_description', label: 'Description', kind: 'text', width: 24 },
    { key: 'issued_item_qty', label: 'Issued qty', kind: 'number', width: 9 },
    { key: 'issued_item_price', label: 'Price', kind: 'money', width: 10 },
    { key: 'issued_item_total', label: 'Issued total', kind: 'money', width: 12 },
    { key: 'CIBE_item_qty', label: 'CIBE qty', kind: 'number', width: 9 },
    { key: 'CIBE_item_total', label: 'CIBE total', kind: 'money', width: 12 },
    { key: 'CIBE_item_qty_diff', label: 'Difference', kind: 'number', width: 9 },
    { key: 'change', label: 'Change $', kind: 'money', width: 11 },
    { key: 'line_zeroed', label: 'Zeroed', kind: 'text', width: 7 },
  ],
  table(selected, today) {
    const { rows, totals, label } = orcaCibeTableRows(selected, today);
    return { rows, count: `${plural(totals.lines, 'line')} of ${plural(totals.jobs, 'job')}`, totals: { ...totals, issued_item_description: label } };
  },
  rowColour: (r) => (r.kind === 'job_total' ? SUBTOTAL : null),
});
