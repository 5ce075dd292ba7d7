/**
 * The ORCA CSV import's pure logic (contract section 5): the preview's bad cells in words, whether
 * Import may be pressed, and the summary line. Tested in csvImport.test.ts.
 */

export const IMPORT_PATH = '/api/jobs/orcas/import/';
export const IMPORT_PREVIEW_PATH = '/api/jobs/orcas/import/preview/';
export const IMPORT_TEMPLATE_PATH = '/api/jobs/orcas/import/template/';

/** One bad cell: line is the CSV's line number (the header is line 1), column the header name. */
export interface ImportError {
  line: number;
  column: string;
  value?: unknown;
  message: string;
}

/** How the file's bytes are read: detected, or chosen when detection guesses wrong. */
export type ImportEncoding = 'auto' | 'utf-8' | 'windows-1252';
export const IMPORT_ENCODINGS: { value: ImportEncoding; label: string }[] = [
  { value: 'auto', label: 'Detect' },
  { value: 'utf-8', label: 'UTF-8' },
  { value: 'windows-1252', label: 'Windows-1252 (Excel CSV, Latin-1)' },
];

export interface ImportPreview {
  file_name: string;
  /** The encoding the file was read in. */
  encoding?: 'utf-8' | 'windows-1252';
  rows: number;
  jobs: number;
  tasks: number;
  cibe_lines: number;
  new_jobs: number;
  existing_jobs: number;
  errors: ImportError[];
  ok: boolean;
}

/** 'Line 4, column issued_item_qty: must be a number'. */
export const errorLine = (e: ImportError) => `Line ${e.line}, column ${e.column}: ${e.message}`;

/** Import is offered only for a preview without a bad cell that has rows. */
export const canImport = (p: ImportPreview | null | undefined) => Boolean(p && p.ok && p.errors.length === 0 && p.rows > 0);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** '12 rows: 3 jobs (2 new, 1 existing), 4 tasks, 10 CIBE lines'. */
export function previewSummary(p: ImportPreview): string {
  const read = p.encoding === 'windows-1252' ? ' (read as Windows-1252)' : '';
  return `${plural(p.rows, 'row')}: ${plural(p.jobs, 'job')} (${p.new_jobs} new, ${p.existing_jobs} existing), ${plural(p.tasks, 'task')}, ${plural(p.cibe_lines, 'CIBE line')}${read}`;
}

/** A 400 of the import: its bad cells when the body lists them, else none. */
export function errorsOfBody(body: unknown): ImportError[] {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  return Array.isArray(errors) ? (errors as ImportError[]) : [];
}
