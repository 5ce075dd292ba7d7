/**
 * A ticket's lines over HTTP (spec 3 sections 3 and 7; issue 17): the line collections with the
 * ticket's totals, production lines numbered with insert and zero, bad lines and another account's,
 * the whole-ticket save (PUT ticket_with_related_update: merged by field, a line someone else edited
 * is no conflict, a real conflict names its field, a new line added once however often the same
 * object comes back, lines left out kept), and signatures bound to what was signed.
 */
import { describe, expect, it } from 'vitest';
import { ticketDetailContent } from '@trenchline/domain';
import { apiTest } from '../support/apiTest.ts';
import { orcaJobCalls, type Row } from '../support/orcaJobs.ts';

const { app, office, rival, eventCount } = apiTest('api_tickets_lines', { now: () => new Date('2026-11-24T15:00:00Z') });
const { add } = orcaJobCalls(office);
const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const newTicket = (values: Record<string, unknown> = {}) => add('/api/tickets/', { form_type: 'base_ticket', title: 'Lines', ...values });
const detail = async (id: string) => (await office.get(`/api/tickets/${id}/`)).body as Row;
const save = (id: string, body: Record<string, unknown>, c = office) => c.put(`/api/tickets/ticket_with_related_update/${id}/`, body);
const expectInvalid = (r: { status: number; body: any }, field: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(Object.keys(r.body.fields ?? {}), JSON.stringify(r.body)).toContain(field);
};

