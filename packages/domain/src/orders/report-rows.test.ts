import { describe, expect, it } from 'vitest';
import { orderDecider } from './order.ts';
import type { OrderEvent } from './events.ts';
import type { OrderCommand } from './commands.ts';
import { given, meta } from '../shared/testing.ts';
import { cityLine, orderDocument } from './report-rows.ts';

const created: OrderEvent = {
  type: 'OrderCreated',
  data: {
    id: '70',
    values: {
      status: 'Draft',
      archived: false,
      order_number: '5001',
      order_date: '2026-11-24',
      customer_name: 'Brew Pub',
      billing_address: '1 Main St',
      billing_city: 'Springfield',
      billing_state: 'IL',
      billing_zip: '62701',
      billing_email: 'ap@brewpub.example',
      notes: 'Deliver to the back door',
    },
  },
};
/** The created order with these commands decided and folded in turn. */
function run(commands: OrderCommand[]) {
  let state = given(orderDecider, [created]).state;
  for (const c of commands) state = orderDecider.decide(c, state, meta()).reduce((s, e) => orderDecider.evolve(s, e, meta()), state);
  return state;
}
const add = (lineId: string, values: Record<string, unknown>) => ({ type: 'AddLine' as const, collection: 'order_items', lineId, values });

describe('the printable order', () => {
  it('given an order with items, when printed, then its header, billing, items in line order with their totals, the order total by rule and notes', () => {
    const submitted = run([
      add('72', { code: 'HOP-5', item_name: 'Cascade hops', qty: 2, uom: '5lb bag', price: 40.1 }),
      add('71', { code: 'KEG-1', item_name: 'Pale ale', uom: 'Keg', price: 0.1 }),
      add('73', { code: 'FREE', item_name: 'Sticker', qty: 3 }),
      { type: 'SubmitOrder' },
    ]);
    const doc = orderDocument(submitted)!;
    expect(doc.header).toEqual([
      { label: 'Order #', value: '5001' },
      { label: 'Date', value: '2026-11-24', kind: 'date' },
      { label: 'Status', value: 'Submitted' },
      { label: 'Submitted by', value: 'Pat Office' },
      { label: 'Submitted', value: '2026-11-20T15:00:00.000Z', kind: 'date' },
    ]);
    expect(doc.billing).toEqual({ customer_name: 'Brew Pub', address: '1 Main St', city: 'Springfield, IL 62701', email: 'ap@brewpub.example', phone: null });
    expect(doc.items.map((i) => [i.code, i.qty, i.price, i.total_price])).toEqual([
      ['KEG-1', 1, 0.1, 0.1],
      ['HOP-5', 2, 40.1, 80.2],
      ['FREE', 3, null, null],
    ]);
    expect(doc.total).toBe(80.3);
    expect(doc.notes).toBe('Deliver to the back door');
  });

  it('given no order or a deleted one, then nothing to print', () => {
    expect(orderDocument(orderDecider.initialState)).toBeNull();
    expect(orderDocument(given(orderDecider, [created, { type: 'OrderDeleted', data: {} }]).state)).toBeNull();
  });

  it('given a draft with no items, then no items and a zero total', () => {
    const doc = orderDocument(given(orderDecider, [created]).state)!;
    expect(doc).toMatchObject({ items: [], total: 0, order_number: '5001', customer_name: 'Brew Pub' });
    expect(doc.header.find((h) => h.label === 'Submitted by')?.value).toBeNull();
  });

  it('given parts of a city line, then whichever are given', () => {
    expect(cityLine('Springfield', null, '62701')).toBe('Springfield 62701');
    expect(cityLine(null, 'IL', null)).toBe('IL');
    expect(cityLine('', ' ', null)).toBeNull();
  });
});
