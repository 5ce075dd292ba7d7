/**
 * Replaying every projection together against the real Postgres: whatever the page size (so a record's
 * events split across batches anywhere), the rebuilt tables equal what the live projector built, the
 * checkpoints end where the events do, and the swapped tables keep every index and key of the old ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@trenchline/read-model';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, type EventStore } from '@trenchline/event-store';
import { replayProjections } from './replay.ts';
import { projections as allProjections } from './registry.ts';

const projections = allProjections();
import { appendBidStreams, commandWriter, projectUntil, closeTestStore } from './shared/testing.ts';

let database: TestDatabase;
let store: EventStore;
let db: Db;
let writer: ReturnType<typeof commandWriter>;
const run = (aggregate: string, id: string, command: Record<string, unknown>) => writer.run(aggregate, id, command);
const names = projections.map((p) => p.name);
const tables = [...new Set(projections.flatMap((p) => p.tables))].sort();

/** Every row of every projection's table, in key order. */
async function dump() {
  const out: Record<string, unknown[]> = {};
  for (const t of tables) {
    // By the table's own key: a history table's is (id, valid_from), the trail's its event's position.
    const key = (await db.raw(`select a.attname from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey) where i.indrelid = ?::regclass and i.indisprimary order by array_position(i.indkey::int2[], a.attnum)`, [t])).rows.map((r: { attname: string }) => r.attname);
    out[t] = (await db.raw(`select * from ?? order by ${key.map(() => '??').join(', ')}`, [t, ...key])).rows;
  }
  return out;
}

/** Each table's index and constraint definitions, less their names (a replay's copies are renamed). */
async function shapes() {
  const { rows } = await db.raw(
    `select c.relname as t,
            array(select regexp_replace(pg_get_indexdef(i.indexrelid), '^CREATE (UNIQUE ){0,1}INDEX \\S+ ON \\S+ ', 'CREATE \\1INDEX ON ') from pg_index i where i.indrelid = c.oid order by 1) as indexes,
            array(select pg_get_constraintdef(k.oid) from pg_constraint k where k.conrelid = c.oid order by 1) as constraints
       from pg_class c where c.relname = any(?) and c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace order by 1`,
    [tables],
  );
  return rows;
}

beforeAll(async () => {
  database = await createTestDatabase('projector_replay');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  writer = commandWriter(store, { userId: '9' });
  // Bids with lines, revisions, removed lines and deletions; then records of other projections.
  const bids = await appendBidStreams(store, { bids: 60 });
  for (let i = 0; i < 6; i++) await run('project', String(100 + i), { type: 'CreateProject', projectId: String(100 + i), values: { name: `P${i}`, start_date: '2026-10-01' } });
  await run('project', '101', { type: 'DeleteProject' });
  await run('project', '103', { type: 'AddLine', collection: 'project_notes', lineId: '900', values: { note: 'Permit filed' } });
  for (let i = 0; i < 4; i++) await run('crew', String(200 + i), { type: 'AddCatalogRecord', id: String(200 + i), values: { crew_name: `Crew ${i}` } });
  await run('crew', '201', { type: 'DeleteCatalogRecord' });
  await run('sva_rate_sheet', '500', { type: 'OpenRecord', id: '500' });
  await run('sva_rate_sheet', '500', { type: 'ImportSvaCodes', header: ['code', 'description', 'rate'], records: [['A1', 'Bore', '10'], ['A2', 'Trench', '5']], fileName: 'a.csv', lineIds: ['501', '502'] });
  // ORCA jobs with invoices: the billing dashboard's rows (orca_invoices), written beside each job's row.
  for (let j = 0; j < 3; j++) {
    const jobId = String(700 + j);
    await run('job', jobId, { type: 'CreateJob', jobId, values: { form_type: 'attorca', title: `Orca ${j}` } });
    for (let i = 0; i < 4; i++) await run('job', jobId, { type: 'AddLine', collection: 'job_invoices', lineId: `7${j}${i}0`, values: { invoice_number: `INV-${j}-${i}`, invoice_amount: 10 * i } });
    await run('job', jobId, { type: 'ReviseLine', collection: 'job_invoices', lineId: `7${j}10`, values: { status: 'Paid' } });
    await run('job', jobId, { type: 'RemoveLine', collection: 'job_invoices', lineId: `7${j}20` });
  }
  await run('job', '702', { type: 'DeleteJob' });
  await run('document_counter', '600', { type: 'OpenRecord', id: '600', key: 'job' });
  await run('document_counter', '600', { type: 'IssueNumber' });
  expect(bids.events).toBeGreaterThan(300);
  await projectUntil({ store, db, databaseUrl: database.url }, () => writer.caughtUp(db, names));
}, 120_000);

afterAll(() => closeTestStore({ store, db, database }));

describe('replaying all projections together', () => {
  it('given the live read model, when all projections replay together in pages of 1, 37 and 5000 events, then every table is rebuilt equal', async () => {
    const live = await dump();
    expect(live.bids.length).toBe(60);
    expect(live.collection_lines.length).toBeGreaterThan(100);
    // Two live ORCA jobs with three invoices each (one removed, the deleted job's gone).
    expect(live.orca_invoices.map((r) => (r as { invoice_number: string }).invoice_number).sort()).toEqual(['INV-0-0', 'INV-0-1', 'INV-0-3', 'INV-1-0', 'INV-1-1', 'INV-1-3']);
    const liveShapes = await shapes();
    const events = (await db.raw('select count(*)::int as n from events')).rows[0].n;

    for (const pageSize of [37, 5000, 1]) {
      const results = await replayProjections(projections, store, db, pageSize);
      expect(await dump()).toEqual(live);
      expect(results.map((r) => r.projection)).toEqual(names);
      for (const r of results) expect(r.events).toBe(events);
      // Every projection applied what it handles, and its checkpoint is at the last event.
      const checkpoints = await db('projection_checkpoints').whereIn('name', names).select('name', 'position', 'events_applied');
      const head = await store.headPosition();
      for (const cp of checkpoints) {
        expect(cp.position).toBe(head);
        expect(Number(cp.events_applied)).toBe(results.find((r) => r.projection === cp.name)!.applied);
      }
      expect(results.find((r) => r.projection === 'bids_list')!.applied).toBeGreaterThan(300);
    }
    // The swapped tables have every index and constraint the old ones had; no side table is left.
    expect(await shapes()).toEqual(liveShapes);
    const leftovers = await db.raw(`select tablename from pg_tables where tablename like '%\\_\\_replay' or tablename like '%\\_\\_old'`);
    expect(leftovers.rows).toEqual([]);
  }, 120_000);

  it('given one projection failing part-way, when all replay together, then the replay fails and the live tables and checkpoints are untouched', async () => {
    const live = await dump();
    const checkpoints = await db('projection_checkpoints').orderBy('name').select('*');
    let pages = 0;
    const failing = projections.map((p) =>
      p.name === 'collection_lines'
        ? { ...p, applyBatch: async (...args: Parameters<typeof p.applyBatch>) => (++pages === 3 ? Promise.reject(new Error('disk on fire')) : p.applyBatch(...args)) }
        : p,
    );
    await expect(replayProjections(failing, store, db, 50)).rejects.toThrow('disk on fire');
    expect(await dump()).toEqual(live);
    expect(await db('projection_checkpoints').orderBy('name').select('*')).toEqual(checkpoints);
  }, 120_000);
});
