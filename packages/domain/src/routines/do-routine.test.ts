import { describe, expect, it } from 'vitest';
import { doRoutineDecider } from './do-routine.ts';
import { routineDecider, type RoutineState } from './routine.ts';
import type { DoRoutineEvent, RoutineEvent } from './events.ts';
import { doRoutineView, withDoRoutineDays } from './view.ts';
import { given, meta, refusedWith } from '../shared/testing.ts';
import { linesOfCollection } from '../shared/collections.ts';
import { doRoutineCollections, doTasks } from './collections.ts';
import { historyEntryIn } from '../shared/history.ts';

const routine: RoutineState = given(routineDecider, [
  { type: 'RoutineCreated', data: { id: '1', values: { name: 'Truck check', category: 'Vehicle', frequency: 'Daily' } } },
  { type: 'RoutineSetAdded', data: { id: '2', line: { id: '2', routine: '1', name: 'Outside' } } },
  { type: 'RoutineTaskAdded', data: { id: '3', line: { id: '3', routine: '1', set: '2', name: 'Tyres' } } },
  { type: 'RoutineTaskAdded', data: { id: '4', line: { id: '4', routine: '1', set: '2', name: 'Lights' } } },
  { type: 'RoutineSetAdded', data: { id: '5', line: { id: '5', routine: '1', name: 'Cab' } } },
  { type: 'RoutineTaskAdded', data: { id: '6', line: { id: '6', routine: '1', set: '5', name: 'First aid kit' } } },
] as RoutineEvent[]).state;

const assign = { type: 'AssignRoutine' as const, doRoutineId: '100', routine, setIds: ['101', '102'], taskIds: ['103', '104', '105'], values: { assigned_to: 'Crew North', due_date: '2026-11-22' } };
const assigned = () => given(doRoutineDecider, []).then(assign).events;
const at = (m: string) => meta({ at: m, userName: 'Dale Foreman', userId: '9' });

