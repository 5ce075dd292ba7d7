/**
 * What a routine's or do-routine's history shows of the record as it stood at an entry's time
 * (GET <record>?as_of=): its fields as label/value text and its sets with their tasks. Pure, so it is
 * unit tested (asItStood.test.ts).
 */
import { textAsOf as text, type StoodField } from '../../components/record/asItStoodLogic';
import { showDate, showDateTime } from '../../lib/dates';
import type { DoRoutine, DoSet, DoTask, Routine, RoutineSet } from './api/types';
import { progressOf } from './logic';

export type { StoodField };

/** One task as it stood; `done` and `doneBy` only for a do-task. */
export interface StoodTask {
  id: string;
  name: string;
  notes: string;
  done?: boolean;
  /** 'Robin Office · 11/22/2026 14:05' for a ticked do-task, '' otherwise. */
  doneBy?: string;
}

/** One set as it stood, with its tasks; `done` counts ticked do-tasks. */
export interface StoodSet {
  id: string;
  name: string;
  tasks: StoodTask[];
  done?: number;
}

/** A routine's name, category and frequency, and its description when it had one. */
export function routineFieldsAsOf(r: Routine): StoodField[] {
  const fields: StoodField[] = [
    { name: 'name', label: 'Name', value: text(r.name) },
    { name: 'category', label: 'Category', value: text(r.category) },
    { name: 'frequency', label: 'Frequency', value: text(r.frequency) },
  ];
  if (r.description) fields.push({ name: 'description', label: 'Description', value: String(r.description) });
  return fields;
}

/** A do-routine's fields, status and progress ('2 / 3'); when it was completed, if it was. */
export function doRoutineFieldsAsOf(d: DoRoutine): StoodField[] {
  const fields: StoodField[] = [
    { name: 'name', label: 'Name', value: text(d.name) },
    { name: 'assigned_to', label: 'Assigned to', value: text(d.assigned_to) },
    { name: 'due_date', label: 'Due date', value: text(showDate(d.due_date)) },
    { name: 'location', label: 'Location', value: text(d.location) },
    { name: 'category', label: 'Category', value: text(d.category) },
    { name: 'frequency', label: 'Frequency', value: text(d.frequency) },
    { name: 'status', label: 'Status', value: text(d.status) },
    { name: 'progress', label: 'Progress', value: progressOf(d.tasks_done ?? 0, d.tasks_total ?? 0).label },
  ];
  if (d.completed_at) fields.push({ name: 'completed_at', label: 'Completed', value: showDateTime(d.completed_at) });
  if (d.description) fields.push({ name: 'description', label: 'Description', value: String(d.description) });
  if (d.notes) fields.push({ name: 'notes', label: 'Notes', value: String(d.notes) });
  return fields;
}

/** Who ticked a do-task and when, as the run screens show it. */
export const doneByOf = (t: Pick<DoTask, 'done' | 'done_by' | 'done_at'>) =>
  t.done ? [t.done_by ?? '…', t.done_at ? showDateTime(t.done_at) : ''].filter(Boolean).join(' · ') : '';

/** A routine's sets, each with its tasks, in the order the record keeps them. */
export const routineSetsAsOf = (r: Pick<Routine, 'routine_sets'>): StoodSet[] =>
  (r.routine_sets ?? []).map((s: RoutineSet) => ({
    id: s.id,
    name: s.name || 'Unnamed set',
    tasks: (s.set_tasks ?? []).map((t) => ({ id: t.id, name: t.name || 'Unnamed task', notes: t.notes ?? '' })),
  }));

/** A do-routine's sets, each with its do-tasks: ticked or not, who and when. */
export const doRoutineSetsAsOf = (d: Pick<DoRoutine, 'do_routine_sets'>): StoodSet[] =>
  (d.do_routine_sets ?? []).map((s: DoSet) => {
    const tasks = (s.do_set_tasks ?? []).map((t) => ({ id: t.id, name: t.name || 'Unnamed task', notes: t.notes ?? '', done: Boolean(t.done), doneBy: doneByOf(t) }));
    return { id: s.id, name: s.name || 'Unnamed set', tasks, done: tasks.filter((t) => t.done).length };
  });
