/** Ticket commands: the shapes the API validates before it calls `decide`. */
import { z } from 'zod';
import type { LineCommand } from '../shared/collections.ts';
import { choice, date, flag, ref, text } from '../shared/fields.ts';
import { formTypesFor } from '../settings/rules.ts';
import { TICKET_CHANGE_ORDER_STATUSES, TICKET_COLOURS, TICKET_EMAIL_STATUSES, TICKET_INVOICE_STATUSES, TICKET_MATERIALS_STATUSES, TICKET_PAYOUT_STATUSES, TICKET_PERCENT_COMPLETE, TICKET_PHOTO_STATUSES, TICKET_STATUSES, TICKET_WORK_STATUSES } from './rules.ts';

const TICKET_FORM_TYPES = formTypesFor('ticket').map((f) => f.name) as [string, ...string[]];

/**
 * Every editable field of a ticket (spec 3 section 3). approved and approval_date follow the status
 * (ticket.ts), and the totals are computed: a client's values for them are ignored.
 */
export const ticketFields = z.object({
  form_type: choice(TICKET_FORM_TYPES),
  ticket_status: choice(TICKET_STATUSES),
  title: text(500),
  ticket_number: text(100),
  // The job it is for (the API checks it and fills the job number); job_ref_id is the old client's other name for it.
  job: ref({ record: 'job' }),
  job_task_ref: ref({ line: 'job_tasks' }),
  task_id: text(50),
  job_seg_ref_id: ref({ line: 'job_segments' }),
  segment_number: text(50),
  account_job_number: text(50),
  customer: text(200),
  billing_address: text(300),
  billing_city: text(100),
  billing_state: text(50),
  billing_zip: text(20),
  billing_email: text(200),
  billing_phone: text(50),
  work_date: date(),
  completion_date: date(),
  invoice_status: choice(TICKET_INVOICE_STATUSES),
  work_status: choice(TICKET_WORK_STATUSES),
  change_order_status: choice(TICKET_CHANGE_ORDER_STATUSES),
  photo_status: choice(TICKET_PHOTO_STATUSES),
  payout_status: choice(TICKET_PAYOUT_STATUSES),
  email_status: choice(TICKET_EMAIL_STATUSES),
  materials_status: choice(TICKET_MATERIALS_STATUSES),
  percent_complete: choice(TICKET_PERCENT_COMPLETE),
  colour: choice(TICKET_COLOURS),
  crew_name: text(200),
  description: text(10_000),
  archived: flag(),
  public: flag(),
});
export type TicketFields = z.infer<typeof ticketFields> & { account_ticket_number?: string | null; approved?: boolean; approval_date?: string | null; approved_by?: string | null };
export const TICKET_FIELD_NAMES = Object.keys(ticketFields.shape) as (keyof z.infer<typeof ticketFields>)[];

export type TicketCommand =
  /** `ticketNumber` from the ticket counter; `today` the server's date (created_date). */
  | { type: 'CreateTicket'; ticketId: string; values: Partial<TicketFields>; ticketNumber: string; today: string }
  | { type: 'ReviseTicket'; values: Partial<TicketFields>; today?: string }
  | { type: 'DeleteTicket' }
  /** Approve (bulk or one): Approved, approved, dated today; an approved ticket is left as it is. */
  | { type: 'ApproveTicket'; today: string }
  /** Un-approve: Edit Requested; its production leaves the job. */
  | { type: 'RequestTicketEdit' }
  | LineCommand;
