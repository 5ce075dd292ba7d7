/**
 * A server-paged list's pure logic (contract §3): the page call's query, the selection model where
 * "select all" means every row that matches, the bulk body it becomes, and live row events applied
 * to the loaded pages by id. Tested in pagedList.test.ts.
 */
import { compareValues, matchesText, type Sort } from '../../lib/listLogic';
import { rowMatches, type RowEvent } from '../../lib/realtime';

/** Rows per page asked of the server (the virtualizer asks for pages as it scrolls). */
export const PAGE_SIZE = 100;

/** The list call's explicit filter: its query params minus paging and ordering (also the bulk body's filter). */
export type ListFilter = Record<string, string>;

/** One answer of a paged list call: the DRF shape. */
export interface Page<T> {
  results: T[];
  /** Exact up to the server's bound; past it Postgres' estimate, with count_estimated. */
  count: number;
  count_estimated?: boolean;
  /** The same call a page on, with the cursor after this page's last row. */
  next: string | null;
  previous: string | null;
}

type Row = { id: string; version?: number };

/** The server's ordering param: the column, '-' first when descending. */
export const orderingOf = (sort: Sort | null): string | null => (sort ? `${sort.dir === 'desc' ? '-' : ''}${sort.key}` : null);

/**
 * `/api/jobs/?active=t&...&ordering=-title&page=3&page_size=100`; `q` is part of the filter. With the
 * cursor of the page before (its `next`), the server reads on from that page's last row, so a deep
 * page costs what the first does; without one, by offset.
 */
export function pageUrl(path: string, filter: ListFilter, sort: Sort | null, page: number, pageSize = PAGE_SIZE, cursor?: string | null): string {
  const q = new URLSearchParams(filter);
  const ordering = orderingOf(sort);
  if (ordering) q.set('ordering', ordering);
  q.set('page', String(page));
  q.set('page_size', String(pageSize));
  if (cursor) q.set('cursor', cursor);
  return `${path}?${q.toString()}`;
}

/** The cursor a page's `next` carries; null without one (the last page, or a server paging by number only). */
export function cursorOf(next: string | null | undefined): string | null {
  if (!next) return null;
  return new URL(next, 'http://here').searchParams.get('cursor');
}

/**
 * How many rows the table holds: the count, unless it is an estimate; then what the loaded pages
 * know wins: a page with no next ends the list, a full page with a next past the estimate means
 * at least one row more (so the table can scroll to it and ask).
 */
export function rowCount<T>(count: number, estimated: boolean, loaded: ReadonlyMap<number, Page<T> | undefined>, pageSize = PAGE_SIZE): number {
  if (!estimated) return count;
  let rows = count;
  for (const [page, data] of loaded) {
    if (!data) continue;
    const upTo = (page - 1) * pageSize + data.results.length;
    if (!data.next) return upTo;
    rows = Math.max(rows, upTo + 1);
  }
  return rows;
}

/** A count as the list says it: 'about 1,000,000' when it is an estimate. */
export const countWords = (count: number, estimated = false) => `${estimated ? 'about ' : ''}${count.toLocaleString('en-US')}`;

/** The filter with the find box's words as `q` (none when blank). */
export function withSearch(filter: ListFilter, text: string): ListFilter {
  const q = text.trim().replace(/\s+/g, ' ');
  if (!q) return filter;
  return { ...filter, q };
}

/**
 * A server answering the plain array (one without the list engine's paging) is paged here the way
 * the engine would: every word of q, the sort with blanks last, ties by id.
 */
export function pageOfAll<T extends Row>(all: T[], filter: ListFilter, sort: Sort | null, page: number, pageSize = PAGE_SIZE): Page<T> {
  let rows = filter.q ? all.filter((r) => matchesText(r as unknown as Record<string, unknown>, filter.q)) : all;
  if (sort) {
    rows = rows.slice().sort((a, b) => compareValues((a as Record<string, unknown>)[sort.key], (b as Record<string, unknown>)[sort.key], sort.dir) || compareValues(a.id, b.id, 'asc'));
  }
  const start = (page - 1) * pageSize;
  return { results: rows.slice(start, start + pageSize), count: rows.length, next: null, previous: null };
}

/** Which pages (1-based) hold rows `first`..`last` (0-based indexes). */
export function pagesFor(first: number, last: number, pageSize = PAGE_SIZE): number[] {
  if (last < first) return [1];
  const out: number[] = [];
  for (let p = Math.floor(first / pageSize) + 1; p <= Math.floor(last / pageSize) + 1; p++) out.push(p);
  return out;
}

// ---- selection ----------------------------------------------------------------------------------

/**
 * What is selected: `all` = every row that matches the filter except `except`; otherwise exactly
 * `ids`. Rows never loaded can be selected this way, so 100,000 ids are never held or sent.
 */
