/** RFQ commands: the shapes the API validates before it calls `decide`. */
import { z } from 'zod';
import type { LineCommand } from '../shared/collections.ts';
import { choice, date, flag, ref, text } from '../shared/fields.ts';
import { formTypesFor } from '../settings/rules.ts';
import { RFQ_COLOURS, RFQ_STATUSES } from './rules.ts';

const RFQ_FORM_TYPES = formTypesFor('rfq').map((f) => f.name) as [string, ...string[]];

/** Every editable field of an RFQ (spec 3 section 3); the number is the rfq counter's, the totals are computed. */
export const rfqFields = z.object({
  form_type: choice(RFQ_FORM_TYPES),
  rfq_status: choice(RFQ_STATUSES),
  rfq_date: date(),
  title: text(500),
  customer: text(200),
  customer_ref: ref({ record: 'customer' }),
  location: text(500),
  bid_due_date: date(),
  po_start_date: date(),
  po_complete_date: date(),
  colour: choice(RFQ_COLOURS),
  description: text(10_000),
  archived: flag(),
});
export type RfqFields = z.infer<typeof rfqFields> & { account_rfq_number?: string | null; job_ref?: string | null };
export const RFQ_FIELD_NAMES = Object.keys(rfqFields.shape) as (keyof z.infer<typeof rfqFields>)[];

export type RfqCommand =
  /** `rfqNumber` from the rfq counter. */
  | { type: 'CreateRfq'; rfqId: string; values: Partial<RfqFields>; rfqNumber: string; today: string }
  | { type: 'ReviseRfq'; values: Partial<RfqFields> }
  | { type: 'DeleteRfq' }
  /** A won RFQ makes its job (RfqJobMade): `jobId`, handed out for the job the API then creates from it. */
  | { type: 'MakeJobFromRfq'; jobId: string }
  | LineCommand;
