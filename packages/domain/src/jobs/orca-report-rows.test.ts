import { describe, expect, it } from 'vitest';
import { jobDecider, type JobState } from './job.ts';
import type { JobCommand } from './commands.ts';
import { jobLinesAsShown, jobView } from './view.ts';
import { jobCollections, jobLinesOf } from './collections.ts';
import { collectionIn, eventTypes } from '../shared/collections.ts';
import type { JobReportSource } from './report-rows.ts';
import { orcaBillingInvoiceRows, orcaCibeTableRows, orcaInvoiceStatusTotals, orcaManagementRows, orcaOpsRows } from './orca-report-rows.ts';
import { meta } from '../shared/testing.ts';

const TODAY = '2026-11-22';
let nextId = 5000;

/**
 * A job built through the decider, as the read model stores it: its view (no days) and its lines.
 * `kept`: lines an older stream holds as they were added (an invoice status from before an ORCA job's
 * lines took only the ORCA lists), folded from their events.
 */
function job(id: string, values: Record<string, unknown>, lines: [string, Record<string, unknown>][] = [], kept: [string, Record<string, unknown>][] = []): JobReportSource & { state: JobState } {
  let state = jobDecider.initialState;
  const run = (c: JobCommand, m = meta()) => {
    for (const e of jobDecider.decide(c, state, m)) state = jobDecider.evolve(state, e, m);
  };
  run({ type: 'CreateJob', jobId: id, values: { form_type: 'attorca', ...values } });
  lines.forEach(([collection, v], i) => run({ type: 'AddLine', collection, lineId: String(v.id ?? nextId++), values: v }, meta({ at: `2026-11-20T15:00:${String(i).padStart(2, '0')}.000Z` })));
  for (const [collection, v] of kept) {
    const line = { ...v, id: String(nextId++), job: id };
    state = jobDecider.evolve(state, { type: eventTypes(collectionIn(jobCollections, collection)).added, data: { id: line.id, line } }, meta({ at: '2026-11-20T15:01:00.000Z' }));
  }
  return { state, view: jobView(state), lines: state.lines };
}

