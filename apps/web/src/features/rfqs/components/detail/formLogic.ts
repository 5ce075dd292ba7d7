/**
 * The RFQ page's pure logic: the header fields it edits (the number, job and figures are the
 * server's), what a save sends, and how long a link waits after a save. Tested in formLogic.test.ts.
 */
import { RFQ_LINK_WAIT_MS } from '@trenchline/domain';
import { defineFormLogic, recordPayload } from '../../../../components/record/formLogic';
import type { RfqValues } from '../../api/types';

export const RFQ_FORM_FIELDS = [
  'form_type',
  'rfq_status',
  'rfq_date',
  'title',
  'customer',
  'customer_ref',
  'location',
  'bid_due_date',
  'po_start_date',
  'po_complete_date',
  'colour',
  'description',
  'archived',
] as const;

export type RfqFormValues = Pick<RfqValues, (typeof RFQ_FORM_FIELDS)[number]>;

export const rfqFormLogic = defineFormLogic<RfqFormValues>(RFQ_FORM_FIELDS);

/** What a save sends: the form's fields, blank text as null, archived a flag. */
export const toPayload = (draft: RfqFormValues): RfqFormValues => recordPayload(draft);

/** How long a link on the page waits before it opens: 1.5 s after a save (the read side catches up), none otherwise. */
export const linkWaitMs = (savedJustNow: boolean) => (savedJustNow ? RFQ_LINK_WAIT_MS : 0);
