/**
 * An ORCA job's tasks (spec 2 sections 3, 4 and 5): task ids, the task's totals, the lines that belong
 * to a task, and the coordinator lookup. Pure rules; job.ts applies them to commands.
 */
import { z } from 'zod';
import { DomainError } from '../shared/decider.ts';
import { defineCollection, type CollectionDef, type Line, type LinesState, routesUnder } from '../shared/collections.ts';
import { defineFiles, photoOf, photoSchema } from '../shared/standard-collections.ts';
import { date, id, money, ref, text } from '../shared/fields.ts';
import { ORCA_LISTS } from './rules.ts';
import { lineTotal, sumOf } from '../shared/line-figures.ts';
import { jobLines, lineLines, statusText } from './lines.ts';

// ---- task ids -----------------------------------------------------------------------------------

/** A task id in tenths (1.1 is 11): whole numbers, so 1.9 + 0.1 is exactly 2.0. */
const tenthsOf = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : NaN;
  if (!Number.isFinite(n) || n <= 0) return null;
  const tenths = Math.round(n * 10);
  return Math.abs(tenths - n * 10) < 1e-6 && tenths <= 99_999 ? tenths : null;
};
const textOfTenths = (tenths: number) => (tenths / 10).toFixed(1);

/** A task id as the job keeps and shows it: one decimal ('1.1', '2.0'), from 1.1, '1.1', 2 or '2.0'. */
export function taskIdText(v: unknown): string | null {
  const t = tenthsOf(v);
  return t === null ? null : textOfTenths(t);
}

/** A task id field: a positive number with at most one decimal, sent as a number or text; kept as its one-decimal text. */
export const taskIdField = () =>
  z
    .preprocess(
      (v) => (v === '' ? null : v === null || v === undefined ? v : (taskIdText(v) ?? v)),
      z.string({ message: 'must be a task number such as 1.1' }).regex(/^\d{1,4}\.\d$/, 'must be a task number such as 1.1').nullable(),
    )
    .optional();

/** The first task is 1.1 (spec 2 section 9). */
export const FIRST_TASK_ID = '1.1';

/** The next task id: the highest so far plus 0.1, rounded to one decimal (1.9 gives 2.0); the first is 1.1. */
export function nextTaskId(existing: readonly unknown[]): string {
  const tenths = existing.map(tenthsOf).filter((t): t is number => t !== null);
  return tenths.length ? textOfTenths(Math.max(...tenths) + 1) : FIRST_TASK_ID;
}

/** A task id no other task of the job has (compared as numbers: '2' is '2.0'); 409 naming task_id otherwise. */
export function requireFreeTaskId(tasks: readonly Line[], taskId: string, exceptId?: string) {
  // Both sides as one-decimal text: the id asked for may come as '2' too.
  const wanted = taskIdText(taskId) ?? taskId;
  const taken = tasks.some((t) => t.id !== exceptId && taskIdText(t.task_id) === wanted);
  if (taken) throw new DomainError('already_exists', `Task ${wanted} already exists on this job`, { task_id: 'already exists on this job' });
}

// ---- the lines of a task ------------------------------------------------------------------------

/**
 * Collections whose lines may belong to one task of the job (job_task, with its task_id kept in step)
 * and the key each is listed under in the task's answer (spec 2 section 3's nested lists, then the
 * task page's other sections).
 */
export const TASK_LINES = [
  { collection: 'job_permits', key: 'job_task_permits' },
  { collection: 'job_links', key: 'job_task_links' },
  { collection: 'job_items', key: 'job_task_items' },
  { collection: 'job_change_orders', key: 'job_task_change_orders' },
  { collection: 'job_materials', key: 'job_task_materials' },
  { collection: 'job_crews', key: 'job_task_crews_assigned' },
  { collection: 'job_invoices', key: 'job_task_invoices' },
  { collection: 'job_crew_payouts', key: 'job_task_crew_payouts' },
  { collection: 'job_task_photos', key: 'job_task_photos' },
  { collection: 'job_task_files', key: 'job_task_files' },
  { collection: 'job_notes', key: 'job_task_notes' },
  { collection: 'job_cibe_items', key: 'job_task_cibe_items' },
  { collection: 'job_cibe_emails', key: 'job_task_cibe_emails' },
  { collection: 'job_damage_reports', key: 'job_task_damage_reports' },
  { collection: 'job_timesheets', key: 'job_task_timesheets' },
  { collection: 'job_iwas', key: 'job_task_iwas' },
] as const;
export const TASK_SCOPED = new Set<string>(TASK_LINES.map((t) => t.collection));

