/**
 * The project and report lists against the real Postgres: rows equal the fold of each stream (view,
 * typed columns, tombstones), and a replay rebuilds the same rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const caughtUp = () => writer.caughtUp(db, NAMES);

const NAMES = ['projects_list', 'reports_list'];
beforeAll(async () => {
  database = await createTestDatabase('projector_projects');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  writer = commandWriter(store, { userId: '9' });
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
      projects: await db('projects').orderBy('id').select('id', 'version', 'archived', 'deleted', 'due_date', 'search', 'view', 'name', 'place', 'latest_note', 'po_amount'),
      // The list table's storage parameters (migration 011) survive the swap.
      options: (await db.raw(`select reloptions from pg_class where oid = 'projects'::regclass`)).rows[0].reloptions,
      reports: await db('reports').orderBy('id').select('id', 'version', 'report_state', 'view'),
    });
    const before = await dump();
    expect(before.options).toEqual(['toast_tuple_target=512']);
    expect(before.projects.find((p) => String(p.id) === '103')).toMatchObject({ latest_note: 'Permit filed', place: expect.stringContaining('Yard') });
    for (const name of NAMES) await replayProjection(projectionNamed(name), store, db, 7);
    expect(await dump()).toEqual(before);
  });
});
