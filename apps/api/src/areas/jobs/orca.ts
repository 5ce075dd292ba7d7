/**
 * ORCA job calls (spec 2 sections 5, 7 and 8; docs/jobs.md "ORCA jobs"): what the generic collection
 * routes cannot know. Look-ups in Settings before a write (a task's coordinator by code, a CIBE line's
 * SVA code), the messages of the CIBE rules, a task with its lines, many CIBE lines at once, and the
 * CIBE email generated from the lines that differ. Every write is still the job's line commands.
 */
import { z } from 'zod';
import { waitForLists } from '@trenchline/platform';
import {
  bindTask,
  cibeEmail,
  cibeLineOrder,
  collection as collectionDef,
  id as idField,
  insertedMessage,
  jobLinesAsShown,
  linesOf,
  numberNewLine,
  parseLineValues,
  ref,
  svaFill,
  taskHistory,
  taskOfLine,
  zeroedMessage,
  type JobState,
  type Line,
} from '@trenchline/domain';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { today } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { reply, type Reply, type RouteDef, type RouteRequest } from '../../platform/routes.ts';
import { lineEdit, parentOfLine, stripClientOnly } from '../../platform/record-routes.ts';
import { checkEdit, executeCommand, lineReply, loadRecord, recordHistory, writeReply } from '../../platform/records.ts';
import { coordinatorFillFor, jobRecord } from './jobs.ts';

const cibeItems = collectionDef('job_cibe_items');
const tasks = collectionDef('job_tasks');

/** A write's answer with what the rule says to the user (spec 2 section 8), when it says something. */
function withMessage(answer: unknown, message: string | null): unknown {
  if (!message) return answer;
  const r = answer as Reply;
  return reply({ ...r, body: { ...(r.body as Record<string, unknown>), message } });
}

// ---- look-ups in Settings ------------------------------------------------------------------------

/** The SVA code of Settings > SVA codes a line names (trimmed, case ignored), or null. */
async function svaCodeNamed(ctx: ApiContext, actor: Actor, code: unknown): Promise<Line | null> {
  const key = typeof code === 'string' ? code.trim() : '';
  if (!key) return null;
  const find = () =>
    ctx
      .db('collection_lines')
      .where({ account_id: actor.accountId, collection: 'sva_codes', removed: false })
      .whereRaw("lower(trim(line->>'code')) = lower(?)", [key])
      .first('line');
  let row = await find();
  if (!row) {
    // A code added a moment ago may not be in the read model yet: on a miss, wait for it (at most 2 s) and look again.
    const last = await ctx.store.lastPosition();
    if (last && (await waitForLists(ctx, ['collection_lines'], last))) row = await find();
  }
  return (row?.line as Line | undefined) ?? null;
}

/** A task's body with the coordinator fields its code gives (spec 2 section 5, jobs.ts coordinatorFillFor). */
export async function withCoordinator(ctx: ApiContext, actor: Actor, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  return { ...body, ...(await coordinatorFillFor(ctx, actor, body.coordinator_code, undefined, { clears: true })) };
}

/**
 * An edit of one line whose rule fills fields from Settings: the author's values are merged by field
 * first (a body sent back whole changes only what its author changed), then `fill` adds what the rule
 * gives for those changes. So the filled fields are the server's, not the author's: a later save from
 * the author's kept object, which never held them, leaves them be (concurrency.ts EditedMark).
 */
async function editLineFilled(req: RouteRequest, ctx: ApiContext, now: LineEditNow, fill: (changes: Record<string, unknown>) => Record<string, unknown>) {
  const { def, edit, jobId, job } = now;
  // The job as just loaded for the edit: the write decides on it (one read of the job per save, not two).
  const r = await executeCommand<JobState>(ctx, req.actor, 'job', jobId, { ...edit, command: (v) => edit.command({ ...v, ...fill(v) }) }, { loaded: job });
  return lineReply(r.state, def.name, req.params.id, r, 200, { today: today(ctx) });
}

/** The line of a collection as it stands now, with the job holding it. */
async function lineNow(ctx: ApiContext, actor: Actor, collection: string, lineId: string) {
  const jobId = await parentOfLine(ctx, actor, collectionDef(collection), lineId);
  const job = await loadRecord<JobState>(ctx, actor, 'job', jobId);
  return { jobId, job, line: job.state.lines[collection]?.[lineId] };
}

type LineEditNow = Awaited<ReturnType<typeof lineEditNow>>;

/**
 * A line's PUT checked against its job as it stands (409, 410 or 404 now, as the write would answer),
 * with the job loaded once for both the route's look-ups and the write.
 */
