/**
 * The ticket form's pure logic: the shared record-form logic over the ticket's own fields (the job,
 * task and segment are assigned from the job screens, the number and approval are the server's), and
 * what a save sends.
 */
import { defineFormLogic, recordPayload, BILLING_FIELDS } from '../../../../components/record/formLogic';
import type { TicketValues } from '../../api/ticketDetailTypes';

/** The fields the detail edits. */
export const TICKET_FORM_FIELDS = [
  'ticket_status',
  'title',
  'ticket_number',
  'customer',
  'crew_name',
  'work_date',
  'completion_date',
  'invoice_status',
  'work_status',
  'change_order_status',
  'photo_status',
  'payout_status',
  'email_status',
  'materials_status',
  'percent_complete',
  'colour',
  ...BILLING_FIELDS,
  'description',
  'archived',
] as const;

export type TicketFormValues = Pick<TicketValues, (typeof TICKET_FORM_FIELDS)[number]>;

export const ticketFormLogic = defineFormLogic<TicketFormValues>(TICKET_FORM_FIELDS);

/** What a save sends: the form's fields, blank text as null. */
export const toPayload = (draft: TicketFormValues): TicketFormValues => recordPayload(draft);
