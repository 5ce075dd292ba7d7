/**
 * Keyset pages of a list (issue 34): a page continues after the last row of the one before, in the
 * order the offset pages use (the sort column either way, nulls last, ties by id ascending; by id
 * alone plainly), so page 500 reads what page 1 reads. The cursor is opaque to clients: base64url of
 * JSON naming the list, the ordering, the last row's sort value as stored (its text), its id and
 * whether the page was as of a moment.
 */
import type { Knex } from 'knex';
import type { ColumnType, ListDef } from './define.ts';

export interface Cursor {
  /** The list's name: a cursor of another list is refused. */
  list: string;
  /** The ordering as asked (`key` or `-key`, the list's default when none was). */
  ordering: string;
  /** The last row's sort column as Postgres prints it (null: a blank, sorted last); unused ordering by id. */
  value: string | null;
  id: string;
  /** Whether the page was the list as of a moment (history rows). */
  asOf: boolean;
}

/** A cursor that is not one of this list's for this ordering (garbage, another list's, another order's). */
export class BadCursor extends Error {
  constructor(readonly why: string) {
    super(`bad cursor: ${why}`);
  }
}

export const encodeCursor = (c: Cursor): string => Buffer.from(JSON.stringify([c.list, c.ordering, c.value, c.id, c.asOf ? 1 : 0])).toString('base64url');

/** The column types of the shared record columns (migration 003), which a list's `columns` do not declare. */
const COMMON_TYPES: Record<string, ColumnType> = { id: 'number', archived: 'bool', updated_at: 'timestamp' };

/** What a stored value of a column type looks like printed: anything else would be a cast error, not a 400. */
const SHAPES: Record<ColumnType, (v: string) => boolean> = {
  text: (v) => v.length <= 2000,
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v),
  number: (v) => /^-?\d{1,40}(\.\d{1,40})?$/.test(v),
  bool: (v) => v === 'true' || v === 'false',
  timestamp: (v) => v.length <= 40 && !Number.isNaN(Date.parse(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'))),
};

export const columnType = (d: ListDef, column: string): ColumnType => d.columns.find((c) => c.name === column)?.type ?? COMMON_TYPES[column] ?? 'text';

/** The cursor in `text` for this list, ordering and as-of-ness, or BadCursor saying why not. */
export function decodeCursor(text: string, expected: { list: ListDef; ordering: string; column: string; asOf: boolean }): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new BadCursor('not a cursor this server gave');
  }
  if (!Array.isArray(parsed) || parsed.length !== 5) throw new BadCursor('not a cursor this server gave');
  const [list, ordering, value, id, asOf] = parsed as unknown[];
  if (typeof list !== 'string' || typeof ordering !== 'string' || (value !== null && typeof value !== 'string') || typeof id !== 'string' || (asOf !== 0 && asOf !== 1))
    throw new BadCursor('not a cursor this server gave');
  if (!/^\d{1,19}$/.test(id)) throw new BadCursor('not a cursor this server gave');
  if (list !== expected.list.name) throw new BadCursor(`a cursor of another list (${list})`);
  if (ordering !== expected.ordering) throw new BadCursor(`a cursor of ordering ${ordering}, not ${expected.ordering}`);
  if ((asOf === 1) !== expected.asOf) throw new BadCursor(asOf ? 'a cursor of a list as of a moment, without as_of' : 'a cursor of the current list, with as_of');
  if (value !== null && !SHAPES[columnType(expected.list, expected.column)](value)) throw new BadCursor('not a cursor this server gave');
  return { list, ordering, value, id, asOf: asOf === 1 };
}

/**
 * The pieces of the list after `c`, each an index range of (account_id, col, id) read in order: the
 * rest of the cursor's ties (col = v, id after), the values after v, then the blanks. `narrowed`
 * gives a fresh narrowed query of the ids; the pieces are concatenated by the caller's ORDER BY.
 * Parameters are left untyped so Postgres reads them as the column's own type and collation
 * (list_natural for text), which keeps each piece an index condition.
 */
export function piecesAfter(narrowed: () => Knex.QueryBuilder, o: { column: string; desc: boolean }, c: Cursor, prefix = ''): Knex.QueryBuilder[] {
  const col = `${prefix}${o.column}`;
  const id = `${prefix}id`;
  if (o.column === 'id') return [narrowed().where(id, o.desc ? '<' : '>', c.id)];
  if (c.value === null) return [narrowed().whereNull(col).where(id, '>', c.id)];
  return [
    narrowed().where(col, c.value).where(id, '>', c.id),
    narrowed().where(col, o.desc ? '<' : '>', c.value),
    narrowed().whereNull(col),
  ];
}