describe('lines and the ticket\'s totals', () => {
  it('given equipment, timecards, expenses and production lines, then the detail carries each and the totals of the domain rules', async () => {
    const t = await newTicket();
    await add(`/api/tickets/${t.id}/equipment/`, { equipment_name: 'Drill', equipment_number: 'D-3', hours: '2.5' });
    await add(`/api/tickets/${t.id}/equipment/`, { equipment_name: 'Truck', hours: 1.25 });
    await add(`/api/tickets/${t.id}/timecards/`, { employee_name: 'Sam', work_date: '2026-11-24', hours: 9, billable_hours: '8' });
    await add(`/api/tickets/${t.id}/expenses/`, { description: 'Fuel', qty: '3', price: '0.1', customer_billable: true });
    await add(`/api/tickets/${t.id}/expenses/`, { description: 'Rent', qty: 1, price: 0.2, we_buy: true });
    await add(`/api/tickets/${t.id}/productions/`, { work_type: 'Dirt-Bore', feet: '120.5' });
    await add(`/api/tickets/${t.id}/productions/`, { work_type: 'Handhole', qty: 2 });
    const material = await add(`/api/tickets/${t.id}/materials/`, { item_code: 'C-1', qty: 4, price: 2.5 });
    expect(material.total_price).toBe(10);
    const d = await detail(t.id);
    expect(d).toMatchObject({ feet_total: 120.5, other_total: 2, equipment_hours_total: 3.75, timecard_hours_total: 8, expenses_total: 0.5, expenses_total_billable: 0.3, expenses_total_webuy: 0.2, production_count: 2 });
    expect(d.expenses.map((e: Row) => e.total_price)).toEqual([0.3, 0.2]);
    expect(d.ticket_productions.map((p: Row) => [p.line_number, p.form_type])).toEqual([[1, 'from_to'], [2, 'handhole']]);
  });

  it('given production lines 1 and 2, when one is posted at number 1 and one is zeroed, then it is inserted there and the zeroed one holds 0', async () => {
    const t = await newTicket();
    const [a, b] = (await add(`/api/tickets/${t.id}/productions/`, { ticket_productions: [{ work_type: 'Dirt-Plow', feet: 50 }, { work_type: 'Splice', qty: 3 }] })).ticket_productions as Row[];
    const ins = await add(`/api/tickets/${t.id}/productions/`, { line_number: '1', work_type: 'Mystery work', feet: 5 });
    expect(ins).toMatchObject({ line_number: 1, line_inserted: true, form_type: 'from_to' });
    const z = await office.put(`/api/tickets/productions/${b.id}`, { line_zeroed: true });
    expect(z.body).toMatchObject({ line_zeroed: true, qty: 0, feet: 0 });
    const lines = (await detail(t.id)).ticket_productions as Row[];
    expect(lines.map((l) => [l.id, l.line_number])).toEqual([[ins.id, 1], [a.id, 2], [b.id, 3]]);
  });

  it('given bad lines, then 400 naming the field (in a list, its place) and nothing written', async () => {
    const t = await newTicket();
    const before = await eventCount();
    expectInvalid(await office.post(`/api/tickets/${t.id}/equipment/`, { hours: 'two' }), 'hours');
    expectInvalid(await office.post(`/api/tickets/${t.id}/expenses/`, { qty: 1, price: '-5' }), 'price');
    expectInvalid(await office.post(`/api/tickets/${t.id}/timecards/`, { work_date: '24/11/2026' }), 'work_date');
    expectInvalid(await office.post(`/api/tickets/${t.id}/productions/`, { ticket_productions: [{ feet: 1 }, { feet: 'far' }] }), 'ticket_productions.1.feet');
    expectInvalid(await office.post(`/api/tickets/${t.id}/productions/`, { ticket_productions: [] }), 'ticket_productions');
    expectInvalid(await save(t.id, { expenses: [{ description: 'ok' }, { qty: 'x' }] }), 'expenses.1.qty');
    expectInvalid(await save(t.id, { equipment: 'all of it' }), 'equipment');
    expect(await eventCount()).toBe(before);
  });

  it('given another account\'s ticket and lines, then 404 and nothing written', async () => {
    const t = await newTicket();
    const line = await add(`/api/tickets/${t.id}/equipment/`, { equipment_name: 'Drill' });
    const before = await eventCount();
    for (const r of [
      await rival.get(`/api/tickets/${t.id}/equipment/`),
      await rival.post(`/api/tickets/${t.id}/equipment/`, { equipment_name: 'Mine' }),
      await rival.put(`/api/tickets/equipment/${line.id}`, { hours: 1 }),
      await rival.del(`/api/tickets/equipment/${line.id}`),
      await rival.post(`/api/tickets/${t.id}/productions/`, { feet: 1 }),
      await save(t.id, { title: 'Mine' }, rival),
    ])
      expect(r.status, JSON.stringify(r.body)).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});

describe('the whole-ticket save', () => {
  it('given the detail PUT back with a field changed, an edited line and a new line, then all are saved with the message', async () => {
    const t = await newTicket();
    await add(`/api/tickets/${t.id}/equipment/`, { equipment_name: 'Drill', hours: 1 });
    const d = await detail(t.id);
    const r = await save(t.id, { ...d, title: 'Saved whole', equipment: [{ ...d.equipment[0], hours: 3 }], expenses: [{ description: 'Fuel', qty: 2, price: 10 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ title: 'Saved whole', message: 'Ticket Saved successfully!', equipment_hours_total: 3, expenses_total: 20 });
    expect(r.body.expenses).toHaveLength(1);
  });

  it('given the same object with a new line PUT three times, then the line is added once', async () => {
    const t = await newTicket();
    const d = await detail(t.id);
    const body = { ...d, timecards: [{ employee_name: 'Sam', hours: 8, billable_hours: 8 }], expenses: [{ description: 'Fuel', qty: 1, price: 5 }, { description: 'Fuel', qty: 1, price: 5 }] };
    for (let n = 0; n < 3; n++) expect((await save(t.id, body)).status).toBe(200);
    const after = await detail(t.id);
    expect(after.timecards).toHaveLength(1);
    // Two equal lines in one save are two lines, still added once each.
    expect(after.expenses).toHaveLength(2);
  });

  it('given lines the body leaves out, then they are kept', async () => {
    const t = await newTicket();
    await add(`/api/tickets/${t.id}/equipment/`, { equipment_name: 'Drill' });
    await add(`/api/tickets/${t.id}/notes/`, { note: 'Gate code 1234' });
    const r = await save(t.id, { title: 'Only the title', equipment: [] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.equipment).toHaveLength(1);
    expect(r.body.notes).toHaveLength(1);
  });

  it('given two users holding the same detail, when each changes another field or line, then both are kept; a line edited by the other is no conflict', async () => {
    const frank = await office.addColleague('Frank Field');
    const t = await newTicket({ title: 'Shared' });
    await add(`/api/tickets/${t.id}/equipment/`, { equipment_name: 'Drill', hours: 1 });
    await add(`/api/tickets/${t.id}/equipment/`, { equipment_name: 'Truck', hours: 1 });
    const d = await detail(t.id);
    const [drill, truck] = d.equipment as Row[];
    expect((await save(t.id, { ...d, title: 'Mine', equipment: [{ ...drill, hours: 2 }, truck] })).status).toBe(200);
    const theirs = await save(t.id, { ...d, crew_name: 'Bore Crew 1', equipment: [drill, { ...truck, hours: 5 }] }, frank);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    const after = await detail(t.id);
    expect(after).toMatchObject({ title: 'Mine', crew_name: 'Bore Crew 1', equipment_hours_total: 7 });
  });

  it('given a field both changed from the same version, then 409 naming it and nothing written', async () => {
    const frank = await office.addColleague('Frank Clash');
    const t = await newTicket();
    await add(`/api/tickets/${t.id}/equipment/`, { equipment_name: 'Drill', hours: 1 });
    const d = await detail(t.id);
    expect((await save(t.id, { ...d, equipment: [{ ...d.equipment[0], hours: 2 }] })).status).toBe(200);
    const before = await eventCount();
    const clash = await save(t.id, { ...d, title: 'Also new', equipment: [{ ...d.equipment[0], hours: 9 }] }, frank);
    expect(clash.status, JSON.stringify(clash.body)).toBe(409);
    expect(clash.body.conflicts).toEqual([expect.objectContaining({ field: 'hours', yours: 9, theirs: 2 })]);
    expect(await eventCount()).toBe(before);
    expect((await detail(t.id)).title).toBe('Lines');
  });
});

describe('signatures bound to what was signed', () => {
  it('given a ticket signed by the customer, when a signed line changes, then the signature is signed an earlier version with what changed, on the detail and the list row', async () => {
    const t = await newTicket({ title: 'Signed ticket' });
    const p = await add(`/api/tickets/${t.id}/productions/`, { work_type: 'Dirt-Bore', feet: 120, issued_item_code: 'BORE-2' });
    const sig = await add(`/api/tickets/${t.id}/customer_signatures/`, { signer_name: 'Cass Customer', signature_image: png, fingerprint: 'forged' });
    expect(sig).toMatchObject({ signer_name: 'Cass Customer', signed_by: 'Office User', signature_current: true, signature_state: 'current', changes_since: [] });
    expect(sig.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(sig.fingerprint_short).toBe(sig.fingerprint.slice(0, 12));
    expect(await detail(t.id)).toMatchObject({ signature_status: 'signed', customer_signed: true, worker_signed: false });
    // A note is not what was signed.
    await office.put(`/api/tickets/productions/${p.id}`, { notes: 'rocky' });
    expect((await detail(t.id)).signature_status).toBe('signed');
    await office.put(`/api/tickets/productions/${p.id}`, { feet: 150 });
    const d = await detail(t.id);
    expect(d.signature_status).toBe('signed an earlier version');
    expect(d.customer_signatures[0]).toMatchObject({ signature_current: false, signature_state: 'signed an earlier version', changes_since: ['Production 1 BORE-2 Dirt-Bore: feet 120 → 150'] });
    expect((await office.list('/api/tickets/?q=Signed%20ticket')).body[0]).toMatchObject({ signature_status: 'signed an earlier version' });
  });

  it('given a signature, when edited, then 400 and nothing written; without a name or image, 400 naming it', async () => {
    const t = await newTicket();
    const sig = await add(`/api/tickets/${t.id}/worker_signatures/`, { signer_name: 'Wes Worker', signature_image: png });
    const before = await eventCount();
    expectInvalid(await office.put(`/api/tickets/worker_signatures/${sig.id}`, { signer_name: 'Someone else' }), 'signer_name');
    expectInvalid(await office.post(`/api/tickets/${t.id}/worker_signatures/`, { signature_image: png }), 'signer_name');
    expectInvalid(await office.post(`/api/tickets/${t.id}/worker_signatures/`, { signer_name: 'Wes' }), 'signature_image');
    expectInvalid(await office.post(`/api/tickets/${t.id}/worker_signatures/`, { signer_name: 'Wes', signature_image: 'data:image/gif;base64,R0lG' }), 'signature_image');
    expect(await eventCount()).toBe(before);
    expect((await office.del(`/api/tickets/worker_signatures/${sig.id}`)).status).toBeLessThan(300);
    expect((await detail(t.id)).worker_signatures).toEqual([]);
  });

  describe('signed on a device: signed_content, what the signer saw', () => {
    it('given the content a device showed, when the ticket is as shown, then current; when a signed field changed before it arrived, then signed an earlier version naming the change', async () => {
      const t = await newTicket({ title: 'Signed offline' });
      await add(`/api/tickets/${t.id}/productions/`, { work_type: 'Dirt-Bore', feet: 120, issued_item_code: 'BORE-2' });
      const seen = ticketDetailContent(await detail(t.id));
      const now = await add(`/api/tickets/${t.id}/worker_signatures/`, { signer_name: 'Wes Worker', signature_image: png, signed_content: seen });
      expect(now).toMatchObject({ signature_current: true, signed_on_device: true, changes_since: [] });
      // The office retitles the ticket while the crew's signature waits on the device.
      await office.put(`/api/tickets/${t.id}/`, { title: 'Retitled' });
      const sig = await add(`/api/tickets/${t.id}/customer_signatures/`, { signer_name: 'Cass Customer', signature_image: png, signed_content: seen });
      expect(sig).toMatchObject({ signature_current: false, signature_state: 'signed an earlier version', changes_since: ['Ticket: title Signed offline → Retitled'] });
      expect(sig.fingerprint).toBe(now.fingerprint);
      const d = await detail(t.id);
      expect(d.signature_status).toBe('signed an earlier version');
      expect(d.customer_signatures[0]).toMatchObject({ signature_current: false, changes_since: ['Ticket: title Signed offline → Retitled'] });
      expect(d.customer_signatures[0]).not.toHaveProperty('signed_content');
    });

    it('given a field user, whose detail has no money, when they sign with what their screen shows, then current: what they did not hold is the ticket\'s', async () => {
      const field = await office.addColleague('Fern Field', 'field');
      const job = await add('/api/jobs/', { form_type: 'base', work_status: 'New', title: 'Field signs' });
      await office.post(`/api/jobs/${job.id}/assign_users/`, { user_to_be_assigned: (await field.get('/api/auth/me')).body.user.email });
      const t = await newTicket({ job: job.id });
      await add(`/api/tickets/${t.id}/materials/`, { item_code: 'C-1', qty: 4, price: 2.5 });
      await add(`/api/tickets/${t.id}/payroll/`, { employee_name: 'Sam', crew_name: 'A', hours: 8, rate: 30 });
      await app.caughtUp();
      const shown = (await field.get(`/api/tickets/${t.id}/`)).body as Row;
      expect(shown.materials[0]).not.toHaveProperty('price');
      const sig = await field.post(`/api/tickets/${t.id}/worker_signatures/`, { signer_name: 'Fern Field', signature_image: png, signed_content: ticketDetailContent(shown) });
      expect(sig.status, JSON.stringify(sig.body)).toBe(201);
      expect(sig.body).toMatchObject({ signature_current: true, signed_on_device: true });
    });

    it('given a signed_content that is not what a ticket shows, then 400 naming signed_content and nothing written', async () => {
      const t = await newTicket();
      const seen = ticketDetailContent(await detail(t.id));
      const before = await eventCount();
      for (const bad of [{ ...seen, fields: { ...seen.fields, notes: 'x' } }, { ...seen, lines: { ticket_photos: {} } }, { fields: { title: 5 }, lines: {} }, 'signed', { ...seen, fields: { ...seen.fields, account_ticket_number: '1' } }])
        expectInvalid(await office.post(`/api/tickets/${t.id}/customer_signatures/`, { signer_name: 'Cass', signature_image: png, signed_content: bad }), 'signed_content');
      expect(await eventCount()).toBe(before);
      expect((await detail(t.id)).customer_signatures).toEqual([]);
    });
  });
});
