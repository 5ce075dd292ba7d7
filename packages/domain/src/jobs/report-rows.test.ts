import { describe, expect, it } from 'vitest';
import { jobDecider, type JobState } from './job.ts';
import type { JobCommand } from './commands.ts';
import { jobView } from './view.ts';
import { crewRows, jobManagementRows, jobOpsRows, NO_CREW, segmentProductionRows, workOrderDocument, type JobReportSource } from './report-rows.ts';
import { meta } from '../shared/testing.ts';

const TODAY = '2026-11-22';
let nextId = 1000;

/** A job built through the decider, as the read model stores it: its view (no days) and its lines. */
function job(id: string, values: Record<string, unknown>, lines: [string, Record<string, unknown>][] = [], at = '2026-11-20T15:00:00.000Z'): JobReportSource & { state: JobState } {
  let state = jobDecider.initialState;
  const run = (c: JobCommand, m = meta({ at })) => {
    for (const e of jobDecider.decide(c, state, m)) state = jobDecider.evolve(state, e, m);
  };
  run({ type: 'CreateJob', jobId: id, values: { form_type: 'base', ...values } });
  lines.forEach(([collection, v], i) => run({ type: 'AddLine', collection, lineId: String(v.id ?? nextId++), values: v }, meta({ at: `2026-11-20T15:00:${String(i).padStart(2, '0')}.000Z` })));
  return { state, view: jobView(state), lines: state.lines };
}

const elm = job('1', { account_job_number: '1001', title: 'Elm St fibre', customer: 'AT&T', work_status: 'Current', start_date: '2026-11-01', completion_date: '2026-11-24', estimated_payout: 1000, colour: 'Green' }, [
  ['job_items', { qty: 3, price: 1000.1 }],
  ['job_items', { qty: 1, price: 0.2 }],
  ['job_change_orders', { qty: 1, price: 99.7 }],
  ['job_invoices', { invoice_amount: 600.3 }],
  ['job_crew_payouts', { crew_name: 'Bore Crew A', crew_payout_amount: 300.1 }],
  ['job_crew_payouts', { crew_name: 'bore crew a ', crew_payout_amount: 50.05, category: 'Materials Payout' }],
  ['job_crew_payouts', { crew_payout_amount: 10, category: 'Equipment Payout' }],
  ['job_crews', { crew_name: 'Bore Crew A' }],
  ['job_crews', { crew_name: 'Splice Team' }],
  ['job_segments', { segment_number: 'S1', work_type: 'Bore', feet: 1000, plan_days: 4 }],
  ['job_segments', { segment_number: 'S2', work_type: 'Trench', feet: 300, plan_days: 2, work_status: 'Current' }],
  ['job_productions', { segment_number: 'S1', crew_name: 'Bore Crew A', feet: 250.5, production_days: 1, crew_payout_amount: 100.1 }],
  ['job_productions', { segment_number: 'S1', crew_name: 'Bore Crew A', feet: 249.5, production_days: 1.5, crew_payout_amount: 0.2 }],
  ['job_productions', { segment_number: 'S9', crew_name: 'Splice Team', feet: 40, production_days: 0.5 }],
  ['job_notes', { note: 'Locates called in' }],
  ['job_notes', { note: 'Crew on site Monday' }],
]);
const route66 = job('2', { job_number: 'J-66', title: 'Route 66 bore', customer: 'Fiberlight', completion_date: '2026-11-20', estimated_payout: 500 }, [
  ['job_items', { qty: 2, price: 0.1 }],
  ['job_crew_payouts', { crew_name: 'Splice Team', crew_payout_amount: 0.2 }],
  ['job_productions', { crew_name: 'Splice Team', feet: 10, production_days: 1 }],
]);
const undated = job('3', { title: 'Downtown aerial' });
const all = [undated, elm, route66];

