/** Pure helpers of the settings catalogs' tables, tested beside. */
import type { CatalogRecordDef, FieldSpec } from '@trenchline/domain';
import type { CatalogRow } from './api/types';

/** What a record is called in messages and confirmations: its name, or its id when it has none. */
export const nameOf = (def: CatalogRecordDef, row: CatalogRow) => String(row[def.nameField] ?? '').trim() || `#${row.id}`;

/** Inputs narrower than the declared width still read well; a dense table beats a scrolling one. */
export const columnWidth = (f: FieldSpec) => (f.kind === 'flag' ? 44 : Math.min(f.width ?? 110, 160));

/** Rows in name order (live rows arrive at the end); the text filter matches the catalog's search words. */
export function visibleRows(def: CatalogRecordDef, rows: CatalogRow[], text: string): CatalogRow[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const hay = (r: CatalogRow) => def.search.map((k) => String(r[k] ?? '')).join(' ').toLowerCase();
  return rows
    .filter((r) => words.every((w) => hay(r).includes(w)))
    .sort((a, b) => nameOf(def, a).localeCompare(nameOf(def, b), undefined, { sensitivity: 'base', numeric: true }));
}
