/** What the list engine's tests share: a list table's row as the projector writes it, and the order the engine promises. */
import { columnsOf, type ListDef, type View } from './define.ts';

/** A row of the list's table for a view, as the projector writes it. */
export function rowOf(d: ListDef, view: View, o: { account: string; archived?: boolean; deleted?: boolean }) {
  return {
    account_id: o.account,
    id: String(view.id),
    version: 1,
    position: '1',
    archived: o.archived ?? false,
    deleted: o.deleted ?? false,
    search: d
      .search(view)
      .filter((v) => v !== null && v !== undefined && v !== '')
      .join(' ')
      .toLowerCase(),
    state: JSON.stringify({}),
    view: JSON.stringify(view),
    updated_at: '2026-11-24T12:00:00Z',
    ...columnsOf(d, view),
  };
}

/** The order the contract promises: the column's value (nulls last either way), then id ascending. */
export function expectedOrder(rows: View[], column: string, desc: boolean): string[] {
  // Text in the lists' natural collation (migration 011): numbers by value, then letters, then case.
  const natural = new Intl.Collator('und', { numeric: true });
  const cmp = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? a - b : natural.compare(String(a), String(b)));
  return [...rows]
    .sort((x, y) => {
      const a = x[column];
      const b = y[column];
      const na = a === null || a === undefined;
      const nb = b === null || b === undefined;
      if (na || nb) return na && nb ? Number(x.id) - Number(y.id) : na ? 1 : -1;
      const c = desc ? -cmp(a, b) : cmp(a, b);
      return c || Number(x.id) - Number(y.id);
    })
    .map((r) => String(r.id));
}
