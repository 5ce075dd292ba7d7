/**
 * What a report builder is (the worker's half of a report declared in the domain's report catalogue),
 * and the one build function of the table reports: select the records, let the domain's rule make
 * rows and totals, and print them under the report's title and subtitle.
 */
import { DomainError, type TableReportDef } from '@trenchline/domain';
import type { WorkerContext } from '../../context.ts';
import { loadStream } from '../../records.ts';
import type { ReportDocument, ReportOutput } from '../render/index.ts';
import { subtitleOf } from './source.ts';
import { asOfWords } from '@trenchline/platform';

export interface ReportInput {
  accountId: string;
  params: Record<string, unknown>;
  today: string;
  /** The time the file is generated, for its subtitle. */
  at: string;
  /** The instant the report reads its lists as of (`as_of`, docs/as-of.md); none: as they are. */
  asOf?: string;
}

export interface ReportBuilder {
  name: string;
  /** A table (most reports) or a document (one record, e.g. a work order). */
  build(ctx: WorkerContext, input: ReportInput): Promise<ReportOutput>;
}

/**
 * A table report over the selected records (`?ids=`): what differs from one table report to the next
 * besides its declaration (which carries its columns and row fills).
 */
export interface TableReport<Selected, Row extends Record<string, unknown>> {
  /** The report as the domain's catalogue declares it: name, label, columns, row fills. */
  declared: TableReportDef;
  /** The selected records, as this report reads them. */
  select(ctx: WorkerContext, accountId: string, ids: string[], asOf?: string): Promise<Selected>;
  /** The domain's rows and totals row of the selection, and the count the subtitle ends with. */
  table(selected: Selected, today: string): { rows: Row[]; totals: Record<string, unknown>; count: string };
}

export function tableReport<Selected, Row extends Record<string, unknown>>({ declared, select, table }: TableReport<Selected, Row>): ReportBuilder {
  const { name, label, columns, rowColour } = declared;
  return {
    name,
    async build(ctx, { accountId, params, today, at, asOf }) {
      const { rows, totals, count } = table(await select(ctx, accountId, params.ids as string[], asOf), today);
      return { title: asOf ? `${label} as of ${asOfWords(asOf)}` : label, subtitle: await subtitleOf(ctx, accountId, at, count), columns, rows, totals, ...(rowColour ? { rowColours: rows.map(rowColour) } : {}) };
    },
  };
}

/** One record printed as a document (a stamped ticket, an order, a work order): what differs from one to the next. */
export interface RecordDocument<S> {
  declared: { name: string };
  /** The aggregate folded, and what messages call the printed thing ('Ticket not found'). */
  aggregate: string;
  label: string;
  /** The record to fold when the id names one of its lines (a work order names its job); default: the id itself. */
  recordOf?(ctx: WorkerContext, accountId: string, id: string): Promise<string | null>;
  /** The document of the folded record, or null when it holds nothing printable (deleted). */
  document(state: S, input: ReportInput, id: string): ReportDocument | null;
}

/**
 * The one build function of the record documents: the id checked, the record folded from its own
 * stream (a line changed a moment ago is on the page; the request was checked, but the worker reads the
 * stream as it is: it may since be deleted), the account's own, else '<label> not found'.
 */
export function recordDocument<S>(d: RecordDocument<S>): ReportBuilder {
  const notFound = () => new DomainError('not_found', `${d.label} not found`);
  return {
    name: d.declared.name,
    async build(ctx, input) {
      const id = String(input.params.id ?? '');
      if (!/^\d{1,18}$/.test(id)) throw notFound();
      const recordId = d.recordOf ? await d.recordOf(ctx, input.accountId, id) : id;
      if (!recordId) throw notFound();
      const { state, accountId: ownerId } = await loadStream(ctx, d.aggregate, recordId);
      const doc = ownerId === input.accountId ? d.document(state as S, input, id) : null;
      if (!doc) throw notFound();
      return doc;
    },
  };
}

/** '<things> · printed 2026-11-26 15:04 UTC', the blanks left out. */
export const printedSubtitle = (at: string, ...parts: (string | null | undefined)[]) => [...parts, `printed ${at.slice(0, 16).replace('T', ' ')} UTC`].filter(Boolean).join(' · ');

export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
