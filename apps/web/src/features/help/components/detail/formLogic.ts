/**
 * The help ticket form's pure logic: the shared record-form logic over the ticket's fields, what a
 * save sends, what it says (closing archives: 'Archived!'), the updates newest first and a file's
 * size in words. Tested in formLogic.test.ts.
 */
import { HELP_UPDATE_STATUSES } from '@trenchline/domain';
import { defineFormLogic, recordPayload } from '../../../../components/record/formLogic';
import type { HelpTicketValues } from '../../api/types';

/** The fields the detail edits (archived by its switch; the server also sets it when a save closes the ticket). */
export const HELP_FORM_FIELDS = ['subject', 'description', 'ticket_type', 'priority', 'submitter_mood', 'ticket_status', 'submitter_status', 'our_status', 'completion_date', 'archived'] as const;

export type HelpFormValues = Pick<HelpTicketValues, (typeof HELP_FORM_FIELDS)[number]>;

export const helpFormLogic = defineFormLogic<HelpFormValues>(HELP_FORM_FIELDS);

/** What a save sends: the form's fields, blank text as null, archived a flag. */
export const toPayload = (draft: HelpFormValues): HelpFormValues => recordPayload(draft);

export const SAVED = 'Saved successfully!';
export const ARCHIVED = 'Archived!';

/** What a save says: 'Archived!' when it closed the ticket (the answer archived, the ticket before not), else 'Saved successfully!'. */
export const savedMessageOf = (before: { archived?: unknown }, answer: { archived?: unknown }) => (answer.archived === true && before.archived !== true ? ARCHIVED : SAVED);

/** A new update's status: the first of the list (New). */
export const NEW_UPDATE_STATUS = HELP_UPDATE_STATUSES[0];

/** The updates newest first (ties by id, the later added first). */
export function updatesNewestFirst<U extends { id: string; created_date?: string | null }>(updates: readonly U[] | null | undefined): U[] {
  return [...(updates ?? [])].sort((a, b) => (b.created_date ?? '').localeCompare(a.created_date ?? '') || Number(b.id) - Number(a.id));
}

/** Whether an update can be posted: it says something. */
export const canPost = (text: string) => text.trim().length > 0;

/** A file's size in words: '812 B', '14 KB', '3.2 MB'. */
export function sizeText(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
