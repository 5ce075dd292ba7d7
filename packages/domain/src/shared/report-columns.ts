/**
 * A table report's columns, declared with the report (`selectionReport(..., { columns, rowColour })`
 * in `<area>/reports.ts`): the worker prints them as they are, in either format. A column is
 * `col.<kind>(key, label, width)`; a stamped ticket's sections take theirs from the collection's
 * declared fields (line-sections.ts).
 */

/**
 * How a column prints. date: 'YYYY-MM-DD' (an ISO instant is cut to its date); money and number:
 * numbers or numeric strings (Postgres numerics arrive as strings); percent: points, as the domain
 * keeps them (12.5 = 12.5%); a choice or a flag is text.
 */
export type ColumnKind = 'text' | 'longtext' | 'date' | 'number' | 'money' | 'percent';

export interface ReportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
  /** Width in characters (Excel's unit); the PDF shares the page out in the same proportions. */
  width?: number;
}

/** A fill per row (hex or rgb()/rgba()), null for none. */
export type RowColour = (row: Record<string, unknown>) => string | null;

/** What a table report declares besides its name: its columns in order, and its row fills when it colours rows. */
export interface ReportTableDef {
  columns: readonly ReportColumn[];
  rowColour?: RowColour;
  /** The list table whose stored rows it prints, one per selected record, and what one is called: a report needing no rows of its own has no builder to write. */
  rows?: { list: string; noun: string };
}

const column =
  (kind: ColumnKind) =>
  (key: string, label: string, width?: number): ReportColumn => ({ key, label, kind, ...(width === undefined ? {} : { width }) });

/** One column of each kind: `col.money('total_job', 'Total job', 13)`. */
export const col = {
  text: column('text'),
  longtext: column('longtext'),
  date: column('date'),
  number: column('number'),
  money: column('money'),
  percent: column('percent'),
} as const;

/** Days-away fills as on the lists (red under 4, orange under 7), else the record's own colour. */
export const dueFill: RowColour = (r) =>
  r.days_colour === 'red' ? 'rgba(250, 82, 82, 0.18)' : r.days_colour === 'orange' ? 'rgba(253, 126, 20, 0.18)' : ((r.colour_background as string | null) ?? null);
