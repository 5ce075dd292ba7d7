/**
 * What the migrations of record list tables share: a list table of the shared record columns and its
 * own typed columns, TOAST kept small, and the list engine's indexes (each sort both ways, the id
 * order, the toggles' count and the trigram search), each covering the filters. A helper, not a
 * migration: it is listed nowhere in index.ts.
 */
import type { Knex } from 'knex';
import { historyTable, type ListDef } from '@trenchline/platform/lists/define.ts';
import { recordListColumns } from './003_bids_jobs.ts';

/** The numeric-aware collation of list text (migration 011 makes it): 'Job 9' before 'Job 10'. */
export const NATURAL = 'list_natural';

export interface ListTable {
  table: string;
  text: readonly string[];
  dates: readonly string[];
  numbers: readonly string[];
  refs?: readonly string[];
  sorts: readonly string[];
  /** Columns every list index covers, so a filtered page reads the index only. */
  filters: readonly string[];
  /** The columns of the count index (the toggles and the status filter). */
  count: readonly string[];
}

export async function createListTable(knex: Knex, t: ListTable) {
  await knex.schema.createTable(t.table, (b) => {
    recordListColumns(b);
    for (const c of t.text) b.specificType(c, `text collate ${NATURAL}`);
    for (const c of t.dates) b.date(c);
    for (const c of t.numbers) b.decimal(c, null);
    for (const c of t.refs ?? []) b.bigInteger(c);
  });
  await knex.raw('alter table ?? set (toast_tuple_target = 512)', [t.table]);
  await knex.raw('alter table ?? alter column search set storage main', [t.table]);
  const include = t.filters.map((c) => `"${c}"`).join(', ');
  for (const col of t.sorts)
    for (const dir of ['asc', 'desc'])
      await knex.raw(`create index ${t.table}_list_${col}_${dir} on ?? (account_id, ?? ${dir} nulls last, id) include (${include}) where not deleted`, [t.table, col]);
  await knex.raw(`create index ${t.table}_list_id on ?? (account_id, id) include (${include}) where not deleted`, [t.table]);
  await knex.raw(`create index ${t.table}_list_count on ?? (account_id, ${t.count.map((c) => `"${c}"`).join(', ')}) where not deleted`, [t.table]);
  await knex.raw(`create index ${t.table}_search_trgm on ?? using gin (search gin_trgm_ops) where not deleted`, [t.table]);
}

/**
 * The table a declared list needs, from its declaration: its typed columns, an index for each sort
 * (both ways), and its toggles and date range as what every index covers. A new area's migration may
 * create its table from it; lists.test.ts fails when a table and its list disagree.
 */
export function listTableOf(d: ListDef): ListTable {
  const named = (type: string) => d.columns.filter((c) => c.type === type).map((c) => c.name);
  const range = d.filters.range ? [d.filters.range.due, d.filters.range.start, d.filters.range.created] : [];
  return {
    table: d.table,
    text: named('text'),
    dates: named('date'),
    numbers: named('number'),
    sorts: [...new Set(Object.values(d.sorts).map((c) => c.replace(/^-/, '')))].filter((c) => c !== 'id'),
    filters: [...new Set(['archived', ...range])],
    count: ['archived'],
  };
}

const quoted = (c: string) => `"${c}"`;

/**
 * `<table>_history` of a list table (docs/as-of.md): its columns plus `valid_from` and `valid_to`, keyed
 * by (id, valid_from), with the list engine's indexes for the lists over it (`defs`), each also covering
 * the span. Migration 021 makes every area's; a later area's migration calls it after createListTable.
 */
export async function createHistoryTable(knex: Knex, table: string, defs: readonly ListDef[]) {
  const h = historyTable(table);
  await knex.raw('create table ?? (like ?? including defaults)', [h, table]);
  await knex.raw('alter table ?? add column valid_from timestamptz not null, add column valid_to timestamptz, add primary key (id, valid_from)', [h]);
  // No fold state in the history (migration 032): as-of reads show the view and columns only.
  if (await knex.schema.hasColumn(h, 'state')) await knex.raw('alter table ?? alter column state drop not null', [h]);
  await knex.raw('alter table ?? set (toast_tuple_target = 512)', [h]);
  await knex.raw('alter table ?? alter column search set storage main', [h]);
  const shapes = defs.map(listTableOf);
  const filtered = defs.flatMap((d) => [...Object.values(d.filters.equals ?? {}), ...Object.values(d.filters.upTo ?? {}), ...Object.values(d.filters.member ?? {})].map((f) => f.column));
  const include = [...new Set(['valid_from', 'valid_to', ...shapes.flatMap((s) => s.filters), ...filtered])].map(quoted).join(', ');
  // One direction per sort column: every event writes a history row and ends the one before (two
  // index entries each), so each index costs the projector twice; a descending as-of page sorts the
  // rows valid then instead of reading them in order.
  for (const col of new Set(shapes.flatMap((s) => s.sorts))) await knex.raw(`create index on ?? (account_id, ?? asc nulls last, id) include (${include}) where not deleted`, [h, col]);
  await knex.raw(`create index on ?? (account_id, id) include (${include}) where not deleted`, [h]);
  await knex.raw('create index on ?? using gin (search gin_trgm_ops) where not deleted', [h]);
  // What annotations look records up by (a job's locates by job_ref).
  for (const col of new Set(defs.flatMap((d) => d.columns.map((c) => c.name)).filter((c) => /_ref$/.test(c))))
    await knex.raw('create index on ?? (??, valid_from) include (valid_to) where not deleted', [h, col]);
}
