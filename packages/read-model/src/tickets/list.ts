/**
 * The field ticket list (spec 3: /ticket/): newest first, the toggles and a date range (created to
 * completion; the web's default the last 14 days), saved dates under 'tickets.search_dates', statuses
 * sorted in their order (New 1 ... Resolved 6), days left to the completion date, and the job's title
 * on each row. Also the tickets no job holds yet (GET /api/tickets/unassigned/).
 */
import { TICKET_LIST_DAYS, TICKET_STATUSES } from '@trenchline/domain';
import { date, defineList, type ListDef, number, ref, sortedBy, text } from '@trenchline/platform/lists/define.ts';
import { withJobTitles } from '../locates/list.ts';


export const TICKET_SEARCH_DATES = 'tickets.search_dates';

const ticketsDef: ListDef = {
  name: 'tickets',
  aggregate: 'ticket',
  table: 'tickets',
  columns: [
    text('account_ticket_number'),
    text('title'),
    text('form_type'),
    text('ticket_status'),
    number('ticket_status_order'),
    text('account_job_number'),
    ref('job_ref', 'job'),
    ref('job_task_ref'),
    text('segment_number'),
    text('customer'),
    text('crew_name'),
    text('signature_status'),
    date('created_date'),
    date('work_date'),
    date('completion_date'),
    date('approval_date'),
    date('created_on', 'created_at'),
    number('feet_total'),
    number('expenses_total'),
    number('timecard_hours_total'),
  ],
  sorts: {
    id: 'id',
    // Statuses sort in their order, not by name; days left count down to the completion date.
    ticket_status: 'ticket_status_order',
    ticket_days_left: 'completion_date',
    last_updated: 'updated_at',
    ...sortedBy('account_ticket_number', 'title', 'form_type', 'account_job_number', 'segment_number', 'customer', 'crew_name', 'signature_status'),
    ...sortedBy('created_date', 'work_date', 'completion_date', 'approval_date', 'feet_total', 'expenses_total', 'timecard_hours_total'),
  },
  defaultOrdering: '-id',
  search: (v) => [v.id, v.account_ticket_number, v.ticket_number, v.title, v.ticket_status, v.account_job_number, v.segment_number, v.customer, v.crew_name, v.latest_note],
  filters: {
    toggles: 'active_archived',
    range: { due: 'completion_date', start: 'created_date', created: 'created_on', preference: TICKET_SEARCH_DATES, defaultDays: TICKET_LIST_DAYS },
    equals: { ticket_status: { column: 'ticket_status', values: TICKET_STATUSES } },
  },
  omit: ['description'],
  annotate: (db, accountId, rows, _today, asOf) => withJobTitles(db, accountId, rows, 'job', asOf),
  annotatedFrom: ['jobs'],
};

export const tickets = defineList(ticketsDef);

/** Tickets no job holds yet (the job screens' assign picker). */
export const unassignedTickets = defineList({
  ...ticketsDef,
  name: 'unassigned_tickets',
  where: (q) => q.whereNull('job_ref'),
  filters: { toggles: 'active_archived', equals: ticketsDef.filters.equals },
});
