/**
 * The help ticket list (spec 3: /help/): newest first, the toggles and a date range (created to
 * completion), saved dates under 'help.search_dates'; the web's default range is the last 90 days.
 */
import { HELP_LIST_DAYS, HELP_PRIORITIES, HELP_TICKET_STATUSES, HELP_TYPES } from '@trenchline/domain';
import { date, defineList, ref, sortedBy, text } from '@trenchline/platform/lists/define.ts';


export const HELP_SEARCH_DATES = 'help.search_dates';

export const helpTickets = defineList({
  name: 'help_tickets',
  aggregate: 'help_ticket',
  table: 'help_tickets',
  columns: [
    text('subject'),
    text('ticket_status'),
    text('submitter_status'),
    text('our_status'),
    text('ticket_type'),
    text('priority'),
    text('submitter_mood'),
    date('completion_date'),
    date('created_on', 'created_at'),
    ref('submitted_by'),
    text('submitted_by_name'),
    text('awaiting'),
  ],
  sorts: {
    id: 'id',
    created_at: 'created_on',
    last_updated: 'updated_at',
    ...sortedBy('subject', 'ticket_status', 'submitter_status', 'our_status', 'ticket_type', 'priority', 'submitter_mood', 'completion_date', 'submitted_by_name'),
  },
  defaultOrdering: '-id',
  search: (v) => [v.id, v.subject, v.description, v.ticket_status, v.submitter_status, v.our_status, v.ticket_type, v.priority, v.submitted_by_name, (v.latest_update as { text?: unknown } | null)?.text],
  filters: {
    toggles: 'active_archived',
    range: { due: 'completion_date', start: 'created_on', created: 'created_on', preference: HELP_SEARCH_DATES, defaultDays: HELP_LIST_DAYS },
    equals: {
      ticket_status: { column: 'ticket_status', values: HELP_TICKET_STATUSES },
      priority: { column: 'priority', values: HELP_PRIORITIES },
      ticket_type: { column: 'ticket_type', values: HELP_TYPES },
    },
  },
  omit: ['description'],
});