// Two tasks (given out of order), lines of the job's own and of each task.
const main = job('10', { account_job_number: '1010', title: 'Main St conduit', completion_date: '2026-12-31', permit_expiration_date: '2026-11-25', coordinator: 'Job Coord', estimated_payout: 1000 }, [
  ['job_tasks', { id: '12', task_id: '1.2', title: 'Road crossing', due_date: '2026-11-27', coordinator_code: 'KN03', coordinator: 'Kim North', materials_status: 'Need', permit_status: 'Submitted', photo_status: 'Need More', estimated_crew_payout: 400 }],
  ['job_tasks', { id: '11', task_id: '1.1', work_status: 'In Production', task_permit_expiration_date: '2026-11-24' }],
  ['job_items', { job_task: '11', qty: 10, price: 100.1 }],
  ['job_items', { job_task: '12', qty: 1, price: 0.2 }],
  ['job_items', { qty: 1, price: 50 }],
  ['job_change_orders', { job_task: '12', qty: 1, price: 99.7 }],
  ['job_invoices', { job_task: '11', invoice_number: 'INV-2', invoice_amount: 600.3, status: 'Level 1' }],
  ['job_invoices', { job_task: '12', invoice_number: 'INV-1', invoice_amount: 0.1, status: 'Submitted' }],
  ['job_invoices', { invoice_number: 'INV-3', invoice_amount: 0.2, status: 'Paid' }],
  ['job_crew_payouts', { job_task: '12', crew_name: 'Bore Crew A', crew_payout_amount: 300.1 }],
  ['job_crew_payouts', { job_task: '12', crew_payout_amount: 10, category: 'Materials Payout' }],
  ['job_crews', { job_task: '12', crew_name: 'Bore Crew A' }],
  ['job_crews', { crew_name: 'Splice Team' }],
  ['job_notes', { job_task: '12', note: 'Waiting on the city' }],
  ['job_notes', { job_task: '12', note: 'Permit in hand' }],
  ['job_notes', { note: 'Job note' }],
  ['job_cibe_items', { job_task: '12', line_number: 2, issued_item_code: 'H7', issued_item_qty: 2, issued_item_price: 310, CIBE_item_qty: 3 }],
  ['job_cibe_items', { job_task: '12', line_number: 1, issued_item_code: 'E123', issued_item_qty: 100, issued_item_price: 5.25, CIBE_item_qty: 100 }],
  ['job_cibe_items', { job_task: '11', line_number: 1, issued_item_code: 'Z1', issued_item_qty: 4, issued_item_price: 0.1, CIBE_item_qty: 0, line_zeroed: true }],
  ['job_cibe_items', { line_number: 1, issued_item_code: 'OWN', issued_item_description: 'Own line', issued_item_qty: 3, issued_item_price: 0.1 }],
], [['job_invoices', { invoice_number: 'INV-4', invoice_amount: 5, status: 'Not Paid' }]]);
// No task: one ops row for the job; overdue.
const oak = job('20', { account_job_number: '1002', title: 'Oak Ave', completion_date: '2026-11-20', coordinator: 'Lee' }, [
  ['job_crews', { crew_name: 'Splice Team' }],
  ['job_invoices', { invoice_number: 'OAK-1', invoice_amount: 1000, status: 'Level 1' }],
  ['job_notes', { note: 'Oak note' }],
]);
const base = job('30', { form_type: 'base', title: 'A base job' }, [['job_invoices', { invoice_number: 'B-1', invoice_amount: 1 }]]);
const all = [main, base, oak];
const shownTask = (j: typeof main, id: string) => jobLinesOf(jobLinesAsShown(j.lines, TODAY), 'job_tasks').find((t) => t.id === id)!;

describe('ORCA invoice totals by status', () => {
  it('given invoices, then totals per status in pipeline order, in exact cents, with the paid stage flagged', () => {
    expect(orcaInvoiceStatusTotals([{ status: 'Paid', invoice_amount: 0.1 }, { status: 'Submitted', invoice_amount: 1 }, { status: 'Paid', invoice_amount: 0.2 }, { invoice_amount: 2 }])).toEqual([
      { status: 'Submitted', count: 1, amount: 1, paid_stage: false },
      { status: 'Paid', count: 2, amount: 0.3, paid_stage: true },
      { status: '', count: 1, amount: 2, paid_stage: false },
    ]);
  });
});

describe('ORCA ops rows', () => {
  it("given ORCA jobs with and without tasks, then one row per task (a taskless job: one row), the task's own fields, soonest due first", () => {
    const { rows, totals, label } = orcaOpsRows(all, TODAY);
    expect(rows.map((r) => [r.job_number, r.task_id])).toEqual([
      ['1002', null],
      ['1010', '1.2'],
      ['1010', '1.1'],
    ]);
    expect(rows[0]).toMatchObject({ title: 'Oak Ave', work_status: 'New', due_date: '2026-11-20', days_left: -2, days_colour: 'red', coordinator: 'Lee', crews: 'Splice Team', latest_note: 'Oak note' });
    expect(rows[1]).toMatchObject({
      title: 'Main St conduit',
      work_status: 'New',
      due_date: '2026-11-27',
      days_left: 5,
      days_colour: 'orange',
      permit_expiration_date: null,
      coordinator: 'Kim North',
      crews: 'Bore Crew A',
      materials_status: 'Need',
      permit_status: 'Submitted',
      photo_status: 'Need More',
      latest_note: 'Permit in hand',
    });
    // Task 1.1 has no due date: the job's completion date; no coordinator of its own: the job's.
    expect(rows[2]).toMatchObject({ work_status: 'In Production', due_date: '2026-12-31', days_left: 39, days_colour: null, permit_expiration_date: '2026-11-24', permit_days_left: 2, coordinator: 'Job Coord', crews: null, latest_note: null });
    expect(totals).toEqual({ jobs: 2, tasks: 2, overdue: 1, due_within_week: 1 });
    expect(label).toBe('Totals (2 jobs, 2 tasks)');
  });
});

