import { describe, expect, it } from 'vitest';
import { rfqDecider, type RfqState } from './rfq.ts';
import type { RfqCommand } from './commands.ts';
import { jobFromRfq } from './rfq-job.ts';
import { meta, refusedWith } from '../shared/testing.ts';

/** An RFQ built through the decider, one command after another. */
function rfq(commands: RfqCommand[]) {
  let state: RfqState = rfqDecider.initialState;
  for (const c of commands) for (const e of rfqDecider.decide(c, state, meta())) state = rfqDecider.evolve(state, e, meta());
  return state;
}

const create: RfqCommand = { type: 'CreateRfq', rfqId: '40', values: { title: 'Main St bore', customer: 'City Fibre', location: '12 Main St', po_start_date: '2026-12-01', po_complete_date: '2026-12-20', description: 'Two shots' }, rfqNumber: '1007', today: '2026-11-20' };
const add = (collection: string, lineId: string, values: Record<string, unknown>): RfqCommand => ({ type: 'AddLine', collection, lineId, values }) as RfqCommand;
const priced = [
  create,
  add('rfq_segments', '50', { number: 'A', work_type: 'Bore', feet: 1000, days_required: 2 }),
  add('rfq_estimates', '60', { segment: '50', number: '1', work_type: 'Labor', qty: 10, price: 50, estimate_margin_assumption: 20 }),
  add('rfq_estimates', '61', { segment: '50', number: '2', work_type: 'Materials', qty: 200, price: 1.1, uom: 'feet' }),
  add('rfq_segments', '51', { number: 'B', work_type: 'Trench', feet: 250, days_required: 1 }),
  add('rfq_estimates', '62', { segment: '51', number: '1', work_type: 'Equipment', qty: 3, price: 100, estimate_margin_assumption: 40, description: 'Trencher' }),
];

describe('the RFQ decider', () => {
  it('given a new RFQ, when created, then it is New, dated today, numbered from the counter and has made no job', () => {
    const s = rfq([create]);
    expect(s.fields).toMatchObject({ rfq_status: 'New', rfq_date: '2026-11-20', account_rfq_number: '1007', job_ref: null, archived: false, title: 'Main St bore' });
  });

  it('given an estimate without a margin, when added, then it assumes 30', () => {
    const s = rfq(priced);
    expect(s.lines.rfq_estimates['61'].estimate_margin_assumption).toBe(30);
  });

  it('given an RFQ not Won, when asked to make a job, then it is refused naming rfq_status', () => {
    const e = refusedWith(() => rfq([create, { type: 'ReviseRfq', values: { rfq_status: 'Submitted' } }, { type: 'MakeJobFromRfq', jobId: '70' }]));
    expect(e.code).toBe('invalid');
    expect(e.fields).toEqual({ rfq_status: 'must be Won' });
  });

  it('given a Won RFQ, when asked to make a job, then it records the job once; asked again it is refused as made already', () => {
    const won = rfq([create, { type: 'ReviseRfq', values: { rfq_status: 'Won' } }, { type: 'MakeJobFromRfq', jobId: '70' }]);
    expect(won.fields.job_ref).toBe('70');
    const again = refusedWith(() => rfqDecider.decide({ type: 'MakeJobFromRfq', jobId: '71' }, won, meta()));
    expect(again.code).toBe('already_exists');
    expect(again.fields).toEqual({ job_ref: 'made already' });
  });

  it('given a revision naming the number or the job, then neither changes: they are the counter’s and the made job’s', () => {
    const s = rfq([create, { type: 'ReviseRfq', values: { account_rfq_number: '1', job_ref: '9', title: 'Renamed' } as never }]);
    expect(s.fields).toMatchObject({ account_rfq_number: '1007', job_ref: null, title: 'Renamed' });
  });
});

describe('PO dates that cannot be (issue 28)', () => {
  it('given a new RFQ whose PO completes before it starts, then refused naming both dates', () => {
    const e = refusedWith(() => rfq([{ ...create, values: { po_start_date: '2026-12-10', po_complete_date: '2026-12-01' } } as RfqCommand]));
    expect(Object.keys(e.fields).sort()).toEqual(['po_complete_date', 'po_start_date']);
  });

  it('given an RFQ, when an edit moves the completion before the start, then refused naming po_complete_date', () => {
    const e = refusedWith(() => rfq([create, { type: 'ReviseRfq', values: { po_complete_date: '2026-11-30' } }]));
    expect(e.fields).toEqual({ po_complete_date: 'must not be before the PO start date (12/01/2026)' });
  });

  it('given an RFQ already holding bad PO dates, when another field is saved with them sent back, then saved', () => {
    const bad: RfqState = { ...rfq([create]), fields: { ...rfq([create]).fields, po_complete_date: '2026-11-01' } };
    const [e] = rfqDecider.decide({ type: 'ReviseRfq', values: { title: 'Kept', po_start_date: '2026-12-01', po_complete_date: '2026-11-01' } }, bad, meta());
    expect(e.data).toEqual({ changes: { title: { old: 'Main St bore', new: 'Kept' } } });
  });
});

describe('the job a won RFQ makes', () => {
  it('given segments and estimates, when made into a job, then the job carries the RFQ’s header and figures, a segment per segment and an item per estimate', () => {
    const { job, segments, items } = jobFromRfq(rfq(priced));
    // A: labor 500 → 625, materials 220 → 314.29; B: equipment 300 → 500. Cost 1020, price 1439.29.
    expect(job).toEqual({
      form_type: 'base',
      title: 'Main St bore',
      customer: 'City Fibre',
      address: '12 Main St',
      start_date: '2026-12-01',
      completion_date: '2026-12-20',
      description: 'Two shots',
      rfq_ref: '40',
      estimated_total: 1439.29,
      estimated_cost: 1020,
      estimated_margin: 29,
    });
    expect(segments).toEqual([
      { number: 1, segment_number: 'A', work_type: 'Bore', feet: 1000, plan_days: 2, segment_po_amount: 939.29, estimate_total_labor: 625 },
      { number: 2, segment_number: 'B', work_type: 'Trench', feet: 250, plan_days: 1, segment_po_amount: 500, estimate_total_labor: null },
    ]);
    expect(items).toEqual([
      { item: 'Labor', item_code: 'A-1', description: null, uom: null, qty: 10, price: 62.5 },
      { item: 'Materials', item_code: 'A-2', description: null, uom: 'feet', qty: 200, price: 1.5715 },
      { item: 'Equipment', item_code: 'B-1', description: 'Trencher', uom: null, qty: 3, price: 166.6667 },
    ]);
  });

  it('given an RFQ with no title, then the job is named after its number', () => {
    expect(jobFromRfq(rfq([{ ...create, values: {} } as RfqCommand])).job.title).toBe('RFQ 1007');
  });
});
