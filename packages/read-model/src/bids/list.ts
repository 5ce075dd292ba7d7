/** The bid list: sort keys are the fields apps/web/src/features/bids/components/BidTable.tsx shows. */
import { BID_MARKET_CODES } from '@trenchline/domain';
import { date, defineList, number, text } from '@trenchline/platform/lists/define.ts';

export const bids = defineList({
  name: 'bids',
  aggregate: 'bid',
  table: 'bids',
  columns: [
    date('bid_due_date'),
    text('market'),
    text('supplier_code'),
    text('work_request'),
    text('job_number'),
    text('description'),
    text('city'),
    text('county'),
    text('coordinator'),
    text('region'),
    text('our_status'),
    text('bid_status'),
    number('bid_percent_total'),
    text('item_string', 'itemString'),
  ],
  sorts: {
    id: 'id',
    // Days away count down to the due date: the same order.
    bid_days_away: 'bid_due_date',
    itemString: 'item_string',
    ...Object.fromEntries(
      ['bid_due_date', 'work_request', 'supplier_code', 'job_number', 'description', 'city', 'county', 'coordinator', 'market', 'region', 'our_status', 'bid_status', 'bid_percent_total'].map((n) => [n, n]),
    ),
  },
  defaultOrdering: 'bid_days_away',
  search: (v) => [v.id, v.work_request, v.job_number, v.supplier_code, v.coordinator, v.description, v.location, v.city, v.county, v.itemString, v.our_status],
  filters: { toggles: 'archived_only', equals: { market: { column: 'market', values: BID_MARKET_CODES } } },
});
