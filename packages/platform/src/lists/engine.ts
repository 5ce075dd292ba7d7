/**
 * The one list engine: a declared list's rows for an account, narrowed by an explicit filter
 * (toggles, date range, equalities, `q` words), ordered by any sortable column either way (nulls last,
 * ties by id ascending), a page at a time with the count of all that match; and the matching ids in
 * batches for bulk actions. Used by the api and the worker alike: it knows no request and no user
 * preference (the api resolves saved search dates into the filter first).
 */
import { z } from 'zod';
import type { Knex } from 'knex';
import { aggregateDef, NO_WORDS, YES_WORDS } from '@trenchline/domain';
import { dayOfInstant, historyTable, rowsAt, type ListDef } from './define.ts';
import { decodeCursor, encodeCursor, piecesAfter } from './keyset.ts';

/** Counts of a page's answer are exact up to this many rows; past it, Postgres' estimate (marked so). */
export const COUNT_EXACT_UP_TO = 10_000;

/**
 * A yes/no query parameter as clients send it: t/f, true/false or 1/0 (any case), a boolean from a bulk
 * body, or the parameter named with no value, which means yes: the spec writes the list calls so
 * (`GET /api/help/?active&archived`, both lists), and its client sends them so.
 */
export const queryFlag = z.union([
  z.boolean(),
  z.string().transform((v, ctx) => {
    const word = v.trim().toLowerCase();
    if (word === '' || YES_WORDS.has(word)) return true;
    if (NO_WORDS.has(word)) return false;
    ctx.addIssue({ code: 'custom', message: 'must be t or f (true or false, 1 or 0)' });
    return z.NEVER;
  }),
]);
const flag = queryFlag;
const day = z.iso.date({ message: 'must be a date YYYY-MM-DD' });

/** The filter after parsing: what the engine narrows by. */
export interface ListFilter {
  active?: boolean;
  archived?: boolean;
  start_date?: string | null;
  end_date?: string | null;
  live_and_future?: boolean;
  q?: string;
  [equal: string]: unknown;
}

/** `%`, `_` and `\` stand for themselves in a search word. */
export const likeWord = (word: string) => `%${word.replace(/[%_\\]/g, '\\$&')}%`;

export const searchWords = (q: string | undefined) => (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);

/** Narrow a query of the list's table to the account's live records matching the filter. */
function narrow(d: ListDef, q: Knex.QueryBuilder, accountId: string, filter: ListFilter) {
  // `not deleted` literally, so the planner uses the partial indexes of migration 011.
  q.where('account_id', accountId).whereRaw('not deleted');
  if (d.filters.toggles === 'active_archived') {
    const active = filter.active ?? true;
    const archived = filter.archived ?? false;
    if (active && !archived) q.whereRaw('not archived');
    else if (archived && !active) q.whereRaw('archived');
    else if (!active && !archived) q.whereRaw('false');
  } else q.whereRaw(filter.archived ? 'archived' : 'not archived');
  const r = d.filters.range;
  if (r) {
    const to = filter.end_date ?? null;
    const from = filter.start_date ?? null;
    if (to && !filter.live_and_future) q.whereRaw('coalesce(??, ??) <= ?', [r.start, r.created, to]);
    if (from) q.where((w) => w.whereNull(r.due).orWhere(r.due, '>=', from));
  }
  for (const [param, e] of Object.entries(d.filters.equals ?? {})) if (filter[param] !== undefined && filter[param] !== null) q.where(e.column, filter[param] as string);
  for (const [param, u] of Object.entries(d.filters.upTo ?? {})) if (typeof filter[param] === 'string') q.where(u.column, '<=', filter[param] as string);
  for (const [param, m] of Object.entries(d.filters.member ?? {}))
    if (typeof filter[param] === 'string') {
      const named = `%,${filter[param] as string},%`;
      q.where((w) => (m.only ? w.where(m.column, 'like', named) : w.whereNull(m.column).orWhere(m.column, 'like', named)));
    }
  for (const word of searchWords(filter.q)) q.whereRaw('search like ?', [likeWord(word)]);
  d.where?.(q);
}

export interface Ordering {
  key: string;
  column: string;
  desc: boolean;
}

/** `col` or `-col` → the column it orders by; null when the list has no such sort key. */
export function parseOrdering(d: ListDef, ordering: string | undefined): Ordering | null {
  const o = ordering || d.defaultOrdering;
  const desc = o.startsWith('-');
  const key = desc ? o.slice(1) : o;
  const sorted = Object.hasOwn(d.sorts, key) ? d.sorts[key] : undefined;
  if (!sorted) return null;
  // A '-column' sort key orders against its column.
  return sorted.startsWith('-') ? { key, column: sorted.slice(1), desc: !desc } : { key, column: sorted, desc };
}

