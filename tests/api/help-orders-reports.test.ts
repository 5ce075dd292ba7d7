/**
 * The help and order reports of issue 18 end to end (docs/reports.md, docs/bulk.md) over HTTP with
 * the real BullMQ worker: the help management report of a selection read back (XLSX with exceljs,
 * PDF with pdftotext), newest first, also as the bulk action `report`; the printable order read back
 * with pdftotext; another account's records never shown; bulk archive and delete of help tickets and
 * of orders through POST /api/bulk/.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { created, runBulk, eventsOfStream, readSheet, pdfText, inOrder } from '../support/reports.ts';
import type { Client } from '../support/client.ts';

// Sunday 22 November 2026.
const { office, rival, db } = apiTest('api_help_orders_reports', { worker: true, now: () => new Date('2026-11-22T15:00:00Z') });

const ticket = async (c: Client, values: Record<string, unknown>) => (await created(c, '/api/help/', values)).id as string;
const order = async (c: Client, values: Record<string, unknown>) => (await created(c, '/api/crs/orders/', values)).id as string;

const eventsOf = (stream: string) => eventsOfStream(db, stream);
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v);

const sheet = (bytes: Buffer) => readSheet(bytes, '#');

describe('the help management report', () => {
  it('given tickets with updates, closed and of two submitters, when the report of a selection is asked for, then XLSX rows are newest first with each ticket’s fields and totals, and the PDF reads the same', async () => {
    const frank = await office.addColleague('Frank Field');
    const billing = await ticket(office, { subject: 'Invoice total off', ticket_type: 'Billing Issue', priority: 'Urgent', submitter_mood: 'Unhappy', completion_date: '2026-12-01' });
    await created(frank, `/api/help/${billing}/updates/`, { update: 'Looking into it', update_status: 'Working on it' });
    const kudos = await ticket(frank, { subject: 'Love the map', ticket_type: 'Kudos!', priority: 'Low', submitter_mood: 'Yay!' });
    expect((await office.put(`/api/help/${kudos}/`, { ticket_status: 'Closed' })).status).toBe(200);
    const crash = await ticket(office, { subject: 'App crashes on save', ticket_type: 'App Issue', priority: 'Critical', submitter_mood: 'Grrr' });
    const theirs = await ticket(rival, { subject: 'SECRET rival ticket', priority: 'Critical' });
    // The worker reads the help list read model: wait until it shows the last writes.
    await expect.poll(async () => ((await office.list(`/api/help/?archived=t&active=t&q=Invoice`)).body as Record<string, any>[])[0]?.update_count, { timeout: 10_000, interval: 50 }).toBe(1);
    await office.list('/api/help/?archived=t');

    const ids = [billing, theirs, crash, kudos].join(',');
    const x = await office.download(`/api/help/report/management/?ids=${ids}`);
    expect(x.status, x.bytes.toString().slice(0, 200)).toBe(200);
    expect(decodeURIComponent(x.headers.get('content-disposition')!)).toContain('Help management report 11-22-2026.xlsx');
    const s = await sheet(x.bytes);
    expect(s.title).toBe('Help management report');
    expect(s.header).toEqual(['#', 'Subject', 'Type', 'Priority', 'Mood', 'Ticket status', 'Submitter status', 'Our status', 'Submitted by', 'Created', 'Completion', 'Updates', 'Latest update']);
    expect(s.body.map((r) => r.Subject)).toEqual(['App crashes on save', 'Love the map', 'Invoice total off']);
    expect(s.body.map((r) => r['#'])).toEqual([crash, kudos, billing]);
    expect({ ...s.body[2], Created: day(s.body[2].Created), Completion: day(s.body[2].Completion) }).toEqual({
      '#': billing,
      Subject: 'Invoice total off',
      Type: 'Billing Issue',
      Priority: 'Urgent',
      Mood: 'Unhappy',
      'Ticket status': 'New',
      'Submitter status': 'New',
      'Our status': 'New',
      'Submitted by': 'Office User',
      Created: '2026-11-22',
      Completion: '2026-12-01',
      Updates: 1,
      'Latest update': 'Frank Field (Working on it): Looking into it',
    });
    expect(s.body[1]).toMatchObject({ 'Ticket status': 'Closed', 'Submitted by': 'Frank Field', Updates: 0, 'Latest update': null });
    expect(s.totals).toMatchObject({ Subject: 'Totals (3 tickets)', 'Ticket status': '2 open', Priority: 'Critical 1, Urgent 1, Low 1', Updates: 1 });
    expect(JSON.stringify(s)).not.toContain('SECRET');

    const p = await office.download(`/api/help/report/management/?ids=${ids}&format=pdf`);
    expect(p.status).toBe(200);
    expect(p.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(p.bytes, 'help-management');
    expect(text).toContain('Help management report');
    expect(inOrder(text, ['App crashes on save', 'Love the map', 'Invoice total off', 'Totals (3 tickets)'])).toBe(true);
    expect(text).toMatch(/Billing Issue\s+Urgent\s+Unhappy\s+New\s+New\s+New\s+Office User\s+11\/22\/2026\s+12\/01\/2026\s+1/);
    // The priorities' counts wrap in their column, under the totals' label.
    expect(inOrder(text, ['Totals (3 tickets)', 'Critical 1,', 'Urgent 1,', 'Low 1'])).toBe(true);
    expect(text).toContain('Frank Field (Working on it):');
    expect(text).toMatch(/\s+Updates\s+/);
    expect(text).not.toContain('SECRET');
  });

  it('given only another account’s ticket, when the report is asked for, then it has no rows', async () => {
    const theirs = await ticket(rival, { subject: 'SECRET only theirs' });
    await rival.list('/api/help/');
    const s = await sheet((await office.download(`/api/help/report/management/?ids=${theirs}`)).bytes);
    expect(s.body).toEqual([]);
    expect(s.totals).toMatchObject({ Subject: 'Totals (0 tickets)', 'Ticket status': '0 open' });
  });

  it('given a selection, when the report is asked for as a bulk action, then its file is the same report', async () => {
    const a = await ticket(office, { subject: 'Bulk report one', priority: 'Normal' });
    const b = await ticket(office, { subject: 'Bulk report two', priority: 'Normal' });
    await expect.poll(async () => ((await office.list('/api/help/?q=Bulk report')).body as unknown[]).length, { timeout: 10_000, interval: 50 }).toBe(2);
    const op = await runBulk(office, { list: 'help_tickets', action: 'report', report: 'management', ids: [a, b] });
    expect(op).toMatchObject({ status: 'done', total: 2, done: 2 });
    const r = await office.download(op.file_url);
    expect(r.status).toBe(200);
    const s = await sheet(r.bytes);
    expect(s.body.map((row) => row.Subject)).toEqual(['Bulk report two', 'Bulk report one']);
    expect(s.totals).toMatchObject({ Priority: 'Normal 2' });
  });
});

describe('bulk archive and delete of help tickets', () => {
  it('given tickets, when two are archived by ids, then each has one archive event and leaves the active list', async () => {
    const [a, b, c] = [await ticket(office, { subject: 'AR-1' }), await ticket(office, { subject: 'AR-2' }), await ticket(office, { subject: 'AR-3' })];
    expect(await runBulk(office, { list: 'help_tickets', action: 'archive', ids: [a, b] })).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    const archiving = async (id: string) => (await eventsOf(`help_ticket-${id}`)).filter((e) => e.type === 'HelpTicketRevised' && e.data.changes?.archived).length;
    expect([await archiving(a), await archiving(b), await archiving(c)]).toEqual([1, 1, 0]);
    expect((await office.get(`/api/help/${a}/`)).body.archived).toBe(true);
    const active = async () => ((await office.list('/api/help/?q=AR-')).body as { id: string }[]).map((r) => r.id);
    await expect.poll(active, { timeout: 10_000, interval: 50 }).toEqual([c]);
  });

  it('given tickets matching a search, when all that match except one are deleted, then exactly those are deleted once and another account’s is not', async () => {
    const made = [await ticket(office, { subject: 'SWEEP-1' }), await ticket(office, { subject: 'SWEEP-2' }), await ticket(office, { subject: 'SWEEP-3' })];
    const theirs = await ticket(rival, { subject: 'SWEEP-9' });
    await expect.poll(async () => ((await office.list('/api/help/?q=sweep')).body as unknown[]).length, { timeout: 10_000, interval: 50 }).toBe(3);
    const op = await runBulk(office, { list: 'help_tickets', action: 'delete', filter: { q: 'sweep' }, except: [made[1]] });
    expect(op).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    const deletions = async (id: string) => (await eventsOf(`help_ticket-${id}`)).filter((e) => e.type === 'HelpTicketDeleted').length;
    expect([await deletions(made[0]), await deletions(made[1]), await deletions(made[2]), await deletions(theirs)]).toEqual([1, 0, 1, 0]);
    expect((await office.get(`/api/help/${made[0]}/`)).status).toBe(404);
    expect((await rival.get(`/api/help/${theirs}/`)).status).toBe(200);
  });
});

describe('the printable order', () => {
  it('given a submitted order with items, when its PDF is asked for, then it reads back with the header, billing, the items in order, the total by rule and the notes', async () => {
    const id = await order(office, { customer_name: 'Brew Pub', billing_address: '1 Main St', billing_city: 'Springfield', billing_state: 'IL', billing_zip: '62701', billing_email: 'ap@brewpub.example' });
    await created(office, `/api/crs/orders/${id}/items/`, { code: 'KEG-1', item_name: 'Pale ale', uom: 'Keg', price: 120.5 });
    await created(office, `/api/crs/orders/${id}/items/`, { code: 'HOP-5', item_name: 'Cascade hops', qty: 2, uom: '5lb bag', price: 40.1 });
    await created(office, `/api/crs/orders/${id}/items/`, { code: 'STK', item_name: 'Sticker', qty: 3 });
    expect((await office.put(`/api/crs/orders/${id}/`, { notes: 'Deliver to the back door' })).status).toBe(200);
    const submitted = await created(office, `/api/crs/orders/${id}/submit/`, {});
    expect(submitted).toMatchObject({ status: 'Submitted', total_price: 200.7 });

    const r = await office.download(`/api/crs/orders/${id}/pdf/`);
    expect(r.status, r.bytes.toString().slice(0, 200)).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(decodeURIComponent(r.headers.get('content-disposition')!)).toContain('Order 11-22-2026.pdf');
    const text = pdfText(r.bytes, 'order');
    expect(text).toContain(`Order ${submitted.order_number}`);
    expect(text).toMatch(/Status\s+Submitted/);
    expect(text).toMatch(/Submitted by\s+Office User/);
    expect(text).toMatch(/Date\s+11\/22\/2026/);
    expect(text).toMatch(/Brew Pub\s+1 Main St\s+Springfield, IL 62701\s+ap@brewpub.example/);
    expect(inOrder(text, ['Billing address', 'Items', 'KEG-1', 'HOP-5', 'STK', 'Order total'])).toBe(true);
    expect(text).toMatch(/KEG-1\s+Pale ale\s+1\s+Keg\s+\$120\.50\s+\$120\.50/);
    expect(text).toMatch(/HOP-5\s+Cascade hops\s+2\s+5lb bag\s+\$40\.10\s+\$80\.20/);
    expect(text).toMatch(/Order total \(3 items\)\s+\$200\.70/);
    expect(text).toContain('Deliver to the back door');
    const [report] = (await office.list('/api/reports/')).body;
    expect(report).toMatchObject({ report: 'orders.order', format: 'pdf', state: 'ready', params: { id } });
  });

  it("given another account's order, a help ticket's id or no such id, then 404 'Order not found' and nothing is requested; a bad id or format is a 400", async () => {
    const theirs = await order(rival, { customer_name: 'SECRET customer' });
    const mine = await order(office, { customer_name: 'Mine' });
    const notAnOrder = await ticket(office, { subject: 'Not an order' });
    const before = (await office.list('/api/reports/')).body.length;
    const rivals = await office.get(`/api/crs/orders/${theirs}/pdf/`);
    expect(rivals.status).toBe(404);
    expect(rivals.body.message).toBe('Order not found');
    expect((await office.get(`/api/crs/orders/${notAnOrder}/pdf/`)).status).toBe(404);
    expect((await office.get('/api/crs/orders/999999999/pdf/')).status).toBe(404);
    const bad = await office.get('/api/crs/orders/abc/pdf/');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('id');
    const xl = await office.get(`/api/crs/orders/${mine}/pdf/?format=xlsx`);
    expect(xl.status).toBe(400);
    expect(xl.body.fields).toHaveProperty('format');
    expect((await office.list('/api/reports/')).body.length).toBe(before);
    // A draft with no items prints too, and the rival reaches its own.
    expect(pdfText((await office.download(`/api/crs/orders/${mine}/pdf/`)).bytes, 'draft')).toContain('No items on this order.');
    expect((await rival.download(`/api/crs/orders/${theirs}/pdf/`)).status).toBe(200);
  });
});

describe('bulk archive and delete of orders', () => {
  it('given orders, when two are archived by ids and another deleted, then each changed once and another account’s is untouched', async () => {
    const [a, b, c, d] = [await order(office, { customer_name: 'Bulk A' }), await order(office, { customer_name: 'Bulk B' }), await order(office, { customer_name: 'Bulk C' }), await order(office, { customer_name: 'Bulk D' })];
    const theirs = await order(rival, { customer_name: 'Bulk Rival' });
    expect(await runBulk(office, { list: 'orders', action: 'archive', ids: [a, b] })).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    const archiving = async (id: string) => (await eventsOf(`order-${id}`)).filter((e) => e.type === 'OrderRevised' && e.data.changes?.archived).length;
    expect([await archiving(a), await archiving(b), await archiving(c)]).toEqual([1, 1, 0]);
    expect((await office.get(`/api/crs/orders/${a}/`)).body.archived).toBe(true);

    const op = await runBulk(office, { list: 'orders', action: 'delete', ids: [d, theirs] });
    expect(op).toMatchObject({ status: 'done', total: 2, done: 1, failed: 1 });
    const deletions = async (id: string) => (await eventsOf(`order-${id}`)).filter((e) => e.type === 'OrderDeleted').length;
    expect([await deletions(d), await deletions(c), await deletions(theirs)]).toEqual([1, 0, 0]);
    expect((await office.get(`/api/crs/orders/${d}/`)).status).toBe(404);
    expect((await rival.get(`/api/crs/orders/${theirs}/`)).status).toBe(200);
    const active = async () => ((await office.list('/api/crs/orders/?q=Bulk')).body as { id: string }[]).map((r) => r.id);
    await expect.poll(active, { timeout: 10_000, interval: 50 }).toEqual([c]);
  });

  it('given the orders list, when a report is asked for in bulk, then 400 naming action (orders take archive and delete only) and nothing is queued', async () => {
    const a = await order(office, { customer_name: 'No report' });
    const operations = async () => (await db.query('select count(*)::int as n from bulk_operations')).rows[0].n as number;
    const before = await operations();
    const r = await office.post('/api/bulk/', { list: 'orders', action: 'report', report: 'order', ids: [a] });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('action');
    expect(await operations()).toBe(before);
  });
});
