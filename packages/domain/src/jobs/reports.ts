/**
 * The job reports (spec 2 section 7, docs/jobs.md "Calls"): ops, management, segment production and
 * crew reports of the selected jobs, one work order's PDF, and the four ORCA reports of the ORCA
 * dashboard (ops, management, billing invoices, CIBE table). Their rows come from report-rows.ts and
 * orca-report-rows.ts.
 */
import { z } from 'zod';
import { idList, recordPdfReport, selectionReport } from '../shared/report-catalogue.ts';

/** The selected jobs, or without ids the ORCA dashboard as the caller keeps it (its filter and selection). */
const orDashboard = { params: z.object({ ids: idList().optional() }), withoutIds: 'orca_dashboard' } as const;

export const jobOpsReport = selectionReport('jobs.ops', 'Job ops report', '/jobs/report/ops');
export const jobManagementReport = selectionReport('jobs.management', 'Job management report', '/jobs/report/management');
export const jobSegmentProductionReport = selectionReport('jobs.segment_production', 'Segment production report', '/jobs/report/segment_production');
export const jobCrewReport = selectionReport('jobs.crew', 'Crew report', '/jobs/report/crew');

/** One work order (a line of job_work_orders) as a printable document; its id is the path's. */
export const jobWorkOrderReport = recordPdfReport('jobs.work_order', 'Work order', '/jobs/work_orders/:id/pdf', { kind: 'job_work_orders', label: 'Work Order' });

// ---- ORCA (the ORCA dashboard's reports, over the selected ORCA jobs) ----------------------------

export const orcaOpsReport = selectionReport('jobs.orca_ops', 'ORCA Ops', '/jobs/report/orca/ops', orDashboard);
export const orcaManagementReport = selectionReport('jobs.orca_management', 'ORCA Management', '/jobs/report/orca/management', orDashboard);
export const orcaBillingInvoicesReport = selectionReport('jobs.orca_billing_invoices', 'ORCA Billing Invoices', '/jobs/report/orca/billing/invoices');
export const orcaCibeTableReport = selectionReport('jobs.orca_cibe_table', 'ORCA CIBE table', '/jobs/report/orca/cibe_table');
