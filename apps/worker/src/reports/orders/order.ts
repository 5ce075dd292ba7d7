/**
 * One customer order as a PDF (GET /api/crs/orders/{id}/pdf/): the route has checked the id names an
 * order of the caller's account (the catalogue's `record`); the order is folded from its own stream,
 * so an item added a moment ago is on the page even if the list read model has not caught up. Header,
 * customer and billing, items, total and notes come from the domain's `orderDocument`.
 */
import { orderDocument, orderPdfReport as declared, type OrderState } from '@trenchline/domain';
import { plural, printedSubtitle, recordDocument } from '../shared/builder.ts';

export const orderReport = recordDocument<OrderState>({
  declared,
  aggregate: 'order',
  label: 'Order',
  document(state, { at }) {
    const doc = orderDocument(state);
    if (!doc) return null;
    return {
      kind: 'document',
      title: `Order ${doc.order_number ?? ''}`.trim(),
      subtitle: printedSubtitle(at, doc.customer_name),
      fields: doc.header,
      sections: [
        {
          title: 'Customer',
          columns: [
            { key: 'customer_name', label: 'Customer', kind: 'text', width: 20 },
            { key: 'address', label: 'Billing address', kind: 'text', width: 22 },
            { key: 'city', label: 'City', kind: 'text', width: 18 },
            { key: 'email', label: 'Email', kind: 'text', width: 18 },
            { key: 'phone', label: 'Phone', kind: 'text', width: 11 },
          ],
          rows: [doc.billing],
        },
        {
          title: 'Items',
          columns: [
            { key: 'code', label: 'Code', kind: 'text', width: 12 },
            { key: 'item_name', label: 'Item', kind: 'text', width: 34 },
            { key: 'qty', label: 'Qty', kind: 'number', width: 8 },
            { key: 'uom', label: 'UOM', kind: 'text', width: 9 },
            { key: 'price', label: 'Price', kind: 'money', width: 11 },
            { key: 'total_price', label: 'Total', kind: 'money', width: 12 },
          ],
          rows: doc.items,
          totals: { item_name: `Order total (${plural(doc.items.length, 'item')})`, total_price: doc.total },
          empty: 'No items on this order.',
        },
        {
          title: 'Notes',
          columns: [{ key: 'notes', label: 'Note', kind: 'longtext', width: 86 }],
          rows: doc.notes ? [{ notes: doc.notes }] : [],
          empty: 'No notes.',
        },
      ],
    };
  },
});
