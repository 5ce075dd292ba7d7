/**
 * The spec's client on the help and customer order screens, call by call as spec 3 section 7 (Help,
 * Orders) lists them. It keeps the object a GET or POST answered and PUTs it back whole, edited, more
 * than once, numbers as text, never If-Match; so no save of its own is ever a 409, and a field another
 * user changed since is one, naming it. Calls exercised: 8 of 8 of Help (GET help/?active&archived;
 * POST help/; GET, PUT, DELETE help/{id}; GET and POST help/{id}/updates/; PUT help/updates/{id};
 * POST help/{id}/files/ multipart with file, helpticket, file_name, file_type; DELETE help/files/{id};
 * GET help/report/management/?ids, which needs the worker's builder) and 5 of 5 of Orders (GET and POST
 * crs/orders/; PUT and DELETE crs/orders/{id}; GET and POST crs/orders/{id}/items/; PUT on items;
 * DELETE crs/items/{id}/).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { SpecClient, copyOf, expectConflict, expectGone, expectInvalid, missingNames, type Obj, readOwnWrite } from './specClient.ts';

// Today is 2026-11-24 for the app and the worker.
const { office, eventCount } = apiTest('compat_help_orders', { worker: true, now: () => new Date('2026-11-24T15:00:00Z') });
const spec = new SpecClient(office);
let frank: SpecClient;
let customer: Obj;
let product: Obj;
beforeAll(async () => {
  frank = await spec.colleague('Frank Field');
  customer = await spec.create('/api/settings/customers/', { name: 'Acme Taproom', address: '1 Main St', city: 'Tulsa', state: 'OK', zip: '74101', email: 'ap@acme.test', phone: '918-555-0101' });
  product = await spec.create('/api/settings/our_products/', { code: 'PA-K', item_name: 'Pale ale keg', uom: 'keg', price: 120, barcode_1: '0123456789012' });
});

const has = (id: string) => (rows: Obj[]) => rows.some((r) => r.id === id);

/** The help list's "new ticket": POST with the form's fields, then the detail's GET the screen keeps. */
async function openNewTicket(values: Obj = {}): Promise<Obj> {
  const created = await spec.create('/api/help/', { subject: 'Report hangs', description: 'The job report spins.', ticket_type: 'App Issue', priority: 'Normal', submitter_mood: 'Meh', ...values });
  expect(created.id).toMatch(/^\d+$/);
  return spec.load(`/api/help/${created.id}/`);
}

describe('the help list screen', () => {
  it('given open and closed tickets, when the list is read with the toggles the screen sends, then each toggle narrows it', async () => {
    const open = await openNewTicket({ subject: 'List open' });
    const closed = await openNewTicket({ subject: 'List closed' });
    expect((await spec.save(`/api/help/${closed.id}/`, closed, { ticket_status: 'Closed' })).body.archived).toBe(true);
    // The close is the last write: once the archived list shows it, the active list holds everything before it.
    const archived = await readOwnWrite(() => spec.load<Obj[]>('/api/help/?active=false&archived=true'), has(closed.id), 'the closed ticket in the archived list');
    expect(has(open.id)(archived)).toBe(false);
    const active = await spec.load<Obj[]>('/api/help/?active=true&archived=false');
    expect(has(open.id)(active)).toBe(true);
    expect(has(closed.id)(active)).toBe(false);
    expect(active.find((r) => r.id === open.id)).toMatchObject({ ticket_status: 'New', our_status: 'New', submitter_status: 'New', archived: false });
  });

  it('given selected tickets, when the management report is opened for their ids, then the report file answers (needs the worker\'s help.management builder)', async () => {
    const [a, b] = [await openNewTicket({ subject: 'Report 1' }), await openNewTicket({ subject: 'Report 2' })];
    const r = await spec.http.download(`/api/help/report/management/?ids=${a.id},${b.id}`);
    expect(r.status, r.bytes.toString().slice(0, 300)).toBe(200);
    expect(r.bytes.length).toBeGreaterThan(0);
  });
});

