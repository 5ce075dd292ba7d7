/**
 * The worker's half of each report declared in the domain's report catalogue: how its table is
 * built. A new report is a declaration in packages/domain/src/<area>/reports.ts and a builder here.
 */
import type { ReportTable } from './render/index.ts';
import type { WorkerContext } from '../context.ts';
import { projectManagementReport } from './projects/management.ts';

export interface ReportInput {
  accountId: string;
  params: Record<string, unknown>;
  today: string;
  /** The time the file is generated, for its subtitle. */
  at: string;
}

export interface ReportBuilder {
  name: string;
  build(ctx: WorkerContext, input: ReportInput): Promise<ReportTable>;
}

export const reportBuilders: Record<string, ReportBuilder> = Object.fromEntries([projectManagementReport].map((b) => [b.name, b]));
