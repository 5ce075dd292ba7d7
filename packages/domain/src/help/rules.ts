/**
 * Help ticket rules of spec 3 (sections 4 and 9; docs/help.md): the status lists, types, priorities and
 * moods, archive-on-close, and who a ticket awaits (the navigation's count).
 */

export const HELP_TICKET_STATUSES = ['New', 'Open', 'Closed'] as const;
export const HELP_SUBMITTER_STATUSES = ['New', 'Awaiting Admin Response', 'Working on it', 'Waiting for a Thing', 'Closed', 'Need Status'] as const;
export const HELP_OUR_STATUSES = ['New', 'Read', 'Working on It', 'Awaiting Submitter Response', 'Done'] as const;
export const HELP_UPDATE_STATUSES = ['New', 'Read', 'Working on it', 'Waiting for a Thing', 'Awaiting Submitter Response', 'Done', '- Meeting Requested'] as const;
export const HELP_TYPES = ['App Issue', 'Billing Issue', 'App/Feature Suggestion', 'Customer Service Suggestion', 'Kudos!'] as const;
export const HELP_PRIORITIES = ['Low', 'Normal', 'Urgent', 'Critical'] as const;
export const HELP_MOODS = ['Yay!', 'Happy', 'Meh', 'Unhappy', 'Grrr'] as const;
/** A new help ticket is New in all three statuses. */
export const NEW_HELP_STATUS = 'New';
export const CLOSED = 'Closed';
/** The help list's default range: the last 90 days (spec 3 section 9). */
export const HELP_LIST_DAYS = 90;

/** On save, a ticket whose submitter status or ticket status is Closed is archived (spec 3 section 4). */
export const closedTicket = (t: { ticket_status?: unknown; submitter_status?: unknown }) => t.ticket_status === CLOSED || t.submitter_status === CLOSED;

/** The values a save stores: closing (either status) archives the ticket; reopening leaves the archive as it is. */
export function withArchiveOnClose<T extends Record<string, unknown>>(before: Record<string, unknown>, values: T): T {
  const after = { ...before, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) };
  return closedTicket(after) && after.archived !== true ? { ...values, archived: true } : values;
}

/**
 * Who a ticket awaits: the account's office users while our side has not answered (our status New, Read
 * or Working on It), its submitter when we wait for them (Awaiting Submitter Response); none when closed,
 * archived or done.
 */
export function awaiting(t: { ticket_status?: unknown; submitter_status?: unknown; our_status?: unknown; archived?: unknown }): 'office' | 'submitter' | null {
  if (t.archived === true || closedTicket(t) || t.our_status === 'Done') return null;
  return t.our_status === 'Awaiting Submitter Response' ? 'submitter' : 'office';
}
