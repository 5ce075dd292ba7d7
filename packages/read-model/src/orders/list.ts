/** The customer order list (/order/): newest first, the toggles and a date range on the order date, saved dates under 'orders.search_dates'. */
import { ORDER_STATUSES } from '@trenchline/domain';
import { date, defineList, number, sortedBy, text } from '@trenchline/platform/lists/define.ts';


export const ORDER_SEARCH_DATES = 'orders.search_dates';

export const orders = defineList({
  name: 'orders',
  aggregate: 'order',
  table: 'orders',
  columns: [text('order_number'), text('customer_name'), text('status'), date('order_date'), date('created_on', 'created_at'), number('total_price'), number('item_count')],
  sorts: { id: 'id', last_updated: 'updated_at', ...sortedBy('order_number', 'customer_name', 'status', 'order_date', 'total_price', 'item_count') },
  defaultOrdering: '-id',
  search: (v) => [v.id, v.order_number, v.customer_name, v.status, v.billing_city, v.billing_email, v.billing_phone, v.notes],
  filters: {
    toggles: 'active_archived',
    range: { due: 'order_date', start: 'order_date', created: 'created_on', preference: ORDER_SEARCH_DATES },
    equals: { status: { column: 'status', values: ORDER_STATUSES } },
  },
});
