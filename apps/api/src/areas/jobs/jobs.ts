/**
 * What the job routes and the demo seed share: creating a job under the job counter's next number
 * (a job number is one job: the job aggregate's unique key), saving a job (with the coordinator
 * rules), and adding the lines that have rules of their own (assigned users, crews, work orders).
 * Every write goes through the job's commands.
 */
import { z } from 'zod';
import {
  aggregateDef,
  collection as collectionDef,
  coordinatorFill,
  DomainError,
  lastNameOf,
  linesOf,
  parseLineValues,
  uniqueKeyOf,
  type JobFields,
  type JobState,
  type Line,
} from '@trenchline/domain';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { today } from '../../platform/context.ts';
import { ConflictWithCurrent } from '@trenchline/platform';
import { HttpError, badRequest } from '../../platform/errors.ts';
import { RECORD_FIELDS } from '../../platform/record-routes.ts';
import { newLineIds, newRecordId } from '../../platform/ids.ts';
import { checkEdit, executeCommand, loadRecord, type Edit, type Executed } from '../../platform/records.ts';
import { holderOfKey } from '../../platform/unique-keys.ts';
import { nextNumberOf } from '../../platform/counters.ts';
import type { CatalogState } from '@trenchline/domain';

/** The job as clients see it, as of now. */
export const jobRecord = (ctx: ApiContext, state: JobState) => aggregateDef('job').view(state, today(ctx));

/**
 * A new job. `account_job_number` is the job counter's next number: always for POST /jobs/new/ (two
 * users never share one), or only when none is sent (POST /jobs/, the old bid path). A number another
 * job holds is a 409 naming account_job_number and nothing is written. A known coordinator code fills
 * the coordinator fields; an unknown one with a name adds that coordinator to Settings once the job is made.
 */
export async function createJob(ctx: ApiContext, actor: Actor, values: JobFields, o: { number: 'always' | 'when_missing' }): Promise<Executed<JobState>> {
  const given = values.account_job_number?.trim();
  const all = { ...values, ...(await coordinatorFillFor(ctx, actor, values.coordinator_code, undefined, { clears: false })) };
  const id = await newRecordId(ctx, actor.accountId, 'job');
  const r = await withJobNumber(ctx, actor, o.number === 'when_missing' && given ? given : null, (account_job_number) =>
    executeCommand<JobState>(ctx, actor, 'job', id, { type: 'CreateJob', jobId: id, values: { ...all, account_job_number } }, { create: true }),
  );
  return withCoordinatorAdded(r, await addUnknownCoordinator(ctx, actor, all, {}));
}

/** A job's write answered with the position of the coordinator it added after it, so the next read sees both. */
const withCoordinatorAdded = <R extends { position: string | null }>(r: R, added: { position: string | null } | null): R => (added?.position ? { ...r, position: added.position } : r);

/** A refusal of a job's claim on its number (the job aggregate's unique key): another job holds it. */
const jobNumberTaken = (e: unknown) => e instanceof DomainError && e.code === 'already_exists' && 'account_job_number' in e.fields;

/**
 * Make a job under a number: the one typed (held by another job: the 409 naming account_job_number),
 * else the job counter's next, which passes by numbers jobs hold already. A counter's number typed
 * on another job between its issue and this job's claim is passed by too: the next one is taken.
 */
export async function withJobNumber<T>(ctx: ApiContext, actor: Actor, typed: string | null, make: (accountJobNumber: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const number = typed ?? (await nextNumberOf(ctx, actor, 'job'));
    try {
      return await make(number);
    } catch (e) {
      if (typed || attempt >= 3 || !jobNumberTaken(e)) throw e;
    }
  }
}

/** The job whose account_job_number is `number` (case and spacing ignored), by its claim: a live job of the account, or null. */
export const jobNumbered = (ctx: ApiContext, actor: Actor, number: unknown): Promise<string | null> => holderOfKey(ctx, actor.accountId, 'job', number);

/**
 * Save a job's fields (all or some), merged by field from the version the client saw (see Edit). A
 * coordinator code the merged edit changes fills the coordinator fields from Settings (after the
 * merge, so they are the server's: concurrency.ts EditedMark); once saved, an unknown code with a name
 * adds that coordinator. A refused save (a conflict, a job number in use) adds none.
 */
