/**
 * Which lines of an ORCA job belong to which task (contract: a line's `job_task` is the id of a
 * `tasks` line of the same job; a line without one is the job's own), and the pages' paths.
 */
import type { CollectionDef, FieldSpec, Line } from '@trenchline/domain';

/** An ORCA job's page: /job/orca/{account_job_number} (its id when it has no number). */
export const orcaJobPath = (job: { id: string; account_job_number?: string | null }) => `/job/orca/${encodeURIComponent(job.account_job_number || job.id)}`;

/** A task's page: /job/orca/{account_job_number}/task/{task_id} (its line id when it has no task id). */
export const orcaTaskPath = (job: { id: string; account_job_number?: string | null }, task: Line) => `${orcaJobPath(job)}/task/${encodeURIComponent(String(task.task_id || task.id))}`;

/** The ORCA dashboard: where a deleted task sends the user (spec 2 section 2). */
export const ORCA_LIST_PATH = '/job/orca/';

const taskOfLine = (line: Line) => String(line.job_task ?? '').trim();

/** The lines whose job_task is this task (its line id). */
export const linesOfTask = (lines: readonly Line[], taskLineId: string): Line[] => lines.filter((l) => taskOfLine(l) === taskLineId);

/** The task of the page's address: by its task id ("1.2"), else by its line id (a task without one). */
export function findTask(tasks: readonly Line[], key: string): Line | undefined {
  const k = decodeURIComponent(key).trim();
  return tasks.find((t) => String(t.task_id ?? '').trim() === k) ?? tasks.find((t) => t.id === k);
}

/** Tasks in task id order (1.1, 1.2, ... 1.10 after 1.9 would not occur: the server rounds 1.9 + 0.1 to 2.0). */
export const tasksInOrder = (tasks: readonly Line[]): Line[] => [...tasks].sort((a, b) => Number(a.task_id ?? 0) - Number(b.task_id ?? 0) || String(a.task_id ?? '').localeCompare(String(b.task_id ?? '')));

/** The task's id as users say it: "1.2", else a mark that the server has not answered yet. */
export const taskLabel = (task: Line | undefined) => (task ? String(task.task_id ?? '').trim() || '…' : '');

/**
 * The job as a task's page shows it: each collection (by detail key) narrowed to the task's lines.
 * The as-of view uses it too, so the task is shown as it stood, lines included.
 */
export function jobOfTask<J extends Record<string, unknown>>(job: J, taskLineId: string, keys: readonly string[]): J {
  const out: Record<string, unknown> = { ...job };
  for (const k of keys) out[k] = linesOfTask((job[k] as Line[] | undefined) ?? [], taskLineId);
  return out as J;
}

const DATES = new Set(['due_date', 'py_po_complete_date', 'billing_due_date', 'task_permit_expiration_date']);
const MONEY = new Set(['estimated_crew_payout']);

/**
 * Every field a task's form edits, with the kind that says how it is sent (dates, money, lists as
 * choices: blank is null): the task collection's schema, since its table shows only a few of them.
 */
export function taskFormFields(def: CollectionDef, lists: Readonly<Record<string, readonly string[]>>): FieldSpec[] {
  return Object.keys(def.schema.shape)
    .filter((name) => name !== 'job_task')
    .map((name): FieldSpec => {
      const shown = def.fields.find((f) => f.name === name);
      const label = shown?.label ?? name;
      if (DATES.has(name)) return { name, label, kind: 'date' };
      if (MONEY.has(name)) return { name, label, kind: 'money' };
      if (name in lists) return { name, label, kind: 'choice', choices: lists[name] };
      return { name, label, kind: 'text' };
    });
}
