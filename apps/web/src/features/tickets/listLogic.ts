/**
 * The ticket list's and the job screens' own logic (paging, sort and selection are
 * components/table/pagedList.ts, the saved choices lib/listPrefs.ts): the default sort, the status
 * filter, which live rows the list holds, days left by the domain's rule, the job and the signature
 * as shown, what public mode hides, and the approval of a selection in batches. Tested in listLogic.test.ts.
 */
import { TICKET_LIST_STATUSES, ticketDaysLeft } from '@trenchline/domain';
import type { Sort } from '../../lib/listLogic';
import { statusRowFit, withStatusParam, type ListPrefs } from '../../lib/listPrefs';
import type { ListFilter } from '../../components/table/pagedList';
import type { TicketJob, TicketRow } from './api/types';

/** Newest first, as the server orders the list by default (-id). */
export const DEFAULT_SORT: Sort = { key: 'id', dir: 'desc' };

/** The list's status filter: every status, or one of the list's in their order (New ... Resolved; Edit Requested is the detail's). */
export const STATUS_CHOICES = ['All statuses', ...TICKET_LIST_STATUSES] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];

/** The list call's filter with the status asked for (none for every status). */
export const withStatus = (filter: ListFilter | null, status: StatusChoice): ListFilter | null => withStatusParam(filter, 'ticket_status', status);

/**
 * Whether a live row belongs in the list of these choices, as the server would say: active or
 * archived, its span from creation to completion against the range, and the status.
 */
export const ticketRowFit = (p: ListPrefs | null, status: StatusChoice) => statusRowFit(p, { field: 'ticket_status', status, span: (row) => ({ start_date: row.created_date, due_date: row.completion_date }) });

/** Days to the completion date on today's date, by the domain's rule (red under 4, orange under 7): rows stored yesterday still count from today. */
export const daysLeftOf = (row: Pick<TicketRow, 'completion_date'>, today: string) => ticketDaysLeft(row.completion_date, today);

/** A ticket's job as shown: its job number and title ('1042 Main Street bore'), '' when unassigned. */
export function jobText(row: Pick<TicketRow, 'account_job_number' | 'job_title'>): string {
  return [row.account_job_number, row.job_title].filter(Boolean).join(' ');
}

/** A job of the new-ticket picker: '1042 · Main Street bore · AT&T'. */
export const jobOptionLabel = (j: TicketJob) => [j.account_job_number || `#${j.id}`, j.title, j.customer].filter(Boolean).join(' · ');

/** The signatures in a mark and words: none unsigned, ✓ signed, ⚠ when a line changed after someone signed. */
export function signatureMark(status: TicketRow['signature_status'] | undefined): { mark: string; words: string; stale: boolean } {
  if (status === 'signed') return { mark: '✓', words: 'Signed', stale: false };
  if (status === 'signed an earlier version') return { mark: '⚠', words: 'Signed an earlier version: changed since it was signed', stale: true };
  return { mark: '', words: 'Not signed', stale: false };
}

/** What public mode hides, for showing the list to a customer: the crews and the money. */
export const PUBLIC_MODE_HIDDEN = ['crew_name', 'expenses_total'] as const;

export const shownColumns = <C extends { key: string }>(columns: C[], publicMode: boolean): C[] =>
  publicMode ? columns.filter((c) => !(PUBLIC_MODE_HIDDEN as readonly string[]).includes(c.key)) : columns;

/** The most ids one approval call takes (the server's limit). */
export const APPROVAL_BATCH = 1000;
/** The page size "all that match" is read in to be sent as ids (the list engine's largest). */
export const APPROVAL_PAGE = 500;

/** A list cut into batches of `size` in order. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A page's ids but those the user unticked after selecting all. */
export const idsOfPage = (rows: readonly { id: string | number }[], except: readonly string[]) => rows.map((r) => String(r.id)).filter((id) => !except.includes(id));

/** What approval says when done: the server's words, and those it refused with why. */
export function approvalText(a: { approved: string[]; failed: { id: string; message: string }[]; message: string }): { text: string; tone: 'success' | 'error' } {
  if (!a.failed.length) return { text: a.message, tone: 'success' };
  const why = a.failed.map((f) => `#${f.id}: ${f.message}`).join('; ');
  return { text: `${a.approved.length ? `${a.message} ` : ''}${a.failed.length} could not be approved (${why})`, tone: 'error' };
}
