/**
 * Batched writes of read-model rows: the whole batch is one statement with one JSON parameter, typed
 * by the table's own row type (json_populate_recordset), so a batch of any size is one round trip, one
 * JSON stringify in Node and one parse in Postgres, with no per-row parameters to bind. JSON columns
 * (state, view, line ...) are given as objects, not strings.
 */
import type { Knex } from 'knex';

export interface UpsertOptions {
  /** The unique column (or columns) a row conflicts on; default 'id'. */
  conflict?: string | readonly string[];
  /**
   * What a conflicting row does: 'all' (default) takes every given column, a list takes those,
   * 'nothing' keeps the stored row.
   */
  update?: 'all' | 'nothing' | string[];
  /** Update only where the stored row's column is below the new row's (e.g. 'version'). */
  onlyIfNewer?: string;
}

/** Rows per statement, and characters of its JSON parameter: a batch of a long record's states (a job of thousands of lines, each state hundreds of KB) would pass V8's longest string in one. */
const ROWS_PER_STATEMENT = 5000;
export const MAX_STATEMENT_CHARS = 16 * 1024 * 1024;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function upsertRows(db: Knex | Knex.Transaction, table: string, rows: Record<string, unknown>[], options: UpsertOptions = {}): Promise<void> {
  // Rows that give different columns go in separate statements: a column a row leaves out takes its default, not null.
  const byColumns = new Map<string, { columns: string[]; rows: Record<string, unknown>[] }>();
  for (const row of rows) {
    const columns = Object.keys(row).filter((k) => row[k] !== undefined);
    const key = columns.join('\0');
    const group = byColumns.get(key);
    if (group) group.rows.push(row);
    else byColumns.set(key, { columns, rows: [row] });
  }
  for (const group of byColumns.values()) {
    const sql = upsertSql(table, group.columns, options);
    let parts: string[] = [];
    let chars = 0;
    const flush = async () => {
      if (parts.length) await db.raw(sql, [`[${parts.join(',')}]`]);
      [parts, chars] = [[], 0];
    };
    for (const row of group.rows) {
      const json = JSON.stringify(row);
      if (parts.length >= ROWS_PER_STATEMENT || (parts.length && chars + json.length > MAX_STATEMENT_CHARS)) await flush();
      parts.push(json);
      chars += json.length + 1;
    }
    await flush();
  }
}

function upsertSql(table: string, columns: string[], { conflict = 'id', update = 'all', onlyIfNewer }: UpsertOptions): string {
  const list = columns.map(quote).join(', ');
  const keys: readonly string[] = typeof conflict === 'string' ? [conflict] : conflict;
  const updated = update === 'all' ? columns.filter((c) => !keys.includes(c)) : update === 'nothing' ? [] : update;
  const onConflict = updated.length
    ? `do update set ${updated.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(', ')}` +
      (onlyIfNewer ? ` where ${quote(table)}.${quote(onlyIfNewer)} < excluded.${quote(onlyIfNewer)}` : '')
    : 'do nothing';
  return `insert into ${quote(table)} (${list})
    select ${list} from json_populate_recordset(null::${quote(table)}, ?::json)
    on conflict (${keys.map(quote).join(', ')}) ${onConflict}`;
}
