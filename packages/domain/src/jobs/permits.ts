/**
 * Permits and the permit expiration dates of the job and its tasks (spec 2 sections 3, 4 and 5).
 *
 * Saving a permit (spec 2 section 4): the job's permit_expiration_date, and its task's
 * task_permit_expiration_date, become the permit's date when they are empty or later: the earliest
 * expiry wins. The spec says nothing of a permit deleted, or moved to a later date or another task;
 * here the date then recedes: when the job's (task's) date is the date the permit had, it becomes the
 * earliest date of the permits it still has, or blank when none has a date. A date the user typed that
 * no permit gave is kept.
 */
import { z } from 'zod';
import { date, quantity, text } from '../shared/fields.ts';
import { BASE_PERMIT_STATUSES } from './rules.ts';
import { jobLines, statusText } from './lines.ts';
import { taskScoped } from './tasks.ts';

/** A permit's place before or after a change: its date, and whether it counts for the job or task at all. */
export interface PermitPlace {
  date: string | null;
  counts: boolean;
}

const earliest = (dates: readonly (string | null | undefined)[]) => dates.filter((d): d is string => Boolean(d)).sort()[0] ?? null;

/**
 * The expiration date of a job or task after one permit changed from `before` to `after`, given the
 * dates of its other permits. Dates are 'YYYY-MM-DD', so text order is date order.
 */
export function expiryAfterPermitChange(current: string | null, before: PermitPlace, after: PermitPlace, otherDates: readonly (string | null | undefined)[]): string | null {
  let date = current;
  const left = before.counts && before.date && (!after.counts || !after.date || after.date > before.date);
  if (left && date === before.date) date = earliest([...otherDates, after.counts ? after.date : null]);
  if (after.counts && after.date && (!date || date > after.date)) date = after.date;
  return date;
}

/** What the screens say when permits are saved or deleted (spec 2 section 8). Days left: shared/rules.ts daysAway. */
export const PERMIT_MESSAGES = { saved: 'Permits successfully saved!', deleted: 'Permits successfully deleted' } as const;

// ---- the collection -----------------------------------------------------------------------------

/** A permit (spec 2 section 3); saving one moves the job's and task's permit expiration dates (permits.ts). */
export const jobPermits = taskScoped(jobLines('permits', {
  name: 'job_permits',
  entity: 'JobPermit',
  noun: 'Permit',
  schema: z.object({
    permits_line_number: quantity(),
    permit_number: text(100),
    agency: text(200),
    status: statusText(),
    expiration_date: date(),
    notes: text(2000),
  }),
  fields: [
    { name: 'permits_line_number', label: 'Line', kind: 'number', width: 60 },
    { name: 'permit_number', label: 'Permit #', kind: 'text', width: 120 },
    { name: 'agency', label: 'Agency', kind: 'text', width: 160 },
    // A base job's list, as the other line statuses declare theirs; an ORCA job's pages offer its own (collectionForFormType).
    { name: 'status', label: 'Status', kind: 'choice', choices: BASE_PERMIT_STATUSES, width: 140 },
    { name: 'expiration_date', label: 'Expires', kind: 'date' },
    { name: 'permit_days_left', label: 'Days left', kind: 'number', readOnly: true },
    { name: 'notes', label: 'Notes', kind: 'text', width: 200 },
  ],
}));