export async function saveJob(ctx: ApiContext, actor: Actor, id: string, values: JobFields, baseVersion?: number): Promise<Executed<JobState>> {
  const probe: Edit = { part: RECORD_FIELDS, values, base: baseVersion, command: (v) => ({ type: 'ReviseJob', values: v }) };
  const loaded = await checkEdit<JobState>(ctx, actor, 'job', id, probe);
  const fill = await coordinatorFillFor(ctx, actor, values.coordinator_code, loaded.state.fields.coordinator_code, { clears: false });
  const edit: Edit = { ...probe, command: (v) => ({ type: 'ReviseJob', values: 'coordinator_code' in v ? { ...v, ...fill } : v }) };
  const r = await executeCommand<JobState>(ctx, actor, 'job', id, edit, { loaded });
  return withCoordinatorAdded(r, await addUnknownCoordinator(ctx, actor, values, loaded.state.fields));
}

// ---- coordinators (spec 2 section 5) -------------------------------------------------------------

/** The SVA coordinator of Settings with this code (its unique claim, read from its own stream), or null. */
export async function coordinatorOfCode(ctx: ApiContext, actor: Actor, code: unknown): Promise<Record<string, unknown> | null> {
  const holder = await holderOfKey(ctx, actor.accountId, 'sva_coordinator', code);
  const found = holder ? await loadRecord<CatalogState>(ctx, actor, 'sva_coordinator', holder).catch(() => null) : null;
  return found ? (found.state.fields as Record<string, unknown>) : null;
}

/**
 * The coordinator fields a coordinator code gives when it is sent and differs from `current` (case
 * and spacing ignored), for a job and a task alike (the domain's coordinatorFill): a known code fills
 * them, an unknown one leaves what was typed, a removed one clears a task's (`clears`), not a job's.
 */
export async function coordinatorFillFor(ctx: ApiContext, actor: Actor, code: unknown, current: unknown, o: { clears: boolean }): Promise<Record<string, unknown>> {
  if (code === undefined || (current !== undefined && uniqueKeyOf(current) === uniqueKeyOf(code))) return {};
  return coordinatorFill(code === '' ? null : code, await coordinatorOfCode(ctx, actor, code), o);
}

const email = z.email();
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * Spec 2 section 5: saving a job whose coordinator code is unknown and whose coordinator is not blank
 * adds that coordinator to Settings > SVA coordinators (code, name, phones, e-mail), once the job is saved. A code is known
 * when a live coordinator holds it (the catalog's unique claim, case and spacing ignored); a job with
 * no code adds nothing (coordinators are looked up by code). The job's save never fails because of
 * this: a coordinator someone added a moment ago is simply there, and any other failure is logged
 * and the job is saved. Answers the new coordinator's id and its write's position, or null.
 */
export async function addUnknownCoordinator(ctx: ApiContext, actor: Actor, values: Record<string, unknown>, current: Record<string, unknown>): Promise<{ id: string; position: string | null } | null> {
  const pick = (k: string) => (values[k] !== undefined ? values[k] : current[k]);
  const name = trimmed(pick('coordinator'));
  const code = trimmed(pick('coordinator_code'));
  if (!name || !code) return null;
  try {
    if (await holderOfKey(ctx, actor.accountId, 'sva_coordinator', code)) return null;
    const mail = trimmed(pick('coordinator_email'));
    const id = await newRecordId(ctx, actor.accountId, 'sva_coordinator');
    const coordinator = {
      coordinator_code: code,
      coordinator: name,
      coord_phone1: trimmed(pick('coord_phone1')) || null,
      coord_phone2: trimmed(pick('coord_phone2')) || null,
      // A job keeps any text as the e-mail; the catalog only a real address.
      coordinator_email: mail && email.safeParse(mail).success ? mail : null,
    };
    const added = await executeCommand(ctx, actor, 'sva_coordinator', id, { type: 'AddCatalogRecord', id, values: coordinator }, { create: true });
    return { id, position: added.position };
  } catch (e) {
    if (!(e instanceof DomainError && e.code === 'already_exists')) console.warn(`[api] job coordinator ${code} not added to SVA coordinators:`, e);
    return null;
  }
}

/**
 * Add a line to a job (404 before an id is spent). A `guard` that looks at the job (the user is not
 * assigned yet) is decided on the version it saw: when someone else wrote in between, it looks again.
 */
export async function addJobLine(
  ctx: ApiContext,
  actor: Actor,
  jobId: string,
  collection: string,
  values: Record<string, unknown>,
  o: { guard?: (state: JobState) => void } = {},
): Promise<Executed<JobState> & { lineId: string }> {
  const parsed = parseLineValues(collectionDef(collection), values, true);
  let lineId: string | undefined;
  for (let attempt = 0; ; attempt++) {
    const loaded = await loadRecord<JobState>(ctx, actor, 'job', jobId);
    o.guard?.(loaded.state);
    lineId ??= (await newLineIds(ctx, actor.accountId, collection, 'job', jobId))[0];
    try {
      const r = await executeCommand<JobState>(ctx, actor, 'job', jobId, { type: 'AddLine', collection, lineId, values: parsed }, o.guard ? { expectedVersion: loaded.version } : {});
      return { ...r, lineId };
    } catch (e) {
      if (!(o.guard && e instanceof ConflictWithCurrent && attempt < 20)) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * (attempt + 1)));
    }
  }
}

