/**
 * Settings read models against the real Postgres: catalog lists, the account's one-of records and the
 * SVA codes (imported lines included) equal a fold of their streams, and a replay rebuilds the same rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, linesOf, presentLine, type AnyState, type SvaRateSheetState } from '@trenchline/domain';
import { createDb, type Db } from '@trenchline/read-model';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, type EventStore } from '@trenchline/event-store';
import { startProjector } from '../projector.ts';
import { replayProjection } from '../replay.ts';
import { projectionNamed } from '../registry.ts';
import { silentPublisher } from '@trenchline/platform';
import { commandWriter } from '../shared/testing.ts';

let database: TestDatabase;
let store: EventStore;
let db: Db;
let writer: ReturnType<typeof commandWriter>;
const run = (aggregate: string, id: string, command: Record<string, unknown>) => writer.run(aggregate, id, command);
const foldOf = <S extends AnyState = AnyState>(aggregate: string, id: string) => writer.foldOf<S>(aggregate, id);
const caughtUp = (names: string[]) => writer.caughtUp(db, names);

beforeAll(async () => {
  database = await createTestDatabase('projector_settings');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  writer = commandWriter(store, {});
  for (let i = 0; i < 30; i++) await run('crew', String(100 + i), { type: 'AddCatalogRecord', id: String(100 + i), values: { crew_name: `Crew ${i}` } });
  await run('crew', '101', { type: 'ReviseCatalogRecord', values: { active: false } });
  await run('crew', '102', { type: 'DeleteCatalogRecord' });
  await run('sva_rate_sheet', '500', { type: 'OpenRecord', id: '500' });
  await run('sva_rate_sheet', '500', { type: 'ImportSvaCodes', header: ['code', 'description', 'rate'], records: [['A1', 'Bore', '10'], ['A2', 'Trench', '5']], fileName: 'a.csv', lineIds: ['501', '502'] });
  await run('sva_rate_sheet', '500', { type: 'ImportSvaCodes', header: ['code', 'description', 'rate'], records: [['A1', 'Bore', '12'], ['A3', 'Splice', '30']], fileName: 'b.csv', lineIds: ['503'] });
  await run('sva_rate_sheet', '500', { type: 'RemoveLine', collection: 'sva_codes', lineId: '502' });
  await run('document_counter', '600', { type: 'OpenRecord', id: '600', key: 'job' });
  for (let i = 0; i < 5; i++) await run('document_counter', '600', { type: 'IssueNumber' });
}, 60_000);

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('settings projections', () => {
  it('given crews, an SVA rate sheet and a counter, when projected, then the rows equal the fold of each stream', async () => {
    const projector = await startProjector({ store, db, databaseUrl: database.url, live: silentPublisher });
    try {
      await caughtUp(['crews_list', 'settings_records', 'collection_lines']);
    } finally {
      await projector.stop();
    }
    const crews = await db('crews').where({ deleted: false }).orderBy('id').select('id', 'name', 'active');
    expect(crews).toHaveLength(29);
    expect(crews.find((c) => String(c.id) === '101')).toMatchObject({ name: 'Crew 1', active: false });

    const sheet = await foldOf<SvaRateSheetState>('sva_rate_sheet', '500');
    const lines = await db('collection_lines').where({ collection: 'sva_codes', removed: false }).orderBy('id').select('line');
    expect(lines.map((l) => presentLine(collection('sva_codes'), l.line))).toEqual(linesOf(sheet.lines, 'sva_codes'));
    expect(lines.map((l) => [l.line.code, l.line.rate])).toEqual([['A1', 12], ['A3', 30]]);

    const counter = await db('settings_records').where({ id: '600' }).first();
    expect(counter).toMatchObject({ aggregate: 'document_counter', version: 6 });
    expect(counter!.view).toMatchObject({ number: 5, highest_issued: 5, suggested_number: 6 });
  });

  it('given projected settings, when replayed, then every table is rebuilt equal', async () => {
    const dump = async () => ({
      crews: await db('crews').orderBy('id').select('id', 'version', 'name', 'active', 'deleted', 'view'),
      records: await db('settings_records').orderBy('id').select('id', 'version', 'view'),
      lines: await db('collection_lines').orderBy('id').select('id', 'version', 'removed', 'line'),
    });
    const before = await dump();
    for (const name of ['crews_list', 'settings_records', 'collection_lines']) await replayProjection(projectionNamed(name), store, db, 7);
    expect(await dump()).toEqual(before);
  });
});
