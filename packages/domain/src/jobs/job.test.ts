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
