import type { DoRoutineFields, Line, RoutineFields } from '@trenchline/domain';
import type { RecordValues } from '../../../components/record/recordValues';

/** Every field present, null when never set (the API always sends the full shape). */

/** A row not yet answered by the server (the optimistic blank row). */
export interface Pending {
  pending?: boolean;
}

export type RoutineTask = Line & Pending & { routine: string; set: string; name: string | null; notes: string | null; created_date: string | null };
export type RoutineSet = Line & Pending & { routine: string; name: string | null; notes: string | null; created_date: string | null; set_tasks: RoutineTask[] };

/** A row of GET /api/lpms/routines/ (and of live 'row' events of the 'routines' list). */
export type Routine = RecordValues<RoutineFields> &
  Pending & {
    id: string;
    created_date: string | null;
    last_updated: string | null;
    set_count: number;
    task_count: number;
    routine_sets: RoutineSet[];
    version?: number;
  } & { [field: string]: unknown };

export type DoTask = Line &
  Pending & { do_routine: string; set: string; name: string | null; notes: string | null; done: boolean; done_by: string | null; done_at: string | null; created_date: string | null };
export type DoSet = Line & Pending & { do_routine: string; name: string | null; notes: string | null; created_date: string | null; do_set_tasks: DoTask[] };

/** A row of GET /api/lpms/do_routines/. */
export type DoRoutine = RecordValues<DoRoutineFields> &
  Pending & {
    id: string;
    routine: string | null;
    created_date: string | null;
    last_updated: string | null;
    tasks_total: number;
    tasks_done: number;
    status: 'Not started' | 'In progress' | 'Done';
    completed_at: string | null;
    due_days_away: number | null;
    due_colour: 'red' | 'orange' | null;
    do_routine_sets: DoSet[];
    version?: number;
  } & { [field: string]: unknown };

/** A write's answer: the record (or line) with the parent's new version and the event's position. */
export type WriteAnswer<T> = T & { version: number; position?: string | number };

export const routineStream = (id: string) => `routine-${id}`;
export const doRoutineStream = (id: string) => `do_routine-${id}`;
export const routineKey = (id: string) => ['record', routineStream(id)] as const;
export const doRoutineKey = (id: string) => ['record', doRoutineStream(id)] as const;
export const routinesKey = ['list', 'routines'] as const;
export const doRoutinesKey = ['list', 'do_routines'] as const;

/** The records' paths; their sets' and tasks' come from the registry's collections. */
export const url = {
  routines: '/api/lpms/routines/',
  routine: (id: string) => `/api/lpms/routines/${encodeURIComponent(id)}/`,
  assign: '/api/lpms/routines/assign/',
  doRoutines: '/api/lpms/do_routines/',
  doRoutine: (id: string) => `/api/lpms/do_routines/${encodeURIComponent(id)}/`,
  doTaskDone: (id: string) => `/api/lpms/do_tasks/${encodeURIComponent(id)}/done/`,
};

