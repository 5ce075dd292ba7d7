/** Bid read models: the bid list. */
import { recordListProjection } from '../shared/record-list.ts';

export const bidList = recordListProjection({
  aggregate: 'bid',
  table: 'bids',
  columns: (v) => ({
    bid_due_date: v.bid_due_date ?? null,
    market: v.market ?? null,
    supplier_code: v.supplier_code ?? null,
    work_request: v.work_request ?? null,
  }),
  search: (v) => [v.id, v.work_request, v.job_number, v.supplier_code, v.coordinator, v.description, v.location, v.city, v.county, v.itemString, v.our_status],
});

export const bidProjections = [bidList];
