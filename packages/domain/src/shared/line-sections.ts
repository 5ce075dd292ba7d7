/**
 * A collection's lines as a printed section (a stamped ticket's items, equipment, expenses ...): the
 * columns are the ones the collection declares for its table, so a field added to the declaration is
 * on the screen and on the page with no second list of columns. Values are printed as a report prints
 * them: text trimmed, numbers as numbers, a set flag as 'Yes', computed fields (line totals) included.
 */
import { linesOfCollection, presentLine, type CollectionDef, type FieldKind, type FieldSpec, type Line, type LinesState } from './collections.ts';
import type { ColumnKind, ReportColumn } from './report-columns.ts';

export interface LineSection {
  /** A report's columns (report-columns.ts); a width in characters from the table's in pixels (about 8 to a character). */
  columns: ReportColumn[];
  rows: Record<string, unknown>[];
}

/** How a report prints a field: a choice or a flag is text. */
const PRINTED: Record<FieldKind, ColumnKind> = { text: 'text', longtext: 'longtext', date: 'date', number: 'number', money: 'money', percent: 'percent', choice: 'text', flag: 'text' };
const PIXELS_PER_CHARACTER = 8;

export const printedText = (v: unknown): string | null => (typeof v === 'string' ? v.trim() || null : typeof v === 'number' ? String(v) : null);
/** A count as a report words it: '1 ticket', '3 tickets'. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const printedNumber = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

function printed(kind: FieldKind, v: unknown): unknown {
  if (kind === 'flag') return v === true ? 'Yes' : null;
  if (kind === 'number' || kind === 'money' || kind === 'percent') return printedNumber(v);
  return printedText(v);
}

/** The declared table fields a section prints: all but those named in `omit` (notes, by default). */
const printedFields = (def: CollectionDef, omit: readonly string[]) => def.fields.filter((f) => !omit.includes(f.name));

const columnOf = (f: FieldSpec): ReportColumn => ({ key: f.name, label: f.label, kind: PRINTED[f.kind], ...(f.width ? { width: Math.round(f.width / PIXELS_PER_CHARACTER) } : {}) });

/**
 * A table report's columns that are a collection's declared fields: each field named, in the order
 * given, with the declaration's label and kind at the report's width (characters).
 */
export function fieldColumns(def: CollectionDef, widths: Record<string, number>): ReportColumn[] {
  return Object.entries(widths).map(([name, width]) => {
    const field = def.fields.find((f) => f.name === name);
    if (!field) throw new Error(`${def.name} declares no field ${name}`);
    return { ...columnOf(field), width };
  });
}

/** The record's lines of `def` (in their order) as a section of the declared columns. */
export function lineSection(def: CollectionDef, lines: LinesState | Line[], omit: readonly string[] = ['notes']): LineSection {
  const fields = printedFields(def, omit);
  const own = Array.isArray(lines) ? lines : linesOfCollection(lines, def);
  return {
    columns: fields.map(columnOf),
    rows: own.map((line) => {
      const shown = presentLine(def, line);
      return Object.fromEntries([['id', line.id], ...fields.map((f) => [f.name, printed(f.kind, shown[f.name])])]);
    }),
  };
}

/** Money summed in whole cents, as a printed total. */
export const centsTotal = (values: unknown[]) => Math.round(values.reduce<number>((s, v) => s + Math.round((printedNumber(v) ?? 0) * 100), 0)) / 100;
