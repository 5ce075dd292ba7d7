/**
 * Every declared list's rows by their span of validity (docs/as-of.md): `<table>_history` has the list
 * table's columns plus `valid_from` and `valid_to` (null while still valid), one row per state of a
 * record at an event time, written by the list projection with the live row. Made in one loop from the
 * list declarations, with the list engine's indexes over the same columns, each also covering the span,
 * so an as-of page is an index scan like a current one. An existing store starts with each record's
 * current row from its last change; one `npm run replay` fills the full history.
 */
import type { Knex } from 'knex';
import { historyTable, type ListDef } from '@trenchline/platform/lists/define.ts';
import { listDefs } from '../lists.ts';
import { createHistoryTable } from './list-tables.ts';

/** The list tables and the lists over each (the job list, the ORCA dashboard ... over `jobs`). */
export function historiedTables(): Map<string, ListDef[]> {
  const byTable = new Map<string, ListDef[]>();
  for (const d of Object.values(listDefs)) byTable.set(d.table, [...(byTable.get(d.table) ?? []), d]);
  return byTable;
}

export async function up(knex: Knex) {
  for (const [table, defs] of historiedTables()) {
    // A list added outside the composition (a test's fixture area) makes its tables itself.
    if (!(await knex.raw('select to_regclass(?) as t', [table])).rows[0].t) continue;
    await createHistoryTable(knex, table, defs);
    // Until a replay rebuilds it, each record's history is its current row from its last change.
    await knex.raw('insert into ?? select *, updated_at, null from ??', [historyTable(table), table]);
  }
}

export async function down(knex: Knex) {
  for (const table of historiedTables().keys()) await knex.schema.dropTableIfExists(historyTable(table));
}
