/** Routine read models: the routine list and the do-routine list (their sets and tasks are in each row's view). */
import { recordListProjection } from '../shared/record-list.ts';

export const routineList = recordListProjection({
  aggregate: 'routine',
  table: 'routines',
  columns: (v) => ({ name: v.name ?? null, category: v.category ?? null, frequency: v.frequency ?? null }),
  search: (v) => [v.id, v.name, v.description, v.category, v.frequency],
});

export const doRoutineList = recordListProjection({
  aggregate: 'do_routine',
  table: 'do_routines',
  columns: (v) => ({ routine_id: v.routine ?? null, name: v.name ?? null, assigned_to: v.assigned_to ?? null, due_date: v.due_date ?? null, status: v.status ?? null }),
  search: (v) => [v.id, v.name, v.assigned_to, v.location, v.category, v.status, v.description],
});

export const routineProjections = [routineList, doRoutineList];
