/**
 * The rows of the four ORCA reports (reports.ts: ops, management, billing invoices, CIBE table), as
 * pure rules over what the job list read model holds: each selected job's stored view and its lines.
 * Every figure is the screens' own rule: the job's totals are its view's (jobView: jobTotals and
 * jobCibeTotals), a task's are the task as its page shows it (jobLinesAsShown: taskTotals and
 * cibeGrandTotals), a CIBE line's are cibeLineFigures. Only ORCA jobs (form_type 'attorca') give rows.
 *
 * Jobs come in job number order (numbers compared as numbers), tasks in task id order.
 */
import { billingTotals } from './billing.ts';
import type { Line } from '../shared/collections.ts';
import { daysAway, dueColour } from '../shared/rules.ts';
import { latestNote } from '../projects/rules.ts';
import { jobLinesOf } from './collections.ts';
import { jobNumberOf, type JobReportSource, reportNumber as numOrNull, reportText as text } from './report-rows.ts';
import { cibeGrandTotals, cibeLineFigures, cibeLineOrder } from './cibe.ts';
import { taskOfLine } from './tasks.ts';
import { jobLinesAsShown, withJobDays } from './view.ts';
import { jobTotals, ORCA_FORM_TYPE, orcaInvoicePaidStage, orcaInvoiceStatusRank } from './rules.ts';
import { sumOf } from '../shared/line-figures.ts';
import { plural } from '../shared/line-sections.ts';

const dateOrNull = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
/** Task ids ('1.1', '2.0') as numbers; a line of the job's own (no task) before any task. */
const taskOrder = (a: unknown, b: unknown) => (numOrNull(a) ?? -1) - (numOrNull(b) ?? -1);

/** One selected ORCA job with its days for today and its lines as the screens show them (tasks with their totals). */
interface OrcaJob {
  view: Record<string, unknown> & { job_days_left: number | null; permit_days_left: number | null };
  shown: ReturnType<typeof jobLinesAsShown>;
  tasks: Line[];
}

/** The selected ORCA jobs in job number order, each with its tasks in task id order. */
export function orcaJobsOf(jobs: readonly JobReportSource[], today: string): OrcaJob[] {
  return jobs
    .filter((j) => j.view.form_type === ORCA_FORM_TYPE)
    .map((j) => {
      const shown = jobLinesAsShown(j.lines, today);
      return { view: withJobDays(j.view, today), shown, tasks: jobLinesOf(shown, 'job_tasks').sort((a, b) => taskOrder(a.task_id, b.task_id) || byNumber(a.id, b.id)) };
    })
    .sort((a, b) => byNumber(jobNumberOf(a.view), jobNumberOf(b.view)) || Number(a.view.id) - Number(b.view.id));
}

// ---- ops ----------------------------------------------------------------------------------------

/**
 * The ORCA ops report: one row per task of each job (a job with no task: one row for the job). A task
 * row shows the task's own fields; its due date is the task's due_date, else the job's completion date,
 * and its coordinator the task's, else the job's. Soonest due first, undated last.
 */
export function orcaOpsRows(jobs: readonly JobReportSource[], today: string) {
  const selected = orcaJobsOf(jobs, today);
  const rows = selected.flatMap(({ view: v, shown, tasks }, jobIndex) => {
    const job = { job_id: String(v.id), job_number: jobNumberOf(v), title: text(v.title), colour_background: (v.colour_background as string) ?? null, job_index: jobIndex };
    const due = (date: string | null) => {
      const days_left = daysAway(date, today);
      return { due_date: date, days_left, days_colour: dueColour(days_left) };
    };
    if (!tasks.length)
      return [
        {
          id: `job-${v.id}`,
          ...job,
          task_id: null as string | null,
          work_status: text(v.work_status),
          ...due(dateOrNull(v.completion_date)),
          permit_expiration_date: dateOrNull(v.permit_expiration_date),
          permit_days_left: v.permit_days_left,
          coordinator: text(v.coordinator),
          crews: text(v.crew_string),
          materials_status: text(v.materials_status),
          permit_status: text(v.permit_status),
          photo_status: text(v.photo_status),
          latest_note: latestNote(jobLinesOf(shown, 'job_notes')),
        },
      ];
    return tasks.map((t) => ({
      id: t.id,
      ...job,
      task_id: text(t.task_id),
      work_status: text(t.work_status),
      ...due(dateOrNull(t.due_date) ?? dateOrNull(v.completion_date)),
      permit_expiration_date: dateOrNull(t.task_permit_expiration_date),
      permit_days_left: (t.task_permit_days_left as number | null) ?? null,
      coordinator: text(t.coordinator) ?? text(v.coordinator),
      crews: ((t.job_task_crews_assigned as Line[]) ?? []).map((c) => text(c.crew_name)).filter(Boolean).join(', ') || null,
      materials_status: text(t.materials_status),
      permit_status: text(t.permit_status),
      photo_status: text(t.photo_status),
      latest_note: latestNote((t.job_task_notes as Line[]) ?? []),
    }));
  });
  rows.sort((a, b) => (a.days_left ?? Infinity) - (b.days_left ?? Infinity) || a.job_index - b.job_index || taskOrder(a.task_id, b.task_id));
  const tasks = rows.filter((r) => r.task_id !== null).length;
  const totals = {
    jobs: selected.length,
    tasks,
    overdue: rows.filter((r) => r.days_left !== null && r.days_left < 0).length,
    due_within_week: rows.filter((r) => r.days_left !== null && r.days_left >= 0 && r.days_left < 7).length,
  };
  return { rows, totals, label: `Totals (${plural(selected.length, 'job')}, ${plural(tasks, 'task')})` };
}

