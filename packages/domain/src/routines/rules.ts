/**
 * Routine rules (spec 1 sections 2, 3, 5): a routine is a checklist of sets, each holding tasks; a
 * do-routine is an executed copy of one. Pure functions, unit-tested in rules.test.ts.
 */
import type { Line } from '../shared/collections.ts';

/** What a contractor's checklists are about (a free choice, spec 1 section 4: no transition rules). */
export const ROUTINE_CATEGORIES = ['Safety', 'Equipment', 'Vehicle', 'Site', 'Locate', 'Splicing', 'Restoration', 'Quality', 'Office', 'Other'] as const;
/** How often a routine is meant to be run. */
export const ROUTINE_FREQUENCIES = ['Daily', 'Weekly', 'Monthly', 'Quarterly', 'Yearly', 'Per job', 'As needed'] as const;

/** A do-routine's progress, computed from its do-tasks on every read (never stored). */
export const DO_ROUTINE_STATUSES = ['Not started', 'In progress', 'Done'] as const;
export type DoRoutineStatus = (typeof DO_ROUTINE_STATUSES)[number];

/** The tasks of one set, in creation order (a task's `set` names its set). */
export const tasksOfSet = (tasks: Line[], setId: string) => tasks.filter((t) => String(t.set) === String(setId));

/** Sets with their tasks nested under `childKey` (the spec's routine_sets[].set_tasks shape). */
export function nestTasks(sets: Line[], tasks: Line[], childKey: string): Line[] {
  return sets.map((s) => ({ ...s, [childKey]: tasksOfSet(tasks, s.id) }));
}

export interface DoRoutineProgress {
  tasks_total: number;
  tasks_done: number;
  status: DoRoutineStatus;
  /** When the last task was ticked, once every task is done; otherwise null. */
  completed_at: string | null;
}

/** No task done is 'Not started', some is 'In progress', all (and at least one) is 'Done'. */
export function doRoutineProgress(tasks: Line[]): DoRoutineProgress {
  const done = tasks.filter((t) => t.done === true);
  const total = tasks.length;
  const status: DoRoutineStatus = total > 0 && done.length === total ? 'Done' : done.length > 0 ? 'In progress' : 'Not started';
  const completed_at =
    status === 'Done' ? done.map((t) => (typeof t.done_at === 'string' ? t.done_at : '')).reduce((a, b) => (b > a ? b : a), '') || null : null;
  return { tasks_total: total, tasks_done: done.length, status, completed_at };
}

/** How many do-sets and do-tasks a copy of these sets and tasks makes (the API allocates that many line ids). */
export function routineCopyCounts(sets: Line[], tasks: Line[]): { sets: number; tasks: number } {
  return { sets: sets.length, tasks: sets.reduce((n, s) => n + tasksOfSet(tasks, s.id).length, 0) };
}

export interface RoutineCopy {
  sets: Line[];
  tasks: Line[];
}

/**
 * A routine's sets and tasks copied into a do-routine under new ids: set by set in order, each set's
 * tasks in order, every copy pointing at its do-set and remembering the set or task it came from. A
 * copied task starts not done. `at` is the copy's created_date.
 */
export function copyRoutine(o: { doRoutineId: string; sets: Line[]; tasks: Line[]; setIds: readonly string[]; taskIds: readonly string[]; at: string }): RoutineCopy {
  const counts = routineCopyCounts(o.sets, o.tasks);
  if (o.setIds.length !== counts.sets || o.taskIds.length !== counts.tasks) throw new Error(`a copy needs ${counts.sets} set ids and ${counts.tasks} task ids`);
  const sets: Line[] = [];
  const tasks: Line[] = [];
  let nextTask = 0;
  o.sets.forEach((s, n) => {
    const setId = o.setIds[n];
    sets.push({ id: setId, do_routine: o.doRoutineId, name: s.name ?? null, notes: s.notes ?? null, routine_set: s.id, created_date: o.at });
    for (const t of tasksOfSet(o.tasks, s.id)) {
      tasks.push({
        id: o.taskIds[nextTask++],
        do_routine: o.doRoutineId,
        set: setId,
        name: t.name ?? null,
        notes: t.notes ?? null,
        done: false,
        done_by: null,
        done_at: null,
        routine_task: t.id,
        created_date: o.at,
      });
    }
  });
  return { sets, tasks };
}
