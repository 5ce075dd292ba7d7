import type { Line, TicketFields } from '@trenchline/domain';
import type { RecordValues } from '../../../components/record/recordValues';

/** Every editable ticket field, null when never set (the API always sends the full shape). */
export type TicketValues = RecordValues<TicketFields>;

/** GET /api/tickets/{id}/: the ticket, what the server computes (totals, signatures, days left) and its lines under their detail keys. */
export type TicketDetail = TicketValues & {
  id: string;
  version: number;
  account_ticket_number: string | null;
  job_ref_id: string | null;
  created_date: string | null;
  approved: boolean;
  approval_date: string | null;
  approved_by: string | null;
  last_updated: string | null;
  last_updated_by: string | null;
  feet_total: number;
  other_total: number;
  equipment_hours_total: number;
  timecard_hours_total: number;
  expenses_total: number;
  expenses_total_billable: number;
  expenses_total_webuy: number;
  fingerprint: string;
  signature_status: 'unsigned' | 'signed' | 'signed an earlier version';
  stamped_ticket_file: string | null;
  ticket_pdf_from_tablet: { id: string; file: string; file_name: string } | null;
  ticket_days_left: number | null;
  ticket_days_colour: 'red' | 'orange' | null;
} & Record<string, unknown> & { [lines: string]: unknown };

/** The lines of the ticket under a detail key (none yet: an empty list). */
export const linesOf = (t: Record<string, unknown>, key: string): Line[] => (Array.isArray(t[key]) ? (t[key] as Line[]) : []);

export const ticketStream = (id: string) => `ticket-${id}`;
export const ticketKey = (id: string) => ['record', ticketStream(id)] as const;
export const ticketUrl = (id: string) => `/api/tickets/${encodeURIComponent(id)}/`;
