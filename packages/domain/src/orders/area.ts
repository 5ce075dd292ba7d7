/** What the orders area declares; packages/domain/src/registry.ts composes every area. */
import { sameRow, type AggregateDef, type Area } from '../shared/aggregates.ts';
import { orderDecider, type OrderState } from './order.ts';
import { orderCollections } from './collections.ts';
import { orderView } from './view.ts';
import { orderPdfReport } from './reports.ts';
import { bulkEntryNamed } from '../shared/bulk-lists.ts';

export const orderAggregate = { name: 'order', label: 'Order', decider: orderDecider, view: (s) => orderView(s), listRow: sameRow, list: 'orders', shownAs: { title: 'customer_name', page: '/order/:id' }, number: { counter: 'order', field: 'orderNumber' } } satisfies AggregateDef<OrderState>;

export const ordersArea: Area = {
  aggregates: [orderAggregate],
  collections: orderCollections,
  reports: [orderPdfReport],
  // An order's PDF is one order's: archive and delete only.
  bulk: { orders: { aggregate: 'order', zipPrefix: 'Order', entryPrefix: bulkEntryNamed('order_number', 'Order'), actions: ['archive', 'delete'] } },
};
