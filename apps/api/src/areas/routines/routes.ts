/**
 * Routine calls of spec 1 section 7 under /api/lpms/. The records' and their lines' routes
 * (POST/GET/PUT/DELETE, history, ?as_of, sets, tasks, do_sets, do_tasks) come from recordRoutes and
 * the collection registry; here are the lists, the assignment and the tick of a do-task.
 */
import { z } from 'zod';
import { aggregates, doRoutineFields, id, routineCopyCounts, linesOf, doTasks, routineFields, type DoRoutineFields, type DoRoutineState, type RoutineState } from '@trenchline/domain';
import { defineRoutes } from '../../platform/routes.ts';
import { recordRoutes } from '../../platform/record-routes.ts';
import { executeCommand, lineReply, loadRecord, writeReply } from '../../platform/records.ts';
import { findRecord, newLineIds, newRecordId } from '../../platform/ids.ts';
import { today, type ApiContext, type Actor } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { listRecords } from '../../platform/lists.ts';
import type { Knex } from 'knex';
import { likeWord, searchWords } from '@trenchline/platform';

/** Every word of `q` in the row's search text: the list engine's rule (routines are not paged yet). */
const matchWords = (q: Knex.QueryBuilder, text: string | undefined) => {
  for (const word of searchWords(text)) q.whereRaw('search like ?', [likeWord(word)]);
};

const routineListQuery = z.object({ q: z.string().max(200).optional() }).loose();
const doRoutineListQuery = z
  .object({
    q: z.string().max(200).optional(),
    routine: id().optional(),
    status: z.enum(['Not started', 'In progress', 'Done', 'open']).optional(),
  })
  .loose();

/** The spec sends `selected_routine` (an id, or the routine itself); `routine` is accepted too. */
const routineRef = z.preprocess((v) => (v && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v), id());
const assignBody = doRoutineFields
  .pick({ assigned_to: true, due_date: true, location: true, notes: true, name: true })
  .extend({ selected_routine: routineRef.optional(), routine: routineRef.optional() })
  .refine((b) => b.selected_routine !== undefined || b.routine !== undefined, { message: 'is required', path: ['selected_routine'] });

/** The do-task's do-routine, by the line's own id, scoped to the account (404 otherwise). */
async function doRoutineOfTask(ctx: ApiContext, actor: Actor, lineId: string) {
  const rec = /^\d{1,18}$/.test(lineId) ? await findRecord(ctx, lineId, actor.accountId) : null;
  if (!rec || rec.kind !== doTasks.name) throw notFound('do-task');
  return rec.streamId.slice('do_routine-'.length);
}

async function tick(ctx: ApiContext, actor: Actor, lineId: string, done: boolean) {
  const parentId = await doRoutineOfTask(ctx, actor, lineId);
  const r = await executeCommand(ctx, actor, 'do_routine', parentId, { type: 'TickDoTask', lineId, done });
  return lineReply(r.state, doTasks.name, lineId, r);
}

/** Copy a routine into a new do-routine, its sets and tasks under new ids, in one append (the seed uses it too). */
export async function assignRoutine(ctx: ApiContext, actor: Actor, routineId: string, values: DoRoutineFields) {
  const routine = await loadRecord<RoutineState>(ctx, actor, 'routine', routineId);
  const doRoutineId = await newRecordId(ctx, actor.accountId, 'do_routine');
  const counts = routineCopyCounts(linesOf(routine.state.lines, 'routine_sets'), linesOf(routine.state.lines, 'routine_tasks'));
  const setIds = counts.sets ? await newLineIds(ctx, actor.accountId, 'do_sets', 'do_routine', doRoutineId, counts.sets) : [];
  const taskIds = counts.tasks ? await newLineIds(ctx, actor.accountId, 'do_tasks', 'do_routine', doRoutineId, counts.tasks) : [];
  return executeCommand<DoRoutineState>(ctx, actor, 'do_routine', doRoutineId, { type: 'AssignRoutine', doRoutineId, routine: routine.state, setIds, taskIds, values }, { create: true });
}

export const routineRoutes = defineRoutes('routines', [
  {
    method: 'get',
    path: '/lpms/routines',
    summary: 'Routines, newest first, each with routine_sets and their set_tasks (?q= free text)',
    query: routineListQuery,
    readsLists: ['routines'],
    handle: ({ actor, query }, ctx) =>
      listRecords(ctx, actor, 'routine', (q) => {
        matchWords(q, query.q);
        q.orderBy('id', 'desc');
      }),
  },
  {
    method: 'post',
    path: '/lpms/routines/assign',
    summary: 'Copy a routine (selected_routine) into a new do-routine with its sets and tasks, in one append (DoRoutineAssigned, DoSetAdded, DoTaskAdded)',
    body: assignBody,
    handle: async ({ actor, body }, ctx) => {
      const { selected_routine, routine, ...values } = body as Record<string, unknown>;
      const r = await assignRoutine(ctx, actor, (selected_routine ?? routine) as string, values as DoRoutineFields);
      return writeReply(aggregates.do_routine.view(r.state, today(ctx)), r.version, r.position, 201);
    },
  },
  {
    method: 'get',
    path: '/lpms/do_routines',
    summary: 'Do-routines, soonest due first, each with do_routine_sets and their do_set_tasks (?q=, ?routine=<id>, ?status=Not started|In progress|Done|open)',
    query: doRoutineListQuery,
    readsLists: ['do_routines'],
    handle: ({ actor, query }, ctx) =>
      listRecords(ctx, actor, 'do_routine', (q) => {
        matchWords(q, query.q);
        if (query.routine) q.where('routine_id', query.routine);
        if (query.status === 'open') q.whereNot('status', 'Done');
        else if (query.status) q.where('status', query.status);
        q.orderByRaw('due_date asc nulls last, id desc');
      }),
  },
  {
    method: 'post',
    path: '/lpms/do_tasks/:id/done',
    summary: 'Tick a do-task done (DoTaskDone): done_by is the user, done_at the server time; ticking a done task again changes nothing',
    handle: ({ actor, params }, ctx) => tick(ctx, actor, params.id, true),
  },
  {
    method: 'delete',
    path: '/lpms/do_tasks/:id/done',
    summary: 'Reopen a done do-task (DoTaskReopened): done, done_by and done_at cleared',
    handle: ({ actor, params }, ctx) => tick(ctx, actor, params.id, false),
  },
  ...recordRoutes({
    aggregate: 'routine',
    base: '/lpms/routines/:id',
    fields: routineFields,
    create: { path: '/lpms/routines', summary: 'Create a routine (the spec posts an empty body)' },
  }),
  ...recordRoutes({
    aggregate: 'do_routine',
    base: '/lpms/do_routines/:id',
    fields: doRoutineFields,
    create: { path: '/lpms/do_routines', summary: 'Create a do-routine by hand (the spec posts an empty body)' },
  }),
]);
