/**
 * The job reports (spec 2 section 7, docs/jobs.md "Calls"): ops, management, segment production and
 * crew reports of the selected jobs, one work order's PDF, and the four ORCA reports of the ORCA
 * dashboard (ops, management, billing invoices, CIBE table). Their rows come from report-rows.ts and
 * orca-report-rows.ts.
 */
import { z } from 'zod';
import { datedFileName, defineReport, idList } from '../shared/report-catalogue.ts';

const selected = z.object({ ids: idList() });
/** The selected jobs, or without ids the ORCA dashboard as the caller keeps it (its filter and selection). */
const dashboardSelected = z.object({ ids: idList().optional() });

export const jobOpsReport = defineReport({
  name: 'jobs.ops',
  label: 'Job ops report',
  path: '/jobs/report/ops',
  formats: ['xlsx', 'pdf'],
  params: selected,
  fileName: (today, format) => datedFileName('Job ops report', today, format),
});

export const jobManagementReport = defineReport({
  name: 'jobs.management',
  label: 'Job management report',
  path: '/jobs/report/management',
  formats: ['xlsx', 'pdf'],
  params: selected,
  fileName: (today, format) => datedFileName('Job management report', today, format),
});

export const jobSegmentProductionReport = defineReport({
  name: 'jobs.segment_production',
  label: 'Segment production report',
  path: '/jobs/report/segment_production',
  formats: ['xlsx', 'pdf'],
  params: selected,
  fileName: (today, format) => datedFileName('Segment production report', today, format),
});

export const jobCrewReport = defineReport({
  name: 'jobs.crew',
  label: 'Crew report',
  path: '/jobs/report/crew',
  formats: ['xlsx', 'pdf'],
  params: selected,
  fileName: (today, format) => datedFileName('Crew report', today, format),
});

/** One work order (a line of job_work_orders) as a printable document; its id is the path's. */
export const jobWorkOrderReport = defineReport({
  name: 'jobs.work_order',
  label: 'Work order',
  path: '/jobs/work_orders/:id/pdf',
  formats: ['pdf'],
  params: z.object({ id: z.string({ message: 'is required' }).regex(/^\d{1,18}$/, 'must be a record id') }),
  record: { param: 'id', kind: 'job_work_orders', label: 'Work Order' },
  fileName: (today, format) => datedFileName('Work order', today, format),
});

// ---- ORCA (the ORCA dashboard's reports, over the selected ORCA jobs) ----------------------------

export const orcaOpsReport = defineReport({
  name: 'jobs.orca_ops',
  label: 'ORCA Ops',
  path: '/jobs/report/orca/ops',
  formats: ['xlsx', 'pdf'],
  params: dashboardSelected,
  withoutIds: 'orca_dashboard',
  fileName: (today, format) => datedFileName('ORCA Ops', today, format),
});

export const orcaManagementReport = defineReport({
  name: 'jobs.orca_management',
  label: 'ORCA Management',
  path: '/jobs/report/orca/management',
  formats: ['xlsx', 'pdf'],
  params: dashboardSelected,
  withoutIds: 'orca_dashboard',
  fileName: (today, format) => datedFileName('ORCA Management', today, format),
});

export const orcaBillingInvoicesReport = defineReport({
  name: 'jobs.orca_billing_invoices',
  label: 'ORCA Billing Invoices',
  path: '/jobs/report/orca/billing/invoices',
  formats: ['xlsx', 'pdf'],
  params: selected,
  fileName: (today, format) => datedFileName('ORCA Billing Invoices', today, format),
});

export const orcaCibeTableReport = defineReport({
  name: 'jobs.orca_cibe_table',
  label: 'ORCA CIBE table',
  path: '/jobs/report/orca/cibe_table',
  formats: ['xlsx', 'pdf'],
  params: selected,
  fileName: (today, format) => datedFileName('ORCA CIBE table', today, format),
});
