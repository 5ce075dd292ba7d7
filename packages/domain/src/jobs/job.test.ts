import { describe, expect, it } from 'vitest';
import { jobDecider } from './job.ts';
import { bidDecider } from '../bids/bid.ts';
import type { BidEvent } from '../bids/events.ts';
import { given, meta, refusedWith } from '../shared/testing.ts';
import { collectionForFormType, jobCollections, jobLinesOf } from './collections.ts';
import { collectionIn } from '../shared/collections.ts';
import { BASE_INVOICE_STATUSES, BASE_MATERIAL_STATUSES, BASE_PERMIT_STATUSES, ORCA_INVOICE_STATUSES, ORCA_MATERIAL_STATUSES, ORCA_PERMIT_STATUSES } from './rules.ts';
import { jobView } from './view.ts';
import { jobLinesAsShown } from './view.ts';

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
    expect(jobLinesOf(state.lines, 'job_items')).toEqual([
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
    expect(jobLinesOf(state.lines, 'job_items')[0].total_price).toBe(40);
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
    expect(jobLinesOf(s.lines, 'job_timecards')[0]).toMatchObject({ job_timesheet: '61', hours: 8, job: '60' });
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
    expect(jobLinesOf(s.lines, 'job_damage_report_photos')[0]).toMatchObject({ damage_report: '64', file_type: 'photo' });
    expect(jobLinesOf(s.lines, 'job_production_photos')[0]).toMatchObject({ production: '66' });
  });

  it('given a production with a typed work type and a form_type of the client\'s, when added, then the work type is kept and form_type follows from it', () => {
    const s = run([
      { type: 'AddLine', collection: 'job_productions', lineId: '68', values: { work_type: 'Micro-trench', form_type: 'handhole', feet: 10 } },
      { type: 'AddLine', collection: 'job_productions', lineId: '69', values: { work_type: 'Pipe Stubbed' } },
      { type: 'AddLine', collection: 'job_productions', lineId: '70', values: { feet: 5 } },
    ]);
    expect(jobLinesOf(s.lines, 'job_productions').map((p) => [p.work_type ?? null, p.form_type])).toEqual([['Micro-trench', 'from_to'], ['Pipe Stubbed', 'single_point'], [null, null]]);
    expect(s.lines.job_productions['68']).not.toHaveProperty('form_type');
  });

  it('given a work type longer than its limit, when a production is added, then it is refused naming work_type', () => {
    expect(() => run([{ type: 'AddLine', collection: 'job_productions', lineId: '68', values: { work_type: 'x'.repeat(101) } }])).toThrow(/work_type/);
  });

  it('given a segment, when productions name it, are moved to another segment and removed, then the segment\'s totals follow each change', () => {
    const totalsOf = (s: ReturnType<typeof run>) => jobLinesOf(jobLinesAsShown(s.lines), 'job_segments').map((l) => [l.segment_number, l.segment_total_feet, l.segment_total_days, l.percent_complete]);
    let s = run([
      { type: 'AddLine', collection: 'job_productions', lineId: '71', values: { segment_number: 'S1', feet: 100, production_days: 1 } },
      { type: 'AddLine', collection: 'job_segments', lineId: '72', values: { segment_number: 'S1', feet: 400, plan_days: 4 } },
      { type: 'AddLine', collection: 'job_segments', lineId: '73', values: { segment_number: 'S2', feet: 100 } },
      { type: 'AddLine', collection: 'job_productions', lineId: '74', values: { segment_number: 'S1', feet: 50, production_days: 1 } },
    ]);
    expect(totalsOf(s)).toEqual([['S1', 150, 2, 38], ['S2', 0, 0, 0]]);
    s = [{ type: 'ReviseLine', collection: 'job_productions', lineId: '74', values: { segment_number: 'S2' } }].reduce((x, c) => jobDecider.decide(c as never, x, meta()).reduce((y, e) => jobDecider.evolve(y, e, meta()), x), s);
    expect(totalsOf(s)).toEqual([['S1', 100, 1, 25], ['S2', 50, 1, 50]]);
    s = [{ type: 'RemoveLine', collection: 'job_productions', lineId: '71' }, { type: 'ReviseLine', collection: 'job_segments', lineId: '73', values: { feet: 200 } }].reduce((x, c) => jobDecider.decide(c as never, x, meta()).reduce((y, e) => jobDecider.evolve(y, e, meta()), x), s);
    expect(totalsOf(s)).toEqual([['S1', 0, 0, 0], ['S2', 50, 1, 25]]);
  });

  it('given a segment whose body carries totals, when it is added, then the totals are the productions\' and no event holds them', () => {
    const events = jobDecider.decide({ type: 'AddLine', collection: 'job_segments', lineId: '75', values: { segment_number: 'S9', feet: 10, segment_total_feet: 999, percent_complete: 99 } } as never, run([]), meta());
    expect((events[0].data as { line: Record<string, unknown> }).line).not.toHaveProperty('segment_total_feet');
    const s = events.reduce((x, e) => jobDecider.evolve(x, e, meta()), run([]));
    expect(s.lines.job_segments['75']).not.toHaveProperty('segment_total_feet');
    expect(jobLinesOf(jobLinesAsShown(s.lines), 'job_segments')[0]).toMatchObject({ segment_total_feet: 0, percent_complete: 0 });
  });

  it('given lines under lines, then each parent line shows them under the spec\'s name: a production\'s and a damage report\'s photos, a timesheet\'s timecards, a work order\'s items and materials', () => {
    let s = run([
      { type: 'AddLine', collection: 'job_productions', lineId: '80', values: { feet: 10 } },
      { type: 'AddLine', collection: 'job_production_photos', lineId: '81', values: { production: '80', file_name: 'pit.png' } },
      { type: 'AddLine', collection: 'job_damage_reports', lineId: '82', values: { description: 'Nick' } },
      { type: 'AddLine', collection: 'job_damage_report_photos', lineId: '83', values: { damage_report: '82', file_name: 'nick.png' } },
      { type: 'AddLine', collection: 'job_timesheets', lineId: '84', values: { timesheet_number: 'T1' } },
      { type: 'AddLine', collection: 'job_timecards', lineId: '85', values: { job_timesheet: '84', hours: 8 } },
      { type: 'AddLine', collection: 'job_work_orders', lineId: '86', values: { work_order_number: 'WO-1' } },
      { type: 'AddLine', collection: 'job_work_order_items', lineId: '87', values: { job_work_order: '86', item: 'Bore' } },
      { type: 'AddLine', collection: 'job_work_order_materials', lineId: '88', values: { job_work_order: '86', item_code: 'DUCT' } },
      { type: 'ReviseLine', collection: 'job_productions', lineId: '80', values: { feet: 12 } },
    ]);
    const one = (name: string) => jobLinesOf(jobLinesAsShown(s.lines), name)[0];
    expect(one('job_productions').photos).toEqual([expect.objectContaining({ id: '81', file: '/api/files/81/pit.png' })]);
    expect(one('job_damage_reports').photos).toEqual([expect.objectContaining({ id: '83' })]);
    expect(one('job_timesheets').timecards).toEqual([expect.objectContaining({ id: '85', hours: 8 })]);
    expect(one('job_work_orders')).toMatchObject({ items: [expect.objectContaining({ id: '87' })], materials: [expect.objectContaining({ id: '88' })] });
    s = jobDecider.decide({ type: 'RemoveLine', collection: 'job_production_photos', lineId: '81' } as never, s, meta()).reduce((x, e) => jobDecider.evolve(x, e, meta()), s);
    expect(one('job_productions').photos).toEqual([]);
    // Shown on read, never folded into the line itself.
    expect(s.lines.job_productions['80']).not.toHaveProperty('photos');
  });

  it('given an item and a change order line with every field of spec 2 section 3, then both keep them, start off any work order and total qty x price', () => {
    const fields = { item: 'Bore', item_code: 'SVA-1', col1: 'Bore 2 ducts', col2: 'FT', col3: '10', description: 'Bore 2 ducts', uom: 'FT', provisions: 'Restore sod', qty: 10, price: 4.5, line_number: 1 };
    const s = run([
      { type: 'AddLine', collection: 'job_items', lineId: '76', values: fields },
      { type: 'AddLine', collection: 'job_change_orders', lineId: '77', values: { ...fields, co_number: 'CO-1' } },
      { type: 'ReviseLine', collection: 'job_change_orders', lineId: '77', values: { assigned_to_work_order: 't' } },
    ]);
    expect(jobLinesOf(s.lines, 'job_items')[0]).toMatchObject({ ...fields, assigned_to_work_order: false, total_price: 45 });
    expect(jobLinesOf(s.lines, 'job_change_orders')[0]).toMatchObject({ ...fields, co_number: 'CO-1', assigned_to_work_order: true, total_price: 45 });
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
      segment_rollups: [expect.objectContaining({ segment_number: 'S1', segment_total_feet: 250, percent_complete: 25 })],
      segment_plan_feet: 1000,
      segment_total_feet: 250,
      segment_percent_complete: 25,
      job_days_left: 3,
      job_days_colour: 'red',
      pdf_bundle: expect.objectContaining({ file_name: 'c.pdf' }),
    });
    expect(jobLinesOf(s.lines, 'job_productions')[0]).toMatchObject({ form_type: 'single_point' });
    expect(jobLinesOf(s.lines, 'job_pdf_bundles')).toHaveLength(1);
  });
});

