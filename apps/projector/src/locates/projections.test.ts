/**
 * The locate list against the real Postgres: rows and typed columns equal the fold of each stream
 * (a re-up moves the current ticket and expiry columns, an archive and a delete are what the list
 * filters on), and a replay rebuilds the same rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCATE_RULES } from '@trenchline/domain';
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
const run = (id: string, command: Record<string, unknown>) => writer.run('locate', id, command);
const NAMES = ['locates_list'];
const rules = DEFAULT_LOCATE_RULES;

beforeAll(async () => {
  database = await createTestDatabase('projector_locates');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  writer = commandWriter(store, { userId: '9' });
  for (let i = 0; i < 6; i++) {
    const id = String(300 + i);
    await run(id, { type: 'CreateLocate', locateId: id, values: { form_type: 'base_locate', current_ticket_number: `A${i}`, current_date_submitted: `2026-11-0${1 + i}` }, rules });
  }
  await run('300', { type: 'ReUpLocate', values: { ticket_number: 'A0-2' }, base: 1, lineIds: ['900', '901'], today: '2026-11-14', rules });
  await run('300', { type: 'AddLine', collection: 'locate_crews', lineId: '902', values: { crew_name: 'Bore Crew 1' } });
  await run('300', { type: 'AddLine', collection: 'locate_customer_data', lineId: '903', values: { customer: 'AT&T', seg: '2' } });
  await run('301', { type: 'ReviseLocate', values: { archived: true, locate_status: 'Completed' }, rules });
  await run('302', { type: 'DeleteLocate' });
  await run('303', { type: 'OpenLocate' });
}, 60_000);

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('locate projection', () => {
  it('given locates re-upped, archived, deleted and opened, when projected, then rows and columns follow the fold', async () => {
    const projector = await startProjector({ store, db, databaseUrl: database.url, live: silentPublisher });
    try {
      await writer.caughtUp(db, NAMES);
    } finally {
      await projector.stop();
    }
    const rows = await db('locates').orderBy('id').select('id', 'archived', 'deleted', 'locate_status', 'current_ticket_number', 'current_ticket_type', 'current_date_expiration', 'crew_string', 'customer', 'search', 'view');
    const byId = (id: string) => rows.find((r) => String(r.id) === id)!;
    expect(rows).toHaveLength(6);
    expect(byId('300')).toMatchObject({
      current_ticket_number: 'A0-2',
      current_ticket_type: 'Update',
      current_date_expiration: '2026-11-30',
      crew_string: 'Bore Crew 1',
      customer: 'AT&T',
      view: expect.objectContaining({ ticket_chain: ['A0', 'A0-2'], segments: ['2'] }),
    });
    expect(byId('300').search).toContain('a0-2');
    expect(byId('301')).toMatchObject({ archived: true, locate_status: 'Completed' });
    expect(byId('302')).toMatchObject({ deleted: true });
    expect(byId('303')).toMatchObject({ current_ticket_type: 'Normal', current_date_expiration: '2026-11-18' });
  });

  it('given the projected list, when replayed, then every row is rebuilt equal', async () => {
    const dump = () => db('locates').orderBy('id').select('id', 'version', 'archived', 'deleted', 'search', 'view', 'locate_status', 'current_date_expiration', 'job_ref', 'crew_string');
    const before = await dump();
    for (const name of NAMES) await replayProjection(projectionNamed(name), store, db, 3);
    expect(await dump()).toEqual(before);
  });
});
