import { describe, expect, it } from 'vitest';
import { jobDecider } from './job.ts';
import { bidDecider } from '../bids/bid.ts';
import type { BidEvent } from '../bids/events.ts';
import { given, meta } from '../shared/testing.ts';
import { linesOf } from '../shared/collections.ts';
import { jobView } from './view.ts';

const bidEvents: BidEvent[] = [
  { type: 'BidCreated', data: { id: '1', values: { work_request: 'WR-9', phone_1: '555', request_start: '2026-12-01', bid_completion: '2026-12-20', job_number: 'J1', location: '1 Main St', city: 'Tulsa', coordinator: 'Kim' } } },
  { type: 'BidItemAdded', data: { id: '2', line: { id: '2', bid: '1', item: 'Bore', job_number: 'J1-1', bid_percent: 60, frc: 'F1', vd: 'V1', geographic_location: 'North', bid_area: 'Zone 4' } } },
  { type: 'BidItemAdded', data: { id: '3', line: { id: '3', bid: '1', item: 'Splice', job_number: 'J1-2', bid_percent: 40, frc: 'F2', vd: 'V2' } } },
];
const bid = given(bidDecider, bidEvents).state;

describe('job decider', () => {
  it('given a bid, when a job is created from it, then one JobCreatedFromBid maps the fields and items of spec 1 section 3', () => {
    const { events, state } = given(jobDecider, []).then({ type: 'CreateJobFromBid', jobId: '50', bid, itemIds: ['51', '52'] });
    expect(events.map((e) => e.type)).toEqual(['JobCreatedFromBid']);
    expect(state.fields).toMatchObject({
      bid_ref: '1',
      work_status: 'New',
      form_type: 'attfiber',
      work_req_num: 'WR-9',
      coord_phone1: '555',
      start_date: '2026-12-01',
      completion_date: '2026-12-20',
      job_number: 'J1',
      address: '1 Main St',
      geo_loc: 'North',
      bid_area: 'Zone 4',
      city: 'Tulsa',
      coordinator: 'Kim',
    });
    expect(linesOf(state.lines, 'job_items')).toEqual([
      expect.objectContaining({ id: '51', job: '50', item: 'Bore', col1: 'J1-1', job_percent: 60, col4: 'F1', col6: 'V1' }),
      expect.objectContaining({ id: '52', job: '50', item: 'Splice', col1: 'J1-2', job_percent: 40, col4: 'F2', col6: 'V2' }),
    ]);
  });

  it('given a deleted bid, when a job is created from it, then not_found', () => {
    const deleted = given(bidDecider, [...bidEvents, { type: 'BidDeleted', data: {} }]).state;
    expect(() => given(jobDecider, []).when({ type: 'CreateJobFromBid', jobId: '50', bid: deleted, itemIds: ['51', '52'] })).toThrow(/not found/);
  });

  it('given a job, when an item with qty and price is added, then its total and the job total follow', () => {
    const g = given(jobDecider, [{ type: 'JobCreated', data: { id: '5', values: { form_type: 'base' } } }]);
    const { state } = g.then({ type: 'AddLine', collection: 'job_items', lineId: '6', values: { qty: '12.5', price: 3.2 } });
    expect(linesOf(state.lines, 'job_items')[0].total_price).toBe(40);
    expect(jobView(state).total_po_item_amounts).toBe(40);
  });

  it('given no job, when created with the three-call path, then JobCreated defaults work_status New', () => {
    const [e] = given(jobDecider, []).when({ type: 'CreateJob', jobId: '5', values: { bid_ref: '1', form_type: 'attfiber' } }, meta());
    expect(e.data).toMatchObject({ values: { work_status: 'New', bid_ref: '1', archived: false } });
  });
});

