/**
 * The ORCA CSV import's benchmark file (orca-dashboard.ts "import"): one row per CIBE line, 10 lines
 * per task, 2 tasks per job, job columns repeated on each row; and its baseline, the same jobs, tasks
 * and lines created call by call as a user would (POST /jobs/new, tasks, cibeitems).
 */
import type { Client } from '../../tests/support/client.ts';
import { ok } from './orca-rows.ts';

const LINES_PER_TASK = 10;
const TASKS_PER_JOB = 2;
export const IMPORT_BASELINE_ROWS = 200;

const HEADER = 'job_number,title,customer,work_status,completion_date,billing_due_date,task_id,task_due_date,line_number,issued_item_code,issued_item_description,issued_item_qty,issued_item_price,CIBE_item_qty';

interface CsvRow {
  job_number: string;
  title: string;
  customer: string;
  work_status: string;
  completion_date: string;
  billing_due_date: string;
  task_id: string;
  task_due_date: string;
  line_number: number;
  issued_item_code: string;
  issued_item_description: string;
  issued_item_qty: number;
  issued_item_price: number;
  CIBE_item_qty: number;
}

/** Row r of a file whose job numbers start with `prefix`. */
function rowOf(prefix: string, r: number): CsvRow {
  const perJob = LINES_PER_TASK * TASKS_PER_JOB;
  const job = Math.floor(r / perJob);
  const task = Math.floor((r % perJob) / LINES_PER_TASK);
  const lineNumber = (r % LINES_PER_TASK) + 1;
  const qty = 10 + (r % 40) * 5;
  return {
    job_number: `${prefix}-${job + 1}`,
    title: `Imported job ${job + 1}`,
    customer: 'AT&T',
    work_status: 'Issued',
    completion_date: `2027-0${(job % 9) + 1}-15`,
    billing_due_date: `2027-0${(job % 9) + 1}-28`,
    task_id: `${task + 1}.1`,
    task_due_date: `2027-0${(job % 9) + 1}-10`,
    line_number: lineNumber,
    issued_item_code: `SVA-${100 + (r % 7)}`,
    issued_item_description: 'Directional bore, 1-2 ducts',
    issued_item_qty: qty,
    issued_item_price: 14.25,
    CIBE_item_qty: r % 3 ? qty : qty + 5,
  };
}

/** A CSV cell: quoted when it holds a comma, a quote or a line break. */
const cell = (v: unknown) => (/[",\r\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

/** A CSV of `rows` rows (header first): the text and how many jobs and tasks it holds. */
export function importCsv(prefix: string, rows: number) {
  const lines = [HEADER];
  for (let r = 0; r < rows; r++) lines.push(Object.values(rowOf(prefix, r)).map(cell).join(','));
  const jobs = Math.ceil(rows / (LINES_PER_TASK * TASKS_PER_JOB));
  return { text: lines.join('\r\n') + '\r\n', jobs, tasks: Math.ceil(rows / LINES_PER_TASK) };
}

/** The first `rows` rows' jobs, tasks and CIBE lines created one API call each; how many calls. */
export async function importBaselineCalls(c: Client, prefix: string, rows: number): Promise<number> {
  let calls = 0;
  let job: Record<string, any> | null = null;
  let task: Record<string, any> | null = null;
  for (let r = 0; r < rows; r++) {
    const row = rowOf(prefix, r);
    if (job?.job_number !== row.job_number) {
      const { job_number, title, customer, work_status, completion_date, billing_due_date } = row;
      job = await ok(c, '/api/jobs/new/', { form_type: 'attorca', job_number, title, customer, work_status, completion_date, billing_due_date });
      task = null;
      calls++;
    }
    if (task?.task_id !== row.task_id) {
      task = await ok(c, `/api/jobs/${job!.id}/tasks/`, { job: job!.id, task_id: row.task_id, due_date: row.task_due_date });
      calls++;
    }
    const { line_number, issued_item_code, issued_item_description, issued_item_qty, issued_item_price, CIBE_item_qty } = row;
    await ok(c, `/api/jobs/${job!.id}/cibeitems/`, { job_task: task!.id, line_number, issued_item_code, issued_item_description, issued_item_qty, issued_item_price, CIBE_item_qty });
    calls++;
  }
  return calls;
}