// ---- management ---------------------------------------------------------------------------------

/**
 * The ORCA management report: one row per job (its view's totals: every line of the job, its tasks'
 * included) and under it one row per task (the task's own totals), so task rows are a breakdown of
 * the job row. The grand totals add the job rows in exact cents; their payout % is all crew payouts
 * over all estimated payouts (the job's rule, whole).
 */
export function orcaManagementRows(jobs: readonly JobReportSource[], today: string) {
  const selected = orcaJobsOf(jobs, today);
  const rows = selected.flatMap(({ view: v, tasks }) => {
    const job = { job_id: String(v.id), job_number: jobNumberOf(v) };
    return [
      {
        id: `job-${v.id}`,
        level: 'job' as const,
        ...job,
        task_id: null as string | null,
        title: text(v.title),
        po_items: numOrNull(v.total_po_item_amounts) ?? 0,
        change_orders: numOrNull(v.total_change_orders) ?? 0,
        total: numOrNull(v.total_job) ?? 0,
        invoiced: numOrNull(v.total_job_invoiced_actual) ?? 0,
        crew_payouts: numOrNull(v.total_crew_payouts) ?? 0,
        gross_profit: numOrNull(v.total_gross_profit) ?? 0,
        payout_pct: numOrNull(v.payout_pct_of_total),
        cibe_issued: numOrNull(v.CIBE_issued_grand_total) ?? 0,
        cibe_total: numOrNull(v.CIBE_job_grand_total) ?? 0,
        cibe_difference: numOrNull(v.CIBE_job_grand_total_difference) ?? 0,
        estimated_payout: numOrNull(v.estimated_payout),
      },
      ...tasks.map((t) => ({
        id: t.id,
        level: 'task' as const,
        ...job,
        task_id: text(t.task_id),
        title: `    Task ${text(t.task_id) ?? ''}${text(t.title) ? `: ${text(t.title)}` : ''}`,
        po_items: t.task_item_po_amount as number,
        change_orders: t.task_total_change_orders as number,
        total: t.task_total as number,
        invoiced: t.task_total_job_invoiced_actual as number,
        crew_payouts: t.task_total_crew_payouts as number,
        gross_profit: t.task_total_gross_profit as number,
        payout_pct: (t.task_payout_pct as number | null) ?? null,
        cibe_issued: t.CIBE_issued_total as number,
        cibe_total: t.CIBE_total as number,
        cibe_difference: t.CIBE_total_difference as number,
        estimated_payout: numOrNull(t.estimated_crew_payout),
      })),
    ];
  });
  const jobRows = rows.filter((r) => r.level === 'job') as unknown as Line[];
  const add = (field: string) => sumOf(jobRows, field);
  const crew = add('crew_payouts');
  const totals = {
    jobs: selected.length,
    tasks: rows.length - selected.length,
    po_items: add('po_items'),
    change_orders: add('change_orders'),
    total: add('total'),
    invoiced: add('invoiced'),
    crew_payouts: crew,
    gross_profit: add('gross_profit'),
    payout_pct: jobTotals({ items: [], changeOrders: [], invoices: [], payouts: [{ id: '0', crew_payout_amount: crew }], estimatedPayout: add('estimated_payout') }).payout_pct_of_total,
    cibe_issued: add('cibe_issued'),
    cibe_total: add('cibe_total'),
    cibe_difference: add('cibe_difference'),
  };
  return { rows, totals, label: `Totals (${plural(selected.length, 'job')})` };
}

// ---- billing invoices ---------------------------------------------------------------------------

/**
 * Invoices by status in the ORCA pipeline's order (orcaInvoiceStatusRank; a blank status as ''):
 * how many, their amount in exact cents, and whether the status is the paid stage (green).
 */
export const orcaInvoiceStatusTotals = (invoices: readonly { status?: unknown; invoice_amount?: unknown }[]) => billingTotals(invoices.map((i) => ({ status: i.status, amount: i.invoice_amount })));

/**
 * The ORCA billing invoices report: every invoice line of the selected jobs (task invoices with their
 * task id) in the pipeline's order of status, each status followed by its total row ('status_total');
 * within a status by job, task and invoice number. `by_status` and the grand totals for the totals row.
 */
