/**
 * The locate list's and the expiry watch's own logic (paging, sort and selection are
 * components/table/pagedList.ts, the saved choices lib/listPrefs.ts): the default sort, the status
 * filter, which live rows each view holds, the days left in words, the job and task as shown, what
 * public mode hides, and when the date changes. Tested in listLogic.test.ts.
 */
import { LOCATE_LIST_STATUSES, shownDate, WATCHED_LOCATE_STATUSES } from '@trenchline/domain';
import type { Sort } from '../../lib/listLogic';
import { statusRowFit, withStatusParam, type ListPrefs } from '../../lib/listPrefs';
import type { ListFilter } from '../../components/table/pagedList';
import type { ExpiringCount, LocateRow } from './api/types';

/** Soonest expiry first, as the server orders both views by default (no expiry last). */
export const DEFAULT_SORT: Sort = { key: 'locate_days_left', dir: 'asc' };

/** The list's status filter: every status, or one of the list's (spec 3: Active, Completed, Returned, Canceled). */
export const STATUS_CHOICES = ['All statuses', ...LOCATE_LIST_STATUSES] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];

/** The list call's filter with the status asked for (none for every status). */
export const withStatus = (filter: ListFilter | null, status: StatusChoice): ListFilter | null => withStatusParam(filter, 'locate_status', status);

/**
 * Whether a live row belongs in the list of these choices, as the server would say: active or
 * archived, its span from submission (or creation) to expiry against the range, and the status.
 */
export const locateRowFit = (p: ListPrefs | null, status: StatusChoice) => statusRowFit(p, { field: 'locate_status', status, span: (row) => ({ start_date: row.current_date_submitted, due_date: row.current_date_expiration }) });

/** Whether a live row belongs in the expiring view: watched (Active or Marked, not archived) and expiring on or before `dueBy`. */
export function expiringRowFit(dueBy: string | null | undefined): (row: Record<string, unknown>) => boolean {
  return (row) => {
    if (row.archived === true || !(WATCHED_LOCATE_STATUSES as readonly unknown[]).includes(row.locate_status)) return false;
    const expiry = row.current_date_expiration;
    if (typeof expiry !== 'string' || !expiry) return false;
    return !dueBy || expiry.slice(0, 10) <= dueBy;
  };
}

/** Days left in words: '3 days left', 'expires today', '1 day overdue'. */
export function daysLeftText(days: number | null | undefined): string {
  if (days === null || days === undefined) return 'no expiry';
  if (days === 0) return 'expires today';
  const n = Math.abs(days);
  const unit = n === 1 ? 'day' : 'days';
  return days > 0 ? `${n} ${unit} left` : `${n} ${unit} overdue`;
}

/** The expiring view's heading: 'Re-up due by 11/27/2026' (every watched locate expiring on or before it), with the lead time. */
export function dueByText(c: Pick<ExpiringCount, 'due_by' | 'lead_days' | 'basis'> | null | undefined): string {
  if (!c?.due_by) return '';
  const lead = `${c.lead_days} ${c.basis === 'working' ? 'working ' : ''}${c.lead_days === 1 ? "day's" : "days'"} lead`;
  return `Re-up due by ${shownDate(c.due_by)} (${lead})`;
}

/** A locate's job as shown: its job number and title ('1042 Main Street bore'), '' when unassigned. */
export function jobText(row: Pick<LocateRow, 'account_job_number' | 'job_title' | 'job_ref'>): string {
  const number = row.account_job_number || (row.job_ref ? `#${row.job_ref}` : '');
  return [number, row.job_title].filter(Boolean).join(' ');
}

/** A locate's task as shown: its task id and title. */
export function taskText(row: Pick<LocateRow, 'task_id' | 'task_title'>): string {
  return [row.task_id, row.task_title].filter(Boolean).join(' ');
}

/** What public mode hides, for showing the list to a customer: the crews and who changed what when. */
export const PUBLIC_MODE_HIDDEN = ['crew_string', 'last_updated'] as const;

export const shownColumns = <C extends { key: string }>(columns: C[], publicMode: boolean): C[] =>
  publicMode ? columns.filter((c) => !(PUBLIC_MODE_HIDDEN as readonly string[]).includes(c.key)) : columns;

/** Milliseconds from `now` to the next local midnight (at least a second: a timer set right at midnight waits for the next). */
export function msToNextMidnight(now: Date): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 0, 0);
  return Math.max(1000, next.getTime() - now.getTime());
}

/** The navigation badge's words: the count, 99+ past 99; nothing when none is expiring. */
export function badgeText(count: number | null | undefined): string | null {
  if (!count || count < 0) return null;
  return count > 99 ? '99+' : String(count);
}
