/**
 * The side tables a replay fills (`<table>__replay`). They start with only the unique indexes the
 * upserts need; the other indexes (filters, sorts, trigram search) are built once after the bulk load,
 * which costs far less than updating them row by row for every batch.
 */
import type { Knex } from 'knex';

export const replayName = (t: string) => `${t}__replay`;

interface IndexDef {
  unique: boolean;
  /** Backs a primary key or unique constraint: added as that constraint. */
  constraint: string | null;
  /** `pg_get_indexdef`: CREATE [UNIQUE] INDEX name ON schema.table USING ... */
  definition: string;
}

async function indexesOf(db: Knex, table: string): Promise<IndexDef[]> {
  const { rows } = await db.raw(
    `select i.indisunique as unique, pg_get_constraintdef(c.oid) as constraint, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i left join pg_constraint c on c.conindid = i.indexrelid and c.conrelid = i.indrelid
      where i.indrelid = ?::regclass
      order by i.indexrelid`,
    [table],
  );
  return rows;
}

/** The index on another table: its name left to Postgres (unique per schema), the rest as it is. */
function indexOn(table: string, definition: string): string {
  const m = /^CREATE (UNIQUE )?INDEX \S+ ON (?:ONLY )?\S+ (USING .*)$/s.exec(definition);
  if (!m) throw new Error(`replay: cannot copy index ${definition}`);
  return `create ${m[1] ?? ''}index on "${table}" ${m[2]}`;
}

/** A fresh side table shaped like `table` (columns, defaults, checks), with its keys but no other index yet. */
export async function createReplayTable(db: Knex, table: string): Promise<void> {
  const side = replayName(table);
  await db.raw('drop table if exists ?? cascade', [side]);
  await db.raw('create table ?? (like ?? including all excluding indexes)', [side, table]);
  // LIKE copies no table storage parameters (the list tables' toast_tuple_target, migration 011).
  const { rows } = await db.raw(`select array_to_string(reloptions, ', ') as o from pg_class where oid = ?::regclass`, [table]);
  if (rows[0]?.o) await db.raw(`alter table ?? set (${rows[0].o})`, [side]);
  for (const ix of await indexesOf(db, table)) {
    if (ix.constraint) await db.raw(`alter table ?? add ${ix.constraint}`, [side]);
    else if (ix.unique) await db.raw(indexOn(side, ix.definition));
  }
}

/** How long one index build of a replay may run (a trigram index over every row of a large list). */
export const INDEX_BUILD_TIMEOUT = '30min';

/**
 * The indexes `createReplayTable` left out, built on the loaded side table (before the swap, outside
 * its lock). Each in a transaction of its own that lifts the app's one-minute statement limit for
 * itself only (`set local`): building a trigram index over a large list's every row takes longer.
 * Idempotent: an index the side table already has is not built again.
 * Each build holds a transaction id meanwhile, so projections wait for it (docs/architecture.md,
 * "When a transaction holds the store back"); one index at a time keeps each wait short.
 */
export async function indexReplayTable(db: Knex, table: string): Promise<void> {
  // Those already built are left: a rebuild restarted while indexing builds only the rest.
  const built = new Set((await indexesOf(db, replayName(table))).map((ix) => indexOn(replayName(table), ix.definition)));
  for (const ix of await indexesOf(db, table)) {
    if (ix.unique || ix.constraint || built.has(indexOn(replayName(table), ix.definition))) continue;
    await db.transaction(async (trx) => {
      await trx.raw(`set local statement_timeout = '${INDEX_BUILD_TIMEOUT}'`);
      await trx.raw(indexOn(replayName(table), ix.definition));
    });
  }
  await db.raw('analyze ??', [replayName(table)]);
}

/** A row that differs between a live table and its rebuilt side table (`npm run replay -- --verify`). */
export interface RowDifference {
  table: string;
  /** The row's key (the table's primary key, else its first unique index), each column as text. */
  key: Record<string, string>;
  /** The columns that differ; every column when the row is missing on one side. */
  columns: string[];
  /** Those columns' values, live and rebuilt; null when the row is missing on that side. */
  live: Record<string, unknown> | null;
  rebuilt: Record<string, unknown> | null;
}

/** The key columns of `table`, in the key's order: its primary key, else its first unique index. */
async function keyColumnsOf(db: Knex, table: string): Promise<string[]> {
  const { rows } = await db.raw(
    `select array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality k(attnum, n)
                    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.n) as columns
       from pg_index i
      where i.indrelid = ?::regclass and i.indisunique and i.indexprs is null and i.indpred is null
      order by i.indisprimary desc, i.indexrelid limit 1`,
    [table],
  );
  if (!rows[0]) throw new Error(`replay --verify: ${table} has no primary key or unique index to match rows by`);
  return rows[0].columns;
}

/**
 * Every row of `table` and its side table matched by key, each column compared (json as jsonb): the
 * rows that differ, at most `limit` of them, and how many differ in all. One statement, no row in memory
 * but those reported.
 */
export async function compareReplayTable(db: Knex | Knex.Transaction, table: string, limit = 100): Promise<{ count: number; differences: RowDifference[] }> {
  const keys = await keyColumnsOf(db, table);
  const on = keys.map(() => 'l.?? = r.??').join(' and ');
  // The key as text: a bigint id read through JSON would lose digits.
  const key = keys.map(() => '?::text, coalesce(l.??, r.??)::text').join(', ');
  const { rows } = await db.raw(
    `select count(*) over ()::int as total, json_build_object(${key}) as key, l.?? is null as live_missing, r.?? is null as rebuilt_missing,
            to_jsonb(l) as live, to_jsonb(r) as rebuilt
       from ?? l full join ?? r on ${on}
      where to_jsonb(l) is distinct from to_jsonb(r)
      limit ?`,
    [...keys.flatMap((k) => [k, k, k]), keys[0], keys[0], table, replayName(table), ...keys.flatMap((k) => [k, k]), limit],
  );
  type Row = { total: number; key: Record<string, string>; live_missing: boolean; rebuilt_missing: boolean; live: Record<string, unknown>; rebuilt: Record<string, unknown> };
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const differences = (rows as Row[]).map((r): RowDifference => {
    const present = r.live_missing ? r.rebuilt : r.live;
    const columns = r.live_missing || r.rebuilt_missing ? Object.keys(present) : Object.keys(r.live).filter((c) => !same(r.live[c], r.rebuilt[c]));
    const pick = (row: Record<string, unknown>) => Object.fromEntries(columns.map((c) => [c, row[c]]));
    return { table, key: r.key, columns, live: r.live_missing ? null : pick(r.live), rebuilt: r.rebuilt_missing ? null : pick(r.rebuilt) };
  });
  return { count: rows[0]?.total ?? 0, differences };
}
