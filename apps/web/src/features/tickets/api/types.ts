/** The shapes of the ticket calls the list, the new-ticket form and the job screens read (the detail's own shapes are the detail's). */
import type { TicketValues } from './ticketDetailTypes';

/** A ticket as the list and the job screens show it: a row of GET /api/tickets/ (and of live 'row' events of the 'tickets' room, without job_title); its fields as the domain declares them (TicketValues), and what the list adds. */
export type TicketRow = Pick<TicketValues, 'account_ticket_number' | 'title' | 'form_type' | 'ticket_status' | 'account_job_number' | 'segment_number' | 'customer' | 'crew_name' | 'work_date' | 'completion_date'> &
  Partial<Pick<TicketValues, 'job' | 'job_task_ref' | 'task_id' | 'approval_date' | 'approved' | 'archived'>> & {
    id: string;
    version?: number;
    ticket_status_order?: number | null;
    /** The job's id (the list's column; the detail calls it `job`). */
    job_ref?: string | null;
    signature_status: 'unsigned' | 'signed' | 'signed an earlier version' | null;
    created_date: string | null;
    feet_total: number | null;
    expenses_total: number | null;
    timecard_hours_total: number | null;
    created_at?: string | null;
    /** Added to each page by the server (not in live rows): the job's title. */
    job_title?: string | null;
  };

/** A page of a paged list call. */
export interface TicketPage<T> {
  results: T[];
  count: number;
}

/** A job a user may write tickets for (GET /api/tickets/my_jobs/). */
export interface TicketJob {
  id: string;
  account_job_number: string | null;
  title: string | null;
  customer?: string | null;
  form_type?: string | null;
  /** Who is assigned to it (none: open to every crew). */
  assigned_user_ids?: string[];
}

/** A ticket's page is found by its number (/ticket/{account_ticket_number}); one without a number by its id. */
export const ticketPath = (t: Pick<TicketRow, 'id' | 'account_ticket_number'>) => `/ticket/${encodeURIComponent(t.account_ticket_number || t.id)}`;

/** The live list every ticket change arrives in. */
export const TICKETS_LIST = 'tickets';
export const pagedTicketsKey = () => ['paged', TICKETS_LIST] as const;
export const searchDatesKey = ['tickets', 'search_dates'] as const;
/** Every query of tickets as a job screen shows them (a job's, a task's, the unassigned): refreshed on any ticket row event. */
export const jobTicketsKey = ['tickets', 'on_jobs'] as const;
