/**
 * Record-list rows as the projector writes them, for benches that load many rows straight into a list's
 * table: a template row's version and state with made-up fields and view, the declared lists' columns
 * and search words; and the bulk load itself.
 */
import type pg from 'pg';
import { projected, type ListDef } from '@trenchline/platform';

type Template = { version: number; position: string; state: Record<string, unknown> };

/** A maker of rows for the table the lists share (their columns' union, the first list's search words). */
export function listRowMaker(first: ListDef, ...more: ListDef[]) {
  const { columns, search } = projected(first, ...more);
  return (accountId: string, tpl: Template, r: { id: string; fields: Record<string, unknown>; view: Record<string, unknown>; updated: string }) => ({
    account_id: accountId,
    id: r.id,
    version: tpl.version,
    position: tpl.position,
    archived: r.fields.archived,
    deleted: false,
    search: search(r.view).filter((v) => v !== null && v !== undefined && v !== '').join(' ').toLowerCase(),
    state: { ...tpl.state, id: r.id, fields: r.fields, created_at: r.view.created_at, last_updated: r.updated },
    view: r.view,
    updated_at: r.updated,
    ...columns(r.view),
  });
}

/** Rows `rowOf(0..count-1)` into `table`, 2,000 a statement, then `vacuum analyze` as autovacuum would; how long and the table's size. */
export async function loadListRows(db: pg.Pool, table: string, count: number, rowOf: (i: number) => Record<string, unknown>): Promise<{ insertMs: number; tableSize: string }> {
  const t = performance.now();
  for (let i = 0; i < count; i += 2000) {
    const rows = Array.from({ length: Math.min(2000, count - i) }, (_, k) => rowOf(i + k));
    await db.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [JSON.stringify(rows)]);
  }
  // What autovacuum does soon after a bulk load: statistics, and the visibility map index-only scans need.
  await db.query(`vacuum analyze ${table}`);
  const insertMs = performance.now() - t;
  const tableSize = (await db.query(`select pg_size_pretty(pg_total_relation_size('${table}')) as s`)).rows[0].s;
  return { insertMs, tableSize };
}
