/** The shapes of the locate calls the list, the expiry watch and the navigation count read. */

/** A row of GET /api/locates/ and /api/locates/expiring/ (and of live 'row' events of the 'locates' room, without job_title and task_title). */
export interface LocateRow {
  id: string;
  version?: number;
  form_type: string | null;
  locate_status: string | null;
  current_ticket_type: string | null;
  current_ticket_number: string | null;
  current_alt_ticket_number: string | null;
  current_date_submitted: string | null;
  current_work_date: string | null;
  current_date_expiration: string | null;
  archived: boolean | null;
  job_ref: string | null;
  job_task_ref: string | null;
  task_id: string | null;
  account_job_number: string | null;
  created_at: string | null;
  last_updated: string | null;
  last_updated_by: string | null;
  ticket_chain: string[];
  re_up_count: number;
  customer: string | null;
  crew_string: string;
  latest_note: string | null;
  locate_days_left: number | null;
  locate_days_colour: 'red' | 'orange' | null;
  /** Added to each page by the server (not in live rows): the job's title and the task's. */
  job_title?: string | null;
  task_title?: string | null;
}


/** GET /api/locates/expiring/count/: how many locates are expiring, and the bound they are counted to. */
export interface ExpiringCount {
  count: number;
  /** The last expiry date that counts as expiring today (today plus the lead time). */
  due_by: string;
  lead_days: number;
  basis: 'calendar' | 'working';
}

/** A locate's screen: /locate/{id}. */
export const locatePath = (id: string) => `/locate/${encodeURIComponent(id)}`;

/** Every cached page of the locate list and the expiring view (both live in the 'locates' room). */
export const LOCATES_LIST = 'locates';
export const pagedLocatesKey = () => ['paged', LOCATES_LIST] as const;
export const expiringCountKey = ['locates', 'expiring_count'] as const;
export const searchDatesKey = ['locates', 'search_dates'] as const;
