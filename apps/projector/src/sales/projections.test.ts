/**
 * The sales organisation list against the real Postgres: rows and typed columns follow the fold (the
 * US state in `state_code`, contacts, calls and activities moving the primary contact, last contact and
 * hours, archive and delete, search words), and a replay rebuilds the same rows.
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
const NAMES = ['sales_organizations_list'];

beforeAll(async () => {
  database = await createTestDatabase('projector_sales');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  writer = commandWriter(store, { userId: '9' });
  const org = (id: string, c: Record<string, unknown>) => writer.run('sales_organization', id, c);
  await org('700', { type: 'CreateSalesOrganization', organizationId: '700', values: { name: 'Acme Utility', lead_source: '811', city: 'Tulsa', state: 'OK', phone: '555-0100' } });
  await org('700', { type: 'AddLine', collection: 'sales_contacts', lineId: '701', values: { first_name: 'Dana', last_name: 'Reyes', phone_1: '555-0142' } });
  await org('700', { type: 'AddLine', collection: 'sales_phonecalls', lineId: '702', values: { contact: '701', call_date: '2026-11-18' } });
  await org('700', { type: 'AddLine', collection: 'sales_meetings', lineId: '703', values: { contact: '701', meeting_date: '2026-11-20' } });
  await org('700', { type: 'AddLine', collection: 'sales_activities', lineId: '704', values: { activity_date: '2026-11-20', hours: 1.25 } });
  await org('700', { type: 'AddLine', collection: 'sales_activities', lineId: '705', values: { activity_date: '2026-11-21', hours: '2' } });
  await org('706', { type: 'CreateSalesOrganization', organizationId: '706', values: { name: 'Bygone Boring', org_type: 'Not Interested' } });
  await org('706', { type: 'ReviseSalesOrganization', values: { archived: true, scrubbed_reason: 'Out of Business' } });
  await org('707', { type: 'CreateSalesOrganization', organizationId: '707', values: { name: 'Gone' } });
  await org('707', { type: 'DeleteSalesOrganization' });
}, 60_000);

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('sales organisation projections', () => {
  it('given organisations with contacts, calls and hours, archived and deleted, when projected, then rows and columns follow the fold', async () => {
    const projector = await startProjector({ store, db, databaseUrl: database.url, live: silentPublisher });
    try {
      await writer.caughtUp(db, NAMES);
    } finally {
      await projector.stop();
    }
    const rows = await db('sales_organizations').orderBy('id').select('id', 'deleted', 'archived', 'name', 'org_type', 'status', 'lead_source', 'scrubbed_reason', 'state_code', 'primary_contact', 'last_contacted', 'activity_hours', 'search', 'view');
    const n = (v: unknown) => (v === null ? null : Number(v));
    expect(rows.map((r) => [String(r.id), r.deleted, r.archived, r.name, r.org_type, r.status, r.lead_source, r.scrubbed_reason, r.state_code, r.primary_contact, r.last_contacted, n(r.activity_hours)])).toEqual([
      ['700', false, false, 'Acme Utility', 'Lead', 'New', '811', null, 'OK', 'Dana Reyes', '2026-11-20', 3.25],
      ['706', false, true, 'Bygone Boring', 'Not Interested', 'New', null, 'Out of Business', null, null, null, 0],
      ['707', true, false, null, null, null, null, null, null, null, null, null],
    ]);
    expect(rows[0].view).toMatchObject({ contact_count: 1, call_count: 1, meeting_count: 1, primary_phone: '555-0142' });
    expect(rows[0].search).toContain('dana reyes');
    expect(rows[0].search).toContain('tulsa');
  });

  it('given the projected list, when replayed, then every row is rebuilt equal', async () => {
    const dump = async () => db('sales_organizations').orderBy('id').select('id', 'version', 'archived', 'deleted', 'search', 'view', 'activity_hours', 'state_code');
    const before = await dump();
    for (const name of NAMES) await replayProjection(projectionNamed(name), store, db, 3);
    expect(await dump()).toEqual(before);
  });
});
