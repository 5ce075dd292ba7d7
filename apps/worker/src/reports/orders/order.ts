/**
 * One customer order as a PDF (GET /api/crs/orders/{id}/pdf/): the route has checked the id names an
 * order of the caller's account (the catalogue's `record`); the order is folded from its own stream,
 * so an item added a moment ago is on the page even if the list read model has not caught up. Header,
 * customer and billing, items, total and notes come from the domain's `orderDocument`.
 */
import { col, orderDocument, orderPdfReport as declared, type OrderState } from '@trenchline/domain';
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
            col.text('customer_name', 'Customer', 20),
            col.text('address', 'Billing address', 22),
            col.text('city', 'City', 18),
            col.text('email', 'Email', 18),
            col.text('phone', 'Phone', 11),
          ],
          rows: [doc.billing],
        },
        {
          title: 'Items',
          columns: [
            col.text('code', 'Code', 12),
            col.text('item_name', 'Item', 34),
            col.number('qty', 'Qty', 8),
            col.text('uom', 'UOM', 9),
            col.money('price', 'Price', 11),
            col.money('total_price', 'Total', 12),
          ],
          rows: doc.items,
          totals: { item_name: `Order total (${plural(doc.items.length, 'item')})`, total_price: doc.total },
          empty: 'No items on this order.',
        },
        {
          title: 'Notes',
          columns: [col.longtext('notes', 'Note', 86)],
          rows: doc.notes ? [{ notes: doc.notes }] : [],
          empty: 'No notes.',
        },
      ],
    };
  },
});
