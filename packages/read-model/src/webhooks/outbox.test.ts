/**
 * The webhook outbox against real Postgres: an offer becomes one pending delivery per active webhook
 * of the account wanting the topic (or per named webhook), and the same dedupe key never twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knex, { type Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { offerToWebhooks } from './outbox.ts';

let database: TestDatabase;
let db: Knex;

/** A webhook row as the projector keeps it (this package has no projector: the row is the given). */
const webhook = (id: number, accountId: number, topics: string[], more: { active?: boolean; deleted?: boolean } = {}) => ({
  id, account_id: accountId, version: 1, position: `1:${id}`, deleted: more.deleted ?? false, url: `http://127.0.0.1/hook/${id}`,
  description: null, topics, active: more.active ?? true, secret: `secret-${id}`, created_major: 1, created_minor: id,
  created_at: new Date(), updated_at: new Date(),
});

beforeAll(async () => {
  database = await createTestDatabase('webhook_outbox');
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
  await db('webhooks').insert([
    webhook(1, 10, ['LocateReUpped', 'notification.locate_expiring']),
    webhook(2, 10, ['LocateReUpped']),
    webhook(3, 10, ['JobCreated']),
    webhook(4, 10, ['LocateReUpped'], { active: false }),
    webhook(5, 10, ['LocateReUpped'], { deleted: true }),
    webhook(6, 20, ['LocateReUpped']),
  ]);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const deliveries = (dedupeKey: string) => db('webhook_deliveries').where({ dedupe_key: dedupeKey }).orderBy('webhook_id');

describe('offerToWebhooks', () => {
  it('given webhooks of two accounts, when an event is offered on a topic, then each active webhook of that account wanting it gets one pending delivery', async () => {
    const n = await offerToWebhooks(db, { accountId: '10', topic: 'LocateReUpped', dedupeKey: 'event:41', payload: { type: 'LocateReUpped', data: { ticket: 'A-1' } } });

    expect(n).toBe(2);
    const rows = await deliveries('event:41');
    expect(rows.map((r) => [r.webhook_id, r.account_id, r.topic, r.state, r.attempts])).toEqual([
      ['1', '10', 'LocateReUpped', 'pending', 0],
      ['2', '10', 'LocateReUpped', 'pending', 0],
    ]);
    expect(rows[0].payload).toEqual({ type: 'LocateReUpped', data: { ticket: 'A-1' } });
    expect(rows[0].next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('given an offer already made, when the same dedupe key is offered again, then nothing more is written', async () => {
    await offerToWebhooks(db, { accountId: '10', topic: 'notification.locate_expiring', dedupeKey: 'notification:7', payload: { n: 1 } });

    const again = await offerToWebhooks(db, { accountId: '10', topic: 'notification.locate_expiring', dedupeKey: 'notification:7', payload: { n: 2 } });

    expect(again).toBe(0);
    expect((await deliveries('notification:7')).map((r) => [r.webhook_id, r.payload])).toEqual([['1', { n: 1 }]]);
  });

  it('given named webhooks, when offered, then exactly those active ones of the account get it whatever they subscribe to', async () => {
    const n = await offerToWebhooks(db, { accountId: '10', topic: 'ping', dedupeKey: 'ping:1', payload: {}, webhookIds: ['3', '4', '5', '6'] });

    expect(n).toBe(1);
    expect((await deliveries('ping:1')).map((r) => [r.webhook_id, r.topic])).toEqual([['3', 'ping']]);
  });

  it('given no webhook wants the topic, when offered, then nothing is written', async () => {
    expect(await offerToWebhooks(db, { accountId: '10', topic: 'BidCreated', dedupeKey: 'event:42', payload: {} })).toBe(0);
    expect(await deliveries('event:42')).toEqual([]);
  });
});