/** The task a line belongs to ('' for the job's own). */
export const taskOfLine = (line: Line) => String(line.job_task ?? '');

/** Lines of one collection that belong to a task. */
export const linesOfTask = (lines: LinesState, collection: string, taskId: string): Line[] =>
  Object.values(lines[collection] ?? {}).filter((l) => taskOfLine(l) === taskId);

/**
 * A line's task, named either way (spec 2: lines carry job_task and task_id): job_task wins and sets
 * task_id; a task_id alone finds its task. Answers the values with both in step; 400 for a task_id
 * that is no task of the job.
 */
export function bindTask(values: Record<string, unknown>, tasks: Record<string, Line> | undefined): Record<string, unknown> {
  const all = Object.values(tasks ?? {});
  // '' is no task, as the fields read it (a form sends a cleared select as '').
  const none = (v: unknown) => v === null || v === '';
  if (values.job_task !== undefined) {
    if (none(values.job_task)) return { ...values, task_id: null };
    const task = tasks?.[String(values.job_task)];
    // An unknown job_task is refused by the reference check, naming job_task.
    return task ? { ...values, task_id: task.task_id ?? null } : values;
  }
  if (values.task_id === undefined) return values;
  if (none(values.task_id)) return { ...values, job_task: null };
  const wanted = taskIdText(values.task_id);
  const task = all.find((t) => taskIdText(t.task_id) === wanted);
  if (!task) throw new DomainError('invalid', `Task ${String(values.task_id)} is not a task of this job`, { task_id: 'is not a task of this job' });
  return { ...values, job_task: task.id, task_id: task.task_id };
}

// ---- totals -------------------------------------------------------------------------------------

const num = (v: unknown) => (typeof v === 'number' ? v : v == null || v === '' ? 0 : Number(v) || 0);
const cents = (v: number) => Math.round(v * 100);

/**
 * A task's totals (spec 2 sections 3 and 5): PO items and change orders at qty x price, task total =
 * PO items + change orders, invoiced, crew payouts (the 'Crew Payout' category, as on the job) and the
 * task's estimated crew payout, gross profit = total - crew payouts, payout percent = crew payouts /
 * estimated x 100 to 2 decimals (null with no estimate).
 */
export function taskTotals(task: Line, o: { items: Line[]; changeOrders: Line[]; invoices: Line[]; payouts: Line[] }) {
  const priced = (ls: Line[]) => ls.map((l) => ({ ...l, total_price: lineTotal(l) }));
  const task_item_po_amount = sumOf(priced(o.items), 'total_price');
  const task_total_change_orders = sumOf(priced(o.changeOrders), 'total_price');
  const task_total = (cents(task_item_po_amount) + cents(task_total_change_orders)) / 100;
  const task_total_crew_payouts = sumOf(o.payouts.filter((p) => (p.category ?? 'Crew Payout') === 'Crew Payout'), 'crew_payout_amount');
  const estimated = num(task.estimated_crew_payout);
  return {
    task_item_po_amount,
    task_total_change_orders,
    task_total,
    task_total_job_invoiced_actual: sumOf(o.invoices, 'invoice_amount'),
    task_total_crew_payouts,
    task_total_crew_payouts_est: estimated,
    task_total_gross_profit: (cents(task_total) - cents(task_total_crew_payouts)) / 100,
    task_payout_pct: estimated > 0 ? Math.round((task_total_crew_payouts / estimated) * 10_000) / 100 : null,
  };
}

// ---- coordinator lookup -------------------------------------------------------------------------

export const COORDINATOR_FIELDS = ['coordinator', 'coord_phone1', 'coord_phone2', 'coordinator_email'] as const;

/**
 * Spec 2 section 5, for a task and a job alike: a code that names a coordinator of Settings fills the
 * coordinator fields; an unknown code leaves them as the user typed. No code clears them on a task
 * ("with no code on a task the coordinator fields are cleared"); a job keeps them (`clears: false`:
 * the spec clears only a task's, and a job's coordinator may be one Settings does not have).
 */
export function coordinatorFill(code: unknown, found: Record<string, unknown> | null, { clears = true }: { clears?: boolean } = {}): Record<string, unknown> {
  const blank = code === null || (typeof code === 'string' && !code.trim());
  if (blank) return clears ? Object.fromEntries(COORDINATOR_FIELDS.map((f) => [f, null])) : {};
  if (!found) return {};
  return Object.fromEntries(COORDINATOR_FIELDS.map((f) => [f, found[f] ?? null]));
}

// ---- a task's history ---------------------------------------------------------------------------

