/** Bid commands: the shapes the API validates before it calls `decide`. */
import { z } from 'zod';
import type { LineCommand } from '../shared/collections.ts';
import { choice, choiceById, date, flag, text } from '../shared/fields.ts';
import { DIVISION_FIRST_NUMBER } from '../shared/choices.ts';
import { AWARD_SOURCE_SPELLINGS, AWARD_SOURCES, BID_MARKET_CODES, BID_REGIONS, BID_STATUSES, DIVISIONS, OUR_STATUSES } from './rules.ts';

/** Every editable field of a bid (spec 1 section 3, plus region, market, division, award source, our status). */
export const bidFields = z.object({
  work_request: text(100),
  task_completion: date(),
  coordinator: text(200),
  phone_1: text(50),
  ticket_number: text(100),
  description: text(5000),
  request_start: date(),
  bid_completion: date(),
  bid_due_date: date(),
  job_number: text(100),
  location: text(500),
  city: text(200),
  county: text(200),
  crossroads: text(500),
  summary_description: text(5000),
  job_summary: text(5000),
  archived: flag(),
  bid_status: choice(BID_STATUSES),
  supplier_code: text(100),
  region: choice(BID_REGIONS),
  market: choice(BID_MARKET_CODES),
  bid_center_id: text(50),
  division: choiceById(DIVISIONS, { first: DIVISION_FIRST_NUMBER }),
  award_source: choice(AWARD_SOURCES, { aliases: AWARD_SOURCE_SPELLINGS }),
  our_status: choice(OUR_STATUSES),
});
export type BidFields = z.infer<typeof bidFields>;
export const BID_FIELD_NAMES = Object.keys(bidFields.shape) as (keyof BidFields)[];

export type BidCommand =
  | { type: 'CreateBid'; bidId: string; values: BidFields }
  | { type: 'ReviseBid'; values: BidFields }
  | { type: 'DeleteBid' }
  | { type: 'AwardBid' }
  /** Line commands; adding a 'pdf_bundle' file replaces the bid's previous bundle. */
  | LineCommand;
