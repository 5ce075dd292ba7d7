/**
 * The help ticket and order lists against the real Postgres: rows and typed columns follow the fold
 * (closing archives, a submit moves the status, items move the total), and a replay rebuilds the same rows.
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

let database: TestDatabase;
let store: EventStore;
let db: Db;
let writer: ReturnType<typeof commandWriter>;
const NAMES = ['help_tickets_list', 'orders_list'];

beforeAll(async () => {
  database = await createTestDatabase('projector_help_orders');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  writer = commandWriter(store, { userId: '9' });
  const help = (id: string, c: Record<string, unknown>) => writer.run('help_ticket', id, c);
  const order = (id: string, c: Record<string, unknown>) => writer.run('order', id, c);
  await help('400', { type: 'RaiseHelpTicket', helpTicketId: '400', values: { subject: 'Report hangs', priority: 'Urgent' }, submitter: { id: '9', name: 'Ada' } });
  await help('400', { type: 'AddLine', collection: 'help_updates', lineId: '401', values: { update: 'On it' } });
  await help('402', { type: 'RaiseHelpTicket', helpTicketId: '402', values: { subject: 'Kudos' }, submitter: { id: '9', name: 'Ada' } });
  await help('402', { type: 'ReviseHelpTicket', values: { submitter_status: 'Closed' } });
  await order('500', { type: 'CreateOrder', orderId: '500', values: { customer_name: 'Acme' }, orderNumber: '7001', today: '2026-11-20' });
  await order('500', { type: 'AddLine', collection: 'order_items', lineId: '501', values: { item_name: 'Keg', qty: 2, price: 120 } });
  await order('500', { type: 'AddLine', collection: 'order_items', lineId: '502', values: { item_name: 'Growler', qty: 3, price: 0.1 } });
  await order('500', { type: 'SubmitOrder' });
  await order('503', { type: 'CreateOrder', orderId: '503', values: {}, orderNumber: '7002', today: '2026-11-21' });
  await order('503', { type: 'DeleteOrder' });
}, 60_000);

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('help ticket and order projections', () => {
  it('given tickets and orders, when projected, then rows and columns follow the fold', async () => {
    const projector = await startProjector({ store, db, databaseUrl: database.url, live: silentPublisher });
    try {
      await writer.caughtUp(db, NAMES);
    } finally {
      await projector.stop();
    }
    const tickets = await db('help_tickets').orderBy('id').select('id', 'archived', 'ticket_status', 'submitter_status', 'priority', 'awaiting', 'submitted_by', 'search', 'view');
    expect(tickets.map((t) => [String(t.id), t.archived, t.submitter_status, t.awaiting])).toEqual([['400', false, 'New', 'office'], ['402', true, 'Closed', null]]);
    expect(tickets[0]).toMatchObject({ priority: 'Urgent', submitted_by: '9', view: expect.objectContaining({ update_count: 1 }) });
    expect(tickets[0].search).toContain('on it');
    const orders = await db('orders').orderBy('id').select('id', 'deleted', 'order_number', 'status', 'order_date', 'total_price', 'item_count');
    expect(orders.map((o) => [String(o.id), o.deleted, o.order_number, o.status, o.order_date, o.total_price === null ? null : Number(o.total_price), o.item_count === null ? null : Number(o.item_count)])).toEqual([
      ['500', false, '7001', 'Submitted', '2026-11-20', 240.3, 2],
      ['503', true, null, null, null, null, null],
    ]);
  });

  it('given the projected lists, when replayed, then every row is rebuilt equal', async () => {
    const dump = async () => ({
      help: await db('help_tickets').orderBy('id').select('id', 'version', 'archived', 'deleted', 'search', 'view', 'awaiting'),
      orders: await db('orders').orderBy('id').select('id', 'version', 'deleted', 'view', 'total_price'),
    });
    const before = await dump();
    for (const name of NAMES) await replayProjection(projectionNamed(name), store, db, 3);
    expect(await dump()).toEqual(before);
  });
});
