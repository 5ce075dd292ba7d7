/**
 * upsertRows against the real Postgres: values keep their column types through the one JSON parameter,
 * and each conflict mode (take all, take some, only if newer, keep) does what it says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@trenchline/read-model';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { MAX_STATEMENT_CHARS, upsertRows } from './upsert.ts';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase('projector_upsert');
  db = createDb(database.url);
  await db.raw(`create table "upsert Rows" (
    id bigint primary key, version integer not null, name text, due date, at timestamptz, done boolean not null default false,
    state jsonb, tags text[], note text not null default 'none')`);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const T = 'upsert Rows';
const all = async () => (await db.raw(`select id::text, version, name, to_char(due, 'YYYY-MM-DD') as due, at, done, state, tags, note from "upsert Rows" order by id`)).rows;

describe('upsertRows', () => {
  it('given rows of every column type, when upserted, then each value is stored as its type and absent columns take their defaults', async () => {
    const state = { nested: { list: [1, 'two', null], quote: 'a "b" \\ c', unicode: 'ünï©ødé' } };
    await upsertRows(db, T, [
      { id: '9007199254740993', version: 1, name: 'Big id', due: '2026-03-14', at: '2026-03-14T09:30:00.000Z', done: true, state, tags: ['a', 'b'] },
      { id: 2, version: 1, name: null, due: null, at: new Date('2026-01-02T03:04:05.000Z'), done: false, state: null, tags: null },
    ]);
    expect(await all()).toEqual([
      { id: '2', version: 1, name: null, due: null, at: new Date('2026-01-02T03:04:05.000Z'), done: false, state: null, tags: null, note: 'none' },
      { id: '9007199254740993', version: 1, name: 'Big id', due: '2026-03-14', at: new Date('2026-03-14T09:30:00.000Z'), done: true, state, tags: ['a', 'b'], note: 'none' },
    ]);
  });

  it('given rows that give different columns, when upserted together, then a column a row leaves out takes its default', async () => {
    await upsertRows(db, T, [{ id: 20, version: 1, note: 'given' }, { id: 21, version: 1 }, { id: 22, version: 1, note: undefined }]);
    expect((await all()).filter((r: { id: string }) => ['20', '21', '22'].includes(r.id)).map((r: { note: string }) => r.note)).toEqual(['given', 'none', 'none']);
  });

  it('given stored rows, when upserting with each conflict mode, then all, listed, newer-only and nothing behave as named', async () => {
    await upsertRows(db, T, [{ id: 10, version: 5, name: 'ten', note: 'kept' }, { id: 11, version: 5, name: 'eleven' }]);
    await upsertRows(db, T, [{ id: 10, version: 6, name: 'TEN', note: 'changed' }], { update: ['name'] });
    await upsertRows(db, T, [{ id: 11, version: 4, name: 'older' }], { onlyIfNewer: 'version' });
    await upsertRows(db, T, [{ id: 11, version: 9, name: 'nothing' }, { id: 12, version: 1, name: 'twelve' }], { update: 'nothing' });
    const rows = (await all()).filter((r: { id: string }) => ['10', '11', '12'].includes(r.id)).map((r: Record<string, unknown>) => [r.id, r.version, r.name, r.note]);
    expect(rows).toEqual([
      ['10', 5, 'TEN', 'kept'],
      ['11', 5, 'eleven', 'none'],
      ['12', 1, 'twelve', 'none'],
    ]);
    await upsertRows(db, T, [{ id: 11, version: 6, name: 'newer' }], { onlyIfNewer: 'version' });
    expect((await all()).find((r: { id: string }) => r.id === '11')).toMatchObject({ version: 6, name: 'newer' });
  });

  it('given more rows than one statement takes, when upserted, then every row is written', async () => {
    const rows = Array.from({ length: 12_001 }, (_, i) => ({ id: 100_000 + i, version: 1, name: `row ${i}` }));
    await upsertRows(db, T, rows);
    expect((await db.raw(`select count(*)::int as n from "upsert Rows" where id between 100000 and 200000`)).rows[0].n).toBe(12_001);
  });

  it('given rows whose JSON together passes one statement\'s bound (a long record\'s states), when upserted, then every row is stored', async () => {
    const big = 'x'.repeat(Math.ceil(MAX_STATEMENT_CHARS / 3));
    const parameters: number[] = [];
    const watch = (q: { sql: string; bindings?: unknown[] }) => q.sql.startsWith('insert into "upsert Rows"') && parameters.push(String(q.bindings?.[0]).length);
    db.on('query', watch);
    await upsertRows(db, T, [1, 2, 3, 4, 5].map((i) => ({ id: 1000 + i, version: 1, state: { big, i } })));
    db.off('query', watch);
    expect(parameters.length).toBeGreaterThan(1);
    for (const chars of parameters) expect(chars).toBeLessThanOrEqual(MAX_STATEMENT_CHARS);
    const { rows } = await db.raw(`select id::int, length(state->>'big') as n from "upsert Rows" where id between 1001 and 1005 order by id`);
    expect(rows).toEqual([1, 2, 3, 4, 5].map((i) => ({ id: 1000 + i, n: big.length })));
  });
});
