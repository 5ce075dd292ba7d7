/**
 * The ORCA dashboard's four reports (spec 2 section 7): ops, management, billing invoices and CIBE
 * table, each over the selected jobs (`?ids=`; only ORCA jobs give rows). Rows and totals are the
 * domain's (orca-report-rows.ts), the columns and row fills the declaration's (domain jobs/reports.ts);
 * here only the reading and the totals' words.
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
import { plural } from '../shared/source.ts';

/** Every ORCA report reads the tasks and lines of its jobs. */
const jobsWithLines = (ctx: WorkerContext, accountId: string, ids: string[], asOf?: string) => selectedJobs(ctx, accountId, ids, { lines: true, asOf });

export const orcaOpsReport = tableReport({
  declared: opsDeclared,
  select: jobsWithLines,
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
});

export const orcaManagementReport = tableReport({
  declared: managementDeclared,
  select: jobsWithLines,
  table(selected, today) {
    const { rows, totals, label } = orcaManagementRows(selected, today);
    return { rows, count: `${plural(totals.jobs, 'job')}, ${plural(totals.tasks, 'task')}`, totals: { ...totals, title: label } };
  },
});

export const orcaBillingInvoicesReport = tableReport({
  declared: billingDeclared,
  select: jobsWithLines,
  table(selected, today) {
    const { rows, totals, label } = orcaBillingInvoiceRows(selected, today);
    return {
      rows,
      count: `${plural(totals.invoices, 'invoice')} of ${plural(totals.jobs, 'job')}`,
      totals: { title: label, invoice_amount: totals.invoice_amount, status: totals.paid_stage_invoices ? `paid stage ${plural(totals.paid_stage_invoices, 'invoice')}` : '' },
    };
  },
});

export const orcaCibeTableReport = tableReport({
  declared: cibeDeclared,
  select: jobsWithLines,
  table(selected, today) {
    const { rows, totals, label } = orcaCibeTableRows(selected, today);
    return { rows, count: `${plural(totals.lines, 'line')} of ${plural(totals.jobs, 'job')}`, totals: { ...totals, issued_item_description: label } };
  },
});
