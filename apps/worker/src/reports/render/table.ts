/**
 * The one shape every report is built into before it becomes a file: a titled table with typed
 * columns, rows, an optional totals row and optional row colours. The renderers (xlsx.ts, pdf.ts)
 * only know this shape, so a report is written once and comes out in either format.
 */

import type { ColumnKind, ReportColumn } from '@trenchline/domain';

/** A column as the domain declares it with its report (packages/domain/src/shared/report-columns.ts). */
export type { ColumnKind, ReportColumn } from '@trenchline/domain';

export interface ReportTable {
  title: string;
  /** e.g. the account name and 'Generated 11/22/2026 14:03'. */
  subtitle?: string;
  columns: readonly ReportColumn[];
  rows: Record<string, unknown>[];
  /** Shown bold under the rows; its first text column may hold a label such as 'Totals (12 projects)'. */
  totals?: Record<string, unknown>;
  /** A fill per row (hex or rgb()/rgba()), null for none. */
  rowColours?: (string | null)[];
}

// ---- value helpers shared by the renderers -----------------------------------------------------

/** A number from a number or a numeric string; null for nothing or for text that is not a number. */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string') {
    const s = v.trim().replace(/,/g, '');
    if (!s) return null;
    const n = Number(s);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export interface DateParts {
  y: number;
  m: number;
  d: number;
}

/** The calendar day of 'YYYY-MM-DD' (or the date part of an ISO instant); null otherwise. */
export function toDateParts(v: unknown): DateParts | null {
  if (v instanceof Date) {
    return Number.isNaN(v.getTime()) ? null : { y: v.getUTCFullYear(), m: v.getUTCMonth() + 1, d: v.getUTCDate() };
  }
  if (typeof v !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v.trim());
  if (!m) return null;
  const parts = { y: +m[1], m: +m[2], d: +m[3] };
  const check = new Date(Date.UTC(parts.y, parts.m - 1, parts.d));
  return check.getUTCMonth() === parts.m - 1 && check.getUTCDate() === parts.d ? parts : null;
}

/** Text for a cell that is shown as written (text, longtext, and values of the wrong type). */
export function toText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * A colour as opaque 'RRGGBB', an rgba colour blended onto white: neither PDFKit nor Excel fills take
 * an alpha, and the list colours of the web are rgba.
 */
export function solidHex(colour: string | null | undefined): string | null {
  if (!colour) return null;
  const c = colour.trim();
  let r: number, g: number, b: number;
  let a = 1;
  let m = /^#([0-9a-f]{3})$/i.exec(c);
  if (m) {
    [r, g, b] = [...m[1]].map((x) => parseInt(x + x, 16));
  } else if ((m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(c))) {
    r = parseInt(m[1].slice(0, 2), 16);
    g = parseInt(m[1].slice(2, 4), 16);
    b = parseInt(m[1].slice(4, 6), 16);
    if (m[2]) a = parseInt(m[2], 16) / 255;
  } else if ((m = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+%?)\s*)?\)$/i.exec(c))) {
    [r, g, b] = [m[1], m[2], m[3]].map((x) => Math.min(255, Number(x)));
    if (m[4] !== undefined) a = m[4].endsWith('%') ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
  } else {
    return null;
  }
  a = Math.max(0, Math.min(1, Number.isFinite(a) ? a : 1));
  const blend = (x: number) => Math.round(x * a + 255 * (1 - a));
  return [r, g, b].map((x) => blend(x).toString(16).padStart(2, '0')).join('').toUpperCase();
}

/** Default widths in characters per kind, for columns that give none. */
export const DEFAULT_WIDTH: Record<ColumnKind, number> = {
  text: 16,
  longtext: 40,
  date: 11,
  number: 10,
  money: 14,
  percent: 9,
};
