/**
 * The list projection of every record list the read model declares (packages/read-model/src/lists.ts),
 * so an area's list needs no projection of its own: one projection per table its aggregate keeps, whose
 * columns are those of every list over that table (the first list's search), and which rewrites the
 * rows of a list kept with the record (`keptWith`: an ORCA job's invoices) in the same transaction.
 */
import { projected, type ListDef } from '@trenchline/platform';
import type { Projection } from './projection.ts';
import { recordListProjection } from './record-list.ts';

export function listProjections(lists: readonly ListDef[]): Projection[] {
  const byTable = new Map<string, ListDef[]>();
  for (const list of lists.filter((l) => !l.keptWith)) byTable.set(list.table, [...(byTable.get(list.table) ?? []), list]);
  return [...byTable.entries()].map(([table, [first, ...more]]) => {
    const kept = lists.find((l) => l.keptWith && l.aggregate === first.aggregate);
    return recordListProjection({
      aggregate: first.aggregate,
      table,
      ...projected(first, ...more),
      ...(kept?.keptWith ? { children: { table: kept.table, parent: kept.keptWith.parent, rows: kept.keptWith.rows } } : {}),
      history: true,
    });
  });
}
