/** Routines and do-routines as clients see them (detail, list rows, live updates): one shape, one rule. */
import { linesOfCollection } from '../shared/collections.ts';
import { doSets, doTasks, routineSets, routineTasks } from './collections.ts';
import { daysAway, dueColour } from '../shared/rules.ts';
import { DO_ROUTINE_FIELD_NAMES, ROUTINE_FIELD_NAMES } from './commands.ts';
import type { DoRoutineState } from './do-routine.ts';
import type { RoutineState } from './routine.ts';
import { doRoutineProgress, nestTasks } from './rules.ts';

/** A routine with `routine_sets`, each set with its `set_tasks` (spec 1 section 3). */
export function routineView(state: RoutineState) {
  const sets = linesOfCollection(state.lines, routineSets);
  const tasks = linesOfCollection(state.lines, routineTasks);
  return {
    id: state.id!,
    ...Object.fromEntries(ROUTINE_FIELD_NAMES.map((k) => [k, state.fields[k] ?? null])),
    created_date: state.created_at,
    last_updated: state.last_updated,
    set_count: sets.length,
    task_count: tasks.length,
    routine_sets: nestTasks(sets, tasks, 'set_tasks'),
  };
}

/** A do-routine with `do_routine_sets`, each with its `do_set_tasks`, and its progress. */
export function doRoutineView(state: DoRoutineState, today: string) {
  const sets = linesOfCollection(state.lines, doSets);
  const tasks = linesOfCollection(state.lines, doTasks);
  return withDoRoutineDays(
    {
      id: state.id!,
      routine: state.routine,
      ...Object.fromEntries(DO_ROUTINE_FIELD_NAMES.map((k) => [k, state.fields[k] ?? null])),
      created_date: state.created_at,
      last_updated: state.last_updated,
      ...doRoutineProgress(tasks),
      do_routine_sets: nestTasks(sets, tasks, 'do_set_tasks'),
    },
    today,
  );
}

/** Days to the due date and its colour (red under 4, orange under 7), refreshed whenever a row is shown. */
export function withDoRoutineDays<T extends Record<string, unknown>>(view: T, today: string) {
  const due_days_away = view.status === 'Done' ? null : daysAway(view.due_date as string | null, today);
  return { ...view, due_days_away, due_colour: dueColour(due_days_away) };
}
