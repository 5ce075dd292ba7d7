/**
 * What a report builder is (the worker's half of a report declared in the domain's report catalogue),
 * and the one build function of the table reports: select the records, let the domain's rule make
 * rows and totals, and print them under the report's title and subtitle.
 */
import type { WorkerContext } from '../../context.ts';
import type { ReportColumn, ReportOutput } from '../render/index.ts';
import { subtitleOf } from './source.ts';

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

/** A table report over the selected records (`?ids=`): what differs from one table report to the next. */
export interface TableReport<Selected, Row extends Record<string, unknown>> {
  /** The report as the domain's catalogue declares it. */
  declared: { name: string; label: string };
  /** The selected records, as this report reads them. */
  select(ctx: WorkerContext, accountId: string, ids: string[]): Promise<Selected>;
  columns: ReportColumn[];
  /** The domain's rows and totals row of the selection, and the count the subtitle ends with. */
  table(selected: Selected, today: string): { rows: Row[]; totals: Record<string, unknown>; count: string };
  /** A fill per row, when the report colours its rows. */
  rowColour?: (row: Row) => string | null;
}

export function tableReport<Selected, Row extends Record<string, unknown>>(report: TableReport<Selected, Row>): ReportBuilder {
  return {
    name: report.declared.name,
    async build(ctx, { accountId, params, today, at }) {
      const selected = await report.select(ctx, accountId, params.ids as string[]);
      const { rows, totals, count } = report.table(selected, today);
      return {
        title: report.declared.label,
        subtitle: await subtitleOf(ctx, accountId, at, count),
        columns: report.columns,
        rows,
        totals,
        ...(report.rowColour ? { rowColours: rows.map(report.rowColour) } : {}),
      };
    },
  };
}
