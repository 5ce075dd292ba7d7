/**
 * A record list's pure logic, shared by every list screen (bids, projects, routines): free-text match, sort
 * with blanks last, and selection over the filtered rows. Tested in listLogic.test.ts.
 */

export type SortDir = 'asc' | 'desc';
export interface Sort {
  key: string;
  dir: SortDir;
}

/** Every word typed must appear somewhere in the row (any text or number column, case-insensitive). */
export function matchesText(row: Record<string, unknown>, text: string): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = Object.values(row)
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .join(' \u0000 ')
    .toLowerCase();
  return words.every((w) => hay.includes(w));
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/** Nulls (no due date ...) sort last in both directions: they are never the most urgent. */
export function compareValues(a: unknown, b: unknown, dir: SortDir): number {
  const ba = isBlank(a);
  const bb = isBlank(b);
  if (ba || bb) return ba && bb ? 0 : ba ? 1 : -1;
  let c: number;
  if (typeof a === 'number' && typeof b === 'number') c = a - b;
  else if (typeof a === 'boolean' && typeof b === 'boolean') c = Number(a) - Number(b);
  else c = collator.compare(String(a), String(b));
  return dir === 'asc' ? c : -c;
}

/** The rows sorted by one column; rows that compare equal keep their order. */
export function sortRows<T extends Record<string, unknown>>(rows: T[], sort: Sort): T[] {
  return rows
    .map((r, i) => ({ r, i }))
    .sort((x, y) => compareValues(x.r[sort.key], y.r[sort.key], sort.dir) || x.i - y.i)
    .map((x) => x.r);
}

/** Clicking a header sorts by it ascending; clicking the sorted header again reverses it. */
export const nextSort = (sort: Sort, key: string): Sort =>
  sort.key === key ? { key, dir: sort.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' };

// ---- selection ----------------------------------------------------------------------------

export type SelectAllState = 'all' | 'some' | 'none';

/** The select-all box's state over the visible (filtered) rows. */
export function selectAllState(visible: { id: string }[], selected: ReadonlySet<string>): SelectAllState {
  const n = visible.filter((r) => selected.has(r.id)).length;
  if (n === 0) return 'none';
  return n === visible.length ? 'all' : 'some';
}

/** Select-all selects every visible row; when all are already selected it clears them. */
export function toggleAll(visible: { id: string }[], selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  if (selectAllState(visible, selected) === 'all') for (const r of visible) next.delete(r.id);
  else for (const r of visible) next.add(r.id);
  return next;
}

export function toggleOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Ids of the selected rows that are visible: a row hidden by the filter is never acted on. */
export const selectedIds = (visible: { id: string }[], selected: ReadonlySet<string>) => visible.filter((r) => selected.has(r.id)).map((r) => r.id);
