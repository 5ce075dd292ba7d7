/**
 * Every customer order call of the API (spec 3 sections 3, 5, 7, 9; docs/orders.md) over HTTP against
 * the real app: creation numbered by the order counter with the billing fields of a Settings customer,
 * items by product, by barcode and by hand, the totals rule, the submit checks, what a PUT may not
 * change, history and as-of, delete, the list's filters and paging, bad input and another account.
 * The printable order is tests/compat/help-orders.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import type { Client, Res } from '../support/client.ts';

type Row = { id: string } & Record<string, any>;

// The app's clock: today is Tuesday 2026-11-24; a test moves it forward with `later`.
let clock = Date.parse('2026-11-24T15:00:00Z');
const later = (hours: number) => (clock += hours * 3_600_000);
const { office, rival, eventCount } = apiTest('api_orders', { now: () => new Date(clock) });

let acme: Row;
let brew: Row;
let keg: Row;
let growler: Row;

async function add(path: string, body: Record<string, unknown>, c: Client = office): Promise<Row> {
  const r = await c.post(path, body);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(201);
  return r.body;
}
beforeAll(async () => {
  acme = await add('/api/settings/customers/', { name: 'Acme Taproom', address: '1 Main St', city: 'Tulsa', state: 'OK', zip: '74101', email: 'ap@acme.test', phone: '918-555-0101' });
  brew = await add('/api/settings/customers/', { name: 'Brew Hall', address: '9 Elm St', city: 'Norman', state: 'OK', zip: '73069', email: 'orders@brew.test', phone: '405-555-0199' });
  keg = await add('/api/settings/our_products/', { code: 'PA-K', item_name: 'Pale ale keg', uom: 'keg', price: '120', barcode_1: '0123456789012' });
  growler = await add('/api/settings/our_products/', { code: 'ST-G', item_name: 'Stout growler', uom: 'btl', price: '14.35', barcode_1: '0123456789029' });
});

const newOrder = (values: Record<string, unknown> = {}, c: Client = office) => add('/api/crs/orders/', values, c);
const addItem = (order: string, values: Record<string, unknown>, c: Client = office) => add(`/api/crs/orders/${order}/items/`, values, c);
const detail = async (id: string, c: Client = office) => (await c.get(`/api/crs/orders/${id}/`)).body as Row;
const ids = (rows: Row[]) => rows.map((r) => r.id);
const expectInvalid = (r: Res, field: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(Object.keys(r.body.fields ?? {}), JSON.stringify(r.body)).toContain(field);
};

describe('creating an order', () => {
  it('given the order counter set to 500, when two orders are created, then they take 501 and 502 in turn, Draft, dated today, with no items and a total of 0', async () => {
    const counter = (await office.get('/api/settings/current_number/order/')).body;
    expect((await office.put(`/api/settings/current_number/order/${counter.id}/`, { number: 500 })).status).toBe(200);
    const first = await newOrder();
    const second = await newOrder();
    expect([first.order_number, second.order_number].map(Number)).toEqual([501, 502]);
    expect(first).toMatchObject({ status: 'Draft', order_date: '2026-11-24', archived: false, total_price: 0, item_count: 0, items: [], submitted_at: null, submitted_by: null, customer_name: null });
    for (const name of ['id', 'customer_name', 'billing_address', 'billing_city', 'billing_state', 'billing_zip', 'billing_email', 'billing_phone', 'total_price'])
      expect(first, name).toHaveProperty(name);
    expect((await office.get('/api/settings/current_number/order/')).body.number).toBe(502);
  });

  it('given a Settings customer, when an order is created for it, then its name and billing fields are the customer\'s, except those sent', async () => {
    const o = await newOrder({ customer_ref: acme.id, billing_city: 'Broken Arrow' });
    expect(o).toMatchObject({ customer_ref: acme.id, customer_name: 'Acme Taproom', billing_address: '1 Main St', billing_city: 'Broken Arrow', billing_state: 'OK', billing_zip: '74101', billing_email: 'ap@acme.test', billing_phone: '918-555-0101' });
  });

  it('given a name typed with no customer of Settings, when created, then it stands and no billing is filled', async () => {
    expect(await newOrder({ customer_name: 'Walk-in', notes: 'Pick up Friday' })).toMatchObject({ customer_name: 'Walk-in', customer_ref: null, billing_city: null, notes: 'Pick up Friday' });
  });

  it('given a refused create, then no order number is spent', async () => {
    const before = (await office.get('/api/settings/current_number/order/')).body.number;
    expectInvalid(await office.post('/api/crs/orders/', { billing_email: 'not-an-email' }), 'billing_email');
    expect((await office.get('/api/settings/current_number/order/')).body.number).toBe(before);
    expect(Number((await newOrder()).order_number)).toBe(before + 1);
  });
});

describe('editing an order', () => {
  it('given an order, when another customer is picked, then the billing fields are the new customer\'s', async () => {
    const o = await newOrder({ customer_ref: acme.id });
    const r = await office.put(`/api/crs/orders/${o.id}/`, { customer_ref: brew.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ customer_ref: brew.id, customer_name: 'Brew Hall', billing_address: '9 Elm St', billing_city: 'Norman', billing_email: 'orders@brew.test' });
  });

  it('given an order, when its number, who submitted it and its total are PUT, then they are ignored and nothing is written; the whole detail PUT back edited keeps the edit', async () => {
    const o = await newOrder({ customer_ref: acme.id });
    const before = await eventCount();
    const r = await office.put(`/api/crs/orders/${o.id}/`, { status: 'Draft', order_number: '999999', submitted_by: 'Nobody', total_price: 1000 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'Draft', order_number: o.order_number, submitted_by: null, total_price: 0 });
    expect(await eventCount()).toBe(before);
    const whole = await office.put(`/api/crs/orders/${o.id}/`, { ...(await detail(o.id)), notes: 'Deliver to the back door', items: [{ item_name: 'Sneaked in' }] });
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expect(whole.body).toMatchObject({ notes: 'Deliver to the back door', status: 'Draft', items: [], item_count: 0 });
  });

  it('given two users holding the same version, when each changes another field, then both are kept; the same field changed again from the old version is 409 naming it, nothing written', async () => {
    const frank = await office.addColleague('Frank Field');
    const o = await newOrder({ customer_ref: acme.id });
    expect((await office.put(`/api/crs/orders/${o.id}/`, { ...o, notes: 'Mine' })).status).toBe(200);
    expect((await frank.put(`/api/crs/orders/${o.id}/`, { ...o, billing_phone: '918-555-0000' })).status).toBe(200);
    expect(await detail(o.id)).toMatchObject({ notes: 'Mine', billing_phone: '918-555-0000' });
    const before = await eventCount();
    const clash = await frank.put(`/api/crs/orders/${o.id}/`, { ...o, notes: 'Theirs' });
    expect(clash.status, JSON.stringify(clash.body)).toBe(409);
    expect(clash.body.conflicts).toEqual([expect.objectContaining({ field: 'notes', yours: 'Theirs', theirs: 'Mine', by: 'Office User' })]);
    expect(await eventCount()).toBe(before);
  });
});

describe('items', () => {
  it('given a product picked, when added, then its code, name, uom, price and barcode fill the line, qty 1, the line total its price', async () => {
    const o = await newOrder({ customer_ref: acme.id });
    const i = await addItem(o.id, { product_ref: keg.id });
    expect(i).toMatchObject({ order: o.id, product_ref: keg.id, code: 'PA-K', item_name: 'Pale ale keg', uom: 'keg', price: 120, barcode_1: '0123456789012', qty: 1, total_price: 120 });
    const sent = await addItem(o.id, { product_ref: growler.id, qty: '3', price: '12.5', uom: 'Growler' });
    expect(sent).toMatchObject({ item_name: 'Stout growler', qty: 3, price: 12.5, uom: 'Growler', total_price: 37.5 });
    expect(await detail(o.id)).toMatchObject({ total_price: 157.5, item_count: 2, items: [expect.objectContaining({ id: i.id }), expect.objectContaining({ id: sent.id })] });
    expect((await office.get(`/api/crs/orders/${o.id}/items/`)).body).toHaveLength(2);
  });

  it('given a barcode typed or scanned alone, when added, then that product\'s line; a barcode no product has is 400 naming barcode_1 and nothing written', async () => {
    const o = await newOrder();
    expect(await addItem(o.id, { barcode_1: ' 0123456789029 ' })).toMatchObject({ product_ref: growler.id, item_name: 'Stout growler', price: 14.35, qty: 1, total_price: 14.35 });
    const before = await eventCount();
    const bad = await office.post(`/api/crs/orders/${o.id}/items/`, { barcode_1: '4006381333931' });
    expectInvalid(bad, 'barcode_1');
    expect(bad.body.message).toContain('4006381333931');
    expect(await eventCount()).toBe(before);
    expect((await detail(o.id)).item_count).toBe(1);
  });

  it('given a product made a moment ago, when its barcode is scanned, then it is found', async () => {
    const fresh = await add('/api/settings/our_products/', { code: 'IPA-B', item_name: 'IPA bottle', uom: 'btl', price: '4', barcode_1: '0123456789036' });
    const o = await newOrder();
    expect(await addItem(o.id, { barcode_1: '0123456789036' })).toMatchObject({ product_ref: fresh.id, item_name: 'IPA bottle' });
  });

  it('given lines typed by hand, then qty defaults to 1 and a line total is only there when price and qty are above 0; the order total sums those in cents', async () => {
    const o = await newOrder();
    expect(await addItem(o.id, { item_name: 'Coffee 1lb', uom: '1lb bag', price: '0.1' })).toMatchObject({ qty: 1, total_price: 0.1, product_ref: null });
    expect(await addItem(o.id, { item_name: 'Coffee 5lb', uom: '5lb bag', price: '0.2', qty: '3' })).toMatchObject({ total_price: 0.6 });
    expect(await addItem(o.id, { item_name: 'Free sample', qty: '2' })).toMatchObject({ price: null, total_price: null });
    expect(await addItem(o.id, { item_name: 'Nothing yet', qty: '0', price: '9' })).toMatchObject({ qty: 0, total_price: null });
    expect(await detail(o.id)).toMatchObject({ total_price: 0.7, item_count: 4 });
  });

  it('given a line, when edited, another product picked and removed, then the line and the order total follow; a removed line saved again writes nothing', async () => {
    const o = await newOrder();
    const i = await addItem(o.id, { product_ref: keg.id });
    const put = await office.put(`/api/crs/items/${i.id}/`, { ...i, qty: '2' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ qty: 2, total_price: 240 });
    const swapped = await office.put(`/api/crs/items/${i.id}/`, { product_ref: growler.id, code: null, item_name: null, uom: null, price: null, barcode_1: null });
    expect(swapped.body).toMatchObject({ product_ref: growler.id, item_name: 'Stout growler', price: 14.35, qty: 2, total_price: 28.7 });
    expect((await detail(o.id)).total_price).toBe(28.7);
    expect((await office.del(`/api/crs/items/${i.id}/`)).status).toBe(200);
    expect(await detail(o.id)).toMatchObject({ items: [], total_price: 0 });
    const before = await eventCount();
    expect([404, 410]).toContain((await office.put(`/api/crs/items/${i.id}/`, { qty: '5' })).status);
    expect([404, 410]).toContain((await office.del(`/api/crs/items/${i.id}/`)).status);
    expect(await eventCount()).toBe(before);
  });
});

describe('submitting', () => {
  it("given an order with no customer name, when submitted, then 400 'Customer Name please' naming customer_name and nothing written", async () => {
    const o = await newOrder();
    await addItem(o.id, { product_ref: keg.id });
    const before = await eventCount();
    const r = await office.post(`/api/crs/orders/${o.id}/submit/`, {});
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ message: 'Customer Name please', fields: { customer_name: 'Customer Name please' } });
    expect((await office.put(`/api/crs/orders/${o.id}/`, { customer_name: '   ' })).status).toBe(200);
    expect((await office.post(`/api/crs/orders/${o.id}/submit/`, {})).body.message).toBe('Customer Name please');
    expect(await eventCount()).toBe(before + 1);
    expect((await detail(o.id)).status).toBe('Draft');
  });

  it("given an order with no items, or whose first line has no total, when submitted, then 400 'Items please' naming items and nothing written", async () => {
    const o = await newOrder({ customer_ref: acme.id });
    const before = await eventCount();
    const none = await office.post(`/api/crs/orders/${o.id}/submit/`, {});
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ message: 'Items please', fields: { items: 'Items please' } });
    expect(await eventCount()).toBe(before);
    await addItem(o.id, { item_name: 'No price yet' });
    await addItem(o.id, { product_ref: keg.id });
    const first = await eventCount();
    expect((await office.post(`/api/crs/orders/${o.id}/submit/`, {})).body.message).toBe('Items please');
    expect(await eventCount()).toBe(first);
  });

  it('given a complete order, when submitted, then Submitted with who and when, in its history and the list', async () => {
    const o = await newOrder({ customer_ref: brew.id });
    await addItem(o.id, { barcode_1: '0123456789012', qty: '2' });
    later(1);
    const r = await office.post(`/api/crs/orders/${o.id}/submit/`, {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'Submitted', submitted_by: 'Office User', submitted_at: new Date(clock).toISOString(), total_price: 240, items: [expect.objectContaining({ total_price: 240 })] });
    const h = (await office.get(`/api/crs/orders/${o.id}/history/`)).body as Row[];
    expect(h.at(-1)).toMatchObject({ type: 'OrderSubmitted', user_name: 'Office User' });
    expect(h.at(-1)!.changes).toEqual(expect.arrayContaining([{ field: 'status', old: 'Draft', new: 'Submitted' }]));
    const row = (await office.list(`/api/crs/orders/?status=Submitted&q=${o.order_number}`)).body.find((x: Row) => x.id === o.id);
    expect(row).toMatchObject({ status: 'Submitted', total_price: 240, item_count: 1, customer_name: 'Brew Hall' });
    // A PUT cannot take it back to Draft.
    expect((await office.put(`/api/crs/orders/${o.id}/`, { status: 'Draft' })).body.status).toBe('Submitted');
  });
});

describe('submitting by a save (issue 28)', () => {
  it("given a Draft, when PUT with status Submitted, then the submit's checks run: 'Customer Name please', then 'Items please', each a 400 and nothing written; complete, it is Submitted with who and when", async () => {
    const o = await newOrder();
    const before = await eventCount();
    const noName = await office.put(`/api/crs/orders/${o.id}/`, { ...o, status: 'Submitted' });
    expect(noName.status, JSON.stringify(noName.body)).toBe(400);
    expect(noName.body).toMatchObject({ message: 'Customer Name please', fields: { customer_name: 'Customer Name please' } });
    // The name sent in the same save counts; the order still has no items.
    const noItems = await office.put(`/api/crs/orders/${o.id}/`, { ...o, customer_name: 'Walk-in', status: 'Submitted' });
    expect(noItems.status, JSON.stringify(noItems.body)).toBe(400);
    expect(noItems.body).toMatchObject({ message: 'Items please', fields: { items: 'Items please' } });
    expect(await eventCount()).toBe(before);

    await add(`/api/crs/orders/${o.id}/items/`, { item_name: 'Hops', price: 4 });
    const done = await office.put(`/api/crs/orders/${o.id}/`, { ...o, customer_name: 'Walk-in', status: 'Submitted' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'Submitted', customer_name: 'Walk-in', submitted_by: 'Office User', submitted_at: expect.any(String) });
    // The same body again: submitted already, nothing more is written.
    const n = await eventCount();
    expect((await office.put(`/api/crs/orders/${o.id}/`, { ...o, customer_name: 'Walk-in', status: 'Submitted' })).body).toMatchObject({ status: 'Submitted', submitted_at: done.body.submitted_at });
    expect(await eventCount()).toBe(n);
    // A Draft sent back does not un-submit it.
    expect((await office.put(`/api/crs/orders/${o.id}/`, { ...done.body, status: 'Draft', notes: 'Paid' })).body).toMatchObject({ status: 'Submitted', notes: 'Paid' });
  });

  it('given a new order POSTed with status Submitted, then 400 with the submit\'s check, no number spent and nothing written', async () => {
    const before = await eventCount();
    const r = await office.post('/api/crs/orders/', { customer_name: 'Walk-in', status: 'Submitted' });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.message).toBe('Items please');
    expect(await eventCount()).toBe(before);
  });
});

describe('history, as-of and delete', () => {
  it('given edits at two times, then history lists each with who and the fields changed, and as_of shows the order as it stood', async () => {
    const o = await newOrder({ customer_name: 'History Co' });
    const created = o.last_updated;
    later(2);
    await office.put(`/api/crs/orders/${o.id}/`, { customer_name: 'History Inc', notes: 'Renamed' });
    await addItem(o.id, { product_ref: keg.id });
    const h = (await office.get(`/api/crs/orders/${o.id}/history/`)).body as Row[];
    expect(h[0]).toMatchObject({ type: 'OrderCreated', user_name: 'Office User' });
    expect(h[1]).toMatchObject({ type: 'OrderRevised', at: new Date(clock).toISOString() });
    expect(h[1].changes).toEqual(expect.arrayContaining([{ field: 'customer_name', old: 'History Co', new: 'History Inc' }]));
    const then = await office.get(`/api/crs/orders/${o.id}/?as_of=${encodeURIComponent(created)}`);
    expect(then.status).toBe(200);
    expect(then.body).toMatchObject({ customer_name: 'History Co', items: [], total_price: 0 });
    expect((await office.get(`/api/crs/orders/${o.id}/?as_of=2026-01-01T00:00:00Z`)).status).toBe(404);
  });

  it('given an order, when deleted, then gone from the detail and the list; deleting, saving or adding to it again writes nothing', async () => {
    const o = await newOrder({ customer_name: 'Deleted Diner' });
    expect((await office.del(`/api/crs/orders/${o.id}/`)).status).toBe(200);
    expect((await office.get(`/api/crs/orders/${o.id}/`)).status).toBe(404);
    expect(ids((await office.list('/api/crs/orders/?q=deleted+diner&active=t&archived=t')).body)).toEqual([]);
    const before = await eventCount();
    expect((await office.del(`/api/crs/orders/${o.id}/`)).status).toBe(404);
    expect((await office.put(`/api/crs/orders/${o.id}/`, { notes: 'Back' })).status).toBe(404);
    expect((await office.post(`/api/crs/orders/${o.id}/items/`, { product_ref: keg.id })).status).toBe(404);
    expect((await office.post(`/api/crs/orders/${o.id}/submit/`, {})).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});

describe('the order list', () => {
  it('given orders of both statuses, archived and dated apart, when filtered, sorted and searched, then only those match', async () => {
    const a = await newOrder({ customer_name: 'Listed Alpha' });
    await addItem(a.id, { item_name: 'x', qty: '1', price: '50' });
    const b = await newOrder({ customer_name: 'Listed Beta', order_date: '2026-10-01' });
    await addItem(b.id, { item_name: 'y', qty: '1', price: '5' });
    const c = await newOrder({ customer_name: 'Listed Gamma' });
    await addItem(c.id, { product_ref: keg.id });
    await office.post(`/api/crs/orders/${c.id}/submit/`, {});
    const d = await newOrder({ customer_name: 'Listed Delta', archived: true });
    const read = async (q: string) => ids((await office.list(`/api/crs/orders/?q=listed&${q}`)).body);
    expect(await read('ordering=-id')).toEqual([c.id, b.id, a.id]);
    expect(await read('active=t&archived=t')).toEqual([d.id, c.id, b.id, a.id]);
    expect(await read('active=f&archived=t')).toEqual([d.id]);
    expect(await read('status=Submitted')).toEqual([c.id]);
    expect(await read('status=Draft')).toEqual([b.id, a.id]);
    expect(await read('ordering=-total_price')).toEqual([c.id, a.id, b.id]);
    expect(await read('ordering=customer_name')).toEqual([a.id, b.id, c.id]);
    expect(await read('start_date=2026-09-25&end_date=2026-10-05')).toEqual([b.id]);
    expect(ids((await office.list(`/api/crs/orders/?q=${a.order_number}`)).body)).toContain(a.id);
    expectInvalid(await office.get('/api/crs/orders/?status=Shipped'), 'status');
  });

  it('given saved search dates, when the list names no range, then they apply', async () => {
    const old = await newOrder({ customer_name: 'Saved Old', order_date: '2026-09-01' });
    const now = await newOrder({ customer_name: 'Saved Now' });
    expect((await office.put('/api/crs/orders/search_dates/', { start_date: '2026-08-25', end_date: '2026-09-05' })).status).toBe(200);
    expect(ids((await office.list('/api/crs/orders/?q=saved')).body)).toEqual([old.id]);
    expect((await office.put('/api/crs/orders/search_dates/', { start_date: null, end_date: null })).status).toBe(200);
    expect(ids((await office.list('/api/crs/orders/?q=saved')).body)).toEqual([now.id, old.id]);
  });

  it('given eleven orders, when read four at a time, then pages of 4, 4 and 3 with the count and next', async () => {
    for (let i = 0; i < 11; i++) await newOrder({ customer_name: `Paged ${String(i).padStart(2, '0')}` });
    const p1 = await office.list('/api/crs/orders/?q=paged&ordering=customer_name&page_size=4&page=1');
    expect(p1.body).toMatchObject({ count: 11, previous: null });
    expect(p1.body.results.map((r: Row) => r.customer_name)).toEqual(['Paged 00', 'Paged 01', 'Paged 02', 'Paged 03']);
    const p3 = await office.get((await office.get(p1.body.next)).body.next);
    expect(p3.body.results.map((r: Row) => r.customer_name)).toEqual(['Paged 08', 'Paged 09', 'Paged 10']);
    expect(p3.body.next).toBeNull();
  });
});

describe('bad input', () => {
  it('given values wrong even as text, then 400 names the field and nothing is written', async () => {
    const o = await newOrder({ customer_ref: acme.id });
    const i = await addItem(o.id, { product_ref: keg.id });
    const before = await eventCount();
    expectInvalid(await office.post('/api/crs/orders/', { status: 'Shipped' }), 'status');
    expectInvalid(await office.post('/api/crs/orders/', { order_date: '11/24/2026' }), 'order_date');
    expectInvalid(await office.post('/api/crs/orders/', { customer_ref: 'abc' }), 'customer_ref');
    expectInvalid(await office.put(`/api/crs/orders/${o.id}/`, { billing_email: 'nope' }), 'billing_email');
    expectInvalid(await office.put(`/api/crs/orders/${o.id}/`, { customer_name: 'x'.repeat(201) }), 'customer_name');
    expectInvalid(await office.put(`/api/crs/orders/${o.id}/`, { archived: 'maybe' }), 'archived');
    expectInvalid(await office.post(`/api/crs/orders/${o.id}/items/`, { item_name: 'x', qty: '-1' }), 'qty');
    expectInvalid(await office.post(`/api/crs/orders/${o.id}/items/`, { item_name: 'x', price: 'lots' }), 'price');
    expectInvalid(await office.post(`/api/crs/orders/${o.id}/items/`, { product_ref: 'abc' }), 'product_ref');
    expectInvalid(await office.post(`/api/crs/orders/${o.id}/items/`, { product_ref: acme.id }), 'product_ref');
    expectInvalid(await office.put(`/api/crs/items/${i.id}/`, { product_ref: '999999' }), 'product_ref');
    expectInvalid(await office.put(`/api/crs/items/${i.id}/`, { qty: 'two' }), 'qty');
    expect(await eventCount()).toBe(before);
    expect(await detail(o.id)).toMatchObject({ version: o.version + 1, total_price: 120 });
  });
});

describe("another account's orders", () => {
  it('given an office order with an item, then the rival gets 404 on every call, nothing is written, and its list holds none', async () => {
    const o = await newOrder({ customer_ref: acme.id });
    const i = await addItem(o.id, { product_ref: keg.id });
    const before = await eventCount();
    const calls = [
      rival.get(`/api/crs/orders/${o.id}/`),
      rival.get(`/api/crs/orders/${o.id}/history/`),
      rival.put(`/api/crs/orders/${o.id}/`, { notes: 'Theirs' }),
      rival.del(`/api/crs/orders/${o.id}/`),
      rival.post(`/api/crs/orders/${o.id}/submit/`, {}),
      rival.get(`/api/crs/orders/${o.id}/items/`),
      rival.post(`/api/crs/orders/${o.id}/items/`, { item_name: 'Theirs' }),
      rival.put(`/api/crs/items/${i.id}/`, { qty: '9' }),
      rival.del(`/api/crs/items/${i.id}/`),
    ];
    for (const r of await Promise.all(calls)) expect(r.status, JSON.stringify(r.body)).toBe(404);
    expect(await eventCount()).toBe(before);
    expect(ids((await rival.list('/api/crs/orders/?active=t&archived=t')).body)).toEqual([]);
  });

  it("given the rival's own order, when it names the office's customer, product or barcode, then it is refused and nothing is written", async () => {
    const mine = await newOrder({ customer_name: 'Rival Pub' }, rival);
    const before = await eventCount();
    expectInvalid(await rival.post('/api/crs/orders/', { customer_ref: acme.id }), 'customer_ref');
    expectInvalid(await rival.put(`/api/crs/orders/${mine.id}/`, { customer_ref: acme.id }), 'customer_ref');
    expectInvalid(await rival.post(`/api/crs/orders/${mine.id}/items/`, { product_ref: keg.id }), 'product_ref');
    const line = await addItem(mine.id, { item_name: 'House lager' }, rival);
    expectInvalid(await rival.put(`/api/crs/items/${line.id}/`, { product_ref: keg.id }), 'product_ref');
    const after = await eventCount();
    expectInvalid(await rival.post(`/api/crs/orders/${mine.id}/items/`, { barcode_1: '0123456789012' }), 'barcode_1');
    expect(after).toBe(before + 1);
    expect(await eventCount()).toBe(after);
    expect(await detail(mine.id, rival)).toMatchObject({ customer_ref: null, billing_city: null, item_count: 1, items: [expect.objectContaining({ product_ref: null, item_name: 'House lager' })] });
  });
});