describe('a help ticket, saved whole from the object its GET answered', () => {
  it('given a new ticket, when saved three times from the same kept object, then 200 each and every edit kept', async () => {
    const t = await openNewTicket();
    expect(t).toMatchObject({ ticket_status: 'New', our_status: 'New', submitter_status: 'New', archived: false, updates: [], files: [] });
    for (const edits of [{ priority: 'Urgent' }, { our_status: 'Read', completion_date: '2026-12-01' }, { submitter_mood: 'Grrr', submitter_status: 'Awaiting Admin Response' }]) {
      const r = await spec.save(`/api/help/${t.id}/`, t, edits);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect(await spec.load(`/api/help/${t.id}/`)).toMatchObject({ priority: 'Urgent', our_status: 'Read', completion_date: '2026-12-01', submitter_mood: 'Grrr', submitter_status: 'Awaiting Admin Response', archived: false });
  });

  it("given a kept ticket, when saved Closed ('Archived!') and then saved again from the same object, then it stays archived and the later edit is kept", async () => {
    const t = await openNewTicket();
    const closed = await spec.save(`/api/help/${t.id}/`, t, { submitter_status: 'Closed' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.archived).toBe(true);
    // The kept object still says archived false, as the screen loaded it.
    const later = await spec.save(`/api/help/${t.id}/`, t, { description: 'Closed: fixed in the next build.' });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(await spec.load(`/api/help/${t.id}/`)).toMatchObject({ submitter_status: 'Closed', archived: true, description: 'Closed: fixed in the next build.' });
  });

  it('given computed fields and lines changed in the kept object, then they are ignored: 200, nothing written', async () => {
    const t = await openNewTicket();
    await spec.create(`/api/help/${t.id}/updates/`, { helpticket: t.id, update: 'Seen' });
    const loaded = await spec.load(`/api/help/${t.id}/`);
    const before = await eventCount();
    const r = await spec.save(`/api/help/${t.id}/`, loaded, { update_count: 9, file_count: 3, awaiting: 'submitter', latest_update: null, submitted_by_name: 'Nobody', updates: [], files: [{ id: '1' }], created_at: '1999-01-01T00:00:00Z', last_updated: '1999-01-01T00:00:00Z' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await eventCount()).toBe(before);
    expect(await spec.load(`/api/help/${t.id}/`)).toMatchObject({ update_count: 1, awaiting: 'office', submitted_by_name: 'Office User', version: loaded.version });
  });

  it('given two users holding the same loaded ticket, when both change its priority, then the client is 409 naming it and nothing is written', async () => {
    const t = await openNewTicket();
    expect((await frank.save(`/api/help/${t.id}/`, copyOf(t), { priority: 'Critical' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/help/${t.id}/`, t, { priority: 'Low' }), 'priority', { yours: 'Low', theirs: 'Critical', by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
  });

  it('given a status outside the lists, then 400 names the field and nothing is written', async () => {
    const t = await openNewTicket();
    const before = await eventCount();
    expectInvalid(await spec.save(`/api/help/${t.id}/`, t, { our_status: 'Closed' }), 'our_status');
    expectInvalid(await spec.save(`/api/help/${t.id}/`, copyOf(t), { our_status: 'Done', completion_date: '12/01/2026' }), 'completion_date');
    expect(await eventCount()).toBe(before);
  });

  it("given a ticket deleted, when its kept object is saved or deleted again, then 404 and nothing is written; the detail load fails as the screen expects ('Deleted.')", async () => {
    const t = await openNewTicket();
    expect((await spec.del(`/api/help/${t.id}/`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.get(`/api/help/${t.id}/`));
    expectGone(await spec.save(`/api/help/${t.id}/`, t, { priority: 'Low' }));
    expectGone(await spec.del(`/api/help/${t.id}/`));
    expect(await eventCount()).toBe(before);
  });
});

describe('updates and files, each saved with the object its POST answered', () => {
  it('given updates posted with helpticket, when each is PUT twice from its POST answer, then 200 and the list of updates shows them with who and when', async () => {
    const t = await openNewTicket();
    const mine = await spec.create(`/api/help/${t.id}/updates/`, { helpticket: t.id, update: 'Happens on every PDF', update_status: 'New' });
    const theirs = await frank.create(`/api/help/${t.id}/updates/`, { helpticket: t.id, update: 'Looking into it', update_status: 'Working on it' });
    expect(theirs).toMatchObject({ helpticket: t.id, created_by: 'Frank Field', created_date: expect.any(String) });
    const stamped = mine.created_date;
    expect((await spec.save(`/api/help/updates/${mine.id}/`, mine, { update: 'Happens on every PDF over 10 MB' })).status).toBe(200);
    const again = await spec.save(`/api/help/updates/${mine.id}/`, mine, { update_status: 'Waiting for a Thing', created_date: '1999-01-01' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ update: 'Happens on every PDF over 10 MB', update_status: 'Waiting for a Thing', created_date: stamped });
    expect((await frank.save(`/api/help/updates/${theirs.id}/`, theirs, { update_status: 'Awaiting Submitter Response' })).status).toBe(200);
    expect((await frank.save(`/api/help/updates/${theirs.id}/`, theirs, { update: 'Need the file name' })).status).toBe(200);
    const updates = await spec.load<Obj[]>(`/api/help/${t.id}/updates/`);
    expect(updates.map((u) => [u.created_by, u.update_status])).toEqual([['Office User', 'Waiting for a Thing'], ['Frank Field', 'Awaiting Submitter Response']]);
    expectInvalid(await spec.post(`/api/help/${t.id}/updates/`, { helpticket: t.id, update: 'x', update_status: 'Closed' }), 'update_status');
  });

  it('given a file uploaded as the screen does (multipart: file, helpticket, file_name, file_type), then it is on the ticket and downloads; deleted, it is gone and a second delete is 404 or 410', async () => {
    const t = await openNewTicket();
    const up = await spec.upload(`/api/help/${t.id}/files/`, { helpticket: t.id, file_name: 'console.txt', file_type: 'text/plain' }, { name: 'console.txt', type: 'text/plain', content: 'TypeError: upload aborted' });
    expect([200, 201], JSON.stringify(up.body)).toContain(up.status);
    expect(up.body).toMatchObject({ helpticket: t.id, file_name: 'console.txt', file_type: 'text/plain', file: expect.stringContaining('console.txt') });
    expect((await spec.load(`/api/help/${t.id}/`)).files).toEqual([expect.objectContaining({ id: up.body.id })]);
    expect((await spec.http.download(up.body.file)).bytes.toString()).toBe('TypeError: upload aborted');
    // The ticket kept before the upload, saved again: the file stays.
    expect((await spec.save(`/api/help/${t.id}/`, t, { priority: 'Low' })).status).toBe(200);
    expect((await spec.load(`/api/help/${t.id}/`)).file_count).toBe(1);
    expect((await spec.del(`/api/help/files/${up.body.id}/`)).status).toBe(200);
    expect((await spec.load(`/api/help/${t.id}/`)).files).toEqual([]);
    const before = await eventCount();
    expectGone(await spec.del(`/api/help/files/${up.body.id}/`));
    expect(await eventCount()).toBe(before);
  });
});

describe('the order screen', () => {
  /** The screen's "new order" for a customer picked from Settings: it copies the customer's billing fields itself. */
  async function openNewOrder(values: Obj = {}): Promise<Obj> {
    const created = await spec.create('/api/crs/orders/', {
      customer_name: customer.name, billing_address: customer.address, billing_city: customer.city, billing_state: customer.state, billing_zip: customer.zip, billing_email: customer.email, billing_phone: customer.phone, ...values,
    });
    expect(created.id).toMatch(/^\d+$/);
    return created;
  }
  /** A line as the screen posts it after a product is picked: every product field copied, qty 1, numbers as text. */
  const productLine = (order: Obj, qty = 1) => ({ order: order.id, code: product.code, item_name: product.item_name, qty, uom: 'Keg', price: product.price, barcode_1: product.barcode_1, product_ref: product.id });

  it('given orders, when the list is read as the screen does, then it answers them with the names of spec 3 section 3', async () => {
    const o = await openNewOrder();
    const rows = await readOwnWrite(() => spec.load<Obj[]>('/api/crs/orders/'), has(o.id), 'the new order in the list');
    expect.soft(missingNames(rows.find((r) => r.id === o.id), 'id customer_name billing_address billing_city billing_state billing_zip billing_email billing_phone total_price'), 'an order row lacks').toBe('');
    expect.soft(missingNames(o, 'id customer_name billing_address billing_city billing_state billing_zip billing_email billing_phone total_price'), 'an order lacks').toBe('');
  });

  it('given a new order, when saved three times from the object its POST answered, numbers as text, then 200 each and every edit kept; the number and total stay the server\'s', async () => {
    const o = await openNewOrder();
    expect(o).toMatchObject({ status: 'Draft', order_date: '2026-11-24', total_price: 0, items: [] });
    for (const edits of [{ notes: 'Deliver Friday' }, { billing_phone: 9185550199 }, { billing_city: 'Broken Arrow', total_price: 999, item_count: 4 }]) {
      const r = await spec.save(`/api/crs/orders/${o.id}/`, o, edits);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect(await spec.load(`/api/crs/orders/${o.id}/`)).toMatchObject({ notes: 'Deliver Friday', billing_phone: '9185550199', billing_city: 'Broken Arrow', total_price: 0, item_count: 0, order_number: o.order_number });
  });

  it('given lines posted as the screen posts them, when each is PUT twice from its POST answer with the total it computed, then 200, qty and price as text taken, the totals the server\'s by rule', async () => {
    const o = await openNewOrder();
    const keg = await spec.create(`/api/crs/orders/${o.id}/items/`, productLine(o));
    expect(keg).toMatchObject({ order: o.id, qty: 1, price: 120, total_price: 120, product_ref: product.id });
    const hand = await spec.create(`/api/crs/orders/${o.id}/items/`, { order: o.id, item_name: 'Coffee', uom: '1lb bag' });
    expect(hand).toMatchObject({ qty: 1, total_price: null });
    expect((await spec.save(`/api/crs/items/${keg.id}/`, keg, { qty: 2, total_price: 240 })).status).toBe(200);
    const again = await spec.save(`/api/crs/items/${keg.id}/`, keg, { price: 110.5, total_price: 999 });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ qty: 2, price: 110.5, total_price: 221 });
    expect((await spec.save(`/api/crs/items/${hand.id}/`, hand, { price: 9.25 })).status).toBe(200);
    expect((await spec.save(`/api/crs/items/${hand.id}/`, hand, { qty: 0 })).body).toMatchObject({ price: 9.25, qty: 0, total_price: null });
    expect((await spec.load<Obj[]>(`/api/crs/orders/${o.id}/items/`)).map((i) => i.total_price)).toEqual([221, null]);
    // The order kept from its POST, saved again after its lines: 200, the total by rule.
    const saved = await spec.save(`/api/crs/orders/${o.id}/`, o, { notes: 'Two kegs' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await spec.load(`/api/crs/orders/${o.id}/`)).toMatchObject({ notes: 'Two kegs', total_price: 221, item_count: 2 });
  });

  it("given the kept order, when PUT with status Submitted, then the submit's checks answer: 'Customer Name please' with nothing written; named and with a line, the same kept object is Submitted, and saved again stays so", async () => {
    const o = await openNewOrder({ customer_name: '' });
    const before = await eventCount();
    const refused = await spec.save(`/api/crs/orders/${o.id}/`, o, { status: 'Submitted' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body).toMatchObject({ message: 'Customer Name please', fields: { customer_name: 'Customer Name please' } });
    expect(await eventCount()).toBe(before);
    await spec.create(`/api/crs/orders/${o.id}/items/`, productLine(o));
    const done = await spec.save(`/api/crs/orders/${o.id}/`, o, { customer_name: customer.name });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'Submitted', customer_name: customer.name, submitted_by: 'Office User' });
    const again = await spec.save(`/api/crs/orders/${o.id}/`, o, { notes: 'Submitted already' });
    expect(again.body).toMatchObject({ status: 'Submitted', submitted_at: done.body.submitted_at, notes: 'Submitted already' });
  });

  it('given two users holding the same order, when both change its notes, then the client is 409 naming notes and nothing is written', async () => {
    const o = await openNewOrder();
    expect((await frank.save(`/api/crs/orders/${o.id}/`, copyOf(o), { notes: 'Frank: back door' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/crs/orders/${o.id}/`, o, { notes: 'Office: front door' }), 'notes', { yours: 'Office: front door', theirs: 'Frank: back door', by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
  });

  it('given a line and an order deleted, when their kept objects are saved or deleted again, then 404 or 410 and nothing is written', async () => {
    const o = await openNewOrder();
    const line = await spec.create(`/api/crs/orders/${o.id}/items/`, productLine(o, 3));
    expect((await spec.del(`/api/crs/items/${line.id}/`)).status).toBe(200);
    expect((await spec.load(`/api/crs/orders/${o.id}/`)).total_price).toBe(0);
    expect((await spec.del(`/api/crs/orders/${o.id}/`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.save(`/api/crs/items/${line.id}/`, line, { qty: 4 }));
    expectGone(await spec.del(`/api/crs/items/${line.id}/`));
    expectGone(await spec.get(`/api/crs/orders/${o.id}/`));
    expectGone(await spec.save(`/api/crs/orders/${o.id}/`, o, { notes: 'Back?' }));
    expectGone(await spec.del(`/api/crs/orders/${o.id}/`));
    expect(await eventCount()).toBe(before);
  });

  it('given a line value wrong even as text, then 400 names the field and nothing is written', async () => {
    const o = await openNewOrder();
    const line = await spec.create(`/api/crs/orders/${o.id}/items/`, productLine(o));
    const before = await eventCount();
    expectInvalid(await spec.post(`/api/crs/orders/${o.id}/items/`, { ...productLine(o), qty: 'two' }), 'qty');
    expectInvalid(await spec.save(`/api/crs/items/${line.id}/`, copyOf(line), { price: 'lots' }), 'price');
    expectInvalid(await spec.save(`/api/crs/orders/${o.id}/`, copyOf(o), { billing_email: 'nope' }), 'billing_email');
    expect(await eventCount()).toBe(before);
  });
});

describe('the names of spec 3 section 3', () => {
  it('given a ticket with an update and an order with an item, then each carries the names the spec shows', async () => {
    const t = await openNewTicket();
    const u = await spec.create(`/api/help/${t.id}/updates/`, { helpticket: t.id, update: 'x' });
    const o = await spec.create('/api/crs/orders/', { customer_name: 'Names Co' });
    const i = await spec.create(`/api/crs/orders/${o.id}/items/`, { order: o.id, item_name: 'x', qty: 1, price: 1 });
    expect.soft(missingNames(await spec.load(`/api/help/${t.id}/`), 'id ticket_status our_status submitter_status archived ticket_type priority submitter_mood completion_date files'), 'a help ticket lacks').toBe('');
    const row = (await readOwnWrite(() => spec.load<Obj[]>('/api/help/?active=true&archived=false'), has(t.id), 'the ticket in the list')).find((r) => r.id === t.id);
    expect.soft(missingNames(row, 'id ticket_status our_status submitter_status archived ticket_type priority submitter_mood completion_date'), 'a help row lacks').toBe('');
    expect.soft(missingNames(u, 'helpticket update_status'), 'a help update lacks').toBe('');
    expect.soft(missingNames(i, 'order code item_name qty uom price barcode_1 product_ref total_price'), 'an order item lacks').toBe('');
  });
});