describe('do-routine decider', () => {
  it('given a routine with sets and tasks, when assigned, then DoRoutineAssigned copies its fields and each set and task follows as its own line event', () => {
    const events = assigned();
    expect(events.map((e) => e.type)).toEqual(['DoRoutineAssigned', 'DoSetAdded', 'DoSetAdded', 'DoTaskAdded', 'DoTaskAdded', 'DoTaskAdded']);
    expect(events[0]).toEqual({
      type: 'DoRoutineAssigned',
      data: { id: '100', routine: '1', values: { name: 'Truck check', category: 'Vehicle', frequency: 'Daily', assigned_to: 'Crew North', due_date: '2026-11-22' }, sets: 2, tasks: 3 },
    });
  });

  it('given an assigned copy, when viewed, then do_routine_sets nest their do_set_tasks under the new ids, nothing done', () => {
    const v = doRoutineView(given(doRoutineDecider, assigned()).state, '2026-11-20');
    expect(v).toMatchObject({ id: '100', routine: '1', status: 'Not started', tasks_total: 3, tasks_done: 0, due_days_away: 2, due_colour: 'red' });
    expect(v.do_routine_sets.map((s) => [s.id, s.name, (s.do_set_tasks as { id: string; set: string; name: string; done: boolean }[]).map((t) => [t.id, t.set, t.name, t.done])])).toEqual([
      ['101', 'Outside', [['103', '101', 'Tyres', false], ['104', '101', 'Lights', false]]],
      ['102', 'Cab', [['105', '102', 'First aid kit', false]]],
    ]);
  });

  it('given a deleted routine, when assigned, then not_found', () => {
    const gone = routineDecider.evolve(routine, { type: 'RoutineDeleted', data: {} }, meta());
    expect(refusedWith(() => given(doRoutineDecider, []).when({ ...assign, routine: gone })).code).toBe('not_found');
  });

  it('given a do-routine, when assigned again under its id, then already_exists', () => {
    expect(refusedWith(() => given(doRoutineDecider, assigned()).when(assign)).code).toBe('already_exists');
  });

  it('given an open do-task, when ticked done, then DoTaskDone records who and when from the command, never the clock', () => {
    const g = given(doRoutineDecider, assigned());
    const { events, state } = g.then({ type: 'TickDoTask', lineId: '103', done: true }, at('2026-11-21T07:30:00.000Z'));
    expect(events).toEqual([
      {
        type: 'DoTaskDone',
        data: { id: '103', changes: { done: { old: false, new: true }, done_by: { old: null, new: 'Dale Foreman' }, done_at: { old: null, new: '2026-11-21T07:30:00.000Z' } } },
      },
    ]);
    expect(linesOfCollection(state.lines, doTasks)[0]).toMatchObject({ done: true, done_by: 'Dale Foreman', done_at: '2026-11-21T07:30:00.000Z' });
    expect(doRoutineView(state, '2026-11-21')).toMatchObject({ status: 'In progress', tasks_done: 1 });
  });

  it('given a done do-task, when ticked done again, then nothing changes (the first who and when stay)', () => {
    const g = given(doRoutineDecider, [...assigned(), ...given(doRoutineDecider, assigned()).when({ type: 'TickDoTask', lineId: '103', done: true })]);
    expect(g.when({ type: 'TickDoTask', lineId: '103', done: true })).toEqual([]);
  });

  it('given a done do-task, when reopened, then DoTaskReopened clears done, done_by and done_at', () => {
    const done = given(doRoutineDecider, assigned()).then({ type: 'TickDoTask', lineId: '103', done: true });
    const [e] = given(doRoutineDecider, [...assigned(), ...done.events]).when({ type: 'TickDoTask', lineId: '103', done: false });
    expect(e).toEqual({
      type: 'DoTaskReopened',
      data: { id: '103', changes: { done: { old: true, new: false }, done_by: { old: 'Pat Office', new: null }, done_at: { old: meta().at, new: null } } },
    });
  });

  it('given every do-task done, when viewed, then the do-routine is Done, completed at the last tick, and no longer counts days', () => {
    let events: DoRoutineEvent[] = assigned();
    for (const [id, when] of [['103', '2026-11-21T07:00:00.000Z'], ['105', '2026-11-21T09:00:00.000Z'], ['104', '2026-11-21T08:00:00.000Z']]) {
      events = [...events, ...given(doRoutineDecider, events).when({ type: 'TickDoTask', lineId: id, done: true }, at(when))];
    }
    const v = doRoutineView(given(doRoutineDecider, events).state, '2026-11-30');
    expect(v).toMatchObject({ status: 'Done', tasks_done: 3, completed_at: '2026-11-21T09:00:00.000Z', due_days_away: null, due_colour: null });
  });

  it('given a do-task, when a PUT sends done with a new name, then the name is a DoTaskRevised and done is the tick rule', () => {
    const events = given(doRoutineDecider, assigned()).when({ type: 'ReviseLine', collection: 'do_tasks', lineId: '104', values: { name: 'Head and tail lights', done: true } });
    expect(events.map((e) => e.type)).toEqual(['DoTaskRevised', 'DoTaskDone']);
    expect(events[0].data).toEqual({ id: '104', changes: { name: { old: 'Lights', new: 'Head and tail lights' } } });
  });

  it('given a do-task, when a client sends done_by or done_at itself, then the server\'s values win (they are not editable)', () => {
    const { state } = given(doRoutineDecider, assigned()).then({ type: 'ReviseLine', collection: 'do_tasks', lineId: '104', values: { done: true, done_by: 'Someone Else', done_at: '1999-01-01' } });
    expect(state.lines.do_tasks['104']).toMatchObject({ done_by: 'Pat Office', done_at: meta().at });
  });

  it('given a do-set, when a do-task is added to it done, then it is added and ticked by the user at once', () => {
    const events = given(doRoutineDecider, assigned()).when({ type: 'AddLine', collection: 'do_tasks', lineId: '106', values: { set: '102', name: 'Fire extinguisher', done: true } });
    expect(events.map((e) => e.type)).toEqual(['DoTaskAdded', 'DoTaskDone']);
  });

  it('given a do-routine, when a do-task names a set of another do-routine, then invalid naming set', () => {
    const e = refusedWith(() => given(doRoutineDecider, assigned()).when({ type: 'AddLine', collection: 'do_tasks', lineId: '106', values: { set: '2' } }));
    expect(e.fields).toEqual({ set: 'must be a set of this record' });
  });

  it('given a do-set with do-tasks, when it is deleted, then its do-tasks go with it', () => {
    const events = given(doRoutineDecider, assigned()).when({ type: 'RemoveLine', collection: 'do_sets', lineId: '101' });
    expect(events.map((e) => [e.type, (e.data as { id: string }).id])).toEqual([
      ['DoTaskRemoved', '103'],
      ['DoTaskRemoved', '104'],
      ['DoSetRemoved', '101'],
    ]);
  });

  it('given a missing do-task, when ticked, then not_found', () => {
    expect(refusedWith(() => given(doRoutineDecider, assigned()).when({ type: 'TickDoTask', lineId: '999', done: true })).code).toBe('not_found');
  });

  it('given no do-routine, when one is created by hand, then DoRoutineCreated; then revised, deleted, and gone', () => {
    const [c] = given(doRoutineDecider, []).when({ type: 'CreateDoRoutine', doRoutineId: '7', values: { name: 'Yard walk' } });
    expect(c).toEqual({ type: 'DoRoutineCreated', data: { id: '7', values: { name: 'Yard walk' } } });
    const g = given(doRoutineDecider, [c]);
    expect(g.when({ type: 'ReviseDoRoutine', values: { assigned_to: 'Sam' } })).toEqual([{ type: 'DoRoutineRevised', data: { changes: { assigned_to: { old: null, new: 'Sam' } } } }]);
    const deleted = given(doRoutineDecider, [c, { type: 'DoRoutineDeleted', data: {} }]);
    expect(refusedWith(() => deleted.when({ type: 'ReviseDoRoutine', values: { name: 'x' } })).code).toBe('not_found');
  });

  it('given a DoTaskDone event, when its history entry is read, then it shows the do-task line with done, who and when', () => {
    const [e] = given(doRoutineDecider, assigned()).when({ type: 'TickDoTask', lineId: '103', done: true });
    const h = historyEntryIn(doRoutineCollections, { ...e, position: '1:9', version: 7, meta: { at: meta().at, userId: '7', userName: 'Pat Office' } });
    expect(h).toMatchObject({ type: 'DoTaskDone', collection: 'do_tasks', line_id: '103' });
    expect(h.changes).toEqual([
      { field: 'done', old: false, new: true },
      { field: 'done_by', old: null, new: 'Pat Office' },
      { field: 'done_at', old: null, new: meta().at },
    ]);
  });

  it('given a due date, when a list row is refreshed for another day, then days away and colour move with the day', () => {
    expect(withDoRoutineDays({ due_date: '2026-11-30', status: 'In progress' }, '2026-11-20')).toMatchObject({ due_days_away: 10, due_colour: null });
    expect(withDoRoutineDays({ due_date: '2026-11-30', status: 'In progress' }, '2026-11-25')).toMatchObject({ due_days_away: 5, due_colour: 'orange' });
  });
});