export interface Selection {
  all: boolean;
  ids: ReadonlySet<string>;
  except: ReadonlySet<string>;
}

export const NO_SELECTION: Selection = { all: false, ids: new Set(), except: new Set() };

export const isSelected = (s: Selection, id: string) => (s.all ? !s.except.has(id) : s.ids.has(id));

/** A row's box clicked. */
export function toggleRow(s: Selection, id: string): Selection {
  const flip = (set: ReadonlySet<string>) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };
  return s.all ? { ...s, except: flip(s.except) } : { ...s, ids: flip(s.ids) };
}

/** How many rows are selected of `count` matching. */
export const selectedCount = (s: Selection, count: number) => (s.all ? Math.max(0, count - s.except.size) : s.ids.size);

export type SelectAllState = 'all' | 'some' | 'none';

export function selectAllState(s: Selection, count: number): SelectAllState {
  const n = selectedCount(s, count);
  if (n === 0) return 'none';
  return n >= count ? 'all' : 'some';
}

/** The header box: selects every matching row; when all are selected it clears them. */
export const toggleAllMatching = (s: Selection, count: number): Selection =>
  selectAllState(s, count) === 'all' ? NO_SELECTION : { all: true, ids: new Set(), except: new Set() };

/** The most ids a bulk body carries (contract §2); past that, it sends the filter. */
export const MAX_BULK_IDS = 1000;

/**
 * What a bulk action acts on: { filter, except } for "all that match", else { ids }; null when nothing
 * is selected, unless `orAllMatching` (a report): then every row of the filter, with how many match
 * (`estimated`: the count is the server's estimate).
 */
export function bulkTarget(s: Selection, filter: ListFilter, count: number, orAllMatching = false, estimated = false): { ids: string[] } | { filter: ListFilter; except: string[]; matching?: number; matchingEstimated?: boolean } | null {
  if (selectedCount(s, count) === 0) return orAllMatching ? { filter, except: [], matching: count, ...(estimated ? { matchingEstimated: true } : {}) } : null;
  if (s.all) return { filter, except: [...s.except] };
  return { ids: [...s.ids] };
}

// ---- live rows ----------------------------------------------------------------------------------

const sameId = (a: unknown, b: unknown) => String(a) === String(b);

/** Which rows a list holds: a filter in row terms ({ archived: false }, lib/realtime rowMatches) or a test. */
export type RowFit = Record<string, unknown> | ((row: Record<string, unknown>) => boolean) | null | undefined;

const fits = (row: Record<string, unknown>, fit: RowFit) => (typeof fit === 'function' ? fit(row) : rowMatches(row, fit));

/**
 * One loaded page after a live row event: a loaded row is replaced in place (keeping the fields the
 * event lacks, the page's annotations; a late, older version is ignored) or, when removed or no
 * longer matching `rowFilter` (the list's rows in row terms, e.g. { archived: false }), taken out. A row is never inserted here: where it belongs is the server's sort.
 */
export function patchPage<T extends Row>(page: Page<T> | undefined, ev: RowEvent, rowFilter: RowFit): Page<T> | undefined {
  if (!page || !Array.isArray(page.results)) return page;
  const at = page.results.findIndex((r) => sameId(r.id, ev.id));
  if (at < 0) return page;
  const row = ev.op === 'upsert' && ev.row ? ({ ...ev.row, id: String(ev.row.id ?? ev.id) } as unknown as T) : null;
  if (!row || !fits(row as unknown as Record<string, unknown>, rowFilter)) {
    return { ...page, results: page.results.filter((_, i) => i !== at), count: Math.max(0, page.count - 1) };
  }
  const old = page.results[at];
  if (typeof old.version === 'number' && typeof row.version === 'number' && row.version < old.version) return page;
  const results = page.results.slice();
  // A live row carries the record's view only: what the list's page read added (a job's locate_warning,
  // a locate's job_title) is kept from the loaded row until the page is read again.
  results[at] = { ...old, ...row };
  return { ...page, results };
}

/**
 * Whether the count and the loaded pages must be fetched again after `ev`: a row left (removed, or
 * no longer matching), or a matching row not loaded arrived (it may have entered the filter). A
 * loaded row changed in place needs nothing; a row not loaded that does not match is not ours.
 */
export function needsRefetch<T extends Row>(pages: (Page<T> | undefined)[], ev: RowEvent, rowFilter: RowFit): boolean {
  const loaded = pages.some((p) => p?.results?.some((r) => sameId(r.id, ev.id)));
  if (ev.op === 'remove' || !ev.row) return true;
  const matches = fits(ev.row, rowFilter);
  return loaded ? !matches : matches;
}
