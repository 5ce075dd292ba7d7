/**
 * The webhooks projection against the real Postgres: the account's webhooks kept from their events,
 * and each later event a webhook wants offered once to the outbox in the batch; a replay rebuilds the
 * webhooks and re-sends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@trenchline/read-model';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, type EventStore } from '@trenchline/event-store';
import { replayProjection } from '../replay.ts';
import { closeTestStore, commandWriter, projectUntil } from '../shared/testing.ts';
import { webhooksProjection } from './projections.ts';

let database: TestDatabase;
let store: EventStore;
let db: Db;
const SECRET = 'whsec_projection_test_secret_0001';

beforeAll(async () => {
  database = await createTestDatabase('projector_webhooks');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  const ours = commandWriter(store, { accountId: '1' });
  const theirs = commandWriter(store, { accountId: '2' });
  // given: a bid made before the webhook, the webhook, then writes it wants, one it does not, another account's, and one after it stopped wanting it
  await ours.run('bid', '100', { type: 'CreateBid', bidId: '100', values: { work_request: 'WR-old' } });
  await ours.run('webhook', '200', { type: 'CreateWebhook', webhookId: '200', values: { url: 'http://127.0.0.1:9/in', topics: ['BidCreated', 'BidRevised'] }, secret: SECRET });
  await ours.run('bid', '100', { type: 'ReviseBid', values: { city: 'Austin' } });
  await ours.run('bid', '101', { type: 'CreateBid', bidId: '101', values: { work_request: 'WR-new' } });
  await ours.run('bid', '101', { type: 'DeleteBid' });
  await theirs.run('bid', '300', { type: 'CreateBid', bidId: '300', values: { work_request: 'WR-theirs' } });
  await ours.run('webhook', '200', { type: 'ReviseWebhook', values: { topics: ['BidCreated'] } });
  await ours.run('bid', '100', { type: 'ReviseBid', values: { city: 'Dallas' } });
  await projectUntil({ store, db, databaseUrl: database.url }, () => ours.caughtUp(db, ['webhooks']));
}, 60_000);

afterAll(() => closeTestStore({ store, db, database }));

const deliveries = () => db('webhook_deliveries').orderBy('id').select('webhook_id', 'topic', 'dedupe_key', 'payload', 'state');

describe('the webhooks projection', () => {
  it('given the writes, when projected, then the webhook is kept and only the events after its creation it wanted then are offered', async () => {
    const hook = await db('webhooks').where({ id: '200' }).first();
    expect(hook).toMatchObject({ account_id: '1', url: 'http://127.0.0.1:9/in', topics: ['BidCreated'], active: true, secret: SECRET, deleted: false, version: 2 });

    const rows = await deliveries();
    expect(rows.map((r) => [r.webhook_id, r.topic, r.payload.record_id, r.state])).toEqual([
      ['200', 'BidRevised', '100', 'pending'],
      ['200', 'BidCreated', '101', 'pending'],
    ]);
    const [revised] = await store.readStream('bid-100').then((es) => es.filter((e) => e.type === 'BidRevised'));
    expect(rows[0].dedupe_key).toBe(`event:${revised.position.split(':')[1]}`);
    expect(rows[0].payload).toMatchObject({ type: 'BidRevised', stream: 'bid-100', record_id: '100', data: { changes: { city: { old: null, new: 'Austin' } } }, user: { id: '1', name: 'Office' } });
  });

  it('given batches with no webhook event, when another account and ours write, then only ours is offered', async () => {
    const ours = commandWriter(store, { accountId: '1', start: Date.UTC(2026, 10, 2) });
    const theirs = commandWriter(store, { accountId: '2', start: Date.UTC(2026, 10, 2) });
    await theirs.run('bid', '301', { type: 'CreateBid', bidId: '301', values: { work_request: 'WR-theirs-2' } });
    await ours.run('bid', '102', { type: 'CreateBid', bidId: '102', values: { work_request: 'WR-later' } });
    await projectUntil({ store, db, databaseUrl: database.url }, () => ours.caughtUp(db, ['webhooks']));

    expect((await deliveries()).map((r) => r.payload.record_id)).toEqual(['100', '101', '102']);
  });

  it('given what was offered, when the projection is replayed, then the webhook is the same and its events are not offered again', async () => {
    const before = await deliveries();
    await replayProjection(webhooksProjection, store, db);
    expect(await deliveries()).toEqual(before);
    expect(await db('webhooks').where({ id: '200' }).first()).toMatchObject({ topics: ['BidCreated'], active: true, secret: SECRET, version: 2 });
  });
});
