/**
 * A ReportTable as CSV (RFC 4180, UTF-8 with a BOM so Excel reads accents): the header row of the
 * columns' labels, then the rows, then the totals. Values are written as the columns' kinds say
 * (dates YYYY-MM-DD, numbers plain); a document (one record) is its sections' tables one after another.
 */
import { isDocument, type ReportOutput } from './document.ts';
import { toDateParts, toNumber, toText, type ReportColumn } from './table.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** One value as CSV text, in the column's kind. */
export function csvText(col: ReportColumn, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (col.kind === 'date') {
    const p = toDateParts(v);
    if (p) return `${p.y}-${pad(p.m)}-${pad(p.d)}`;
  }
  if (col.kind === 'money' || col.kind === 'number' || col.kind === 'percent') {
    const n = toNumber(v);
    if (n !== null) return String(n);
  }
  return toText(v);
}

/** A field quoted when it must be; text a spreadsheet would run as a formula (=, +, -, @ first) is kept as text with a leading '. */
export function csvField(s: string): string {
  const safe = /^[=+\-@\t\r]/.test(s) && toNumber(s) === null ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: string[]) => `${cells.map(csvField).join(',')}\r\n`;

function tableCsv(columns: readonly ReportColumn[], rows: Record<string, unknown>[], totals?: Record<string, unknown>): string {
  let out = line(columns.map((c) => c.label));
  for (const r of rows) out += line(columns.map((c) => csvText(c, r[c.key])));
  if (totals) out += line(columns.map((c) => csvText(c, totals[c.key])));
  return out;
}

export async function renderCsv(out: ReportOutput): Promise<Buffer> {
  const body = isDocument(out) ? out.sections.map((s) => tableCsv(s.columns, s.rows)).join('\r\n') : tableCsv(out.columns, out.rows, out.totals);
  return Buffer.from(`\uFEFF${body}`, 'utf8');
}
