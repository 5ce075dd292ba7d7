/**
 * The RFQ list against the real Postgres: rows and typed columns follow the fold (estimates move the
 * total and margin, archive and delete, the counter's number, search words), and a replay rebuilds the same rows.
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
const NAMES = ['rfqs_list'];

beforeAll(async () => {
  database = await createTestDatabase('projector_rfqs');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  writer = commandWriter(store, { userId: '9' });
  const rfq = (id: string, c: Record<string, unknown>) => writer.run('rfq', id, c);
  await rfq('600', { type: 'CreateRfq', rfqId: '600', values: { form_type: 'base_rfq', title: 'Main St bore', customer: 'City Fibre', bid_due_date: '2026-12-01' }, rfqNumber: '411', today: '2026-11-20' });
  await rfq('600', { type: 'AddLine', collection: 'rfq_segments', lineId: '601', values: { number: 'A', feet: 1000, days_required: 2 } });
  // 10 × 50 at 20% → cost 500, price 625; 200 × 1.10 at 30% → 220, 314.29.
  await rfq('600', { type: 'AddLine', collection: 'rfq_estimates', lineId: '602', values: { segment: '601', work_type: 'Labor', qty: 10, price: 50, estimate_margin_assumption: 20 } });
  await rfq('600', { type: 'AddLine', collection: 'rfq_estimates', lineId: '603', values: { segment: '601', work_type: 'Materials', qty: 200, price: 1.1 } });
  await rfq('600', { type: 'AddLine', collection: 'rfq_notes', lineId: '604', values: { note: 'Walked the route' } });
  await rfq('605', { type: 'CreateRfq', rfqId: '605', values: { form_type: 'attfiber_rfq', title: 'Old bid' }, rfqNumber: '412', today: '2026-11-21' });
  await rfq('605', { type: 'ReviseRfq', values: { archived: true, rfq_status: 'Lost' } });
  await rfq('606', { type: 'CreateRfq', rfqId: '606', values: {}, rfqNumber: '413', today: '2026-11-21' });
  await rfq('606', { type: 'DeleteRfq' });
}, 60_000);

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('RFQ projections', () => {
  it('given RFQs priced, archived and deleted, when projected, then rows and columns follow the fold', async () => {
    const projector = await startProjector({ store, db, databaseUrl: database.url, live: silentPublisher });
    try {
      await writer.caughtUp(db, NAMES);
    } finally {
      await projector.stop();
    }
    const rows = await db('rfqs').orderBy('id').select('id', 'deleted', 'archived', 'account_rfq_number', 'rfq_status', 'form_type', 'rfq_date', 'bid_due_date', 'rfq_total', 'rfq_total_feet', 'rfq_margin_calculated', 'search', 'view');
    const n = (v: unknown) => (v === null ? null : Number(v));
    expect(rows.map((r) => [String(r.id), r.deleted, r.archived, r.account_rfq_number, r.rfq_status, r.form_type, r.rfq_date, r.bid_due_date, n(r.rfq_total), n(r.rfq_total_feet), n(r.rfq_margin_calculated)])).toEqual([
      ['600', false, false, '411', 'New', 'base_rfq', '2026-11-20', '2026-12-01', 939.29, 1000, 23],
      ['605', false, true, '412', 'Lost', 'attfiber_rfq', '2026-11-21', null, 0, 0, null],
      ['606', true, false, null, null, null, null, null, null, null, null],
    ]);
    expect(rows[0].view).toMatchObject({ customer: 'City Fibre', rfq_total_cost: 720, segment_count: 1, rfq_total_per_foot_calc: 0.94 });
    expect(rows[0].search).toContain('walked the route');
    expect(rows[0].search).toContain('city fibre');
  });

  it('given the projected list, when replayed, then every row is rebuilt equal', async () => {
    const dump = async () => db('rfqs').orderBy('id').select('id', 'version', 'archived', 'deleted', 'search', 'view', 'rfq_total');
    const before = await dump();
    for (const name of NAMES) await replayProjection(projectionNamed(name), store, db, 3);
    expect(await dump()).toEqual(before);
  });
});
