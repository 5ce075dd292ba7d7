/**
 * `npm run replay -- --verify` (docs/audit.md) against the real Postgres: a healthy read model rebuilds
 * equal, even while the projector runs and commands keep coming; a corrupted row and a deleted one are
 * each reported with their table, key, differing columns and both values; the live tables are never
 * written and no side table is left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@trenchline/read-model';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, type EventStore } from '@trenchline/event-store';
import { silentPublisher } from '@trenchline/platform';
import { startProjector } from './projector.ts';
import { verifyProjections } from './replay.ts';
import { projections as allProjections } from './registry.ts';
import { appendBidStreams, commandWriter, projectUntil, closeTestStore } from './shared/testing.ts';

const projections = allProjections();
const names = projections.map((p) => p.name);
let database: TestDatabase;
let store: EventStore;
let db: Db;
let writer: ReturnType<typeof commandWriter>;

const sideTables = async () => (await db.raw(`select tablename from pg_tables where tablename like '%\\_\\_replay'`)).rows;

beforeAll(async () => {
  database = await createTestDatabase('projector_replay_verify');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  writer = commandWriter(store, { userId: '9' });
  await appendBidStreams(store, { bids: 20 });
  for (let i = 0; i < 4; i++) await writer.run('project', String(100 + i), { type: 'CreateProject', projectId: String(100 + i), values: { name: `P${i}`, start_date: '2026-10-01' } });
  await writer.run('project', '101', { type: 'DeleteProject' });
  await projectUntil({ store, db, databaseUrl: database.url }, () => writer.caughtUp(db, names));
}, 120_000);

afterAll(() => closeTestStore({ store, db, database }));

describe('replay --verify', () => {
  it('given a healthy read model, when verified in pages of 37, then every table of every projection is equal and none is left behind', async () => {
    const checkpoints = await db('projection_checkpoints').orderBy('name').select('*');
    const check = await verifyProjections(projections, store, db, { batchSize: 37 });
    expect(check.differences).toEqual([]);
    expect(Object.keys(check.counts).sort()).toEqual([...new Set(projections.flatMap((p) => p.tables))].sort());
    expect(Object.values(check.counts).every((n) => n === 0)).toBe(true);
    expect(await sideTables()).toEqual([]);
    expect(await db('projection_checkpoints').orderBy('name').select('*')).toEqual(checkpoints);
  }, 120_000);

  it('given the projector running and commands arriving, when verified, then the rebuilt tables meet the live ones at their checkpoints and are equal', async () => {
    const projector = await startProjector({ store, db, databaseUrl: database.url, live: silentPublisher, batchSize: 20 });
    let writing = true;
    const writes = (async () => {
      for (let i = 0; writing && i < 200; i++) await writer.run('project', String(300 + i), { type: 'CreateProject', projectId: String(300 + i), values: { name: `Live ${i}`, start_date: '2026-11-01' } });
    })();
    try {
      const check = await verifyProjections(projections, store, db, { batchSize: 25 });
      expect(check.differences).toEqual([]);
    } finally {
      writing = false;
      await writes;
      await writer.caughtUp(db, names);
      await projector.stop();
    }
  }, 120_000);

  it('given one bid row corrupted and one project row deleted by SQL, when verified, then each is reported with its key, columns and both values', async () => {
    const bid = (await db('bids').orderBy('id').first('id', 'description'))!;
    await db('bids').where({ id: bid.id }).update({ description: 'Tampered' });
    const project = (await db('projects').where({ id: '102' }).first())!;
    await db('projects').where({ id: '102' }).delete();

    const check = await verifyProjections(projections, store, db);
    expect(check.counts.bids).toBe(1);
    expect(check.counts.projects).toBe(1);
    const byTable = Object.fromEntries(check.differences.map((d) => [d.table, d]));
    expect(byTable.bids).toEqual({ table: 'bids', key: { id: bid.id }, columns: ['description'], live: { description: 'Tampered' }, rebuilt: { description: bid.description } });
    expect(byTable.projects).toMatchObject({ table: 'projects', key: { id: '102' }, live: null, rebuilt: { name: project.name } });
    expect(check.differences).toHaveLength(2);
    expect(await sideTables()).toEqual([]);
    expect((await db('bids').where({ id: bid.id }).first())!.description).toBe('Tampered'); // reported, not repaired
  }, 120_000);
});
