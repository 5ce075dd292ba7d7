/**
 * Telling conditions against real Postgres: a large account's first scan tells thousands at once (the
 * notification bench's 100,000 locates told 15,492), more than one statement's 65,535 parameters hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knex, { type Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { tellOnce, type NewNotification } from './store.ts';

let database: TestDatabase;
let db: Knex;
let accountId = '';
let userId = '';

beforeAll(async () => {
  database = await createTestDatabase('notification_store');
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
  [{ id: accountId }] = await db('accounts').insert({ name: 'Many locates' }).returning('id');
  [{ id: userId }] = await db('users').insert({ account_id: accountId, email: 'office@example.com', display_name: 'Office', password_hash: 'x' }).returning('id');
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const condition = (i: number): NewNotification => ({
  account_id: accountId, user_id: userId, kind: 'locate_expiring', channel: 'app', aggregate: 'locate', record_id: String(i), record_number: String(i),
  key: `locate:${i}:2026-12-01`, title: `Locate ${i} expiring`, body: 'The locate expires 12/01/2026.', link: `/locate/${i}/`,
});

describe('telling conditions', () => {
  it('given 6,000 conditions of one account (78,000 parameters), when told twice, then each is told once and the second telling tells none', async () => {
    const conditions = Array.from({ length: 6000 }, (_, i) => condition(i));
    const now = new Date('2026-11-27T12:00:00Z');
    expect(await tellOnce(db, conditions, now)).toHaveLength(6000);
    expect(await tellOnce(db, conditions, now)).toHaveLength(0);
    expect(Number((await db('notifications').count({ n: '*' }))[0].n)).toBe(6000);
  });
});
