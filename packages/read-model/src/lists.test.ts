/**
 * Every list's declaration against its migrated table (a fresh database of its own): the migrations
 * are written by hand, so this is what fails when a declared column, a sort key's column or a filter's
 * column is missing from the table or has a type the declaration cannot hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knex, { type Knex } from 'knex';
import { COMMON_COLUMNS, defineList, historyTable, number, text, type ColumnType, type ListDef } from '@trenchline/platform/lists/define.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import { listDefs } from './lists.ts';

let database: TestDatabase;
let db: Knex;

beforeAll(async () => {
  database = await createTestDatabase('read_model_lists');
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** The Postgres types (information_schema's data_type) a declared column type may be stored in. */
const STORED_AS: Record<ColumnType, readonly string[]> = {
  text: ['text', 'character varying', 'character'],
  number: ['numeric', 'bigint', 'integer', 'smallint', 'double precision', 'real'],
  date: ['date'],
  bool: ['boolean'],
  timestamp: ['timestamp with time zone', 'timestamp without time zone'],
};

/** What differs between a list's declaration and its table's columns (column name → data_type), one line each. */
function disagreements(d: ListDef, table: ReadonlyMap<string, string>): string[] {
  if (!table.size) return [`list ${d.name}: table ${d.table} does not exist`];
  const out: string[] = [];
  for (const c of d.columns) {
    const stored = table.get(c.name);
    if (stored === undefined) out.push(`list ${d.name}: column ${c.name} (${c.type}) is not in table ${d.table}`);
    else if (!STORED_AS[c.type].includes(stored)) out.push(`list ${d.name}: column ${c.name} is declared ${c.type} but ${d.table}.${c.name} is ${stored}`);
  }
  for (const common of COMMON_COLUMNS) if (!table.has(common)) out.push(`list ${d.name}: table ${d.table} has no ${common}`);
  for (const [key, col] of Object.entries(d.sorts)) {
    if (!table.has(col.replace(/^-/, ''))) out.push(`list ${d.name}: sort key ${key} orders by ${col.replace(/^-/, '')}, which is not in table ${d.table}`);
  }
  const f = d.filters;
  const filtered = [
    ...(f.range ? [f.range.due, f.range.start, f.range.created] : []),
    ...Object.values(f.equals ?? {}).map((e) => e.column),
    ...Object.values(f.upTo ?? {}).map((u) => u.column),
    ...Object.values(f.member ?? {}).map((m) => m.column),
  ];
  for (const col of filtered) if (!table.has(col)) out.push(`list ${d.name}: a filter reads ${col}, which is not in table ${d.table}`);
  return out;
}

async function columnsOfTable(name: string): Promise<Map<string, string>> {
  const rows: { column_name: string; data_type: string }[] = await db('information_schema.columns').where({ table_name: name, table_schema: db.raw('current_schema()') }).select('column_name', 'data_type');
  return new Map(rows.map((r) => [r.column_name, r.data_type]));
}

describe('list declarations and their tables', () => {
  it('given every declared list, when its migrated table is read, then each declared, sorted and filtered column is there with a type it can hold', async () => {
    const found: string[] = [];
    for (const d of Object.values(listDefs)) found.push(...disagreements(d, await columnsOfTable(d.table)));
    expect(found).toEqual([]);
  });

  it('given every list table, when its history table (migration 021) is read, then it has each column of the table with the same type, and valid_from and valid_to', async () => {
    for (const table of new Set(Object.values(listDefs).map((d) => d.table))) {
      const live = await columnsOfTable(table);
      const history = await columnsOfTable(historyTable(table));
      // A migration adding a list column adds it to the history table too (docs/as-of.md).
      expect(Object.fromEntries(history), table).toEqual({ ...Object.fromEntries(live), valid_from: 'timestamp with time zone', valid_to: 'timestamp with time zone' });
    }
  });

  it('given a declaration its table disagrees with, when compared, then each difference names the list, the column and what differs', async () => {
    const d = defineList({
      ...listDefs.bids,
      name: 'bids_drifted',
      columns: [...listDefs.bids.columns, text('not_migrated'), number('market')],
    });
    expect(disagreements(d, await columnsOfTable('bids'))).toEqual([
      'list bids_drifted: column not_migrated (text) is not in table bids',
      'list bids_drifted: column market is declared number but bids.market is text',
    ]);
    expect(disagreements({ ...d, table: 'no_such_table' }, await columnsOfTable('no_such_table'))).toEqual(['list bids_drifted: table no_such_table does not exist']);
  });
});
