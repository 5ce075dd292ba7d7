/**
 * The job reports (spec 2 section 7, docs/jobs.md "Calls"): ops, management, segment production and
 * crew reports of the selected jobs, one work order's PDF, and the four ORCA reports of the ORCA
 * dashboard (ops, management, billing invoices, CIBE table), each table with its columns and row
 * fills. Their rows come from report-rows.ts and orca-report-rows.ts.
 */
import { z } from 'zod';
import { idList, recordPdfReport, selectionReport } from '../shared/report-catalogue.ts';
import { col, dueFill } from '../shared/report-columns.ts';
import { fieldColumns } from '../shared/line-sections.ts';
import { jobInvoices } from './base-collections.ts';
import { jobCibeItems } from './cibe.ts';

const { text, longtext, date, number, money, percent } = col;

/** The selected jobs, or without ids the ORCA dashboard as the caller keeps it (its filter and selection). */
const orDashboard = { params: z.object({ ids: idList().optional() }), withoutIds: 'orca_dashboard' } as const;

/** The first columns of the ops and management reports: which job. */
const job = [text('job_number', 'Job #', 10), text('title', 'Title', 24), text('customer', 'Customer', 13)];

export const jobOpsReport = selectionReport('jobs.ops', 'Job ops report', '/jobs/report/ops', {
  columns: [...job, text('form_type', 'Form', 8), text('work_status', 'Status', 11), date('start_date', 'Start', 11), date('completion_date', 'Completion', 11),
    number('days_left', 'Days left', 9), text('crews', 'Crews', 18), percent('segment_percent_complete', '% complete', 11), longtext('latest_note', 'Latest note', 33)],
  rowColour: dueFill,
});
export const jobManagementReport = selectionReport('jobs.management', 'Job management report', '/jobs/report/management', {
  columns: [...job, text('work_status', 'Status', 11), money('total_po_item_amounts', 'PO items', 13), money('total_change_orders', 'Change orders', 13), money('total_job', 'Total job', 13),
    money('total_job_invoiced_actual', 'Invoiced', 13), money('total_crew_payouts', 'Crew payouts', 13), money('total_gross_profit', 'Gross profit', 13), percent('payout_pct_of_total', 'Payout %', 9)],
  rowColour: dueFill,
});
/** A job's 'Unassigned' row (productions naming none of its segments) is filled. */
export const jobSegmentProductionReport = selectionReport('jobs.segment_production', 'Segment production report', '/jobs/report/segment_production', {
  columns: [text('job_number', 'Job #', 10), text('title', 'Job', 24), text('segment_number', 'Segment', 10), text('work_type', 'Work type', 14), text('work_status', 'Status', 11),
    number('feet', 'Planned ft', 10), number('segment_total_feet', 'Actual ft', 10), percent('percent_complete', '% complete', 9), number('plan_days', 'Plan days', 9),
    number('segment_total_days', 'Actual days', 9), money('production_payouts', 'Payouts', 13)],
  rowColour: (r) => (r.segment_number === 'Unassigned' ? '#FFF4E0' : null),
});
export const jobCrewReport = selectionReport('jobs.crew', 'Crew report', '/jobs/report/crew', {
  columns: [text('crew_name', 'Crew', 20), number('jobs', 'Jobs', 7), number('productions', 'Productions', 9), number('feet', 'Feet', 10), number('production_days', 'Prod. days', 9),
    money('production_payouts', 'Production payouts', 14), money('crew_payouts', 'Crew payouts', 13), money('materials_payouts', 'Materials payouts', 13),
    money('equipment_payouts', 'Equipment payouts', 15), money('total_payouts', 'All payouts', 13)],
});

/** One work order (a line of job_work_orders) as a printable document; its id is the path's. */
export const jobWorkOrderReport = recordPdfReport('jobs.work_order', 'Work order', '/jobs/work_orders/:id/pdf', { kind: 'job_work_orders', label: 'Work Order' });

// ---- ORCA (the ORCA dashboard's reports, over the selected ORCA jobs) ----------------------------

/** The paid stage's green (the list colour 'Green Lt'), the fill of a subtotal row and of a task's row under its job. */
const PAID_GREEN = 'rgba(64, 192, 87, 0.3)';
const PAID_GREEN_TOTAL = 'rgba(64, 192, 87, 0.5)';
const SUBTOTAL = '#E9ECEF';
const TASK_ROW = '#F1F3F5';

export const orcaOpsReport = selectionReport('jobs.orca_ops', 'ORCA Ops', '/jobs/report/orca/ops', {
  columns: [text('job_number', 'Job #', 7), text('title', 'Title', 18), text('task_id', 'Task', 5), text('work_status', 'Status', 11), date('due_date', 'Due', 11),
    number('days_left', 'Days left', 6), date('permit_expiration_date', 'Permit expires', 11), number('permit_days_left', 'Permit days', 6), text('coordinator', 'Coordinator', 12),
    text('crews', 'Crews', 12), text('materials_status', 'Materials', 10), text('permit_status', 'Permit', 10), text('photo_status', 'Photos', 9), longtext('latest_note', 'Latest note', 22)],
  rowColour: dueFill,
}, orDashboard);
export const orcaManagementReport = selectionReport('jobs.orca_management', 'ORCA Management', '/jobs/report/orca/management', {
  columns: [text('job_number', 'Job #', 9), text('title', 'Title', 22), money('po_items', 'PO items', 12), money('change_orders', 'Change orders', 12), money('total', 'Total', 12),
    money('invoiced', 'Invoiced', 12), money('crew_payouts', 'Crew payouts', 12), money('gross_profit', 'Gross profit', 12), percent('payout_pct', 'Payout %', 8),
    money('cibe_issued', 'CIBE issued', 12), money('cibe_total', 'CIBE total', 12), money('cibe_difference', 'CIBE difference', 12)],
  rowColour: (r) => (r.level === 'task' ? TASK_ROW : null),
}, orDashboard);
/** Each status's total row is grey, the paid stage's rows green. The invoice's columns are the invoices collection's fields. */
export const orcaBillingInvoicesReport = selectionReport('jobs.orca_billing_invoices', 'ORCA Billing Invoices', '/jobs/report/orca/billing/invoices', {
  columns: [text('job_number', 'Job #', 9), text('title', 'Job', 26), text('task_id', 'Task', 6), ...fieldColumns(jobInvoices, { invoice_number: 12, invoice_date: 10, invoice_amount: 13, status: 15 })],
  rowColour: (r) => (r.kind === 'status_total' ? (r.paid_stage ? PAID_GREEN_TOTAL : SUBTOTAL) : r.paid_stage ? PAID_GREEN : null),
});
/** A line's columns are the CIBE collection's fields, with the change in dollars before Zeroed; each job's totals row is grey. */
export const orcaCibeTableReport = selectionReport('jobs.orca_cibe_table', 'ORCA CIBE table', '/jobs/report/orca/cibe_table', {
  columns: [text('job_number', 'Job #', 9), text('task_id', 'Task', 6), number('line_number', 'Line #', 6),
    ...fieldColumns(jobCibeItems, { issued_item_code: 10, issued_item_description: 24, issued_item_qty: 9, issued_item_price: 10, issued_item_total: 12, CIBE_item_qty: 9, CIBE_item_total: 12, CIBE_item_qty_diff: 9 }),
    money('change', 'Change $', 11), ...fieldColumns(jobCibeItems, { line_zeroed: 7 })],
  rowColour: (r) => (r.kind === 'job_total' ? SUBTOTAL : null),
});