export class BadOrdering extends Error {
  constructor(
    readonly list: string,
    readonly ordering: string,
  ) {
    super(`list ${list} cannot be ordered by ${ordering}`);
  }
}

const orderSql = (o: Ordering, table = '') => {
  const p = table ? `${table}.` : '';
  // By id alone: never null, and said plainly so a backward scan of (account_id, id) serves -id.
  if (o.column === 'id') return { sql: `??${o.desc ? ' desc' : ''}`, bindings: [`${p}id`] };
  return { sql: `??${o.desc ? ' desc' : ''} nulls last, ?? asc`, bindings: [`${p}${o.column}`, `${p}id`] };
};

export interface RowOptions {
  /** Today's date (YYYY-MM-DD): rows carry the fields that move with it (days left ...). */
  today: string;
  /** A sort key of the list, `-key` descending; default the list's own. */
  ordering?: string;
  /** 1-based; with pageSize. Without either: every matching row. */
  page?: number;
  pageSize?: number;
  /** A cursor of the page before (`next` of matchingPage): the page after its last row, `page` unused. */
  after?: string;
  /** Only these row fields (besides id and version). */
  columns?: string[];
  /** An ISO instant: the rows as they stood then (the history table), with its day as today. */
  asOf?: string;
}

export type ListRow = Record<string, unknown> & { id: string; version: number };

function viewSelect(db: Knex, d: ListDef, prefix: string) {
  const omit = d.omit ?? [];
  return omit.length ? db.raw(`??.view ${omit.map(() => '- ?').join(' ')} as view`, [prefix, ...omit]) : db.raw('??.view', [prefix]);
}

/**
 * The engine over the given lists (the read model composes every area's, packages/read-model/src/lists.ts):
 * look-ups by list name, each list's filter params, and its rows, counts, groups and ids. The lists
 * are passed in, never registered by being imported; `listDefs` is the engine's own record by name.
 */
