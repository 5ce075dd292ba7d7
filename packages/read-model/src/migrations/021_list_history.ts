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
import { listTableOf } from './list-tables.ts';

/** The list tables and the lists over each (the job list, the ORCA dashboard ... over `jobs`). */
export function historiedTables(): Map<string, ListDef[]> {
  const byTable = new Map<string, ListDef[]>();
  for (const d of Object.values(listDefs)) byTable.set(d.table, [...(byTable.get(d.table) ?? []), d]);
  return byTable;
}

const q = (c: string) => `"${c}"`;

export async function up(knex: Knex) {
  for (const [table, defs] of historiedTables()) {
    const h = historyTable(table);
    await knex.raw('create table ?? (like ?? including defaults)', [h, table]);
    await knex.raw('alter table ?? add column valid_from timestamptz not null, add column valid_to timestamptz, add primary key (id, valid_from)', [h]);
    await knex.raw('alter table ?? set (toast_tuple_target = 512)', [h]);
    await knex.raw('alter table ?? alter column search set storage main', [h]);
    const shapes = defs.map(listTableOf);
    const filtered = defs.flatMap((d) => [...Object.values(d.filters.equals ?? {}), ...Object.values(d.filters.upTo ?? {}), ...Object.values(d.filters.member ?? {})].map((f) => f.column));
    const include = [...new Set(['valid_from', 'valid_to', ...shapes.flatMap((s) => s.filters), ...filtered])].map(q).join(', ');
    const sorts = [...new Set(shapes.flatMap((s) => s.sorts))];
    for (const col of sorts)
      for (const dir of ['asc', 'desc'])
        await knex.raw(`create index on ?? (account_id, ?? ${dir} nulls last, id) include (${include}) where not deleted`, [h, col]);
    await knex.raw(`create index on ?? (account_id, id) include (${include}) where not deleted`, [h]);
    await knex.raw('create index on ?? using gin (search gin_trgm_ops) where not deleted', [h]);
    // What annotations look records up by (a job's locates by job_ref).
    for (const col of new Set(defs.flatMap((d) => d.columns.map((c) => c.name)).filter((c) => /_ref$/.test(c))))
      await knex.raw('create index on ?? (??, valid_from) include (valid_to) where not deleted', [h, col]);
    // Until a replay rebuilds it, each record's history is its current row from its last change.
    await knex.raw('insert into ?? select *, updated_at, null from ??', [h, table]);
  }
}

export async function down(knex: Knex) {
  for (const table of historiedTables().keys()) await knex.schema.dropTableIfExists(historyTable(table));
}
