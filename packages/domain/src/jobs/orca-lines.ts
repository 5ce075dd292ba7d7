/**
 * The rules an ORCA job applies to its lines (spec 2 sections 4 and 5), on top of what every line
 * does: task ids and the lines that follow a task, CIBE line numbers and zeroing, and the permit
 * expiration dates of the job and its tasks. job.ts hands every line command here.
 */
import type { Changes } from '../shared/changes.ts';
import { applyChanges, hasChanges } from '../shared/changes.ts';
import { eventTypes, parseLineValues, type Line, type LineCommand, type LineEvent } from '../shared/collections.ts';
import { DomainError, type DomainEvent } from '../shared/decider.ts';
import type { RecordState } from '../shared/record-decider.ts';
import type { ChangeCibeLines, JobFields } from './commands.ts';
import type { CibeLineZeroed, PermitSaved } from './events.ts';
import { jobCollections } from './collections.ts';
import { jobInvoices } from './base-collections.ts';
import { jobPermits } from './permits.ts';
import { lineStatusesOf, lineStatusRead, NEW_ORCA_INVOICE_STATUS, ORCA_FORM_TYPE } from './rules.ts';
import { bindTask, coordinatorFill, jobTasks, nextTaskId, requireFreeTaskId, TASK_SCOPED, taskOfLine } from './tasks.ts';
import { cibeLineOrder, jobCibeItems, zeroCibeLine } from './cibe.ts';
import { numberNewLine } from '../shared/line-numbers.ts';
import { expiryAfterPermitChange } from './permits.ts';

type Plain = (c: LineCommand) => LineEvent[];
/** The job's state (job.ts JobState), named here without importing the decider that imports these rules. */
type JobState = RecordState<JobFields>;

/** The events of one line command on a job: the ORCA rules where they apply, else the plain line events. */
export function decideJobLine(command: LineCommand, state: JobState, plain: Plain): DomainEvent[] {
  const bound = command.type !== 'RemoveLine' && TASK_SCOPED.has(command.collection) ? { ...command, values: bindTask(command.values, state.lines.job_tasks) } : command;
  const c = bound.type === 'RemoveLine' ? bound : withListedStatus(bound, state);
  switch (c.collection) {
    case jobTasks.name:
      return decideTaskLine(c, state, plain);
    case jobCibeItems.name:
      return decideCibeLine(c, state, plain);
    case jobPermits.name:
      return decidePermitLine(c, state, plain);
    case jobInvoices.name:
      // An ORCA job's invoice starts at the head of its pipeline, not at the base list's Not Paid.
      if (c.type === 'AddLine' && state.fields.form_type === ORCA_FORM_TYPE && (c.values.status === undefined || c.values.status === null || c.values.status === ''))
        return plain({ ...c, values: { ...c.values, status: NEW_ORCA_INVOICE_STATUS } });
  }
  return plain(c);
}

/**
 * A material's, invoice's or permit's status is one of its job's list (rules.ts LINE_STATUS_LISTS: the
 * ORCA lists on an ORCA job and its tasks, the base lists on a base job), else a 400 naming status; an
 * ORCA invoice's 'Not Paid' is read as 'Not Ready' (lineStatusRead). A blank is always taken, and so is
 * the value the line holds already (a line sent back whole keeps a status its job's list lacks).
 */
function withListedStatus<C extends Exclude<LineCommand, { type: 'RemoveLine' }>>(c: C, state: JobState): C {
  const formType = state.fields.form_type;
  const list = lineStatusesOf(c.collection, formType);
  const sent = c.values.status;
  if (!list || sent === undefined || sent === null) return c;
  const text = typeof sent === 'number' ? String(sent) : sent;
  if (typeof text !== 'string' || !text.trim()) return c;
  if (c.type === 'ReviseLine' && state.lines[c.collection]?.[c.lineId]?.status === text) return c;
  const status = lineStatusRead(c.collection, formType, text);
  if (list.includes(status)) return status === text ? c : { ...c, values: { ...c.values, status } };
  const which = formType === ORCA_FORM_TYPE ? 'ORCA' : 'base';
  throw new DomainError('invalid', `'${text}' is not a status of this ${which} job's list`, { status: `must be one of ${list.join(', ')} (the ${which} list)` });
}

const linesIn = (state: JobState, collection: string) => Object.values(state.lines[collection] ?? {});

// ---- tasks --------------------------------------------------------------------------------------

