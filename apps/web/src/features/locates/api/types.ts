/** The shapes of the locate calls the list, the expiry watch and the navigation count read (a locate's own shape: locateTypes.ts). */
import { locatePath, type LocateView } from './locateTypes';

/** A row of GET /api/locates/ and /api/locates/expiring/ (and of live 'row' events of the 'locates' room, without job_title and task_title). */
export type LocateRow = LocateView & {
  /** Added to each page by the server (not in live rows): the job's title and the task's. */
  job_title?: string | null;
  task_title?: string | null;
};

/** GET /api/locates/expiring/count/: how many locates are expiring, and the bound they are counted to. */
export interface ExpiringCount {
  count: number;
  /** The last expiry date that counts as expiring today (today plus the lead time). */
  due_by: string;
  lead_days: number;
  basis: 'calendar' | 'working';
}

export { locatePath };

/** Every cached page of the locate list and the expiring view (both live in the 'locates' room). */
export const LOCATES_LIST = 'locates';
export const pagedLocatesKey = () => ['paged', LOCATES_LIST] as const;
export const expiringCountKey = ['locates', 'expiring_count'] as const;
export const searchDatesKey = ['locates', 'search_dates'] as const;
