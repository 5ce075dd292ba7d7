/** Job rules. This issue brings only what a job created from a bid needs; the jobs issue adds the rest. */
import type { Line } from '../shared/collections.ts';
import type { BidState } from '../bids/bid.ts';
import { linesOf } from '../shared/collections.ts';

export const JOB_FORM_TYPES = ['attorca', 'attfiber', 'base'] as const;
export const JOB_FROM_BID_FORM_TYPE = 'attfiber';
export const NEW_WORK_STATUS = 'New';

const num = (v: unknown) => (typeof v === 'number' ? v : v == null || v === '' ? 0 : Number(v) || 0);

/** A job line's total: quantity times price, to the cent. */
export const lineTotal = (line: Line) => Math.round(num(line.qty) * num(line.price) * 100) / 100;

/**
 * Spec 1 section 3: the job fields a bid fills. The spec names the job fields, not all their sources:
 * address takes the bid's location, and geo_loc / bid_area take the first item's geographic location
 * and bid area (a bid keeps those per item).
 */
export function jobFieldsFromBid(bid: BidState): Record<string, unknown> {
  const f = bid.fields;
  const first = linesOf(bid.lines, 'bid_items')[0];
  return {
    bid_ref: bid.id,
    work_status: NEW_WORK_STATUS,
    form_type: JOB_FROM_BID_FORM_TYPE,
    work_req_num: f.work_request ?? null,
    task_completion: f.task_completion ?? null,
    coordinator: f.coordinator ?? null,
    coord_phone1: f.phone_1 ?? null,
    ticket_number: f.ticket_number ?? null,
    description: f.description ?? null,
    start_date: f.request_start ?? null,
    completion_date: f.bid_completion ?? null,
    job_number: f.job_number ?? null,
    geo_loc: (first?.geographic_location as string) ?? null,
    bid_area: (first?.bid_area as string) ?? null,
    address: f.location ?? null,
    city: f.city ?? null,
    county: f.county ?? null,
    crossroads: f.crossroads ?? null,
    summary_description: f.summary_description ?? null,
    job_summary: f.job_summary ?? null,
  };
}

/** Spec 1 section 3: col1 from job_number, job_percent from bid_percent, col4 from frc, col6 from vd. */
export function jobItemFromBidItem(item: Line): Record<string, unknown> {
  return {
    item: item.item ?? null,
    col1: item.job_number ?? null,
    job_percent: item.bid_percent ?? null,
    col4: item.frc ?? null,
    col6: item.vd ?? null,
    modified_from_bid_sheet: item.modified_from_bid_sheet ?? false,
  };
}
