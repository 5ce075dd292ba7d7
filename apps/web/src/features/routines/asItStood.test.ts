import { describe, expect, it } from 'vitest';
import type { DoRoutine, Routine } from './api/types';
import { doRoutineFieldsAsOf, doRoutineSetsAsOf, doneByOf, routineFieldsAsOf, routineSetsAsOf } from './asItStood';

const task = (id: string, name: string | null, notes: string | null = null) => ({ id, routine: '1', set: '2', name, notes, created_date: null });
const routine = {
  id: '1',
  name: 'Truck check',
  category: 'Vehicle',
  frequency: null,
  description: null,
  routine_sets: [
    { id: '2', routine: '1', name: 'Outside', notes: null, created_date: null, set_tasks: [task('3', 'Tyres', 'both axles'), task('4', null)] },
    { id: '5', routine: '1', name: null, notes: null, created_date: null, set_tasks: [] },
  ],
} as unknown as Routine;

const doTask = (id: string, name: string, done: boolean, done_by: string | null = null, done_at: string | null = null) => ({ id, do_routine: '8', set: '9', name, notes: null, done, done_by, done_at, created_date: null });
const doRoutine = {
  id: '8',
  name: 'Truck check',
  assigned_to: 'Crew North',
  due_date: '2026-11-24',
  location: null,
  category: 'Vehicle',
  frequency: 'Daily',
  description: null,
  notes: null,
  status: 'In progress',
  tasks_done: 1,
  tasks_total: 2,
  completed_at: null,
  do_routine_sets: [{ id: '9', do_routine: '8', name: 'Outside', notes: null, created_date: null, do_set_tasks: [doTask('10', 'Tyres', true, 'Robin Office', '2026-11-22T14:05:00Z'), doTask('11', 'Lights', false)] }],
} as unknown as DoRoutine;

describe('a routine or do-routine as it stood', () => {
  it('given a routine as it stood, when its fields are shown, then name, category and frequency, nothing as a dash, no empty description', () => {
    expect(routineFieldsAsOf(routine)).toEqual([
      { name: 'name', label: 'Name', value: 'Truck check' },
      { name: 'category', label: 'Category', value: 'Vehicle' },
      { name: 'frequency', label: 'Frequency', value: '—' },
    ]);
    expect(routineFieldsAsOf({ ...routine, description: 'Before the first move' }).at(-1)?.value).toBe('Before the first move');
  });

  it('given a routine as it stood, when its sets are shown, then each set with its tasks in order, unnamed ones said so', () => {
    const sets = routineSetsAsOf(routine);
    expect(sets.map((s) => s.name)).toEqual(['Outside', 'Unnamed set']);
    expect(sets[0].tasks).toEqual([
      { id: '3', name: 'Tyres', notes: 'both axles' },
      { id: '4', name: 'Unnamed task', notes: '' },
    ]);
    expect(sets[1].tasks).toEqual([]);
  });

  it('given a do-routine as it stood, when its fields are shown, then assigned to, due date, location, status and progress', () => {
    const fields = Object.fromEntries(doRoutineFieldsAsOf(doRoutine).map((f) => [f.name, f.value]));
    expect(fields).toMatchObject({ name: 'Truck check', assigned_to: 'Crew North', due_date: '11/24/2026', location: '—', status: 'In progress', progress: '1 / 2' });
    expect(fields.completed_at).toBeUndefined();
  });

  it('given a do-routine as it stood, when its sets are shown, then each do-task ticked or not, with who and when', () => {
    const [set] = doRoutineSetsAsOf(doRoutine);
    expect(set.done).toBe(1);
    expect(set.tasks.map((t) => [t.name, t.done])).toEqual([
      ['Tyres', true],
      ['Lights', false],
    ]);
    expect(set.tasks[0].doneBy).toMatch(/^Robin Office · 11\/22\/2026 \d\d:05$/);
    expect(set.tasks[1].doneBy).toBe('');
    expect(doneByOf({ done: true, done_by: null, done_at: null })).toBe('…');
  });
});
