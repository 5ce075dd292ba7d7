/**
 * The printable order (reports.ts, orders.order) as a pure rule over the folded order: its header,
 * its customer and billing block, its items in line order with each line's total, the order's total
 * by the domain's rule (orderTotal) and its notes.
 */
import { linesOfCollection } from '../shared/collections.ts';
import { orderItems } from './collections.ts';
import type { OrderState } from './order.ts';
import { orderLineTotal, orderTotal } from './rules.ts';
import { printedNumber as numOrNull, printedText as text } from '../shared/line-sections.ts';


type Field = { label: string; value: string | number | null; kind?: 'date' | 'longtext' };

/** 'Springfield, IL 62701' from its parts, whichever are given. */
export function cityLine(city: unknown, state: unknown, zip: unknown) {
  const place = [text(city), text(state)].filter(Boolean).join(', ');
  return [place, text(zip)].filter(Boolean).join(' ') || null;
}

/** One order as a document; null when the state holds no live order. */
export function orderDocument(state: OrderState) {
  if (!state.id || state.deleted) return null;
  const f = state.fields as Record<string, unknown>;
  const lines = linesOfCollection(state.lines, orderItems);
  const items = lines.map((l) => ({
    id: l.id,
    code: text(l.code),
    item_name: text(l.item_name),
    qty: numOrNull(l.qty),
    uom: text(l.uom),
    price: numOrNull(l.price),
    total_price: orderLineTotal(l),
  }));
  const header: Field[] = [
    { label: 'Order #', value: text(f.order_number) },
    { label: 'Date', value: text(f.order_date), kind: 'date' },
    { label: 'Status', value: text(f.status) },
    { label: 'Submitted by', value: text(f.submitted_by) },
    { label: 'Submitted', value: text(f.submitted_at), kind: 'date' },
  ];
  // The customer and where to bill them, as one block (row) of its own.
  const billing = {
    customer_name: text(f.customer_name),
    address: text(f.billing_address),
    city: cityLine(f.billing_city, f.billing_state, f.billing_zip),
    email: text(f.billing_email),
    phone: text(f.billing_phone),
  };
  return {
    order_number: text(f.order_number),
    customer_name: text(f.customer_name),
    header,
    billing,
    items,
    total: orderTotal(lines),
    notes: text(f.notes),
  };
}