async function lineEditNow(req: RouteRequest, ctx: ApiContext, def: ReturnType<typeof collectionDef>) {
  const jobId = await parentOfLine(ctx, req.actor, def, req.params.id);
  const edit = lineEdit(def, req.params.id, parseLineValues(def, stripClientOnly(req.body, def), true), req.baseVersion);
  const job = await checkEdit<JobState>(ctx, req.actor, 'job', jobId, edit);
  return { def, edit, jobId, job, line: job.state.lines[def.name]?.[req.params.id] };
}

// ---- routes -------------------------------------------------------------------------------------

const bulkBody = z.object({
  action: z.enum(['zero', 'delete', 'assign_task'], { message: 'must be zero, delete or assign_task' }),
  ids: z.array(idField(), { message: 'must be a list of CIBE line ids' }).min(1, 'choose at least one line').max(10_000),
  job_task: ref({ line: 'job_tasks' }),
});
const BULK_DONE = { zero: 'zeroed', delete: 'deleted', assign_task: 'moved' } as const;

/**
 * The ORCA routes, given the generic ones they stand in front of (same method and path): each looks
 * up what it needs, then writes through the job's commands: the generic route's, or (a task's or CIBE
 * line's PUT) the same edit with the look-up's fields applied after the merge (editLineFilled).
 */
