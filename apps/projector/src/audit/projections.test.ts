/**
 * The trail projection against the real Postgres: one row per event of every record (lines and
 * one-of records included) with its history entry's changes; re-applying changes nothing, and a
 * replay rebuilds the same rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@trenchline/read-model';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, type EventStore } from '@trenchline/event-store';
import { silentPublisher } from '@trenchline/platform';
import { startProjector } from '../projector.ts';
import { replayProjection } from '../replay.ts';
import { projectionNamed } from '../registry.ts';
import { commandWriter } from '../shared/testing.ts';
import { auditTrail } from './projections.ts';

let database: TestDatabase;
let store: EventStore;
let db: Db;
let writer: ReturnType<typeof commandWriter>;

beforeAll(async () => {
  database = await createTestDatabase('projector_audit_trail');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  writer = commandWriter(store, { userId: '9', userName: 'Ada' });
  // given: an order made, a line added and revised, the order deleted
  await writer.run('order', '500', { type: 'CreateOrder', orderId: '500', values: { customer_name: 'Acme' }, orderNumber: '7001', today: '2026-11-20' });
  await writer.run('order', '500', { type: 'AddLine', collection: 'order_items', lineId: '501', values: { item_name: 'Keg', qty: 2, price: 120 } });
  await writer.run('order', '500', { type: 'ReviseLine', collection: 'order_items', lineId: '501', values: { qty: 3 } });
  await writer.run('order', '500', { type: 'DeleteOrder' });
}, 60_000);

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

const dump = () => db('audit_trail').orderBy([{ column: 'major' }, { column: 'minor' }]).select('*');

describe('the trail projection', () => {
  it('given the writes, when projected, then one row per event with its area, line and changes', async () => {
    const projector = await startProjector({ store, db, databaseUrl: database.url, live: silentPublisher });
    try {
      await writer.caughtUp(db, ['audit_trail']);
    } finally {
      await projector.stop();
    }
    const rows = await dump();
    const events = await store.readStream('order-500');
    expect(rows.map((r) => r.position)).toEqual(events.map((e) => e.position));
    expect(rows.map((r) => [r.type, r.area, r.aggregate, r.record_id, r.collection, r.line_id, r.user_name])).toEqual([
      ['OrderCreated', 'orders', 'order', '500', null, null, 'Ada'],
      ['OrderItemAdded', 'orders', 'order', '500', 'order_items', '501', 'Ada'],
      ['OrderItemRevised', 'orders', 'order', '500', 'order_items', '501', 'Ada'],
      ['OrderDeleted', 'orders', 'order', '500', null, null, 'Ada'],
    ]);
    expect(rows[2].changes).toEqual([{ field: 'qty', old: 2, new: 3 }]);
    expect(rows[0].search).toContain('acme');
  }, 120_000);

  it('given the projected rows, when a batch is applied again or the projection replayed, then the rows are the same', async () => {
    const before = await dump();
    const events = await store.readStream('order-500');
    await db.transaction((trx) => auditTrail.applyBatch(events, { trx, table: (t) => t, publish: () => undefined, today: '2026-11-20' }));
    expect(await dump()).toEqual(before);
    await replayProjection(projectionNamed('audit_trail'), store, db, 2);
    expect(await dump()).toEqual(before);
  });
});
