/**
 * The worker's half of each report declared in the domain's report catalogue: how its table is
 * built. A new report is a declaration in packages/domain/src/<area>/reports.ts and a builder here.
 */
import type { ReportOutput } from './render/index.ts';
import type { WorkerContext } from '../context.ts';
import { projectManagementReport } from './projects/management.ts';
import { jobCrewReport, jobManagementReport, jobOpsReport, jobSegmentProductionReport } from './jobs/tables.ts';
import { jobWorkOrderReport } from './jobs/work-order.ts';

export interface ReportInput {
  accountId: string;
  params: Record<string, unknown>;
  today: string;
  /** The time the file is generated, for its subtitle. */
  at: string;
}

export interface ReportBuilder {
  name: string;
  /** A table (most reports) or a document (one record, e.g. a work order). */
  build(ctx: WorkerContext, input: ReportInput): Promise<ReportOutput>;
}

export const reportBuilders: Record<string, ReportBuilder> = Object.fromEntries([projectManagementReport, jobOpsReport, jobManagementReport, jobSegmentProductionReport, jobCrewReport, jobWorkOrderReport].map((b) => [b.name, b]));
