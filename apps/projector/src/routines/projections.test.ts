/**
 * Routine read models against the real Postgres: the routine and do-routine lists and their lines in
 * collection_lines equal a fold of their streams (a copy made by assignment, ticks, a set removed with
 * its tasks, a deleted record), and a replay rebuilds the same rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, linesOf, presentLine, type AnyState, type RecordState } from '@trenchline/domain';
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
const caughtUp = () => writer.caughtUp(db, NAMES);
const NAMES = ['routines_list', 'do_routines_list', 'collection_lines'];

const add = (collection: string, lineId: string, values: Record<string, unknown> = {}) => ({ type: 'AddLine', collection, lineId, values });

beforeAll(async () => {
  database = await createTestDatabase('projector_routines');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  writer = commandWriter(store, { userName: 'Dale Foreman' });
  // A routine of two sets, one of them later removed with its tasks.
  await run('routine', '100', { type: 'CreateRoutine', routineId: '100', values: {} });
  await run('routine', '100', { type: 'ReviseRoutine', values: { name: 'Truck check', category: 'Vehicle' } });
  await run('routine', '100', add('routine_sets', '101', { name: 'Outside' }));
  await run('routine', '100', add('routine_tasks', '102', { set: '101', name: 'Tyres' }));
  await run('routine', '100', add('routine_tasks', '103', { set: '101', name: 'Lights' }));
  await run('routine', '100', add('routine_sets', '104', { name: 'Cab' }));
  await run('routine', '100', add('routine_tasks', '105', { set: '104', name: 'First aid kit' }));
  // Its copy, run part way, then the routine changes (the copy does not).
  await run('do_routine', '200', { type: 'AssignRoutine', doRoutineId: '200', routine: await foldOf('routine', '100'), setIds: ['201', '202'], taskIds: ['203', '204', '205'], values: { assigned_to: 'Crew North' } });
  await run('do_routine', '200', { type: 'TickDoTask', lineId: '203', done: true });
  await run('do_routine', '200', { type: 'TickDoTask', lineId: '205', done: true });
  await run('do_routine', '200', { type: 'TickDoTask', lineId: '205', done: false });
  await run('do_routine', '200', { type: 'ReviseLine', collection: 'do_tasks', lineId: '204', values: { notes: 'Left brake light out', done: true } });
  await run('routine', '100', { type: 'RemoveLine', collection: 'routine_sets', lineId: '101' });
  // A routine made and deleted; a do-routine made by hand.
  await run('routine', '300', { type: 'CreateRoutine', routineId: '300', values: { name: 'Scratch' } });
  await run('routine', '300', add('routine_sets', '301'));
  await run('routine', '300', { type: 'DeleteRoutine' });
  await run('do_routine', '400', { type: 'CreateDoRoutine', doRoutineId: '400', values: { name: 'Yard walk' } });
  await run('do_routine', '400', add('do_sets', '401', { name: 'Gate' }));
  await run('do_routine', '400', add('do_tasks', '402', { set: '401', name: 'Locked', done: true }));
}, 60_000);

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('routine projections', () => {
  it('given routines and do-routines with sets, tasks and ticks, when projected, then the rows and lines equal the fold of each stream', async () => {
    const projector = await startProjector({ store, db, databaseUrl: database.url, live: silentPublisher });
    try {
      await caughtUp();
    } finally {
      await projector.stop();
    }
    const routines = await db('routines').orderBy('id').select('id', 'deleted', 'name', 'category', 'view');
    expect(routines.map((r) => [String(r.id), r.deleted, r.name])).toEqual([['100', false, 'Truck check'], ['300', true, null]]);
    expect(routines[0].view.routine_sets).toEqual([expect.objectContaining({ id: '104', set_tasks: [expect.objectContaining({ id: '105', name: 'First aid kit' })] })]);

    const copy = await db('do_routines').where({ id: '200' }).first();
    expect(copy).toMatchObject({ routine_id: '100', name: 'Truck check', assigned_to: 'Crew North', status: 'In progress' });
    type CopiedSet = { id: string; do_set_tasks: { id: string; done: boolean; done_by: string | null }[] };
    expect((copy!.view.do_routine_sets as CopiedSet[]).map((s) => [s.id, s.do_set_tasks.map((t) => [t.id, t.done, t.done_by])])).toEqual([
      ['201', [['203', true, 'Dale Foreman'], ['204', true, 'Dale Foreman']]],
      ['202', [['205', false, null]]],
    ]);
    expect((await db('do_routines').where({ id: '400' }).first())).toMatchObject({ status: 'Done', routine_id: null });

    for (const [aggregate, id, names] of [['routine', '100', ['routine_sets', 'routine_tasks']], ['do_routine', '200', ['do_sets', 'do_tasks']], ['do_routine', '400', ['do_sets', 'do_tasks']]] as const) {
      const state = await foldOf<RecordState>(aggregate, id);
      for (const name of names) {
        const rows = await db('collection_lines').where({ collection: name, parent_id: id, removed: false }).orderBy('id').select('line');
        expect([name, rows.map((r) => presentLine(collection(name), r.line))]).toEqual([name, linesOf(state.lines, name)]);
      }
    }
    // The removed set's tasks and the deleted routine's set are tombstones.
    expect(await db('collection_lines').whereIn('id', ['101', '102', '103', '301']).where({ removed: true }).count({ n: '*' })).toEqual([{ n: '4' }]);
  });

  it('given projected routines, when replayed, then every table is rebuilt equal', async () => {
    const dump = async () => ({
      routines: await db('routines').orderBy('id').select('id', 'version', 'deleted', 'name', 'view', 'state'),
      doRoutines: await db('do_routines').orderBy('id').select('id', 'version', 'deleted', 'status', 'view', 'state'),
      lines: await db('collection_lines').orderBy('id').select('id', 'version', 'removed', 'line'),
    });
    const before = await dump();
    for (const name of NAMES) await replayProjection(projectionNamed(name), store, db, 3);
    expect(await dump()).toEqual(before);
  });
});