export function listEngine(lists: readonly ListDef[]) {
  /** Every declared list by name. */
  const listDefs: Record<string, ListDef> = Object.fromEntries(lists.map((d) => [d.name, d]));

  function listDef(name: string): ListDef {
    const d = Object.hasOwn(listDefs, name) ? listDefs[name] : undefined;
    if (!d) throw new Error(`unknown list ${name}; known: ${Object.keys(listDefs).join(', ')}`);
    return d;
  }

  /** Adds a list declared outside the composition (a test's fixture area), and gives back how to take it out. */
  function addList(d: ListDef): () => void {
    if (Object.hasOwn(listDefs, d.name)) throw new Error(`list ${d.name} declared twice`);
    listDefs[d.name] = d;
    return () => {
      delete listDefs[d.name];
      schemas.delete(d.name);
    };
  }

  /** The filter params of a list, each with its zod type (the api adds paging and ordering to them). */
  function listFilterShape(name: string): Record<string, z.ZodType> {
    const d = listDef(name);
    const shape: Record<string, z.ZodType> = { q: z.string().max(200).optional() };
    // Toggles 'archived_only' (bids) read only `archived`: t the archived list, f the active one.
    Object.assign(shape, d.filters.toggles === 'active_archived' ? { active: flag.optional(), archived: flag.optional() } : { archived: flag.optional() });
    if (d.filters.range) {
      Object.assign(shape, { start_date: day.nullish(), end_date: day.nullish(), stop_date: day.nullish(), live_and_future: flag.optional() });
    }
    for (const [param, e] of Object.entries(d.filters.equals ?? {})) shape[param] = z.enum(e.values).optional();
    for (const param of Object.keys(d.filters.upTo ?? {})) shape[param] = day.nullish();
    for (const param of Object.keys(d.filters.member ?? {})) shape[param] = z.string().regex(/^\d{1,18}$/).optional();
    return shape;
  }

  const schemas = new Map<string, z.ZodType<ListFilter>>();

  /** The zod schema of a list's filter params (its query params less paging and ordering); unknown params pass. */
  function listFilterSchema(name: string): z.ZodType<ListFilter> {
    const cached = schemas.get(name);
    if (cached) return cached;
    const schema = z
      .object(listFilterShape(name))
      .loose()
      // The job screens send stop_date for end_date: read the same.
      .transform(({ stop_date, ...f }) => (stop_date !== undefined && (f.end_date === undefined || f.end_date === null) ? { ...f, end_date: stop_date } : f) as ListFilter);
    schemas.set(name, schema);
    return schema;
  }

  /**
   * The rows matching the filter in order: every one, or a page (by offset, or after a cursor) and
   * whether more follow, read as pageSize + 1 ids; `last` is the page's last row's key for its cursor.
   */
  async function readRows(db: Knex, name: string, accountId: string, filter: unknown, opts: RowOptions) {
    const d = listDef(name);
    const f = listFilterSchema(name).parse(filter ?? {});
    const ordering = opts.ordering || d.defaultOrdering;
    const order = parseOrdering(d, ordering);
    if (!order) throw new BadOrdering(name, String(opts.ordering));
    const paged = opts.page !== undefined || opts.pageSize !== undefined || opts.after !== undefined;
    const { asOf } = opts;
    // As of a moment, what moves with today is reckoned from that moment's day.
    const today = asOf ? dayOfInstant(asOf) : opts.today;
    const size = opts.pageSize ?? 100;
    let q: Knex.QueryBuilder;
    if (!paged) {
      q = rowsAt(db, d.table, asOf, 't').select(viewSelect(db, d, 't'), 't.version');
      narrow(d, q, accountId, f);
      const o = orderSql(order);
      q.orderByRaw(o.sql, o.bindings);
    } else {
      const byId = order.column === 'id';
      // The page's ids first (an index-only scan from the page's first row), then only their views; the
      // sort value as Postgres prints it is the cursor's (numeric and timestamps keep every digit).
      const narrowed = () => {
        const ids = rowsAt(db, d.table, asOf).select(asOf ? ['id', 'valid_from'] : ['id']);
        if (!byId) ids.select(order.column, db.raw('??::text as cursor_value', [order.column]));
        narrow(d, ids, accountId, f);
        return ids;
      };
      const o = orderSql(order);
      let ids: Knex.QueryBuilder;
      if (opts.after !== undefined) {
        const cursor = decodeCursor(opts.after, { list: d, ordering, column: order.column, asOf: Boolean(asOf) });
        const pieces = piecesAfter(narrowed, order, cursor).map((p) => p.orderByRaw(o.sql, o.bindings).limit(size + 1));
        // Each piece is an ordered index range: the union in the list's order is a merge of them.
        ids = pieces.length === 1 ? pieces[0] : db.select('*').from(db.raw(`(${pieces.map(() => '(?)').join(' union all ')}) as u`, pieces)).orderByRaw(o.sql, o.bindings).limit(size + 1);
      } else ids = narrowed().orderByRaw(o.sql, o.bindings).limit(size + 1).offset(((opts.page ?? 1) - 1) * size);
      const outer = orderSql(order, 't');
      // A history row is one (id, valid_from); a live row one id.
      q = db(`${asOf ? historyTable(d.table) : d.table} as t`)
        .join(ids.as('p'), (j) => (asOf ? j.on('t.id', 'p.id').andOn('t.valid_from', 'p.valid_from') : j.on('t.id', 'p.id')))
        .select(viewSelect(db, d, 't'), 't.version', byId ? db.raw('null as cursor_value') : 'p.cursor_value')
        .orderByRaw(outer.sql, outer.bindings);
    }
    const read: { view: Record<string, unknown>; version: number; cursor_value?: string | null }[] = await q;
    const more = paged && read.length > size;
    const rows = more ? read.slice(0, size) : read;
    const lastRow = rows.at(-1);
    const next = more && lastRow ? encodeCursor({ list: d.name, ordering, value: lastRow.cursor_value ?? null, id: String(lastRow.view.id), asOf: Boolean(asOf) }) : null;
    const rowOf = d.row ?? aggregateDef(d.aggregate).listRow;
    let shown: Record<string, unknown>[] = rows.map((r) => ({ ...rowOf(r.view, today), id: String(r.view.id), version: r.version }));
    if (d.annotate && shown.length) shown = await d.annotate(db, accountId, shown, today, asOf);
    const results = shown.map((row) => {
      if (!opts.columns) return row as ListRow;
      return { ...Object.fromEntries(opts.columns.filter((c) => c in row).map((c) => [c, row[c]])), id: row.id, version: row.version } as ListRow;
    });
    return { results, next };
  }

  /** The rows matching the filter, in order, one page of them when page, pageSize or after is given. */
  async function matchingRows(db: Knex, name: string, accountId: string, filter: unknown, opts: RowOptions): Promise<ListRow[]> {
    return (await readRows(db, name, accountId, filter, opts)).results;
  }

  /** One page of the matching rows and `next`, the cursor after its last row (null when none follow). */
  async function matchingPage(db: Knex, name: string, accountId: string, filter: unknown, opts: RowOptions & { pageSize: number }): Promise<{ results: ListRow[]; next: string | null }> {
    return readRows(db, name, accountId, filter, opts);
  }

  /** How many rows match the filter, exactly (a report's, the navigation's small counts). */
  async function countMatching(db: Knex, name: string, accountId: string, filter: unknown, opts: { today: string; asOf?: string }): Promise<number> {
    const d = listDef(name);
    const q = rowsAt(db, d.table, opts.asOf).count<{ n: string }[]>({ n: '*' });
    narrow(d, q, accountId, listFilterSchema(name).parse(filter ?? {}));
    const [r] = await q;
    return Number(r.n);
  }

  /**
   * How many rows match, as a page's answer says it: exact up to `exactUpTo` (a count that stops one
   * past it), past that Postgres' plan estimate for the narrowed query, never below the bound, marked
   * `estimated`. Counting a million rows exactly read every one; this reads at most the bound.
   */
  async function countMatchingAbout(db: Knex, name: string, accountId: string, filter: unknown, opts: { today: string; asOf?: string; exactUpTo?: number }): Promise<{ count: number; estimated: boolean }> {
    const d = listDef(name);
    const bound = opts.exactUpTo ?? COUNT_EXACT_UP_TO;
    const matching = () => {
      const q = rowsAt(db, d.table, opts.asOf).select(db.raw('1'));
      narrow(d, q, accountId, listFilterSchema(name).parse(filter ?? {}));
      return q;
    };
    const [r] = await db.count<{ n: string }[]>({ n: '*' }).from(matching().limit(bound + 1).as('m'));
    const n = Number(r.n);
    if (n <= bound) return { count: n, estimated: false };
    const { sql, bindings } = matching().toSQL();
    const plan = await db.raw(`explain (format json) ${sql}`, bindings as Knex.RawBinding[]);
    const rows = Number(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
    return { count: Math.max(bound + 1, Number.isFinite(rows) ? Math.round(rows) : 0), estimated: true };
  }

  /**
   * Counts and sums of the matching rows per value of a column (the billing dashboard's totals per
   * status): one grouped scan, whatever the page.
   */
  async function matchingGroups(db: Knex, name: string, accountId: string, filter: unknown, o: { by: string; sum: string; asOf?: string }): Promise<{ value: unknown; count: number; sum: string | null }[]> {
    const d = listDef(name);
    const known = new Set(d.columns.map((c) => c.name));
    if (!known.has(o.by) || !known.has(o.sum)) throw new Error(`list ${name} has no column ${o.by} or ${o.sum}`);
    const q = rowsAt(db, d.table, o.asOf).select(db.raw('?? as value', [o.by]), db.raw('count(*)::int as count'), db.raw('sum(??)::text as sum', [o.sum])).groupBy(o.by);
    narrow(d, q, accountId, listFilterSchema(name).parse(filter ?? {}));
    return q;
  }

  /**
   * The ids of every matching row, in batches (keyset by id ascending), less `except`: a bulk action
   * over 100,000 rows holds one batch at a time, and rows changing meanwhile are neither skipped nor
   * given twice.
   */
  async function* matchingIds(
    db: Knex,
    name: string,
    accountId: string,
    filter: unknown,
    opts: { today: string; except?: string[]; batchSize?: number; asOf?: string },
  ): AsyncIterable<string[]> {
    const d = listDef(name);
    const f = listFilterSchema(name).parse(filter ?? {});
    const except = new Set(opts.except ?? []);
    const size = opts.batchSize ?? 1000;
    let after: string | null = null;
    for (;;) {
      const q = rowsAt(db, d.table, opts.asOf).select('id');
      narrow(d, q, accountId, f);
      if (after !== null) q.where('id', '>', after);
      const rows: { id: string | number }[] = await q.orderBy('id', 'asc').limit(size);
      if (!rows.length) return;
      after = String(rows[rows.length - 1].id);
      const batch = rows.map((r) => String(r.id)).filter((id) => !except.has(id));
      if (batch.length) yield batch;
      if (rows.length < size) return;
    }
  }

  return { listDefs, listDef, addList, listFilterShape, listFilterSchema, matchingRows, matchingPage, countMatching, countMatchingAbout, matchingGroups, matchingIds };
}

export type ListEngine = ReturnType<typeof listEngine>;
