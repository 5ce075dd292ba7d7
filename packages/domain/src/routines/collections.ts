/**
 * The routine's and the do-routine's child collections, declared once (see shared/collections.ts):
 * each has sets, and tasks that each sit in one of its sets (`parentLine`: a task names a set of its
 * own record, and removing a set removes its tasks). Their parent's id comes in the body, as the spec
 * sends it: POST /api/lpms/tasks/ {routine, set}.
 */
import { z } from 'zod';
import { defineCollection, type CollectionDef, type FieldSpec } from '../shared/collections.ts';
import { flag, id, text } from '../shared/fields.ts';
import { DO_TASK_DONE, DO_TASK_REOPENED } from './events.ts';

type Naming = Pick<CollectionDef, 'name' | 'entity' | 'aggregate' | 'parentField' | 'parentFrom' | 'noun'> & { path: string };

const setFields = { name: text(200), notes: text(2000) };
const taskFields = { set: id(), name: text(500), notes: text(2000) };

/** A checklist's sets: a name and notes. */
const defineSets = ({ path, ...o }: Naming) =>
  defineCollection({
    ...o,
    schema: z.object(setFields),
    stamps: { createdDate: 'created_date' },
    routes: { list: `/lpms/${path}/`, item: `/lpms/${path}/:id` },
    fields: [
      { name: 'name', label: 'Set', kind: 'text', width: 220 },
      { name: 'notes', label: 'Notes', kind: 'text', width: 260 },
      { name: 'created_date', label: 'Created', kind: 'date', readOnly: true },
    ],
  });

/** A checklist's tasks, each in one of the record's own sets (`set`). */
const defineTasks = ({ path, ...o }: Naming, sets: CollectionDef, more: Partial<CollectionDef> & { fields: FieldSpec[] }) =>
  defineCollection({
    ...o,
    schema: z.object(taskFields),
    stamps: { createdDate: 'created_date' },
    parentLine: { collection: sets.name, field: 'set', noun: 'set' },
    routes: { list: `/lpms/${path}/`, item: `/lpms/${path}/:id` },
    ...more,
  });

const routineParent = { aggregate: 'routine', parentField: 'routine', parentFrom: { body: ['routine'] } } as const;
// The spec's client sends a do-routine's lines with {routine, set}; {do_routine, do_set} are read too.
const doRoutineParent = { aggregate: 'do_routine', parentField: 'do_routine', parentFrom: { body: ['do_routine', 'routine'] } } as const;

/** A routine's sets: POST /api/lpms/sets/ {routine}. */
export const routineSets = defineSets({ ...routineParent, name: 'routine_sets', entity: 'RoutineSet', noun: 'set', path: 'sets' });

/** A routine's tasks, each in one of its sets: POST /api/lpms/tasks/ {routine, set}. */
export const routineTasks = defineTasks({ ...routineParent, name: 'routine_tasks', entity: 'RoutineTask', noun: 'task', path: 'tasks' }, routineSets, {
  fields: [
    { name: 'name', label: 'Task', kind: 'text', width: 260 },
    { name: 'notes', label: 'Notes', kind: 'text', width: 260 },
    { name: 'created_date', label: 'Created', kind: 'date', readOnly: true },
  ],
});

/** A do-routine's sets: POST /api/lpms/do_sets/ {do_routine} (or {routine}). */
export const doSets = defineSets({ ...doRoutineParent, name: 'do_sets', entity: 'DoSet', noun: 'do-set', path: 'do_sets' });

/**
 * A do-routine's tasks: POST /api/lpms/do_tasks/ {routine, set} as the spec sends it ({do_routine,
 * do_set} too). Ticking done is a rule (DoTaskDone / DoTaskReopened): done_by and done_at are the
 * server's, never the client's.
 */
export const doTasks = defineTasks({ ...doRoutineParent, name: 'do_tasks', entity: 'DoTask', noun: 'do-task', path: 'do_tasks' }, doSets, {
  aliases: { do_set: 'set' },
  ruleEvents: [DO_TASK_DONE, DO_TASK_REOPENED],
  schema: z.object({ ...taskFields, done: flag() }),
  defaults: { done: false, done_by: null, done_at: null },
  fields: [
    { name: 'done', label: 'Done', kind: 'flag', width: 50 },
    { name: 'name', label: 'Task', kind: 'text', width: 260 },
    { name: 'notes', label: 'Notes', kind: 'text', width: 220 },
    { name: 'done_by', label: 'Done by', kind: 'text', readOnly: true },
    { name: 'done_at', label: 'Done at', kind: 'text', readOnly: true },
  ],
});

export const routineCollections = [routineSets, routineTasks];
export const doRoutineCollections = [doSets, doTasks];