function decideTaskLine(c: LineCommand, state: JobState, plain: Plain): DomainEvent[] {
  const tasks = linesIn(state, jobTasks.name);
  if (c.type === 'RemoveLine') return removeTask(c.lineId, state, plain);
  const values = parseLineValues(jobTasks, c.values, true);
  if (c.type === 'AddLine') {
    // The server gives the next id when none is sent (spec 2 section 4); a duplicate is refused.
    const task_id = (values.task_id as string | null | undefined) ?? nextTaskId(tasks.map((t) => t.task_id));
    requireFreeTaskId(tasks, task_id);
    return plain({ ...c, values: { ...values, ...coordinatorFill(values.coordinator_code ?? null, null), task_id } });
  }
  if (values.task_id === null) throw new DomainError('invalid', 'A task needs its task number', { task_id: 'is required' });
  if (values.task_id !== undefined) requireFreeTaskId(tasks, values.task_id as string, c.lineId);
  const own = values.coordinator_code !== undefined ? { ...values, ...coordinatorFill(values.coordinator_code, null) } : values;
  const events: DomainEvent[] = plain({ ...c, values: own });
  const renamed = values.task_id !== undefined && state.lines.job_tasks?.[c.lineId]?.task_id !== values.task_id;
  if (renamed && events.length) {
    // Lines name their task both ways: their task_id follows the task's.
    for (const collection of TASK_SCOPED)
      for (const l of linesIn(state, collection))
        if (taskOfLine(l) === c.lineId) events.push(...plain({ type: 'ReviseLine', collection, lineId: l.id, values: { task_id: values.task_id } }));
  }
  return events;
}

/** A task's photos and files are lines of the task: the task's own RemoveLine removes them first (decideLine), so they are not removed twice. */
const UNDER_A_TASK = new Set(jobCollections.filter((c) => c.parentLine?.collection === jobTasks.name).map((c) => c.name));

/**
 * Deleting a task deletes its lines with it (every task-scoped collection, its photos and files), and
 * the job's permit expiration date recedes as if each of its permits were deleted (permits.ts).
 */
function removeTask(taskId: string, state: JobState, plain: Plain): DomainEvent[] {
  if (!state.lines.job_tasks?.[taskId]) return plain({ type: 'RemoveLine', collection: jobTasks.name, lineId: taskId });
  const events: DomainEvent[] = [];
  for (const collection of TASK_SCOPED) {
    if (UNDER_A_TASK.has(collection)) continue;
    for (const l of linesIn(state, collection)) if (taskOfLine(l) === taskId) events.push(...plain({ type: 'RemoveLine', collection, lineId: l.id }));
  }
  events.push(...plain({ type: 'RemoveLine', collection: jobTasks.name, lineId: taskId }));
  const permits = linesIn(state, jobPermits.name);
  const leaving = permits.filter((p) => taskOfLine(p) === taskId);
  let date = (state.fields.permit_expiration_date as string | null | undefined) ?? null;
  let remaining = permits;
  for (const p of leaving) {
    remaining = remaining.filter((r) => r.id !== p.id);
    date = expiryAfterPermitChange(date, { date: dateOf(p), counts: true }, { date: null, counts: false }, remaining.map(dateOf));
  }
  const old = (state.fields.permit_expiration_date as string | null | undefined) ?? null;
  if (date !== old) events.push({ type: 'JobRevised', data: { changes: { permit_expiration_date: { old, new: date } } } });
  return events;
}

// ---- CIBE lines ---------------------------------------------------------------------------------

const revisedCibe = eventTypes(jobCibeItems).revised;

function decideCibeLine(c: LineCommand, state: JobState, plain: Plain): DomainEvent[] {
  if (c.type === 'RemoveLine') return plain(c);
  const values = parseLineValues(jobCibeItems, c.values, true);
  if (c.type === 'AddLine') {
    // A line added zeroed holds 0 (spec 2 section 4).
    if (values.line_zeroed === true) values.CIBE_item_qty = 0;
    const sheet = linesIn(state, jobCibeItems.name).filter((l) => taskOfLine(l) === String(values.job_task ?? ''));
    const n = numberNewLine(sheet, values.line_number);
    const moved: DomainEvent[] = n.moved.map((m) => ({ type: revisedCibe, data: { id: m.id, changes: { line_number: { old: m.from, new: m.to } } } }));
    return [...moved, ...plain({ ...c, values: { ...values, line_number: n.line_number } })];
  }
  const existing = state.lines.job_cibe_items?.[c.lineId];
  if (values.line_zeroed === true && existing && existing.line_zeroed !== true) {
    const { line_zeroed: _z, CIBE_item_qty: _q, ...rest } = values;
    const events: DomainEvent[] = plain({ ...c, values: rest });
    const zero = zeroCibeLine(existing);
    if (zero) events.push(zeroedEvent(c.lineId, zero));
    return events;
  }
  return plain({ ...c, values });
}

const zeroedEvent = (id: string, zero: { changes: Changes; message: string }): CibeLineZeroed => ({ type: 'CibeLineZeroed', data: { id, changes: zero.changes, message: zero.message } });

/**
 * A change to many CIBE lines at once (the range a user selected): zero them, delete them, or move them
 * to a task (or back to the job, job_task null). Every id must be a CIBE line of this job.
 */
