/** The routine's and the do-routine's child collections, declared once (see shared/collections.ts). */
import { z } from 'zod';
import { defineCollection } from '../shared/collections.ts';
import { flag, id, text } from '../shared/fields.ts';
import { DO_TASK_DONE, DO_TASK_REOPENED } from './events.ts';

/** A routine's sets: POST /api/lpms/sets/ {routine}. */
export const routineSets = defineCollection({
  name: 'routine_sets',
  entity: 'RoutineSet',
  aggregate: 'routine',
  parentField: 'routine',
  parentFrom: { body: ['routine'] },
  noun: 'set',
  schema: z.object({
    name: text(200),
    notes: text(2000),
  }),
  stamps: { createdDate: 'created_date' },
  routes: { list: '/lpms/sets/', item: '/lpms/sets/:id' },
  fields: [
    { name: 'name', label: 'Set', kind: 'text', width: 220 },
    { name: 'notes', label: 'Notes', kind: 'text', width: 260 },
    { name: 'created_date', label: 'Created', kind: 'date', readOnly: true },
  ],
});

/** A routine's tasks, each in one of its sets: POST /api/lpms/tasks/ {routine, set}. */
export const routineTasks = defineCollection({
  name: 'routine_tasks',
  entity: 'RoutineTask',
  aggregate: 'routine',
  parentField: 'routine',
  parentFrom: { body: ['routine'] },
  noun: 'task',
  schema: z.object({
    set: id(),
    name: text(500),
    notes: text(2000),
  }),
  stamps: { createdDate: 'created_date' },
  routes: { list: '/lpms/tasks/', item: '/lpms/tasks/:id' },
  fields: [
    { name: 'name', label: 'Task', kind: 'text', width: 260 },
    { name: 'notes', label: 'Notes', kind: 'text', width: 260 },
    { name: 'created_date', label: 'Created', kind: 'date', readOnly: true },
  ],
});

/** A do-routine's sets: POST /api/lpms/do_sets/ {do_routine} (or {routine}). */
export const doSets = defineCollection({
  name: 'do_sets',
  entity: 'DoSet',
  aggregate: 'do_routine',
  parentField: 'do_routine',
  parentFrom: { body: ['do_routine', 'routine'] },
  noun: 'do-set',
  schema: z.object({
    name: text(200),
    notes: text(2000),
  }),
  stamps: { createdDate: 'created_date' },
  routes: { list: '/lpms/do_sets/', item: '/lpms/do_sets/:id' },
  fields: [
    { name: 'name', label: 'Set', kind: 'text', width: 220 },
    { name: 'notes', label: 'Notes', kind: 'text', width: 260 },
    { name: 'created_date', label: 'Created', kind: 'date', readOnly: true },
  ],
});

/**
 * A do-routine's tasks: POST /api/lpms/do_tasks/ {routine, set} as the spec sends it ({do_routine,
 * do_set} too). Ticking done is a rule (DoTaskDone / DoTaskReopened): done_by and done_at are the
 * server's, never the client's.
 */
export const doTasks = defineCollection({
  name: 'do_tasks',
  entity: 'DoTask',
  aggregate: 'do_routine',
  parentField: 'do_routine',
  parentFrom: { body: ['do_routine', 'routine'] },
  aliases: { do_set: 'set' },
  ruleEvents: [DO_TASK_DONE, DO_TASK_REOPENED],
  noun: 'do-task',
  schema: z.object({
    set: id(),
    name: text(500),
    notes: text(2000),
    done: flag(),
  }),
  defaults: { done: false, done_by: null, done_at: null },
  stamps: { createdDate: 'created_date' },
  routes: { list: '/lpms/do_tasks/', item: '/lpms/do_tasks/:id' },
  fields: [
    { name: 'done', label: 'Done', kind: 'flag', width: 50 },
    { name: 'name', label: 'Task', kind: 'text', width: 260 },
    { name: 'notes', label: 'Notes', kind: 'text', width: 220 },
    { name: 'done_by', label: 'Done by', kind: 'text', readOnly: true },
    { name: 'done_at', label: 'Done at', kind: 'text', readOnly: true },
  ],
});