describe('line statuses follow the job form type (spec 2 section 4)', () => {
  const orca = given(jobDecider, [
    { type: 'JobCreated', data: { id: '5', values: { form_type: 'attorca' } } },
    { type: 'JobTaskAdded', data: { id: '6', line: { id: '6', job: '5', task_id: '1.1' } } },
  ]);
  const base = given(jobDecider, [{ type: 'JobCreated', data: { id: '5', values: { form_type: 'base' } } }]);
  const add = (collection: string, values: Record<string, unknown>) => ({ type: 'AddLine' as const, collection, lineId: '9', values });

  it('given an ORCA job, when its task adds a material, an invoice and a permit with ORCA statuses, then they are taken; a new material starts Need', () => {
    expect(orca.then(add('job_materials', { job_task: '6', status: 'Requested/Ordered' })).state.lines.job_materials['9'].status).toBe('Requested/Ordered');
    expect(orca.then(add('job_materials', { job_task: '6', status: 'Need Cable' })).state.lines.job_materials['9'].status).toBe('Need Cable');
    expect(orca.then(add('job_materials', { job_task: '6' })).state.lines.job_materials['9'].status).toBe('Need');
    expect(orca.then(add('job_invoices', { job_task: '6', status: 'CAC Level' })).state.lines.job_invoices['9'].status).toBe('CAC Level');
    expect(orca.then(add('job_permits', { job_task: '6', status: 'Issued to Crew' })).state.lines.job_permits['9'].status).toBe('Issued to Crew');
  });

  it("given an ORCA job, when a line takes a base job's status, then a 400 naming status with the ORCA list; a blank and 'NEED STATUS' are taken", () => {
    for (const [collection, status] of [['job_materials', 'Ordered'], ['job_invoices', 'Denied'], ['job_permits', 'In-Hand']]) {
      const e = refusedWith(() => orca.when(add(collection, { job_task: '6', status })));
      expect(e.code).toBe('invalid');
      expect(Object.keys(e.fields)).toEqual(['status']);
      expect(e.fields.status).toMatch(/ORCA list/);
    }
    for (const status of ['', null, 'NEED STATUS']) expect(orca.when(add('job_materials', { status }))).toHaveLength(1);
  });

  it("given an ORCA job, when an invoice comes 'Not Paid' (spec 2: a new invoice starts Not Paid), then it is read as the head of the ORCA pipeline, Not Ready", () => {
    expect(orca.then(add('job_invoices', { job_task: '6', status: 'Not Paid' })).state.lines.job_invoices['9'].status).toBe('Not Ready');
  });

  it('given a base job, then the base lists: Ordered, Not Paid and In-Hand are taken, the ORCA ones refused', () => {
    expect(base.then(add('job_materials', { status: 'Ordered' })).state.lines.job_materials['9'].status).toBe('Ordered');
    expect(base.then(add('job_invoices', {})).state.lines.job_invoices['9'].status).toBe('Not Paid');
    expect(base.when(add('job_permits', { status: 'In-Hand' }))).toHaveLength(1);
    for (const [collection, status] of [['job_materials', 'Need Cable'], ['job_invoices', 'Level 1'], ['job_permits', 'Issued to Crew']])
      expect(refusedWith(() => base.when(add(collection, { status }))).fields).toEqual({ status: expect.stringMatching(/base list/) });
  });

  it('given an ORCA material holding a status of the base list (saved before), when it is sent back whole, then nothing is refused; a new wrong value is', () => {
    const kept = given(jobDecider, [
      { type: 'JobCreated', data: { id: '5', values: { form_type: 'attorca' } } },
      { type: 'JobMaterialAdded', data: { id: '9', line: { id: '9', job: '5', status: 'Ordered', qty: 1 } } },
    ]);
    expect(kept.when({ type: 'ReviseLine', collection: 'job_materials', lineId: '9', values: { status: 'Ordered', qty: 2 } })).toHaveLength(1);
    expect(refusedWith(() => kept.when({ type: 'ReviseLine', collection: 'job_materials', lineId: '9', values: { status: 'Denied' } })).fields).toHaveProperty('status');
  });

  it('given a collection, then a job of each form type shows its own list in the status column (the same object each time)', () => {
    const materials = collectionIn(jobCollections, 'job_materials');
    const status = (formType: string, name = 'job_materials') => collectionForFormType(collectionIn(jobCollections, name), formType).fields.find((f) => f.name === 'status')?.choices;
    expect(status('attorca')).toEqual(ORCA_MATERIAL_STATUSES);
    expect(status('base')).toEqual(BASE_MATERIAL_STATUSES);
    expect(status('attfiber', 'job_invoices')).toEqual(BASE_INVOICE_STATUSES);
    expect(status('attorca', 'job_invoices')).toEqual(ORCA_INVOICE_STATUSES);
    expect(status('attorca', 'job_permits')).toEqual(ORCA_PERMIT_STATUSES);
    expect(status('base', 'job_permits')).toEqual(BASE_PERMIT_STATUSES);
    expect(collectionForFormType(materials, 'attorca')).toBe(collectionForFormType(materials, 'attorca'));
    expect(collectionForFormType(collectionIn(jobCollections, 'job_items'), 'attorca')).toBe(collectionIn(jobCollections, 'job_items'));
  });
});

