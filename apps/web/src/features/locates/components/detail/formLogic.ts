/**
 * The locate form's pure logic: the shared record-form logic over the fields the detail edits (the
 * assignment is made from the job screens, so the form leaves job_ref, job_task_ref, task_id and the
 * job number alone), and what a save sends.
 */
import { defineFormLogic, recordPayload } from '../../../../components/record/formLogic';
import type { LocateValues } from '../../api/locateTypes';

/** The fields the detail edits. */
export const LOCATE_FORM_FIELDS = [
  'locate_status',
  'current_ticket_type',
  'current_ticket_number',
  'current_alt_ticket_number',
  'current_date_submitted',
  'current_work_date',
  'current_date_expiration',
  'archived',
] as const;

export type LocateFormValues = Pick<LocateValues, (typeof LOCATE_FORM_FIELDS)[number]>;

export const locateFormLogic = defineFormLogic<LocateFormValues>(LOCATE_FORM_FIELDS);

/** What a save sends: the form's fields, blank text as null (an empty expiry goes back to the rule's). */
export const toPayload = (draft: LocateFormValues): LocateFormValues => recordPayload(draft);

/** Where a locate's job page is: an ORCA locate's task page when it names a task, else the job's. */
export function jobPathOf(l: { form_type?: unknown; account_job_number?: unknown; job_ref?: unknown; task_id?: unknown }): string | null {
  const job = l.account_job_number ? String(l.account_job_number) : l.job_ref ? String(l.job_ref) : null;
  if (!job) return null;
  const at = encodeURIComponent(job);
  if (l.task_id) return `/job/orca/${at}/task/${encodeURIComponent(String(l.task_id))}`;
  return l.form_type === 'attorca_locate' ? `/job/orca/${at}` : `/job/${at}`;
}

/** The ticket chain as read: 'A100 → A220 → A371'. */
export const chainText = (chain: readonly string[] | null | undefined) => (chain ?? []).join(' → ');
