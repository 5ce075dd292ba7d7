/**
 * The ticket list against the real Postgres: rows and typed columns equal the fold of each stream
 * (status and its order, approval, the totals, the signature state, the job, archive and delete are
 * what the list filters and sorts on), and a replay rebuilds the same rows.
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
import { dataUrlOf, pngBytes } from '@trenchline/domain/shared/image-testing.ts';

let database: TestDatabase;
let store: EventStore;
let db: Db;
let writer: ReturnType<typeof commandWriter>;
const run = (id: string, command: Record<string, unknown>) => writer.run('ticket', id, command);
const NAMES = ['tickets_list'];
/** A drawn signature: a real PNG (the signature's field reads its header). */
const png = dataUrlOf(pngBytes(300, 90));

beforeAll(async () => {
  database = await createTestDatabase('projector_tickets');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  writer = commandWriter(store, { userId: '9' });
  for (let i = 0; i < 5; i++) {
    const id = String(500 + i);
    await run(id, { type: 'CreateTicket', ticketId: id, values: { form_type: 'base_ticket', title: `Bore day ${i}`, customer: 'AT&T' }, ticketNumber: String(1001 + i), today: `2026-11-0${1 + i}` });
  }
  await run('500', { type: 'AddLine', collection: 'ticket_productions', lineId: '900', values: { work_type: 'Dirt-Bore', feet: 120.5 } });
  await run('500', { type: 'AddLine', collection: 'ticket_expenses', lineId: '901', values: { description: 'Fuel', qty: 3, price: 0.1 } });
  await run('500', { type: 'AddLine', collection: 'ticket_customer_signatures', lineId: '902', values: { signer_name: 'Cass', signature_image: png } });
  await run('500', { type: 'ReviseLine', collection: 'ticket_productions', lineId: '900', values: { feet: 150 } });
  await run('501', { type: 'ApproveTicket', today: '2026-11-10' });
  await run('502', { type: 'ReviseTicket', values: { archived: true, ticket_status: 'Resolved' }, today: '2026-11-10' });
  await run('503', { type: 'DeleteTicket' });
  await run('504', { type: 'ReviseTicket', values: { ticket_status: 'Issue', completion_date: '2026-11-20' } });
}, 60_000);

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('ticket projection', () => {
  it('given tickets with lines, signed then changed, approved, archived, deleted and at issue, when projected, then rows and columns follow the fold', async () => {
    const projector = await startProjector({ store, db, databaseUrl: database.url, live: silentPublisher });
    try {
      await writer.caughtUp(db, NAMES);
    } finally {
      await projector.stop();
    }
    const rows = await db('tickets').orderBy('id').select('id', 'archived', 'deleted', 'account_ticket_number', 'ticket_status', 'ticket_status_order', 'approval_date', 'created_date', 'completion_date', 'feet_total', 'expenses_total', 'signature_status', 'search', 'view');
    const byId = (id: string) => rows.find((r) => String(r.id) === id)!;
    expect(rows).toHaveLength(5);
    expect(byId('500')).toMatchObject({ account_ticket_number: '1001', ticket_status: 'New', ticket_status_order: 1, signature_status: 'signed an earlier version' });
    expect(Number(byId('500').feet_total)).toBe(150);
    expect(Number(byId('500').expenses_total)).toBe(0.3);
    expect(byId('500').view).toMatchObject({ customer_signed: true, production_count: 1, title: 'Bore day 0' });
    expect(byId('500').search).toContain('1001');
    expect(byId('501')).toMatchObject({ ticket_status: 'Approved', ticket_status_order: 3, view: expect.objectContaining({ approved: true, approval_date: '2026-11-10', approved_by: 'Office' }) });
    expect(byId('501').approval_date).not.toBeNull();
    expect(byId('502')).toMatchObject({ archived: true, ticket_status: 'Resolved', ticket_status_order: 6 });
    expect(byId('503')).toMatchObject({ deleted: true });
    expect(byId('504')).toMatchObject({ ticket_status: 'Issue', ticket_status_order: 2, signature_status: 'unsigned' });
  });

  it('given the projected list, when replayed, then every row is rebuilt equal', async () => {
    const dump = () => db('tickets').orderBy('id').select('id', 'version', 'archived', 'deleted', 'search', 'view', 'ticket_status_order', 'feet_total', 'signature_status', 'job_ref');
    const before = await dump();
    for (const name of NAMES) await replayProjection(projectionNamed(name), store, db, 3);
    expect(await dump()).toEqual(before);
  });
});
