import { describe, expect, it } from 'vitest';
import { routineDecider } from './routine.ts';
import type { RoutineEvent } from './events.ts';
import { routineView } from './view.ts';
import { given, meta, refusedWith } from '../shared/testing.ts';
import { linesOfCollection } from '../shared/collections.ts';
import { routineCollections, routineSets, routineTasks } from './collections.ts';
import { historyEntryIn } from '../shared/history.ts';

const created: RoutineEvent = { type: 'RoutineCreated', data: { id: '1', values: { name: 'Truck check', frequency: 'Daily' } } };
const set = (id: string, name: string): RoutineEvent => ({ type: 'RoutineSetAdded', data: { id, line: { id, routine: '1', name, created_date: meta().at } } });
const task = (id: string, setId: string, name: string): RoutineEvent => ({
  type: 'RoutineTaskAdded',
  data: { id, line: { id, routine: '1', set: setId, name, created_date: meta().at } },
});
const withSets = [created, set('2', 'Vehicle'), task('3', '2', 'Tyres'), task('4', '2', 'Lights'), set('5', 'Site'), task('6', '5', 'Cones')];

describe('routine decider', () => {
  it('given no routine, when created with an empty body, then RoutineCreated with no values', () => {
    const [e] = given(routineDecider, []).when({ type: 'CreateRoutine', routineId: '1', values: {} });
    expect(e).toEqual({ type: 'RoutineCreated', data: { id: '1', values: {} } });
  });

  it('given a routine, when created again, then already_exists', () => {
    expect(refusedWith(() => given(routineDecider, [created]).when({ type: 'CreateRoutine', routineId: '1', values: {} })).code).toBe('already_exists');
  });

  it('given a routine, when revised, then RoutineRevised carries only what changed, old and new', () => {
    const [e] = given(routineDecider, [created]).when({ type: 'ReviseRoutine', values: { name: 'Truck check', category: 'Vehicle' } });
    expect(e).toEqual({ type: 'RoutineRevised', data: { changes: { category: { old: null, new: 'Vehicle' } } } });
  });

  it('given a routine, when a set is added, then it is stamped with its created_date and belongs to the routine', () => {
    const { events, state } = given(routineDecider, [created]).then({ type: 'AddLine', collection: 'routine_sets', lineId: '2', values: { name: 'Vehicle' } });
    expect(events.map((e) => e.type)).toEqual(['RoutineSetAdded']);
    expect(linesOfCollection(state.lines, routineSets)).toEqual([{ id: '2', routine: '1', name: 'Vehicle', notes: null, created_date: meta().at }]);
  });

  it('given a routine with a set, when a task is added to it, then the task names its set', () => {
    const { state } = given(routineDecider, [created, set('2', 'Vehicle')]).then({ type: 'AddLine', collection: 'routine_tasks', lineId: '3', values: { set: '2', name: 'Tyres' } });
    expect(linesOfCollection(state.lines, routineTasks)[0]).toMatchObject({ id: '3', routine: '1', set: '2', name: 'Tyres' });
  });

  it('given a routine, when a task is added without a set, then invalid naming set', () => {
    const e = refusedWith(() => given(routineDecider, [created]).when({ type: 'AddLine', collection: 'routine_tasks', lineId: '3', values: { name: 'Tyres' } }));
    expect(e.code).toBe('invalid');
    expect(e.fields).toHaveProperty('set');
  });

  it('given two routines, when a task is added to a set of the other routine, then invalid naming set', () => {
    const e = refusedWith(() => given(routineDecider, [created, set('2', 'Vehicle')]).when({ type: 'AddLine', collection: 'routine_tasks', lineId: '3', values: { set: '99' } }));
    expect(e.fields).toEqual({ set: 'must be a set of this record' });
  });

  it('given a task, when moved to another set of the routine, then RoutineTaskRevised; to a missing set, invalid', () => {
    const g = given(routineDecider, withSets);
    expect(g.when({ type: 'ReviseLine', collection: 'routine_tasks', lineId: '3', values: { set: '5' } })).toEqual([
      { type: 'RoutineTaskRevised', data: { id: '3', changes: { set: { old: '2', new: '5' } } } },
    ]);
    expect(refusedWith(() => g.when({ type: 'ReviseLine', collection: 'routine_tasks', lineId: '3', values: { set: '77' } })).code).toBe('invalid');
  });

  it('given a set with tasks, when the set is deleted, then its tasks are removed first, then the set, in one decision', () => {
    const { events, state } = given(routineDecider, withSets).then({ type: 'RemoveLine', collection: 'routine_sets', lineId: '2' });
    expect(events).toEqual([
      { type: 'RoutineTaskRemoved', data: { id: '3' } },
      { type: 'RoutineTaskRemoved', data: { id: '4' } },
      { type: 'RoutineSetRemoved', data: { id: '2' } },
    ]);
    expect(routineView(state).routine_sets).toEqual([expect.objectContaining({ id: '5', set_tasks: [expect.objectContaining({ id: '6' })] })]);
  });

  it('given a removed set, when it is removed again, then not_found', () => {
    const g = given(routineDecider, [...withSets, { type: 'RoutineSetRemoved', data: { id: '5' } } as RoutineEvent]);
    expect(refusedWith(() => g.when({ type: 'RemoveLine', collection: 'routine_sets', lineId: '5' })).code).toBe('not_found');
  });

  it('given a deleted routine, when a set is added, then not_found', () => {
    const g = given(routineDecider, [created, { type: 'RoutineDeleted', data: {} }]);
    expect(refusedWith(() => g.when({ type: 'AddLine', collection: 'routine_sets', lineId: '9', values: {} })).code).toBe('not_found');
  });

  it('given a do-routine collection, when used on a routine, then not_found (lines belong to their own aggregate)', () => {
    expect(refusedWith(() => given(routineDecider, [created]).when({ type: 'AddLine', collection: 'do_sets', lineId: '9', values: {} })).code).toBe('not_found');
  });

  it('given sets and tasks, when viewed, then routine_sets nest their set_tasks with counts, and created_date and last_updated show', () => {
    const v = routineView(given(routineDecider, withSets).state);
    expect(v).toMatchObject({ id: '1', name: 'Truck check', frequency: 'Daily', category: null, set_count: 2, task_count: 3, created_date: meta().at, last_updated: meta().at });
    expect(v.routine_sets.map((s) => [s.name, (s.set_tasks as { name: string }[]).map((t) => t.name)])).toEqual([
      ['Vehicle', ['Tyres', 'Lights']],
      ['Site', ['Cones']],
    ]);
  });

  it('given a task added, when its history entry is read, then it names its collection and shows its values less the routine id', () => {
    const h = historyEntryIn(routineCollections, { ...task('3', '2', 'Tyres'), position: '1:1', version: 3, meta: { at: meta().at, userId: '7', userName: 'Pat Office' } });
    expect(h).toMatchObject({ collection: 'routine_tasks', line_id: '3' });
    expect(h.changes.map((c) => c.field)).toEqual(['set', 'name', 'created_date']);
  });
});
