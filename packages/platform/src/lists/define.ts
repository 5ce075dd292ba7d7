/**
 * What a record list declares (each area's in packages/read-model/src/<area>/list.ts): its table, typed columns (each
 * computed from the record's view, written by the projector and read by the engine), which shown
 * field each sort key orders by, its filters, default order and search text. docs/architecture.md
 * "Lists" says how to declare one.
 */
import type { Knex } from 'knex';
import { YES_WORDS } from '@trenchline/domain';

export type View = Record<string, unknown>;
export type ColumnType = 'text' | 'date' | 'number' | 'bool' | 'timestamp';

export interface ListColumn {
  /** The table's column. */
  name: string;
  type: ColumnType;
  /** Its value for a record's view (null when the record has none). */
  of(view: View): unknown;
}

export interface ListFilters {
  /**
   * 'active_archived': `active` (default t) and `archived` (default f), both: all, neither: none.
   * 'archived_only': `archived=t` the archived list, anything else the active one (bids).
   */
  toggles: 'active_archived' | 'archived_only';
  /**
   * Date range: a record is in range when its span [start (or created), due] overlaps
   * [start_date, end_date]; `live_and_future` drops the range's end. `preference` is the user's
   * saved search dates the api applies when a query names no range; `defaultDays`: until the user
   * saves any, the range is that many days to today (the help list's 90), else no range.
   */
  range?: { due: string; start: string; created: string; preference: string; defaultDays?: number };
  /** Query params matched exactly against a column, with the values they may take (bids' market). */
  equals?: Record<string, { column: string; values: readonly [string, ...string[]] }>;
  /** Query params giving a date a column may not pass (the expiring locates: `expiring_by`), inclusive. */
  upTo?: Record<string, { column: string }>;
  /**
   * Query params naming a member of a column that lists members as ',a,b,' (a job's assigned users):
   * rows whose column names it, or names none (open to all). The api fills them (`user`: the caller).
   * `only`: just the rows whose column names it (a field user's jobs, docs/roles.md).
   */
  member?: Record<string, { column: string; only?: boolean }>;
}

export interface ListDef {
  name: string;
  aggregate: string;
  table: string;
  columns: readonly ListColumn[];
  /**
   * Sort key (a field of the shown row) → the column it orders by; every shown column is one. A column
   * with '-' before it orders the other way (days in a status: the older the date, the more days).
   */
  sorts: Record<string, string>;
  /** The `ordering` without one, e.g. 'job_days_left'. */
  defaultOrdering: string;
  /** Words the list's free-text search matches (lower-cased and joined into the `search` column). */
  search(view: View): unknown[];
  filters: ListFilters;
  /** A narrowing every call of the list has (the all-other-jobs dashboard: no ORCA job). */
  where?: (q: Knex.QueryBuilder) => void;
  /** View fields the list does not send (long texts, nested roll-ups), dropped in Postgres. */
  omit?: readonly string[];
  /** A row for today from its stored view, for a table that is not its aggregate's list (default: the aggregate's listRow). */
  row?: (view: View, today: string) => Record<string, unknown>;
  /**
   * A list over rows of another table that are a function of one record (an ORCA job's invoices on the
   * billing dashboard): the record's list projection rewrites them with the record's row, by `parent`.
   */
  keptWith?: { parent: string; rows(state: never): Record<string, unknown>[] };
  /**
   * What a page's rows show from other records, read for the page's rows only (a job's locate warning,
   * a locate's job title): one query per page, never per row.
   */
  annotate?: (db: Knex, accountId: string, rows: Record<string, unknown>[], today: string, asOf?: string) => Promise<Record<string, unknown>[]>;
  /** The lists `annotate` reads (a job's locate warning reads the locates): a read waits for them too, so a client's own write there shows. */
  annotatedFrom?: readonly string[];
}

/** The table keeping every row of a list table by its span of validity (migration 021, docs/as-of.md). */
export const historyTable = (table: string) => `${table}_history`;

/**
 * The rows of a list table as they stood at `asOf` (an ISO instant), or the live rows without one:
 * annotations read other records through it so an as-of page shows what they said then.
 */
export function rowsAt(db: Knex, table: string, asOf?: string, alias?: string): Knex.QueryBuilder {
  if (!asOf) return db(alias ? `${table} as ${alias}` : table);
  const p = alias ? `${alias}.` : '';
  return db(alias ? `${historyTable(table)} as ${alias}` : historyTable(table))
    .whereRaw(`?? <= ?::timestamptz`, [`${p}valid_from`, asOf])
    .where((w) => w.whereNull(`${p}valid_to`).orWhereRaw('?? > ?::timestamptz', [`${p}valid_to`, asOf]));
}

/** The day of an as-of instant as its writer meant it (the date written before its offset): the as-of page's today. */
export const dayOfInstant = (asOf: string) => asOf.slice(0, 10);

/** An as-of instant in a title's words, its clock as written: '10/31/2026 23:59' ('... UTC' for Z). */
export function asOfWords(asOf: string): string {
  const [, y, m, d, hm] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})/.exec(asOf) ?? [];
  if (!y) return asOf;
  return `${m}/${d}/${y} ${hm}${/z$/i.test(asOf) ? ' UTC' : ''}`;
}