export function orcaRoutes(generic: (method: RouteDef['method'], path: string) => RouteDef): RouteDef[] {
  return [
    {
      method: 'get',
      path: '/jobs/tasks/:id/history',
      summary: "An ORCA task's history: the job's entries for the task and for each line while it belonged to the task",
      handle: async ({ actor, params }, ctx) => {
        const jobId = await parentOfLine(ctx, actor, tasks, params.id);
        return taskHistory(await recordHistory(ctx, actor, 'job', jobId), params.id);
      },
    },
    {
      method: 'get',
      path: '/jobs/tasks/:id',
      summary: "An ORCA task as its page shows it: its fields, totals and lines (spec 2 section 3's nested lists), with its job's number, title and version; ?as_of=<ISO time> as it stood then",
      query: z.object({ as_of: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).optional() }).loose(),
      handle: async ({ actor, params, query }, ctx) => {
        const jobId = await parentOfLine(ctx, actor, tasks, params.id);
        const job = await loadRecord<JobState>(ctx, actor, 'job', jobId, { asOf: query.as_of ? new Date(query.as_of).toISOString() : undefined });
        const line = job.state.lines.job_tasks?.[params.id];
        if (!line) throw notFound(tasks.noun);
        const shown = jobLinesAsShown(job.state.lines, today(ctx)).job_tasks[params.id];
        const view = jobRecord(ctx, job.state) as Record<string, unknown>;
        const jobOf = { id: view.id, account_job_number: view.account_job_number, job_number: view.job_number, title: view.title, form_type: view.form_type, customer: view.customer, version: job.version };
        return { ...linesOf({ job_tasks: { [params.id]: shown } }, tasks.name)[0], version: line.version ?? job.version, job_ref: jobOf, ...(query.as_of ? { as_of: query.as_of } : {}) };
      },
    },
    {
      method: 'post',
      path: '/jobs/:id/tasks',
      summary: 'Add a task {job, task_id?}: without task_id the next one (first 1.1, then the highest + 0.1); a duplicate is a 409 naming task_id. A coordinator_code of Settings fills the coordinator fields',
      references: tasks.schema,
      handle: async (req, ctx) => generic('post', '/jobs/:id/tasks').handle({ ...req, body: await withCoordinator(ctx, req.actor, (req.body ?? {}) as Record<string, unknown>) }, ctx),
    },
    {
      method: 'put',
      path: '/jobs/tasks/:id',
      summary: "Edit a task (sent back whole is fine); a changed coordinator_code fills the coordinator fields from Settings > SVA coordinators, a removed one clears them; a changed task_id moves its lines' task_id",
      references: tasks.schema,
      handle: async (req, ctx) => {
        const now = await lineEditNow(req, ctx, tasks);
        const code = ((req.body ?? {}) as Record<string, unknown>).coordinator_code;
        const fill = now.line ? await coordinatorFillFor(ctx, req.actor, code, now.line.coordinator_code ?? null, { clears: true }) : {};
        // The look-up's fields apply when the merged edit still changes the code.
        return editLineFilled(req, ctx, now, (v) => ('coordinator_code' in v ? fill : {}));
      },
    },
    {
      method: 'post',
      path: '/jobs/:id/cibeitems',
      summary: "Add a CIBE line: a line_number another line of its sheet holds inserts it there ('Line {n} inserted'), the others move down; an SVA code fills description and price",
      references: cibeItems.schema,
      handle: async (req, ctx) => {
        const body = stripClientOnly(req.body, cibeItems);
        const values = parseLineValues(cibeItems, body, true);
        const job = await loadRecord<JobState>(ctx, req.actor, 'job', req.params.id);
        const bound = bindTask(values, job.state.lines.job_tasks);
        const sheet = Object.values(job.state.lines.job_cibe_items ?? {}).filter((l) => taskOfLine(l) === String(bound.job_task ?? ''));
        const n = numberNewLine(sheet, values.line_number);
        const filled = { ...body, ...svaFill(undefined, values, await svaCodeNamed(ctx, req.actor, values.issued_item_code)) };
        const answer = await generic('post', '/jobs/:id/cibeitems').handle({ ...req, body: filled }, ctx);
        return withMessage(answer, n.inserted ? insertedMessage(n.line_number) : null);
      },
    },
    {
      method: 'put',
      path: '/jobs/cibeitems/:id',
      summary: "Edit a CIBE line; a new SVA code fills description and price; line_zeroed true zeroes it (CibeLineZeroed: '{code} Quantity {qty} changed to 0')",
      references: cibeItems.schema,
      handle: async (req, ctx) => {
        const now = await lineEditNow(req, ctx, cibeItems);
        const { line } = now;
        const values = now.edit.values;
        const code = line ? await svaCodeNamed(ctx, req.actor, values.issued_item_code) : null;
        // The code's description and price apply when the merged edit still changes the code.
        const answer = await editLineFilled(req, ctx, now, (v) => svaFill(line, v, code));
        const zeroed = line && values.line_zeroed === true && line.line_zeroed !== true;
        return withMessage(answer, zeroed ? zeroedMessage(line) : null);
      },
    },
    {
      method: 'post',
      path: '/jobs/cibeitems/:id/zero',
      summary: "Zero a CIBE line (CibeLineZeroed): line_zeroed true, CIBE qty 0, message '{code} Quantity {qty} changed to 0'",
      handle: async ({ actor, params }, ctx) => {
        const { jobId, line } = await lineNow(ctx, actor, cibeItems.name, params.id);
        // Followed as an edit of the line, so a line deleted already is a 410 saying by whom (as its PUT).
        const r = await executeCommand<JobState>(ctx, actor, 'job', jobId, { ...lineEdit(cibeItems, params.id, {}), command: () => ({ type: 'ChangeCibeLines', action: 'zero', ids: [params.id] }) });
        return lineReply(r.state, cibeItems.name, params.id, r, 200, { extra: { message: zeroedMessage(line!) } });
      },
    },
    {
      method: 'post',
      path: '/jobs/:id/cibeitems/bulk',
      summary: 'Zero, delete or move to a task (job_task; null for the job) many CIBE lines at once {action, ids}: one append; answers the job\'s CIBE lines after it',
      body: bulkBody,
      handle: async ({ actor, params, body }, ctx) => {
        const b = body as z.infer<typeof bulkBody>;
        const r = await executeCommand<JobState>(ctx, actor, 'job', params.id, { type: 'ChangeCibeLines', action: b.action, ids: b.ids, job_task: b.job_task ?? null });
        const results = cibeLineOrder(linesOf(jobLinesAsShown(r.state.lines, today(ctx)), cibeItems.name));
        const n = new Set(b.ids).size;
        return writeReply({ results, message: `${n} CIBE line${n === 1 ? '' : 's'} ${BULK_DONE[b.action]}` }, r.version, r.position);
      },
    },
    {
      method: 'post',
      path: '/jobs/:id/cibe_emails',
      summary: "Add a CIBE email; without email_body it is generated from the CIBE lines that differ (the task's when job_task or task_id is sent, else the job's): subject, body, amount",
      references: collectionDef('job_cibe_emails').schema,
      handle: async (req, ctx) => {
        const body = stripClientOnly(req.body, collectionDef('job_cibe_emails'));
        if (typeof body.email_body === 'string' && body.email_body.trim()) return generic('post', '/jobs/:id/cibe_emails').handle(req, ctx);
        const values = parseLineValues(collectionDef('job_cibe_emails'), body, true);
        const job = await loadRecord<JobState>(ctx, req.actor, 'job', req.params.id);
        const bound = bindTask(values, job.state.lines.job_tasks);
        const task = bound.job_task ? job.state.lines.job_tasks?.[String(bound.job_task)] : null;
        const lines = Object.values(job.state.lines.job_cibe_items ?? {}).filter((l) => !task || taskOfLine(l) === task.id);
        const email = cibeEmail({ job: jobRecord(ctx, job.state) as Record<string, unknown>, task, lines });
        if (!email) throw badRequest({ [task ? 'job_task' : 'job']: 'no CIBE line differs from its issued quantity' }, 'No CIBE line differs from its issued quantity');
        return generic('post', '/jobs/:id/cibe_emails').handle({ ...req, body: { ...body, ...email } }, ctx);
      },
    },
  ];
}
