/**
 * The worker's half of each report declared in the domain's report catalogue: how its file is built.
 * A new report is a declaration in packages/domain/src/<area>/reports.ts, a builder (most are a
 * `tableReport`, shared/builder.ts) and its line here.
 */
import { reportDef, type TableReportDef } from '@trenchline/domain';
import { tableReport, type ReportBuilder } from './shared/builder.ts';
import { listViews, plural } from './shared/source.ts';
import { projectManagementReport } from './projects/management.ts';
import { jobCrewReport, jobManagementReport, jobOpsReport, jobSegmentProductionReport } from './jobs/tables.ts';
import { jobWorkOrderReport } from './jobs/work-order.ts';
import { locatesReport } from './locates/locates.ts';
import { helpManagementReport } from './help/management.ts';
import { orderReport } from './orders/order.ts';
import { rfqManagementReport } from './rfqs/management.ts';
import { stampedTicketReportBuilder } from './tickets/stamped.ts';
import { auditTrailExport } from './audit/trail.ts';
import { orcaBillingInvoicesReport, orcaCibeTableReport, orcaManagementReport, orcaOpsReport } from './jobs/orca-tables.ts';

export type { ReportBuilder, ReportInput } from './shared/builder.ts';

const reportBuilders: Record<string, ReportBuilder> = Object.fromEntries(
  [projectManagementReport, jobOpsReport, jobManagementReport, jobSegmentProductionReport, jobCrewReport, jobWorkOrderReport, orcaOpsReport, orcaManagementReport, orcaBillingInvoicesReport, orcaCibeTableReport, locatesReport, helpManagementReport, orderReport, rfqManagementReport, stampedTicketReportBuilder, auditTrailExport].map((b) => [b.name, b]),
);

/** The builder of a declared report: its own, else the table of the list rows its declaration names (`rows`). */
export function reportBuilder(name: string): ReportBuilder | undefined {
  if (reportBuilders[name]) return reportBuilders[name];
  const declared = reportDef(name) as TableReportDef | undefined;
  const rows = declared?.rows;
  if (!declared || !rows) return undefined;
  const [first] = declared.columns;
  // The totals row: how many, and the sum of each money column.
  const totalsOf = (views: Record<string, unknown>[]) => ({
    ...Object.fromEntries(declared.columns.filter((c) => c.kind === 'money').map((c) => [c.key, views.reduce((sum, v) => sum + (Number(v[c.key]) || 0), 0)])),
    [first.key]: `Totals (${plural(views.length, rows.noun)})`,
  });
  return tableReport({ declared, select: listViews(rows.list), table: (views) => ({ rows: views, totals: totalsOf(views), count: plural(views.length, rows.noun) }) });
}