/** Characters of a text column kept (migration 011 cuts existing rows the same). */
export const TEXT_KEY_LENGTH = 500;

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** Column builders: a typed value from a view field (or a function of the view). */
const valueOf = (from: string | ((v: View) => unknown)) => (v: View) => (typeof from === 'string' ? v[from] : from(v));
export const text = (name: string, from: string | ((v: View) => unknown) = name): ListColumn => ({
  name,
  type: 'text',
  of: (v) => {
    const x = valueOf(from)(v);
    // A sort key: cut so a long text always fits a b-tree index entry.
    return blank(x) ? null : String(x).slice(0, TEXT_KEY_LENGTH);
  },
});
export const date = (name: string, from: string | ((v: View) => unknown) = name): ListColumn => ({
  name,
  type: 'date',
  of: (v) => {
    const x = valueOf(from)(v);
    return typeof x === 'string' && /^\d{4}-\d{2}-\d{2}/.test(x) ? x.slice(0, 10) : null;
  },
});
export const number = (name: string, from: string | ((v: View) => unknown) = name): ListColumn => ({
  name,
  type: 'number',
  of: (v) => {
    const x = valueOf(from)(v);
    const n = typeof x === 'string' && x.trim() !== '' ? Number(x) : x;
    return typeof n === 'number' && Number.isFinite(n) ? n : null;
  },
});

/** An instant (ISO-8601 text), kept whole: a timestamptz column. */
export const instant = (name: string, from: string | ((v: View) => unknown) = name): ListColumn => ({
  name,
  type: 'timestamp',
  of: (v) => {
    const x = valueOf(from)(v);
    return typeof x === 'string' && !Number.isNaN(Date.parse(x)) ? x : null;
  },
});

/** A record id (bigint): kept as its digits, never through a float. */
export const ref = (name: string, from: string | ((v: View) => unknown) = name): ListColumn => ({
  name,
  type: 'number',
  of: (v) => {
    const x = valueOf(from)(v);
    return (typeof x === 'string' || typeof x === 'number') && /^\d{1,19}$/.test(String(x)) ? String(x) : null;
  },
});

/** Sort keys that order by the column of their own name: `sorts: { id: 'id', ...sortedBy('title', 'status') }`. */
export const sortedBy = (...names: string[]): Record<string, string> => Object.fromEntries(names.map((n) => [n, n]));

/** The columns every record-list table has (migration 003): sortable as they are. */
export const COMMON_COLUMNS = ['id', 'archived', 'updated_at'] as const;

export function defineList(d: ListDef): ListDef {
  const known = new Set<string>([...COMMON_COLUMNS, ...d.columns.map((c) => c.name)]);
  for (const [key, sorted] of Object.entries(d.sorts)) {
    const col = sorted.replace(/^-/, '');
    if (!known.has(col)) throw new Error(`list ${d.name}: sort ${key} orders by ${col}, which is no column`);
  }
  if (!(d.defaultOrdering.replace(/^-/, '') in d.sorts)) throw new Error(`list ${d.name}: default ordering ${d.defaultOrdering} is no sort key`);
  return d;
}

/** The typed columns of a record's row, from its view (all null for a tombstone's empty view). */
export const columnsOf = (d: ListDef, view: View): Record<string, unknown> => Object.fromEntries(d.columns.map((c) => [c.name, c.of(view)]));

/**
 * What the projector's record-list projection takes from the declarations of lists over one table
 * (the job list and the ORCA dashboard): every column any of them has, and the first one's search words.
 */
export function projected(first: ListDef, ...more: ListDef[]) {
  const byName = new Map<string, ListColumn>();
  for (const d of [first, ...more]) {
    if (d.table !== first.table) throw new Error(`list ${d.name} is over ${d.table}, not ${first.table}`);
    for (const c of d.columns) byName.set(c.name, c);
  }
  const all = [...byName.values()];
  return { columns: (view: View) => Object.fromEntries(all.map((c) => [c.name, c.of(view)])), search: first.search };
}

const wordsOfParam = (p: string) => p.replace(/_/g, ' ');
/** A flag as the list call reads it (queryFlag): true, a yes word, or given empty. */
const isSet = (v: unknown) => v === true || (typeof v === 'string' && (v.trim() === '' || YES_WORDS.has(v.trim().toLowerCase())));

/**
 * A list filter in words, by what the list declares: its toggles, its date range, its exact and up-to
 * params, the search ('active records, from 2026-08-24 to 2026-11-21, market MIDWEST'); a param it declares
 * nothing for is shown as the query has it (name=value).
 */
export function filterWords(d: ListDef, filter: Record<string, unknown>): string {
  const f = d.filters;
  const words: string[] = [];
  const told = new Set(['active', 'archived', 'start_date', 'end_date', 'live_and_future', 'q']);
  const archived = isSet(filter.archived);
  // 'archived_only' (bids): archived=t the archived list, else the active one.
  const active = f.toggles === 'archived_only' ? !archived : filter.active === undefined || isSet(filter.active);
  words.push(active && archived ? 'active and archived records' : archived ? 'archived records' : active ? 'active records' : 'no records (neither active nor archived)');
  if (f.range) {
    const [from, to] = [filter.start_date, filter.end_date].map((v) => (blank(v) ? null : String(v)));
    if (isSet(filter.live_and_future)) words.push(from ? `from ${from} on (live and future)` : 'live and future');
    else if (from || to) words.push(from && to ? `from ${from} to ${to}` : from ? `from ${from} on` : `up to ${to}`);
  }
  for (const [param, v] of Object.entries(filter)) {
    if (told.has(param) || blank(v)) continue;
    if (f.equals?.[param] || f.upTo?.[param] || f.member?.[param]) words.push(`${wordsOfParam(param)} ${String(v)}`);
    else words.push(`${param}=${String(v)}`);
  }
  if (!blank(filter.q)) words.push(`matching "${String(filter.q)}"`);
  return words.join(', ');
}