/** Assign an active user of the account to the job, by e-mail (spec 2: user_to_be_assigned). */
export async function assignUser(ctx: ApiContext, actor: Actor, jobId: string, userEmail: unknown) {
  const wanted = trimmed(userEmail);
  if (!wanted) throw badRequest({ user_to_be_assigned: 'Please choose a name' }, 'Please choose a name');
  await loadRecord(ctx, actor, 'job', jobId); // another account's job is a 404 before anything else
  const user = await ctx.db('users')
    .where({ account_id: actor.accountId, active: true })
    .whereRaw('lower(email) = ?', [wanted.toLowerCase()])
    .first('id', 'email', 'display_name');
  if (!user) throw badRequest({ user_to_be_assigned: 'is not an active user of this account' }, `No active user of this account has the e-mail ${wanted}`);
  const userId = String(user.id);
  return addJobLine(ctx, actor, jobId, 'job_assigned_users', { user_id: userId, email: user.email, display_name: user.display_name, last_name: lastNameOf(user.display_name) }, {
    guard: (state) => {
      if (linesOf(state.lines, 'job_assigned_users').some((l: Line) => String(l.user_id) === userId))
        throw new HttpError(409, 'already_exists', `${user.display_name} is already assigned to this job`, { fields: { user_to_be_assigned: 'is already assigned to this job' } });
    },
  });
}

/**
 * The crew of Settings > Crews that a name means (trimmed, inner spaces and case ignored, as crew
 * names are unique; active crews only): its id and its own name. Otherwise 400 'Please enter a Crew
 * name' (spec 2 section 5). The crew is found by its name's unique claim and read from its own stream,
 * so a crew added a moment ago is found even before the crews list has it.
 */
export async function crewNamed(ctx: ApiContext, actor: Actor, crewName: unknown): Promise<{ crew: string; crew_name: string }> {
  const holder = await holderOfKey(ctx, actor.accountId, 'crew', crewName);
  const crew = holder ? await loadRecord<CatalogState>(ctx, actor, 'crew', holder).catch(() => null) : null;
  if (!crew || crew.state.fields.active === false) throw badRequest({ crew_name: 'Please enter a Crew name' }, 'Please enter a Crew name');
  return { crew: holder!, crew_name: String(crew.state.fields.crew_name) };
}

/** Put a crew of Settings on the job (optionally on a segment). */
export async function addCrew(ctx: ApiContext, actor: Actor, jobId: string, body: Record<string, unknown>) {
  const values = parseLineValues(collectionDef('job_crews'), body, true);
  return addJobLine(ctx, actor, jobId, 'job_crews', { ...values, ...(await crewNamed(ctx, actor, body.crew_name)) });
}

/** A new work order: its work_order_number is the work-order counter's next number (a number is spent only on a valid request for a job of the account). */
export async function addWorkOrder(ctx: ApiContext, actor: Actor, jobId: string, body: Record<string, unknown>) {
  const values = parseLineValues(collectionDef('job_work_orders'), body, true);
  await loadRecord(ctx, actor, 'job', jobId);
  return addJobLine(ctx, actor, jobId, 'job_work_orders', { ...values, work_order_number: await nextNumberOf(ctx, actor, 'work_order') });
}
