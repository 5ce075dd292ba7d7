/**
 * The report catalogue: each report is declared once (name, label, where it is asked for, what it
 * takes), and from that declaration come its API route and its worker job. Areas declare their
 * reports in `<area>/reports.ts`; the worker's builder of each report lives in apps/worker/src/reports/<area>/.
 */
import { z } from 'zod';
import type { ReportTableDef } from './report-columns.ts';

export const REPORT_FORMATS = ['xlsx', 'pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

export interface ReportDef {
  /** '<area>.<report>', the worker's job name too. */
  name: string;
  /** What users call it ('Project management report'). */
  label: string;
  /** GET path under /api where users ask for it (spec section 7). */
  path: string;
  formats: readonly ReportFormat[];
  /**
   * What it takes besides `format`: the path's parameters (`:id`) and the query's; a bad value is a
   * 400 naming the field.
   */
  params: z.ZodObject<z.ZodRawShape>;
  /**
   * A report of one record named in its path: the API answers 404 (`label` not found) unless that
   * parameter is the id of a record of `kind` in the caller's account.
   */
  record?: { param: string; kind: string; label: string };
  /**
   * What the report covers when asked without `ids` (its params leave them optional): a screen's
   * current filter and selection as the caller keeps them. 'orca_dashboard': the ORCA dashboard's
   * (spec 2 section 7 asks for the ORCA Ops and Management reports without ids).
   */
  withoutIds?: 'orca_dashboard';
  /** The file's name, e.g. 'Project management report 11-22-2026.xlsx'. */
  fileName(today: string, format: ReportFormat): string;
}

/** A table report's declaration: the report and its columns (and row fills), which the worker prints as declared. */
export type TableReportDef = ReportDef & ReportTableDef;

/** A report's declaration; its area lists it and registry.ts composes the catalogue (`reportDefs`). */
export const defineReport = (def: ReportDef): ReportDef => def;

/** '?ids=1,2,3': record ids, comma separated, at least one, each once; any fault is named `ids` itself. */
export const idList = (max = 5000) =>
  z.string({ message: 'is required' }).transform((s, ctx) => {
    const ids = [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))];
    const fault = !ids.length ? 'choose at least one record' : ids.some((id) => !/^\d{1,18}$/.test(id)) ? 'must be record ids separated by commas' : ids.length > max ? `at most ${max} records` : null;
    if (fault) {
      ctx.addIssue({ code: 'custom', message: fault });
      return z.NEVER;
    }
    return ids;
  });

/** A file name carrying the date as month-day-year, like the bundle zips. */
export function datedFileName(label: string, today: string, format: ReportFormat): string {
  const [y, m, d] = today.split('-').map(Number);
  return `${label} ${m}-${d}-${y}.${format}`;
}

/** Every report's file: the label (or `fileLabel`) and today, as a spreadsheet or a PDF. */
const dated = (label: string) => (today: string, format: ReportFormat) => datedFileName(label, today, format);

/**
 * A table over the records a list selects (`?ids=1,2,3`), as a spreadsheet or a PDF named after its
 * label: most reports. `table` is its columns and row fills; `also` adds to it or overrides (ids left
 * optional, what it covers without them).
 */
export const selectionReport = (name: string, label: string, path: string, table: ReportTableDef, also: Partial<ReportDef> = {}): TableReportDef => ({
  ...defineReport({ name, label, path, formats: ['xlsx', 'pdf'], params: z.object({ ids: idList() }), fileName: dated(label), ...also }),
  ...table,
});

/** One record's printable PDF, the record's id the path's `:id` (a 404 names `record.label` unless it is a `record.kind` of the caller's account). */
export const recordPdfReport = (name: string, label: string, path: string, record: { kind: string; label: string }, fileLabel = label): ReportDef =>
  defineReport({
    name,
    label,
    path,
    formats: ['pdf'],
    params: z.object({ id: z.string({ message: 'is required' }).regex(/^\d{1,18}$/, 'must be a record id') }),
    record: { param: 'id', ...record },
    fileName: dated(fileLabel),
  });
