/**
 * What the locate calls do beyond the generic record routes (docs/locates.md): the account's locate
 * rules every date rule reads, creation (locateRecord) and edits under those rules, the assignment to a job and task
 * (checked and filled from the job), re-ups, the first open, crews from Settings, and the watch's
 * read side: the expiring view's date, the coverage of a job and its tasks, and the warning for
 * production entered on a segment whose locates have expired.
 */
import {
  DomainError,
  linesOf,
  locateFields,
  locateRulesOf,
  missingLocateWarning,
  productionLocateWarning,
  reUpDueBy,
  reUpFields,
  workPlanned,
  type CatalogState,
  type JobState,
  type LocateFields,
  type LocateRules,
  type LocateSettingsState,
  type LocateState,
} from '@trenchline/domain';
import { waitForLists } from '@trenchline/platform';
import { locatesOfJobs } from '@trenchline/read-model';
import { today, type Actor, type ApiContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { findRecord, newLineIds } from '../../platform/ids.ts';
import { executeCommand, loadRecord } from '../../platform/records.ts';
import { RECORD_FIELDS, type RecordRoutesOptions } from '../../platform/record-routes.ts';
import { loadSingleton } from '../../platform/singletons.ts';
import { crewNamed } from '../jobs/jobs.ts';

/** The account's locate rules (Settings > Locates; the spec's until edited). */
export async function locateRules(ctx: ApiContext, actor: Actor): Promise<LocateRules> {
  return locateRulesOf((await loadSingleton<LocateSettingsState>(ctx, actor, 'locate_settings')).state);
}

/** The expiring view's bound today: a watched locate expiring on or before it is expiring. */
export async function expiringBy(ctx: ApiContext, actor: Actor, day = today(ctx)) {
  const rules = await locateRules(ctx, actor);
  return { due_by: reUpDueBy(day, rules), lead_days: rules.reup_lead_days, basis: rules.ticket_life_basis };
}

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * An assignment in a body, checked and completed: the task must be a task of the job (a task alone
 * names its job), and the job's number and the task's id are filled from them unless sent.
 */
export async function withAssignment(ctx: ApiContext, actor: Actor, body: Partial<LocateFields>): Promise<Partial<LocateFields>> {
  const out = { ...body };
  if (given(body.job_task_ref)) {
    const task = await findRecord(ctx, String(body.job_task_ref), actor.accountId);
    const taskJob = task?.kind === 'job_tasks' ? task.streamId.replace(/^job-/, '') : null;
    if (!taskJob) throw badRequest({ job_task_ref: 'no such task in your account' });
    if (given(body.job_ref) && String(body.job_ref) !== taskJob) throw badRequest({ job_task_ref: 'must be a task of the job job_ref names' });
    out.job_ref = taskJob;
  }
  if (given(out.job_ref) && (!given(body.account_job_number) || (given(body.job_task_ref) && !given(body.task_id)))) {
    const job = await loadRecord<JobState>(ctx, actor, 'job', String(out.job_ref));
    if (!given(body.account_job_number)) out.account_job_number = (job.state.fields.account_job_number as string | null) ?? null;
    if (given(body.job_task_ref) && !given(body.task_id)) out.task_id = (linesOf(job.state.lines, 'job_tasks').find((t) => t.id === String(body.job_task_ref))?.task_id as string | null) ?? null;
  }
  return out;
}

/** The locate as a record: a new one (from the list, a job or a task) is Active, New, its dates by the account's rules. */
export const locateRecord: RecordRoutesOptions = {
  aggregate: 'locate',
  base: '/locates/:id',
  fields: locateFields,
  create: {
    path: '/locates',
    summary: "Create a locate {form_type, locate_status, current_ticket_type, ...}: Active and New unless sent; from a job or task with job_ref / job_task_ref (checked, the job number and task id filled in); the expiry from the submission date by the account's rules",
    prepare: async (ctx, actor, body) => locateFields.parse(await withAssignment(ctx, actor, body)),
    carries: async (ctx, actor) => ({ rules: await locateRules(ctx, actor) }),
    withLines: true,
  },
};

/** An edit of the locate's fields (the whole locate may come back), merged by field; dates follow the rules. */
export async function saveLocate(ctx: ApiContext, actor: Actor, id: string, body: Partial<LocateFields>, baseVersion?: number) {
  await loadRecord(ctx, actor, 'locate', id); // 404 before any look-up
  const values = await withAssignment(ctx, actor, body);
  const rules = await locateRules(ctx, actor);
  return executeCommand<LocateState>(ctx, actor, 'locate', id, { part: RECORD_FIELDS, values, base: baseVersion, command: (v) => ({ type: 'ReviseLocate', values: v, rules }) });
}

/**
 * The Settings crew a locate crew line names (spec 3: "Locate crews: crew, crew_name"): by id (`crew`,
 * which wins when both are sent) or by name (`crew_name`, any case); each fills the other. An id that
 * is no active crew of the account is a 400 naming `crew`; no id and an empty or unknown name is 'Please
 * enter a Crew name' (spec 3 section 5).
 */
export async function locateCrew(ctx: ApiContext, actor: Actor, body: Record<string, unknown>): Promise<{ crew: string; crew_name: string }> {
  if (!given(body.crew)) return crewNamed(ctx, actor, body.crew_name);
  const id = String(body.crew);
  const crew = await loadRecord<CatalogState>(ctx, actor, 'crew', id).catch((e) => {
    if (e instanceof DomainError && e.code === 'not_found') return null;
    throw e;
  });
  if (!crew || crew.state.fields.active === false) throw badRequest({ crew: 'must be an active crew of Settings > Crews' }, `No active crew ${id} in Settings > Crews`);
  return { crew: id, crew_name: String(crew.state.fields.crew_name) };
}

/**
 * An edit of a locate crew line as a client sends it (the whole line may come back, with its `version`):
 * the crew it now names, told by what changed against the line as its author saw it (at that version,
 * else as it stands): a new `crew` id wins, else a new `crew_name` (any case); each is filled from the
 * Settings crew by `locateCrew`. Neither changed: both are left out. A line of another account, or none,
 * is left to the generic route (404, 410).
 */
export async function locateCrewEdit(ctx: ApiContext, actor: Actor, lineId: string, body: Record<string, unknown>, base?: number): Promise<Record<string, unknown>> {
  const found = await findRecord(ctx, lineId, actor.accountId);
  if (found?.kind !== 'locate_crews') return body;
  const part = { kind: 'line' as const, collection: 'locate_crews', lineId };
  const loaded = await loadRecord<LocateState>(ctx, actor, 'locate', found.streamId.replace(/^locate-/, ''), base === undefined ? {} : { follow: { part, since: base } });
  const seen = loaded.since?.base ?? loaded.state.lines.locate_crews?.[lineId];
  if (!seen) return body;
  const rest = Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'crew' && k !== 'crew_name'));
  const newId = given(body.crew) && String(body.crew) !== String(seen.crew ?? '');
  const newName = 'crew_name' in body && String(body.crew_name ?? '').trim().toLowerCase() !== String(seen.crew_name ?? '').trim().toLowerCase();
  if (newId) return { ...rest, ...(await locateCrew(ctx, actor, { crew: body.crew })) };
  if (newName) return { ...rest, ...(await locateCrew(ctx, actor, { crew_name: body.crew_name })) };
  return rest;
}

