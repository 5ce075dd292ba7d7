/** The document number counters (docs/settings.md) over HTTP against the real app. */
import { describe, expect, it } from 'vitest';
import { Client } from '../support/client.ts';
import { pause, settingsTest } from '../support/settings.ts';

const { app, office, rival, eventCount } = settingsTest('api_settings_numbers');

describe('document numbers', () => {
  const KINDS = [
    ['invoice', 'invoice', 'Invoice'],
    ['ticket', 'ticket', 'Ticket'],
    ['order', 'order', 'Order'],
    ['job', 'job', 'Job'],
    ['job/work_order', 'work_order', 'Work order'],
    ['rfq', 'rfq', 'RFQ'],
  ] as const;

  it('given numbers handed out before and after a moment, when the counter is read as of that moment, then it shows the number then', async () => {
    const c = await Client.signUp(app.url, 'AsOf'); // its own counters: the others start from 0
    const base = '/api/settings/current_number/order';
    await c.post(`${base}/issue/`);
    const then = (await c.post(`${base}/issue/`)).body;
    await pause(20);
    const moment = new Date().toISOString();
    await pause(20);
    await c.post(`${base}/issue/`);
    const asOf = await c.get(`${base}/?as_of=${encodeURIComponent(moment)}`);
    expect(asOf.status).toBe(200);
    expect(asOf.body).toMatchObject({ number: then.number, highest_issued: then.number, as_of: moment });
    expect((await c.get(`${base}/`)).body.number).toBe(then.number + 1);
    expect((await c.get(`${base}/?as_of=yesterday`)).body.fields).toHaveProperty('as_of');
  });

  it.each(KINDS)('given the %s counter, when read, issued, set and issued again, then numbers follow and its history says who did what', async (path, kind, label) => {
    const base = `/api/settings/current_number/${path}`;
    const c = await office.get(`${base}/`);
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ kind, path, label, number: 0, highest_issued: 0, suggested_number: 1 });
    expect(c.body.id).toMatch(/^\d+$/);
    expect(typeof c.body.version).toBe('number');

    const i1 = await office.post(`${base}/issue/`);
    expect(i1.status).toBe(201);
    expect(i1.body).toMatchObject({ id: c.body.id, kind, number: 1, highest_issued: 1, suggested_number: 2 });
    expect((await office.post(`${base}/issue`)).body.number).toBe(2);

    const s = await office.put(`${base}/${c.body.id}/`, { number: 500 });
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ number: 500, highest_issued: 2, suggested_number: 501 });
    expect((await office.get(`${base}/`)).body).toMatchObject({ number: 500, suggested_number: 501 });
    expect((await office.post(`${base}/issue/`)).body.number).toBe(501);

    const h = (await office.get(`${base}/history/`)).body;
    expect(h.map((e: { type: string }) => e.type)).toEqual(['DocumentCounterOpened', 'DocumentNumberIssued', 'DocumentNumberIssued', 'CurrentNumberSet', 'DocumentNumberIssued']);
    expect(h[3]).toMatchObject({ user_name: 'Office User', changes: expect.arrayContaining([{ field: 'number', old: 2, new: 500 }]) });
  });

  it('given every counter, when the list is read, then all six kinds with their paths', async () => {
    const r = await office.get('/api/settings/current_number/');
    expect(r.status).toBe(200);
    expect(r.body.map((c: { path: string }) => c.path)).toEqual(KINDS.map((k) => k[0]));
  });

  it('given numbers handed out up to 3, when the counter is set below 3, then 400 naming number, nothing is written, and the next number is still new', async () => {
    const base = '/api/settings/current_number/rfq';
    const { id } = (await office.get(`${base}/`)).body;
    // Whatever the counter is at, hand out three more and try to go back below them.
    const issued = [];
    for (let i = 0; i < 3; i++) issued.push((await office.post(`${base}/issue/`)).body.number);
    const before = await eventCount();
    const r = await office.put(`${base}/${id}/`, { number: issued[2] - 1 });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('number');
    expect(await eventCount()).toBe(before);
    expect((await office.put(`${base}/${id}/`, { number: issued[2] })).status).toBe(200);
    expect((await office.post(`${base}/issue/`)).body.number).toBe(issued[2] + 1);
  });

  it.each([[{ number: 'abc' }], [{ number: -1 }], [{ number: 2.5 }], [{}], [{ number: null }]])('given a counter, when it is set with %j, then 400 naming number and nothing is written', async (body) => {
    const { id } = (await office.get('/api/settings/current_number/order/')).body;
    const before = await eventCount();
    const r = await office.put(`/api/settings/current_number/order/${id}/`, body);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('number');
    expect(await eventCount()).toBe(before);
  });

  it('given a counter, when the number is sent as a numeric string, then it is accepted', async () => {
    const { id, number } = (await office.get('/api/settings/current_number/ticket/')).body;
    const r = await office.put(`/api/settings/current_number/ticket/${id}/`, { number: String(number + 10) });
    expect(r.status).toBe(200);
    expect(r.body.number).toBe(number + 10);
  });

  it('given another account\'s counter id, or another kind\'s, when set, then 404 and nothing is written', async () => {
    const theirs = (await rival.get('/api/settings/current_number/job/')).body;
    const mine = (await office.get('/api/settings/current_number/job/')).body;
    const invoice = (await office.get('/api/settings/current_number/invoice/')).body;
    expect(theirs.id).not.toBe(mine.id);
    const before = await eventCount();
    expect((await office.put(`/api/settings/current_number/job/${theirs.id}/`, { number: 900 })).status).toBe(404);
    expect((await rival.put(`/api/settings/current_number/job/${mine.id}/`, { number: 900 })).status).toBe(404);
    expect((await office.put(`/api/settings/current_number/job/${invoice.id}/`, { number: 900 })).status).toBe(404);
    expect((await office.put('/api/settings/current_number/job/abc/', { number: 900 })).status).toBe(404);
    expect(await eventCount()).toBe(before);
    expect((await rival.get('/api/settings/current_number/job/')).body.number).toBe(theirs.number);
  });

  it('given two accounts, when each issues job numbers, then each has its own sequence', async () => {
    const r0 = (await rival.get('/api/settings/current_number/invoice/')).body.number;
    const o0 = (await office.get('/api/settings/current_number/invoice/')).body.number;
    await rival.post('/api/settings/current_number/invoice/issue/');
    expect((await rival.get('/api/settings/current_number/invoice/')).body.number).toBe(r0 + 1);
    expect((await office.get('/api/settings/current_number/invoice/')).body.number).toBe(o0);
  });

  it('given another user handed out a number since, when the counter is set from the old version, then 409 naming number and nothing is written', async () => {
    const c = (await office.get('/api/settings/current_number/job/')).body;
    const frank = await office.addColleague('Frank Field');
    await frank.post('/api/settings/current_number/job/issue/');
    const before = await eventCount();
    const r = await office.put(`/api/settings/current_number/job/${c.id}/`, { number: c.number + 100 }, { 'If-Match': `"${c.version}"` });
    expect(r.status).toBe(409);
    expect(r.body.conflicts).toMatchObject([{ field: 'number', yours: c.number + 100, theirs: c.number + 1, by: 'Frank Field' }]);
    expect(await eventCount()).toBe(before);
  });
});