export function orcaBillingInvoiceRows(jobs: readonly JobReportSource[], today: string) {
  const selected = orcaJobsOf(jobs, today);
  const invoices = selected.flatMap(({ view: v, shown, tasks }, jobIndex) => {
    const taskIds = new Map(tasks.map((t) => [t.id, text(t.task_id)]));
    return jobLinesOf(shown, 'job_invoices').map((i) => ({
      id: i.id,
      kind: 'invoice' as const,
      job_id: String(v.id),
      job_number: jobNumberOf(v),
      title: text(v.title),
      task_id: taskIds.get(taskOfLine(i)) ?? text(i.task_id),
      invoice_number: text(i.invoice_number),
      invoice_date: dateOrNull(i.invoice_date),
      invoice_amount: numOrNull(i.invoice_amount),
      status: text(i.status),
      paid_stage: orcaInvoicePaidStage(text(i.status)),
      job_index: jobIndex,
    }));
  });
  invoices.sort(
    (a, b) =>
      orcaInvoiceStatusRank(a.status) - orcaInvoiceStatusRank(b.status) ||
      (a.status ?? '').localeCompare(b.status ?? '') ||
      a.job_index - b.job_index ||
      taskOrder(a.task_id, b.task_id) ||
      byNumber(a.invoice_number ?? '', b.invoice_number ?? '') ||
      byNumber(a.id, b.id),
  );
  const by_status = orcaInvoiceStatusTotals(invoices);
  const rows: Record<string, unknown>[] = [];
  for (const s of by_status) {
    rows.push(...invoices.filter((i) => (i.status ?? '') === s.status));
    rows.push({ id: `status-${s.status || 'none'}`, kind: 'status_total', title: `${s.status || '(No status)'}: ${plural(s.count, 'invoice')}`, status: s.status || null, invoice_amount: s.amount, paid_stage: s.paid_stage });
  }
  const paid = by_status.filter((s) => s.paid_stage);
  const totals = {
    jobs: selected.length,
    invoices: invoices.length,
    invoice_amount: sumOf(invoices as unknown as Line[], 'invoice_amount'),
    paid_stage_invoices: paid.reduce((n, s) => n + s.count, 0),
    paid_stage_amount: sumOf(paid as unknown as Line[], 'amount'),
  };
  return { rows, by_status, totals, label: `Totals (${plural(invoices.length, 'invoice')}, ${plural(selected.length, 'job')})` };
}

// ---- CIBE table ---------------------------------------------------------------------------------

/**
 * The ORCA CIBE table: the CIBE lines of each job, the job's own sheet first, then each task's in task
 * id order, each in sheet order (cibeLineOrder), with the line's figures (cibeLineFigures) and its
 * change in dollars (as built - issued, cibeGrandTotals of the line); after each job its totals row
 * ('job_total': cibeGrandTotals of its lines). The grand totals are cibeGrandTotals of every line.
 */
export function orcaCibeTableRows(jobs: readonly JobReportSource[], today: string) {
  const selected = orcaJobsOf(jobs, today);
  const rows: Record<string, unknown>[] = [];
  const all: Line[] = [];
  for (const { view: v, shown, tasks } of selected) {
    const lines = jobLinesOf(shown, 'job_cibe_items');
    if (!lines.length) continue;
    const taskIds = new Map(tasks.map((t) => [t.id, text(t.task_id)]));
    const sheets = new Map<string, Line[]>();
    for (const l of lines) sheets.set(taskOfLine(l), [...(sheets.get(taskOfLine(l)) ?? []), l]);
    const taskOf = (key: string) => (key ? (taskIds.get(key) ?? null) : null);
    const order = [...sheets.keys()].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : taskOrder(taskOf(a), taskOf(b)) || byNumber(a, b)));
    for (const key of order)
      for (const l of cibeLineOrder(sheets.get(key)!)) {
        const f = cibeLineFigures(l);
        rows.push({
          id: l.id,
          kind: 'line',
          job_id: String(v.id),
          job_number: jobNumberOf(v),
          task_id: taskOf(key) ?? text(l.task_id),
          line_number: numOrNull(l.line_number),
          issued_item_code: text(l.issued_item_code),
          issued_item_description: text(l.issued_item_description),
          issued_item_qty: numOrNull(l.issued_item_qty),
          issued_item_price: numOrNull(l.issued_item_price),
          issued_item_total: f.issued_item_total,
          CIBE_item_qty: numOrNull(l.CIBE_item_qty),
          CIBE_item_total: f.CIBE_item_total,
          CIBE_item_qty_diff: f.CIBE_item_qty_diff,
          change: cibeGrandTotals([l]).difference,
          line_zeroed: l.line_zeroed === true ? 'Yes' : null,
        });
      }
    const t = cibeGrandTotals(lines);
    rows.push({ id: `job-${v.id}`, kind: 'job_total', job_id: String(v.id), job_number: jobNumberOf(v), issued_item_description: `${text(v.title) ?? jobNumberOf(v)}: ${plural(lines.length, 'line')}`, issued_item_total: t.issued, CIBE_item_total: t.built, change: t.difference });
    all.push(...lines);
  }
  const t = cibeGrandTotals(all);
  const withLines = rows.filter((r) => r.kind === 'job_total').length;
  const totals = { jobs: selected.length, lines: all.length, issued_item_total: t.issued, CIBE_item_total: t.built, change: t.difference };
  return { rows, totals, label: `Totals (${plural(all.length, 'line')}, ${plural(withLines, 'job')})` };
}
