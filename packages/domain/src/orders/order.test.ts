import { describe, expect, it } from 'vitest';
import { orderDecider } from './order.ts';
import type { OrderEvent } from './events.ts';
import { given, refusedWith } from '../shared/testing.ts';
import { orderView } from './view.ts';
import { asksToSubmit, orderLineTotal, orderTotal } from './rules.ts';

const created: OrderEvent = { type: 'OrderCreated', data: { id: '70', values: { status: 'Draft', archived: false, order_number: '5001', order_date: '2026-11-24' } } };
const add = (lineId: string, values: Record<string, unknown>) => ({ type: 'AddLine' as const, collection: 'order_items', lineId, values });

describe('order totals', () => {
  it('given a line, then its total is qty × price only when both are above 0', () => {
    expect(orderLineTotal({ id: '1', qty: 3, price: 2.5 })).toBe(7.5);
    expect(orderLineTotal({ id: '1', qty: 0, price: 2.5 })).toBeNull();
    expect(orderLineTotal({ id: '1', qty: 2, price: null })).toBeNull();
    expect(orderLineTotal({ id: '1', qty: 3, price: 0.1 })).toBe(0.3);
  });

  it('given lines with and without totals, then the order total sums the totals in exact cents', () => {
    expect(orderTotal([{ id: '1', qty: 3, price: 0.1 }, { id: '2', qty: 1, price: 0.2 }, { id: '3', qty: 0, price: 99 }])).toBe(0.5);
    expect(orderTotal([])).toBe(0);
  });
});

describe('order decider', () => {
  it('given none, when created, then Draft with the counter number and today, a line defaults to qty 1', () => {
    const [e] = given(orderDecider, []).when({ type: 'CreateOrder', orderId: '70', values: { customer_name: 'Acme' }, orderNumber: '5001', today: '2026-11-24' });
    expect(e.data).toEqual({ id: '70', values: { customer_name: 'Acme', status: 'Draft', archived: false, order_date: '2026-11-24', order_number: '5001' } });
    const { state } = given(orderDecider, [created]).then(add('71', { item_name: 'Hops', price: '4.5' }));
    expect(orderView(state)).toMatchObject({ total_price: 4.5, item_count: 1 });
  });

  it('given no customer name, when submitted, then Customer Name please naming customer_name', () => {
    const e = refusedWith(() => given(orderDecider, [created]).when({ type: 'SubmitOrder' }));
    expect(e.message).toBe('Customer Name please');
    expect(e.fields).toHaveProperty('customer_name');
  });

  it('given a customer and a first line without a total, when submitted, then Items please; with one, Submitted with who and when', () => {
    const named: OrderEvent = { type: 'OrderRevised', data: { changes: { customer_name: { old: null, new: 'Acme' } } } };
    const g = given(orderDecider, [created, named]).then(add('71', { item_name: 'Hops', qty: 2 }));
    const e = refusedWith(() => given(orderDecider, [created, named, ...g.events]).when({ type: 'SubmitOrder' }));
    expect(e.message).toBe('Items please');
    const priced = given(orderDecider, [created, named]).then(add('71', { item_name: 'Hops', qty: 2, price: 3 }));
    const { events, state } = given(orderDecider, [created, named, ...priced.events]).then({ type: 'SubmitOrder' });
    expect(events[0].type).toBe('OrderSubmitted');
    expect(orderView(state)).toMatchObject({ status: 'Submitted', submitted_by: 'Pat Office', total_price: 6 });
  });

  it('given an order, when an edit sends a status or a number, then neither changes', () => {
    expect(given(orderDecider, [created]).when({ type: 'ReviseOrder', values: { status: 'Submitted', order_number: '1' } as never })).toEqual([]);
  });
});

describe('a save that asks for Submitted (issue 28)', () => {
  const named: OrderEvent = { type: 'OrderRevised', data: { changes: { customer_name: { old: null, new: 'Acme' } } } };

  it('given a body, then it asks to submit only with status Submitted', () => {
    expect(asksToSubmit({ status: 'Submitted' })).toBe(true);
    expect(asksToSubmit({ status: ' Submitted ' })).toBe(true);
    for (const b of [{ status: 'Draft' }, {}, null, { status: 1 }]) expect(asksToSubmit(b as never)).toBe(false);
  });

  it('given a Draft without a customer, when a save submits it, then the submit\'s checks refuse it; a submitted order saved again as Submitted records nothing', () => {
    expect(refusedWith(() => given(orderDecider, [created]).when({ type: 'SubmitOrder', bySave: true })).message).toBe('Customer Name please');
    const priced = given(orderDecider, [created, named]).then(add('71', { item_name: 'Hops', qty: 2, price: 3 }));
    const submitted = given(orderDecider, [created, named, ...priced.events]).then({ type: 'SubmitOrder', bySave: true });
    expect(submitted.state.fields).toMatchObject({ status: 'Submitted', submitted_by: 'Pat Office' });
    expect(given(orderDecider, [created, named, ...priced.events, ...submitted.events]).when({ type: 'SubmitOrder', bySave: true })).toEqual([]);
  });

  it('given a create that sends status Submitted, then the new order is a Draft (the submit comes after it)', () => {
    const [e] = given(orderDecider, []).when({ type: 'CreateOrder', orderId: '70', values: { customer_name: 'Acme', status: 'Submitted' }, orderNumber: '5001', today: '2026-11-24' });
    expect((e.data as { values: object }).values).toMatchObject({ status: 'Draft' });
  });
});