export function decideCibeLines(command: ChangeCibeLines, state: JobState, plain: Plain): DomainEvent[] {
  const lines = state.lines.job_cibe_items ?? {};
  const missing = command.ids.filter((id) => !lines[id]);
  if (missing.length) throw new DomainError('invalid', `CIBE line ${missing.join(', ')} is not a line of this job`, { ids: `${missing.join(', ')} not a CIBE line of this job` });
  const ids = [...new Set(command.ids)];
  switch (command.action) {
    case 'zero':
      return ids.flatMap((id) => {
        const zero = zeroCibeLine(lines[id]);
        return zero ? [zeroedEvent(id, zero)] : [];
      });
    case 'delete':
      return ids.flatMap((id) => plain({ type: 'RemoveLine', collection: jobCibeItems.name, lineId: id }));
    case 'assign_task': {
      const values = bindTask({ job_task: command.job_task ?? null }, state.lines.job_tasks);
      const target = String(values.job_task ?? '');
      // Lines moved to another sheet go to its end, in their order, so its numbers stay unique.
      const moving = cibeLineOrder(ids.map((id) => lines[id])).filter((l) => taskOfLine(l) !== target);
      const sheet = Object.values(lines).filter((l) => taskOfLine(l) === target);
      let next = numberNewLine(sheet, undefined).line_number;
      return moving.flatMap((l) => plain({ type: 'ReviseLine', collection: jobCibeItems.name, lineId: l.id, values: { ...values, line_number: next++ } }));
    }
  }
}

// ---- permits ------------------------------------------------------------------------------------

const dateOf = (p: Line | undefined) => (p?.expiration_date as string | null | undefined) ?? null;
const revisedTask = eventTypes(jobTasks).revised;

function decidePermitLine(c: LineCommand, state: JobState, plain: Plain): DomainEvent[] {
  const before = state.lines.job_permits?.[c.lineId];
  const values = c.type === 'RemoveLine' ? {} : parseLineValues(jobPermits, c.values, true);
  // A new permit without a line number is numbered after the job's last (its permit line numbers).
  if (c.type === 'AddLine' && (values.permits_line_number === undefined || values.permits_line_number === null))
    values.permits_line_number = numberNewLine(linesIn(state, jobPermits.name), undefined, 'permits_line_number').line_number;
  const events: DomainEvent[] = plain(c.type === 'RemoveLine' ? c : { ...c, values });
  const lineEvent = events[events.length - 1] as LineEvent | undefined;
  if (!lineEvent) return events;
  const after =
    c.type === 'AddLine'
      ? ((lineEvent.data as { line: Line }).line)
      : c.type === 'ReviseLine'
        ? applyChanges(before!, (lineEvent.data as { changes: Changes }).changes)
        : undefined;
  return [...events, ...permitExpiryEvents(state, before, after)];
}

/**
 * What one permit's change does to the permit expiration dates (permits.ts): PermitSaved carries the
 * job's change when the permit is saved with a date (added, or its date or task changed); a delete
 * that moves the job's date is a JobRevised; each task whose date moves, a JobTaskRevised.
 */
function permitExpiryEvents(state: JobState, before: Line | undefined, after: Line | undefined): DomainEvent[] {
  const id = (before ?? after)!.id;
  const others = linesIn(state, jobPermits.name).filter((p) => p.id !== id);
  const out: DomainEvent[] = [];

  const old = (state.fields.permit_expiration_date as string | null | undefined) ?? null;
  const next = expiryAfterPermitChange(old, { date: dateOf(before), counts: Boolean(before) }, { date: dateOf(after), counts: Boolean(after) }, others.map(dateOf));
  const changes: Changes = next !== old ? { permit_expiration_date: { old, new: next } } : {};
  const saved = after && dateOf(after) && (!before || dateOf(before) !== dateOf(after) || taskOfLine(before) !== taskOfLine(after));
  if (saved) {
    const event: PermitSaved = { type: 'PermitSaved', data: { id, expiration_date: dateOf(after)!, job_task: after!.job_task ? String(after!.job_task) : null, changes } };
    out.push(event);
  } else if (hasChanges(changes)) out.push({ type: 'JobRevised', data: { changes } });

  const tasks = new Set([before, after].filter((p): p is Line => Boolean(p)).map(taskOfLine).filter((t) => t && state.lines.job_tasks?.[t]));
  for (const taskId of tasks) {
    const task = state.lines.job_tasks![taskId];
    const was = (task.task_permit_expiration_date as string | null | undefined) ?? null;
    const inTask = (p: Line | undefined) => Boolean(p) && taskOfLine(p!) === taskId;
    const now = expiryAfterPermitChange(was, { date: dateOf(before), counts: inTask(before) }, { date: dateOf(after), counts: inTask(after) }, others.filter(inTask).map(dateOf));
    if (now !== was) out.push({ type: revisedTask, data: { id: taskId, changes: { task_permit_expiration_date: { old: was, new: now } } } });
  }
  return out;
}
