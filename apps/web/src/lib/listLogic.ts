/**
 * A record list's pure logic, shared by the paged lists (components/table/pagedList.ts) and routines:
 * free-text match, the sort type, comparing values with blanks last, and the next sort on a header
 * click. Tested in listLogic.test.ts.
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

/** Clicking a header sorts by it ascending; clicking the sorted header again reverses it. */
export const nextSort = (sort: Sort, key: string): Sort =>
  sort.key === key ? { key, dir: sort.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' };