describe('job report rows', () => {
  it('given jobs, then the ops rows follow the list: soonest completion first, undated last, with days, colour, crews, segment % and the latest note', () => {
    const { rows, totals, label } = jobOpsRows(all, TODAY);
    expect(rows.map((r) => r.job_number)).toEqual(['J-66', '1001', '3']);
    expect(rows[0]).toMatchObject({ days_left: -2, days_colour: 'red' });
    expect(rows[1]).toMatchObject({
      title: 'Elm St fibre',
      customer: 'AT&T',
      form_type: 'base',
      work_status: 'Current',
      start_date: '2026-11-01',
      completion_date: '2026-11-24',
      days_left: 2,
      days_colour: 'red',
      crews: 'Bore Crew A, Splice Team',
      // (500 + 40) ft of 1,300 planned: the view's segment_percent_complete.
      segment_percent_complete: 42,
      latest_note: 'Crew on site Monday',
      colour_background: 'rgba(64, 192, 87, 0.7)',
    });
    expect(rows[2]).toMatchObject({ days_left: null, days_colour: null, work_status: 'New', segment_percent_complete: null, latest_note: null });
    expect(totals).toEqual({ jobs: 3, overdue: 1, due_within_week: 1 });
    expect(label).toBe('Totals (3 jobs)');
  });

  it("given jobs, then each management row is the job view's totals and the totals row adds them in exact cents", () => {
    const { rows, totals } = jobManagementRows(all, TODAY);
    const e = rows.find((r) => r.id === '1')!;
    expect(e).toMatchObject({
      total_po_item_amounts: 3000.5,
      total_change_orders: 99.7,
      total_job: 3100.2,
      total_job_invoiced_actual: 600.3,
      total_crew_payouts: 300.1,
      total_gross_profit: 2800.1,
      payout_pct_of_total: 30,
    });
    for (const r of rows) {
      const v = all.find((j) => j.view.id === r.id)!.view;
      for (const k of ['total_po_item_amounts', 'total_change_orders', 'total_job', 'total_job_invoiced_actual', 'total_crew_payouts', 'total_gross_profit', 'payout_pct_of_total'] as const) expect(r[k]).toBe(v[k]);
    }
    // 3000.5 + 0.2 would be 3000.7000000000003 in floating point.
    expect(totals).toMatchObject({ jobs: 3, total_po_item_amounts: 3000.7, total_job: 3100.4, total_crew_payouts: 300.3, total_gross_profit: 2800.1 });
    expect(totals.total_gross_profit).toBe(2800.1);
    // 300.30 of 1,500 estimated.
    expect(totals.payout_pct_of_total).toBe(20);
  });

  it("given segments and productions, then one row per segment with the view's segment totals, an Unassigned row for productions of no segment, and totals that match the job's feet", () => {
    const { rows, totals, label } = segmentProductionRows(all, TODAY);
    expect(rows.map((r) => [r.job_number, r.segment_number])).toEqual([
      ['J-66', 'Unassigned'],
      ['1001', 'S1'],
      ['1001', 'S2'],
      ['1001', 'Unassigned'],
    ]);
    const s1 = rows[1];
    const rollup = (elm.view.segment_rollups as Record<string, unknown>[])[0];
    expect(s1).toMatchObject({ work_type: 'Bore', work_status: 'New', feet: 1000, plan_days: 4, productions: 2 });
    expect(s1).toMatchObject({ segment_total_feet: rollup.segment_total_feet, segment_total_days: rollup.segment_total_days, production_payouts: rollup.production_payouts, percent_complete: rollup.percent_complete });
    expect(s1).toMatchObject({ segment_total_feet: 500, segment_total_days: 2.5, production_payouts: 100.3, percent_complete: 50 });
    expect(rows[2]).toMatchObject({ segment_total_feet: 0, percent_complete: 0 });
    expect(rows[3]).toMatchObject({ segment_total_feet: 40, productions: 1, percent_complete: null });
    expect(totals).toMatchObject({ jobs: 3, segments: 2, feet: 1300, segment_total_feet: 550, percent_complete: 42, plan_days: 6, segment_total_days: 4, productions: 4 });
    expect(totals.segment_total_feet).toBe(all.reduce((s, j) => s + (j.view.segment_total_feet as number), 0));
    expect(label).toBe('Totals (2 segments, 3 jobs)');
  });

  it('given crews on several jobs, then one row per crew (names trimmed, case-blind), payouts by category, and totals equal to the jobs’ payouts', () => {
    const { rows, totals } = crewRows(all);
    expect(rows.map((r) => r.crew_name)).toEqual(['Bore Crew A', 'Splice Team', NO_CREW]);
    expect(rows[0]).toMatchObject({ jobs: 1, productions: 2, feet: 500, production_days: 2.5, production_payouts: 100.3, crew_payouts: 300.1, materials_payouts: 50.05, equipment_payouts: 0, total_payouts: 350.15 });
    expect(rows[1]).toMatchObject({ jobs: 2, productions: 2, feet: 50, production_days: 1.5, crew_payouts: 0.2, total_payouts: 0.2 });
    expect(rows[2]).toMatchObject({ jobs: 1, productions: 0, equipment_payouts: 10, crew_payouts: 0, total_payouts: 10 });
    expect(totals).toMatchObject({ crews: 2, jobs: 3, crew_jobs: 2, feet: 550, crew_payouts: 300.3, total_payouts: 360.35 });
    const sum = (k: string) => Math.round(all.reduce((s, j) => s + (j.view[k] as number) * 100, 0)) / 100;
    expect(totals.crew_payouts).toBe(sum('total_crew_payouts'));
    expect(totals.total_payouts).toBe(sum('total_payouts'));
  });

  it('given no jobs, then no rows and zero totals', () => {
    expect(jobManagementRows([], TODAY)).toMatchObject({ rows: [], totals: { jobs: 0, total_job: 0, payout_pct_of_total: null }, label: 'Totals (0 jobs)' });
    expect(crewRows([])).toMatchObject({ rows: [], totals: { crews: 0, total_payouts: 0 } });
    expect(segmentProductionRows([], TODAY).rows).toEqual([]);
  });

  it('given a work order with items and materials, then its document has the header, its own items in line order and its materials (own lines, then job materials allocated to it)', () => {
    const j = job('7', { account_job_number: '1007', title: 'Oak Ave', customer: 'AT&T', address: '12 Oak Ave', city: 'Tulsa', coordinator: 'Kim', coord_phone1: '555-0100' }, [
      ['job_work_orders', { id: '70', work_order_number: '41', crew_name: 'Bore Crew A', scheduled_date: '2026-11-30', work_description: 'Bore 300 ft under Oak Ave' }],
      ['job_work_orders', { id: '80', work_order_number: '42' }],
      ['job_work_order_items', { id: '71', job_work_order: '70', line_number: 2, item: 'Splice', qty: 1 }],
      ['job_work_order_items', { id: '72', job_work_order: '70', line_number: 1, item: 'Bore', description: '2" HDPE', uom: 'FT', qty: 300, allocated: true }],
      ['job_work_order_items', { id: '81', job_work_order: '80', item: 'Other order' }],
      ['job_work_order_materials', { id: '73', job_work_order: '70', item_code: 'HH-1', description: 'Handhole', uom: 'EA', qty: 2 }],
      ['job_materials', { id: '74', job_work_order: '70', item_code: 'DUCT', qty: 300, status: 'Ordered' }],
      ['job_materials', { id: '75', item_code: 'SPARE', qty: 1 }],
    ]);
    const doc = workOrderDocument(j, '70')!;
    expect(doc.work_order_number).toBe('41');
    expect(Object.fromEntries(doc.header.map((h) => [h.label, h.value]))).toMatchObject({
      'Work order #': '41',
      'Job #': '1007',
      Job: 'Oak Ave',
      Customer: 'AT&T',
      Address: '12 Oak Ave, Tulsa',
      Crew: 'Bore Crew A',
      Scheduled: '2026-11-30',
      Coordinator: 'Kim · 555-0100',
      Work: 'Bore 300 ft under Oak Ave',
    });
    expect(doc.items.map((i) => i.item)).toEqual(['Bore', 'Splice']);
    expect(doc.items[0]).toMatchObject({ description: '2" HDPE', uom: 'FT', qty: 300, allocated: 'Yes' });
    expect(doc.materials.map((m) => [m.item_code, m.status])).toEqual([['HH-1', null], ['DUCT', 'Ordered']]);
    expect(doc.totals).toEqual({ items: 2, item_qty: 301, materials: 2, material_qty: 302 });
    expect(workOrderDocument(j, '999')).toBeNull();
    expect(workOrderDocument(j, '71')).toBeNull();
  });
});