/**
 * The entries of a job's history that concern one task: the task's own, and those of every line while
 * it belonged to the task (added to it, moved to it, and the change that moved it away). The job's
 * entries are in version order, so one pass follows each line's task.
 */
export function taskHistory<E extends { collection?: string; line_id?: string; changes: { field: string; old: unknown; new: unknown }[] }>(entries: readonly E[], taskId: string): E[] {
  const inTask = new Set<string>();
  return entries.filter((e) => {
    if (!e.collection || !e.line_id) return false;
    if (e.collection === 'job_tasks') return e.line_id === taskId;
    const key = `${e.collection}:${e.line_id}`;
    const moved = e.changes.find((c) => c.field === 'job_task');
    const was = inTask.has(key);
    if (moved) {
      if (String(moved.new ?? '') === taskId) inTask.add(key);
      else inTask.delete(key);
    }
    return was || inTask.has(key);
  });
}

// ---- the collections: tasks, a task's photos and files, and the lines a task may hold ---------

/**
 * A collection whose lines may belong to one task of an ORCA job (spec 2 section 3: job_task and
 * task_id on materials, permits, notes, links, files ...): both fields are added to its schema, and
 * the job keeps them in step (tasks.ts bindTask). A line with no task is the job's own.
 */
export const taskScoped = (def: CollectionDef): CollectionDef => ({ ...def, schema: def.schema.extend({ job_task: ref({ line: 'job_tasks' }), task_id: taskIdField() }) });

/**
 * A task of an ORCA job (spec 2 section 3). Its task_id is the job's to give (tasks.ts nextTaskId)
 * when none is sent; its totals and its lines are computed when it is shown (view.ts).
 */
export const jobTasks = jobLines('tasks', {
  name: 'job_tasks',
  entity: 'JobTask',
  noun: 'Task',
  schema: z.object({
    task_id: taskIdField(),
    title: text(500),
    description: text(5000),
    project_number: text(100),
    work_req_num: text(100),
    due_date: date(),
    py_po_complete_date: date(),
    billing_due_date: date(),
    coordinator_code: text(50),
    coordinator: text(200),
    coord_phone1: text(50),
    coord_phone2: text(50),
    coordinator_email: text(200),
    task_permit_expiration_date: date(),
    estimated_crew_payout: money(),
    // Free choices offered with the ORCA lists (rules.ts ORCA_LISTS), as on the job.
    work_status: statusText(),
    work_type: statusText(),
    division: statusText(),
    percent_complete: text(20),
    invoice_status: statusText(),
    materials_status: statusText(),
    permit_status: statusText(),
    photo_status: statusText(),
    payout_status: statusText(),
    email_status: statusText(),
    pit_status: statusText(),
    mup: statusText(),
    pre_approval: statusText(),
  }),
  defaults: { work_status: 'New' },
  fields: [
    { name: 'task_id', label: 'Task', kind: 'text', width: 70 },
    { name: 'title', label: 'Title', kind: 'text', width: 200 },
    { name: 'work_status', label: 'Status', kind: 'choice', choices: ORCA_LISTS.work_status, width: 130 },
    { name: 'due_date', label: 'Due', kind: 'date' },
    { name: 'coordinator_code', label: 'Coord. code', kind: 'text', width: 90 },
    { name: 'coordinator', label: 'Coordinator', kind: 'text', width: 150 },
    { name: 'task_permit_expiration_date', label: 'Permit expires', kind: 'date' },
    { name: 'task_total', label: 'Total', kind: 'money', readOnly: true },
    { name: 'task_total_gross_profit', label: 'Gross profit', kind: 'money', readOnly: true },
  ],
});

/**
 * A task's photos and files: uploaded under the task (spec 2 section 7: /api/jobs/tasks/{id}/photos/ and
 * /general_files/), naming it both ways as every file of spec 2 section 3 does (task_id kept in step).
 */
export const jobTaskPhotos = lineLines('tasks', 'photos', { collection: 'job_tasks', field: 'job_task' }, { name: 'job_task_photos', entity: 'JobTaskPhoto', ...photoOf, schema: photoSchema.extend({ job_task: id(), task_id: taskIdField() }) });
const taskFiles = defineFiles({ name: 'job_task_files', entity: 'JobTaskFile', aggregate: 'job', parentField: 'job', routes: routesUnder('/jobs/tasks', 'general_files') });
export const jobTaskFiles = defineCollection({ ...taskFiles, parentLine: { collection: 'job_tasks', field: 'job_task' }, schema: taskFiles.schema.extend({ job_task: id(), task_id: taskIdField() }) });