/**
 * A re-up: the new ticket into the history and the current fields (LocateReUpped). It replaces the
 * ticket its author saw: `seen` (If-Match) when sent, else the locate as read here, before its line ids
 * are handed out (so a re-up's ids always follow those of every re-up it saw). A re-up since is a 409
 * (`checkReplacesCurrent` in the domain); the command handler's retry after a lost race decides again
 * and meets it, so of two re-ups at once one is made.
 */
export async function reUpLocate(ctx: ApiContext, actor: Actor, id: string, body: unknown, seen?: number) {
  const values = reUpFields.parse(body ?? {});
  const loaded = await loadRecord<LocateState>(ctx, actor, 'locate', id);
  // A version from the future names nothing the author saw: the locate as read here is the base then.
  const base = seen === undefined ? loaded.version : Math.min(seen, loaded.version);
  const rules = await locateRules(ctx, actor);
  const lineIds = (await newLineIds(ctx, actor.accountId, 'locate_numbers', 'locate', id, 2)) as [string, string];
  const r = await executeCommand<LocateState>(ctx, actor, 'locate', id, { type: 'ReUpLocate', values, base, lineIds, today: today(ctx), rules });
  const added = lineIds.filter((l) => r.state.lines.locate_numbers?.[l]);
  return { ...r, lineId: added.at(-1) ?? null };
}

/** The coverage of a job and each of its tasks: whether work is planned, the live locates, the warning. */
export async function jobCoverage(ctx: ApiContext, actor: Actor, jobId: string) {
  const job = await loadRecord<JobState>(ctx, actor, 'job', jobId);
  const day = today(ctx);
  const locates = (await locatesOfJobs(ctx.db, actor.accountId, [jobId])).get(jobId) ?? [];
  const fields = job.state.fields as Record<string, unknown>;
  const crews = linesOf(job.state.lines, 'job_crews');
  const segments = linesOf(job.state.lines, 'job_segments');
  const planned = workPlanned({ crews: crews.map((c) => c.crew_name).filter(Boolean), planned_feet: segments.reduce((s, g) => s + (Number(g.feet) || 0), 0), work_status: fields.work_status, archived: fields.archived });
  const tasks = linesOf(job.state.lines, 'job_tasks').map((t) => {
    const taskCrews = crews.filter((c) => String(c.job_task ?? '') === t.id).map((c) => c.crew_name).filter(Boolean);
    const own = locates.filter((l) => l.job_task_ref === t.id);
    const taskPlanned = workPlanned({ crews: taskCrews, work_status: t.work_status, archived: fields.archived });
    return { job_task_ref: t.id, task_id: t.task_id ?? null, work_planned: taskPlanned, locates: own.length, locate_warning: missingLocateWarning(taskPlanned, own, day) };
  });
  return { job_id: jobId, work_planned: planned, locates: locates.length, locate_warning: missingLocateWarning(planned, locates, day), tasks };
}

/** The warning for a production line of a job (its segment, on its work date or today), or null. */
export async function productionWarning(ctx: ApiContext, actor: Actor, jobId: string, line: Record<string, unknown>): Promise<string | null> {
  // The locates as they stand now (a locate or its segment saved just before counts): the read model is
  // awaited up to the store's last event (at most 2 s, as a list's X-Min-Position), since the old client sends none.
  const last = await ctx.store.lastPosition();
  if (last) await waitForLists(ctx, ['locates'], last);
  const rows: { view: Record<string, unknown> }[] = await ctx.db('locates').where({ account_id: actor.accountId, job_ref: jobId }).whereRaw('not deleted').select('view');
  if (!rows.length) return null;
  const day = typeof line.work_date === 'string' && line.work_date ? line.work_date : today(ctx);
  return productionLocateWarning(line.segment_number, day, rows.map((r) => r.view));
}
