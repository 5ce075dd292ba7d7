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
 * Each build holds a transaction id meanwhile, so projections wait for it (docs/architecture.md,
 * "When a transaction holds the store back"); one index at a time keeps each wait short.
 */
export async function indexReplayTable(db: Knex, table: string): Promise<void> {
  for (const ix of await indexesOf(db, table)) {
    if (ix.unique || ix.constraint) continue;
    await db.transaction(async (trx) => {
      await trx.raw(`set local statement_timeout = '${INDEX_BUILD_TIMEOUT}'`);
      await trx.raw(indexOn(replayName(table), ix.definition));
    });
  }
  await db.raw('analyze ??', [replayName(table)]);
}
