/**
 * Routines and do-routines are one kind of screen: a record with its own fields and its sets, each
 * with its tasks. What differs between them is declared here once; the requests, the drawer and the
 * history read it.
 */
import { DO_ROUTINE_FIELD_NAMES, doSets, doTasks, ROUTINE_FIELD_NAMES, routineSets, routineTasks, type CollectionDef, type FieldSpec } from '@trenchline/domain';
import type { StoodView } from '../../components/record/AsItStood';
import { streamRecord, type RecordRef } from '../../components/record/recordRef';
import { doRoutineKey, doRoutinesKey, doRoutineStream, routineKey, routinesKey, routineStream, url, type DoRoutine, type Routine } from './api/types';
import { DO_ROUTINE_FORM, ROUTINE_FORM } from './fields';
import { DO_ROUTINE_SHAPE, ROUTINE_SHAPE, type Shape } from './logic';
import { doRoutineAsItStood, routineAsItStood } from './components/SetsAsTheyStood';

export interface RoutineKind<T extends { id: string }> {
  /** In sentences and confirmations: 'routine', 'do-routine'. */
  noun: 'routine' | 'do-routine';
  /** The drawer's title. */
  title: string;
  /** The live list it belongs to. */
  list: 'routines' | 'do_routines';
  listKey: readonly string[];
  listUrl: string;
  url: (id: string) => string;
  key: (id: string) => readonly [string, string];
  stream: (id: string) => string;
  /** Its history and past. */
  record: (id: string) => RecordRef;
  /** The fields a save sends, and the form that edits them. */
  fieldNames: readonly string[];
  form: FieldSpec[];
  shape: Shape;
  setDef: CollectionDef;
  taskDef: CollectionDef;
  /** The optimistic row of a record the server has not answered yet. */
  blank: (id: string, over?: Partial<T>) => T;
  savedMessage: string;
  /** Do-routines: tasks are ticked done, and failed saves say so (spec 1 section 8 keeps a routine's silent). */
  doTasks: boolean;
  asItStood: StoodView<T>;
}

export const ROUTINE: RoutineKind<Routine> = {
  noun: 'routine',
  title: 'Routine',
  list: 'routines',
  listKey: routinesKey,
  listUrl: url.routines,
  url: url.routine,
  key: routineKey,
  stream: routineStream,
  record: (id) => streamRecord(url.routine(id), routineStream(id)),
  fieldNames: ROUTINE_FIELD_NAMES,
  form: ROUTINE_FORM,
  shape: ROUTINE_SHAPE,
  setDef: routineSets,
  taskDef: routineTasks,
  blank: (id, over = {}) => ({
    id,
    name: null,
    description: null,
    category: null,
    frequency: null,
    created_date: null,
    last_updated: null,
    set_count: 0,
    task_count: 0,
    routine_sets: [],
    pending: true,
    ...over,
  }),
  savedMessage: 'Routine successfully saved!',
  doTasks: false,
  asItStood: routineAsItStood,
};

export const DO_ROUTINE: RoutineKind<DoRoutine> = {
  noun: 'do-routine',
  title: 'Do-routine',
  list: 'do_routines',
  listKey: doRoutinesKey,
  listUrl: url.doRoutines,
  url: url.doRoutine,
  key: doRoutineKey,
  stream: doRoutineStream,
  record: (id) => streamRecord(url.doRoutine(id), doRoutineStream(id)),
  fieldNames: DO_ROUTINE_FIELD_NAMES,
  form: DO_ROUTINE_FORM,
  shape: DO_ROUTINE_SHAPE,
  setDef: doSets,
  taskDef: doTasks,
  blank: (id, over = {}) => ({
    id,
    routine: null,
    name: null,
    description: null,
    category: null,
    frequency: null,
    assigned_to: null,
    due_date: null,
    location: null,
    notes: null,
    created_date: null,
    last_updated: null,
    tasks_total: 0,
    tasks_done: 0,
    status: 'Not started',
    completed_at: null,
    due_days_away: null,
    due_colour: null,
    do_routine_sets: [],
    pending: true,
    ...over,
  }),
  savedMessage: 'Do Routine successfully saved!',
  doTasks: true,
  asItStood: doRoutineAsItStood,
};