describe('ORCA management rows', () => {
  it("given an ORCA job with tasks, then the job row is its view's totals and each task row the task's own, as the task page shows them", () => {
    const { rows, totals, label } = orcaManagementRows(all, TODAY);
    expect(rows.map((r) => [r.level, r.job_number, r.task_id])).toEqual([
      ['job', '1002', null],
      ['job', '1010', null],
      ['task', '1010', '1.1'],
      ['task', '1010', '1.2'],
    ]);
    const j = rows[1];
    expect(j).toMatchObject({ po_items: 1051.2, change_orders: 99.7, total: 1150.9, invoiced: 605.6, crew_payouts: 300.1, gross_profit: 850.8, payout_pct: 30 });
    const v = main.view;
    expect([j.po_items, j.total, j.invoiced, j.gross_profit, j.cibe_issued, j.cibe_total, j.cibe_difference]).toEqual([v.total_po_item_amounts, v.total_job, v.total_job_invoiced_actual, v.total_gross_profit, v.CIBE_issued_grand_total, v.CIBE_job_grand_total, v.CIBE_job_grand_total_difference]);
    // Issued 620 + 525 + 0.4 + 0.3; as built 930 + 525 + 0 + 0.3.
    expect([j.cibe_issued, j.cibe_total, j.cibe_difference]).toEqual([1145.7, 1455.3, 309.6]);
    const t12 = rows[3];
    expect(t12.title).toBe('    Task 1.2: Road crossing');
    expect(t12).toMatchObject({ po_items: 0.2, change_orders: 99.7, total: 99.9, invoiced: 0.1, crew_payouts: 300.1, gross_profit: -200.2, payout_pct: 75.03, cibe_issued: 1145, cibe_total: 1455, cibe_difference: 310 });
    const shown = shownTask(main, '12');
    expect([t12.total, t12.gross_profit, t12.payout_pct, t12.cibe_total]).toEqual([shown.task_total, shown.task_total_gross_profit, shown.task_payout_pct, shown.CIBE_total]);
    expect(rows[2]).toMatchObject({ title: '    Task 1.1', po_items: 1001, invoiced: 600.3, payout_pct: null, cibe_issued: 0.4, cibe_total: 0, cibe_difference: -0.4 });
    // The job rows only, in exact cents: Oak has 1,000 invoiced and nothing else.
    expect(totals).toMatchObject({ jobs: 2, tasks: 2, po_items: 1051.2, total: 1150.9, invoiced: 1605.6, crew_payouts: 300.1, gross_profit: 850.8, payout_pct: 30, cibe_issued: 1145.7, cibe_total: 1455.3, cibe_difference: 309.6 });
    expect(label).toBe('Totals (2 jobs)');
  });
});

