/** Routine and do-routine commands: the shapes the API validates before it calls `decide`. */
import { z } from 'zod';
import type { LineCommand } from '../shared/collections.ts';
import { choice, date, text } from '../shared/fields.ts';
import type { RecordState } from '../shared/record-decider.ts';
import { ROUTINE_CATEGORIES, ROUTINE_FREQUENCIES } from './rules.ts';

/** A routine's own fields (spec 1 section 3 names only ids and dates; these are what a checklist needs). */
export const routineFields = z.object({
  name: text(200),
  description: text(5000),
  category: choice(ROUTINE_CATEGORIES),
  frequency: choice(ROUTINE_FREQUENCIES),
});
export type RoutineFields = z.infer<typeof routineFields>;
export const ROUTINE_FIELD_NAMES = Object.keys(routineFields.shape) as (keyof RoutineFields)[];

/** A do-routine's own fields: the routine's, copied, plus who runs it, by when and where. */
export const doRoutineFields = routineFields.extend({
  assigned_to: text(200),
  due_date: date(),
  location: text(500),
  notes: text(5000),
});
export type DoRoutineFields = z.infer<typeof doRoutineFields>;
export const DO_ROUTINE_FIELD_NAMES = Object.keys(doRoutineFields.shape) as (keyof DoRoutineFields)[];

export type RoutineCommand =
  | { type: 'CreateRoutine'; routineId: string; values: RoutineFields }
  | { type: 'ReviseRoutine'; values: RoutineFields }
  | { type: 'DeleteRoutine' }
  /** Sets and tasks; removing a set removes its tasks, a task must name a set of this routine (routines/collections.ts). */
  | LineCommand;

export type DoRoutineCommand =
  | { type: 'CreateDoRoutine'; doRoutineId: string; values: DoRoutineFields }
  /** Copy a routine into this new do-routine; the API allocates one line id per copied set and task. */
  | { type: 'AssignRoutine'; doRoutineId: string; routine: RecordState<RoutineFields>; setIds: string[]; taskIds: string[]; values: DoRoutineFields }
  | { type: 'ReviseDoRoutine'; values: DoRoutineFields }
  | { type: 'DeleteDoRoutine' }
  /** Tick a do-task done (who and when come from the command's metadata) or reopen it. */
  | { type: 'TickDoTask'; lineId: string; done: boolean }
  | LineCommand;
