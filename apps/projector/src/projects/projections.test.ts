/**
 * The project and report lists against the real Postgres: rows equal the fold of each stream (view,
 * typed columns, tombstones), and a replay rebuilds the same rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateDef, fold, type CommandMeta } from '@trenchline/domain';
import { createDb, type Db } from '@trenchline/read-model';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, streamName, type EventStore } from '@trenchline/event-store';
import { startProjector } from '../projector.ts';
import { replayProjection } from '../replay.ts';
import { projectionNamed } from '../registry.ts';
import { silentPublisher } from '../shared/live.ts';

let database: TestDatabase;
let store: EventStore;
let db: Db;
let written = '0:0';
let at = Date.UTC(2026, 10, 1);
const meta = (): CommandMeta => ({ accountId: '1', userId: '9', userName: 'Office', at: new Date((at += 1000)).toISOString() });

/** Decide a command on a stream's current fold and append what it decides, as the API does. */
async function run(aggregate: string, id: string, command: Record<string, unknown>) {
  const def = aggregateDef(aggregate);
  const stream = streamName(aggregate, id);
  const events = await store.readStream(stream);
  const state = fold(def.decider, events.map((e) => ({ type: e.type, data: e.data, meta: e.meta })));
  const m = meta();
  const out = def.decider.decide(command as never, state, m);
  const r = await store.append(stream, out.map((e) => ({ type: e.type, data: e.data, meta: { ...m, correlationId: 't', causationId: null, schemaVersion: 1 } })), { expectedVersion: events.length });
  if (store.comparePositions(r.position, written) > 0) written = r.position;
}

const NAMES = ['projects_list', 'reports_list'];
async function caughtUp() {
  for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const rows = await db('projection_checkpoints').whereIn('name', NAMES).select('position');
    if (rows.length === NAMES.length && rows.every((r) => r.position && store.comparePositions(r.position, written) >= 0)) return;
  }
  throw new Error('projections did not catch up');
}

beforeAll(async () => {
  database = await createTestDatabase('projector_projects');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  for (let i = 0; i < 20; i++) await run('project', String(100 + i), { type: 'CreateProject', projectId: String(100 + i), values: { name: `P${i}`, start_date: '2026-10-01', due_date: `2026-12-${String(1 + i).padStart(2, '0')}` } });
  await run('project', '101', { type: 'ReviseProject', values: { archived: true, colour: 'Red' } });
  await run('project', '102', { type: 'DeleteProject' });
  await run('project', '103', { type: 'AddLine', collection: 'project_notes', lineId: '900', values: { note: 'Permit filed' } });
  await run('project', '103', { type: 'AddLine', collection: 'project_locations', lineId: '901', values: { name: 'Yard', latitude: 36.1, longitude: -95.9 } });
  await run('report', '700', { type: 'RequestReport', reportId: '700', report: 'projects.management', label: 'Project management report', format: 'pdf', params: { ids: ['100'] }, file_name: 'r.pdf' });
  await run('report', '700', { type: 'StartReport' });
  await run('report', '700', { type: 'RecordReportGenerated', file: { sha256: 'a'.repeat(64), size: 10, content_type: 'application/pdf', file_name: 'r.pdf' }, rows: 1 });
  await run('report', '701', { type: 'RequestReport', reportId: '701', report: 'projects.management', label: 'Project management report', format: 'xlsx', params: { ids: ['100'] }, file_name: 'r.xlsx' });
}, 60_000);

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('project and report projections', () => {
  it('given projects and reports, when projected, then rows and columns follow the fold; a deleted project is a tombstone', async () => {
    const projector = await startProjector({ store, db, databaseUrl: database.url, live: silentPublisher });
    try {
      await caughtUp();
    } finally {
      await projector.stop();
    }
    const projects = await db('projects').orderBy('id').select('id', 'archived', 'deleted', 'due_date', 'start_date', 'created_on', 'view');
    expect(projects).toHaveLength(20);
    expect(projects.find((p) => String(p.id) === '101')).toMatchObject({ archived: true, view: expect.objectContaining({ colour: 'Red', colour_background: 'rgba(250, 82, 82, 0.7)' }) });
    expect(projects.find((p) => String(p.id) === '102')).toMatchObject({ deleted: true, due_date: null });
    expect(projects.find((p) => String(p.id) === '103')).toMatchObject({ due_date: '2026-12-04', start_date: '2026-10-01', created_on: '2026-11-01', view: expect.objectContaining({ latest_note: 'Permit filed', location: expect.objectContaining({ name: 'Yard' }) }) });
    const reports = await db('reports').orderBy('id').select('id', 'report_state', 'requested_by', 'report');
    expect(reports.map((r) => [String(r.id), r.report_state, String(r.requested_by)])).toEqual([['700', 'ready', '9'], ['701', 'queued', '9']]);
  });

  it('given projected lists, when replayed, then every row is rebuilt equal', async () => {
    const dump = async () => ({
      projects: await db('projects').orderBy('id').select('id', 'version', 'archived', 'deleted', 'due_date', 'search', 'view'),
      reports: await db('reports').orderBy('id').select('id', 'version', 'report_state', 'view'),
    });
    const before = await dump();
    for (const name of NAMES) await replayProjection(projectionNamed(name), store, db, 7);
    expect(await dump()).toEqual(before);
  });
});