describe('ORCA billing invoice rows', () => {
  it('given invoices of jobs and tasks, then every ORCA invoice in pipeline order of status, each status with its total row, and grand totals', () => {
    const { rows, by_status, totals, label } = orcaBillingInvoiceRows(all, TODAY);
    expect(rows.map((r) => [r.kind, r.invoice_number ?? r.title, r.task_id ?? null])).toEqual([
      ['invoice', 'INV-1', '1.2'],
      ['status_total', 'Submitted: 1 invoice', null],
      ['invoice', 'OAK-1', null],
      ['invoice', 'INV-2', '1.1'],
      ['status_total', 'Level 1: 2 invoices', null],
      ['invoice', 'INV-3', null],
      ['status_total', 'Paid: 1 invoice', null],
      ['invoice', 'INV-4', null],
      ['status_total', 'Not Paid: 1 invoice', null],
    ]);
    expect(rows[3]).toMatchObject({ job_number: '1010', title: 'Main St conduit', invoice_amount: 600.3, status: 'Level 1', paid_stage: true });
    expect(rows[4]).toMatchObject({ invoice_amount: 1600.3, paid_stage: true });
    expect(rows[7]).toMatchObject({ status: 'Not Paid', paid_stage: false });
    expect(by_status.map((s) => [s.status, s.count, s.amount, s.paid_stage])).toEqual([
      ['Submitted', 1, 0.1, false],
      ['Level 1', 2, 1600.3, true],
      ['Paid', 1, 0.2, true],
      ['Not Paid', 1, 5, false],
    ]);
    expect(totals).toEqual({ jobs: 2, invoices: 5, invoice_amount: 1605.6, paid_stage_invoices: 3, paid_stage_amount: 1600.5 });
    expect(label).toBe('Totals (5 invoices, 2 jobs)');
  });
});

describe('ORCA CIBE table rows', () => {
  it("given CIBE lines of a job and its tasks, then the job's own sheet, then each task's in line order, each line's figures, and a totals row per job", () => {
    const { rows, totals, label } = orcaCibeTableRows(all, TODAY);
    expect(rows.map((r) => [r.kind, r.task_id ?? null, r.issued_item_code ?? null])).toEqual([
      ['line', null, 'OWN'],
      ['line', '1.1', 'Z1'],
      ['line', '1.2', 'E123'],
      ['line', '1.2', 'H7'],
      ['job_total', null, null],
    ]);
    expect(rows[0]).toMatchObject({ job_number: '1010', line_number: 1, issued_item_description: 'Own line', issued_item_total: 0.3, CIBE_item_qty: null, CIBE_item_total: null, CIBE_item_qty_diff: null, change: 0, line_zeroed: null });
    expect(rows[1]).toMatchObject({ CIBE_item_qty: 0, CIBE_item_total: null, CIBE_item_qty_diff: -4, change: -0.4, line_zeroed: 'Yes' });
    // Same qty as issued: no difference, CIBE total blank (cibeLineFigures).
    expect(rows[2]).toMatchObject({ issued_item_total: 525, CIBE_item_total: null, CIBE_item_qty_diff: null, change: 0 });
    expect(rows[3]).toMatchObject({ issued_item_qty: 2, issued_item_price: 310, issued_item_total: 620, CIBE_item_qty: 3, CIBE_item_total: 930, CIBE_item_qty_diff: 1, change: 310 });
    expect(rows[4]).toMatchObject({ issued_item_description: 'Main St conduit: 4 lines', issued_item_total: 1145.7, CIBE_item_total: 1455.3, change: 309.6 });
    expect([rows[4].issued_item_total, rows[4].CIBE_item_total, rows[4].change]).toEqual([main.view.CIBE_issued_grand_total, main.view.CIBE_job_grand_total, main.view.CIBE_job_grand_total_difference]);
    expect(totals).toEqual({ jobs: 2, lines: 4, issued_item_total: 1145.7, CIBE_item_total: 1455.3, change: 309.6 });
    expect(label).toBe('Totals (4 lines, 1 job)');
  });

  it('given no ORCA job among the selection, then every report has no rows and zero totals', () => {
    expect(orcaOpsRows([base], TODAY)).toMatchObject({ rows: [], totals: { jobs: 0, overdue: 0 } });
    expect(orcaManagementRows([base], TODAY)).toMatchObject({ rows: [], totals: { jobs: 0, total: 0, payout_pct: null } });
    expect(orcaBillingInvoiceRows([base], TODAY)).toMatchObject({ rows: [], by_status: [], totals: { invoices: 0, invoice_amount: 0 } });
    expect(orcaCibeTableRows([], TODAY)).toMatchObject({ rows: [], totals: { lines: 0, issued_item_total: 0 } });
  });
});
