/**
 * The worker's half of each report declared in the domain's report catalogue: how its file is built.
 * A new report is a declaration in packages/domain/src/<area>/reports.ts, a builder (most are a
 * `tableReport`, shared/builder.ts) and its line here.
 */
import type { ReportBuilder } from './shared/builder.ts';
import { projectManagementReport } from './projects/management.ts';
import { jobCrewReport, jobManagementReport, jobOpsReport, jobSegmentProductionReport } from './jobs/tables.ts';
import { jobWorkOrderReport } from './jobs/work-order.ts';
import { locatesReport } from './locates/locates.ts';
import { helpManagementReport } from './help/management.ts';
import { orderReport } from './orders/order.ts';
import { rfqManagementReport } from './rfqs/management.ts';
import { stampedTicketReportBuilder } from './tickets/stamped.ts';
import { orcaBillingInvoicesReport, orcaCibeTableReport, orcaManagementReport, orcaOpsReport } from './jobs/orca-tables.ts';

export type { ReportBuilder, ReportInput } from './shared/builder.ts';

export const reportBuilders: Record<string, ReportBuilder> = Object.fromEntries(
  [projectManagementReport, jobOpsReport, jobManagementReport, jobSegmentProductionReport, jobCrewReport, jobWorkOrderReport, orcaOpsReport, orcaManagementReport, orcaBillingInvoicesReport, orcaCibeTableReport, locatesReport, helpManagementReport, orderReport, rfqManagementReport, stampedTicketReportBuilder].map((b) => [b.name, b]),
);