describe('job lines of lines and totals', () => {
  const created = { type: 'JobCreated', data: { id: '60', values: { form_type: 'base', work_status: 'New', estimated_payout: 1000, completion_date: '2026-11-25' } } } as const;
  const run = (commands: Record<string, unknown>[]) =>
    commands.reduce((s, c) => jobDecider.decide(c as never, s, meta()).reduce((x, e) => jobDecider.evolve(x, e, meta()), s), given(jobDecider, [created as never]).state);

  it('given a timesheet, when a timecard names it, then the card is kept under it; naming no timesheet or another record\'s is refused', () => {
    const s = run([{ type: 'AddLine', collection: 'job_timesheets', lineId: '61', values: { timesheet_number: 'T1' } }, { type: 'AddLine', collection: 'job_timecards', lineId: '62', values: { job_timesheet: '61', worker_name: 'Lee', hours: 8 } }]);
    expect(linesOf(s.lines, 'job_timecards')[0]).toMatchObject({ job_timesheet: '61', hours: 8, job: '60' });
    expect(() => jobDecider.decide({ type: 'AddLine', collection: 'job_timecards', lineId: '63', values: { worker_name: 'X' } } as never, s, meta())).toThrow(/needs its timesheet/);
    expect(() => jobDecider.decide({ type: 'AddLine', collection: 'job_timecards', lineId: '63', values: { job_timesheet: '999' } } as never, s, meta())).toThrow(/not part of this record/);
  });

  it('given a damage report and a production, when photos name them, then each photo is kept under its line', () => {
    const s = run([
      { type: 'AddLine', collection: 'job_damage_reports', lineId: '64', values: { description: 'Nick' } },
      { type: 'AddLine', collection: 'job_damage_report_photos', lineId: '65', values: { damage_report: '64', file_name: 'd.png' } },
      { type: 'AddLine', collection: 'job_productions', lineId: '66', values: { feet: 10 } },
      { type: 'AddLine', collection: 'job_production_photos', lineId: '67', values: { production: '66', file_name: 'p.png' } },
    ]);
    expect(linesOf(s.lines, 'job_damage_report_photos')[0]).toMatchObject({ damage_report: '64', file_type: 'photo' });
    expect(linesOf(s.lines, 'job_production_photos')[0]).toMatchObject({ production: '66' });
  });

  it('given a bid and the counter\'s number, when a job is created from it, then the number is the job\'s account_job_number', () => {
    const { events } = given(jobDecider, []).then({ type: 'CreateJobFromBid', jobId: '50', bid, itemIds: ['51', '52'], values: { account_job_number: '2601' } });
    expect((events[0].data as { values: Record<string, unknown> }).values).toMatchObject({ account_job_number: '2601', work_req_num: 'WR-9' });
  });

  it('given a work order with items and materials, when it is removed, then its items and materials are removed first, in one decision', () => {
    const s = run([
      { type: 'AddLine', collection: 'job_work_orders', lineId: '70', values: { work_order_number: 'WO-1' } },
      { type: 'AddLine', collection: 'job_work_order_items', lineId: '71', values: { job_work_order: '70', item: 'Bore' } },
      { type: 'AddLine', collection: 'job_work_order_materials', lineId: '72', values: { job_work_order: '70', item_code: 'DUCT' } },
    ]);
    const events = jobDecider.decide({ type: 'RemoveLine', collection: 'job_work_orders', lineId: '70' } as never, s, meta());
    expect(events.map((e) => e.type)).toEqual(['JobWorkOrderItemRemoved', 'JobWorkOrderMaterialRemoved', 'JobWorkOrderRemoved']);
  });

  it('given lines of every kind, then the view carries the totals, crews, segment roll-ups, days left and bundle', () => {
    const bundle = { file_name: 'b.pdf', file_type: 'pdf_bundle', sha256: 'c'.repeat(64), size: 3, content_type: 'application/pdf' };
    const s = run([
      { type: 'ReviseJob', values: { colour: 'Blue Lt' } },
      { type: 'AddLine', collection: 'job_items', lineId: '80', values: { item: 'Bore', qty: 100, price: 12.5 } },
      { type: 'AddLine', collection: 'job_change_orders', lineId: '81', values: { qty: 1, price: 250 } },
      { type: 'AddLine', collection: 'job_invoices', lineId: '82', values: { invoice_amount: 1000 } },
      { type: 'AddLine', collection: 'job_crew_payouts', lineId: '83', values: { crew_payout_amount: 600 } },
      { type: 'AddLine', collection: 'job_crews', lineId: '84', values: { crew_name: 'Bore Crew 1' } },
      { type: 'AddLine', collection: 'job_segments', lineId: '85', values: { segment_number: 'S1', feet: 1000 } },
      { type: 'AddLine', collection: 'job_productions', lineId: '86', values: { segment_number: 'S1', feet: 250, work_type: 'Splice' } },
      { type: 'AddLine', collection: 'job_pdf_bundles', lineId: '87', values: bundle },
      { type: 'AddLine', collection: 'job_pdf_bundles', lineId: '88', values: { ...bundle, file_name: 'c.pdf' } },
    ]);
    const v = jobView(s, '2026-11-22');
    expect(v).toMatchObject({
      total_po_item_amounts: 1250,
      total_change_orders: 250,
      total_job: 1500,
      total_job_invoiced_actual: 1000,
      total_crew_payouts: 600,
      payout_pct_of_total: 60,
      total_gross_profit: 900,
      crew_string: 'Bore Crew 1',
      colour_background: 'rgba(34, 139, 230, 0.3)',
      segment_rollups: [expect.objectContaining({ segment_number: 'S1', actual_feet: 250, percent_complete: 25 })],
      segment_percent_complete: 25,
      job_days_left: 3,
      job_days_colour: 'red',
      pdf_bundle: expect.objectContaining({ file_name: 'c.pdf' }),
    });
    expect(linesOf(s.lines, 'job_productions')[0]).toMatchObject({ production_form: 'single_point' });
    expect(linesOf(s.lines, 'job_pdf_bundles')).toHaveLength(1);
  });
});
