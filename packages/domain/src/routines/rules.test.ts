import { describe, expect, it } from 'vitest';
import { copyRoutine, doRoutineProgress, nestTasks, routineCopyCounts, tasksOfSet } from './rules.ts';

const sets = [
  { id: '2', routine: '1', name: 'Truck' },
  { id: '5', routine: '1', name: 'Site' },
];
const tasks = [
  { id: '3', routine: '1', set: '2', name: 'Tyres' },
  { id: '4', routine: '1', set: '2', name: 'Lights' },
  { id: '6', routine: '1', set: '5', name: 'Cones out' },
];

describe('routine rules', () => {
  it('given tasks of several sets, when one set\'s tasks are asked for, then only its tasks come, in order', () => {
    expect(tasksOfSet(tasks, '2').map((t) => t.name)).toEqual(['Tyres', 'Lights']);
    expect(tasksOfSet(tasks, '9')).toEqual([]);
  });

  it('given sets and tasks, when nested, then each set carries its tasks under the child key', () => {
    const nested = nestTasks(sets, tasks, 'set_tasks');
    expect(nested.map((s) => [s.name, (s.set_tasks as { name: string }[]).map((t) => t.name)])).toEqual([
      ['Truck', ['Tyres', 'Lights']],
      ['Site', ['Cones out']],
    ]);
  });

  it('given a routine, when its copy is counted, then one id per set and per task in a set is needed', () => {
    expect(routineCopyCounts(sets, tasks)).toEqual({ sets: 2, tasks: 3 });
    expect(routineCopyCounts([], [])).toEqual({ sets: 0, tasks: 0 });
  });

  it('given a routine, when copied, then each do-set and do-task gets its new id, points at its new set and starts not done', () => {
    const copy = copyRoutine({ doRoutineId: '100', sets, tasks, setIds: ['101', '102'], taskIds: ['103', '104', '105'], at: '2026-11-20T15:00:00.000Z' });
    expect(copy.sets).toEqual([
      { id: '101', do_routine: '100', name: 'Truck', notes: null, routine_set: '2', created_date: '2026-11-20T15:00:00.000Z' },
      { id: '102', do_routine: '100', name: 'Site', notes: null, routine_set: '5', created_date: '2026-11-20T15:00:00.000Z' },
    ]);
    expect(copy.tasks.map((t) => [t.id, t.set, t.name, t.done, t.done_by, t.done_at, t.routine_task])).toEqual([
      ['103', '101', 'Tyres', false, null, null, '3'],
      ['104', '101', 'Lights', false, null, null, '4'],
      ['105', '102', 'Cones out', false, null, null, '6'],
    ]);
  });

  it('given too few ids, when copied, then it refuses rather than reuse an id', () => {
    expect(() => copyRoutine({ doRoutineId: '100', sets, tasks, setIds: ['101', '102'], taskIds: ['103'], at: 'x' })).toThrow(/3 task ids/);
  });

  it.each([
    [[], 'Not started', 0, null],
    [[{ id: '1', done: false }], 'Not started', 0, null],
    [[{ id: '1', done: true, done_at: '2026-11-20T10:00:00Z' }, { id: '2', done: false }], 'In progress', 1, null],
    [[{ id: '1', done: true, done_at: '2026-11-20T10:00:00Z' }, { id: '2', done: true, done_at: '2026-11-21T08:00:00Z' }], 'Done', 2, '2026-11-21T08:00:00Z'],
  ])('given do-tasks %j, when progress is computed, then it is %s with %i done, completed at %s', (list, status, done, completed) => {
    expect(doRoutineProgress(list)).toEqual({ tasks_total: list.length, tasks_done: done, status, completed_at: completed });
  });
});
