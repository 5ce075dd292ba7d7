/**
 * The RFQ list (spec 3: /rfq/): soonest bid due first, the toggles and a date range (RFQ date to bid
 * due), saved dates under 'rfqs.search_dates', ?rfq_status, days to the bid due date.
 */
import { RFQ_STATUSES } from '@trenchline/domain';
import { date, defineList, number, sortedBy, text } from '@trenchline/platform/lists/define.ts';


export const RFQ_SEARCH_DATES = 'rfqs.search_dates';

export const rfqs = defineList({
  name: 'rfqs',
  aggregate: 'rfq',
  table: 'rfqs',
  columns: [
    text('account_rfq_number'),
    text('title'),
    text('form_type'),
    text('rfq_status'),
    text('customer'),
    text('colour'),
    date('rfq_date'),
    date('bid_due_date'),
    date('po_start_date'),
    date('po_complete_date'),
    date('created_on', 'created_at'),
    number('rfq_total'),
    number('rfq_total_feet'),
    number('rfq_margin_calculated'),
  ],
  sorts: {
    id: 'id',
    // Days left count down to the bid due date.
    rfq_days_left: 'bid_due_date',
    last_updated: 'updated_at',
    ...sortedBy('account_rfq_number', 'title', 'form_type', 'rfq_status', 'customer', 'colour', 'rfq_date', 'bid_due_date', 'po_start_date', 'po_complete_date', 'rfq_total', 'rfq_total_feet', 'rfq_margin_calculated'),
  },
  defaultOrdering: 'rfq_days_left',
  search: (v) => [v.id, v.account_rfq_number, v.title, v.customer, v.location, v.rfq_status, v.description, v.latest_note],
  filters: {
    toggles: 'active_archived',
    range: { due: 'bid_due_date', start: 'rfq_date', created: 'created_on', preference: RFQ_SEARCH_DATES },
    equals: { rfq_status: { column: 'rfq_status', values: RFQ_STATUSES } },
  },
  omit: ['description'],
});