describe('the spec readings of a job', () => {
  it("given a crew payout with the short category ('Crew', 'materials', ' Equipment '), then it is the long name", () => {
    const g = given(jobDecider, [{ type: 'JobCreated', data: { id: '5', values: { form_type: 'base' } } }]);
    const category = (c: string) => g.then({ type: 'AddLine', collection: 'job_crew_payouts', lineId: '9', values: { category: c, crew_payout_amount: 10 } }).state.lines.job_crew_payouts['9'].category;
    expect([category('Crew'), category('materials'), category(' Equipment ')]).toEqual(['Crew Payout', 'Materials Payout', 'Equipment Payout']);
    expect(refusedWith(() => g.when({ type: 'AddLine', collection: 'job_crew_payouts', lineId: '9', values: { category: 'Fuel' } })).fields).toHaveProperty('category');
  });

  it('given a base job, when its division is sent as 1 to 5 (number or text), then it is the name at that place; an ORCA job keeps the number as typed', () => {
    const { state } = given(jobDecider, []).then({ type: 'CreateJob', jobId: '5', values: { form_type: 'base', division: 3 as unknown as string } });
    expect(state.fields.division).toBe('IR EMER');
    const revised = given(jobDecider, [{ type: 'JobCreated', data: { id: '5', values: { form_type: 'attfiber', division: 'BAU' } } }]).then({ type: 'ReviseJob', values: { division: '5' } });
    expect(revised.state.fields.division).toBe('NON-IR MR');
    const orca = given(jobDecider, [{ type: 'JobCreated', data: { id: '5', values: { form_type: 'attorca' } } }]).then({ type: 'ReviseJob', values: { division: '2' } });
    expect(orca.state.fields.division).toBe('2');
    expect(given(jobDecider, []).then({ type: 'CreateJob', jobId: '5', values: { form_type: 'base', division: '6' } }).state.fields.division).toBe('6');
  });

  it('given the article descriptions, then job items, change orders, work orders and their items offer them on their descriptions', () => {
    const offered = (name: string, field: string) => collectionIn(jobCollections, name).fields.find((f) => f.name === field)?.choices;
    for (const [name, field] of [['job_items', 'description'], ['job_change_orders', 'description'], ['job_work_orders', 'work_description'], ['job_work_order_items', 'description']])
      expect(offered(name, field), name).toEqual(['2 PERSON HAND CREW', '2 PERSON BACKHOE CREW', 'DRILL CREW', 'LSMAT MISC. MATERIALS (SOD)']);
  });
});
