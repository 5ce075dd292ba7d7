/**
 * A ticket's files and photos over HTTP, and its list's bulk actions with the real worker (spec 3
 * sections 7 and 9; issue 17): a timecard's, a material's and an expense's files, a production's and
 * a damage report's photos (pictures only), the tablet's PDF (one kept), and bulk archive and delete
 * of selected tickets, another account's never touched.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import type { Client } from '../support/client.ts';
import { pdf, picture } from '../support/files.ts';
import type { Row } from '../support/orcaJobs.ts';

const { office, rival, eventCount } = apiTest('api_tickets_files', { worker: true, now: () => new Date('2026-11-24T15:00:00Z') });

async function ok(c: Client, path: string, body: Record<string, unknown>) {
  const r = await c.post(path, body);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(201);
  return r.body as Row;
}
const newTicket = (title: string, c: Client = office) => ok(c, '/api/tickets/', { form_type: 'base_ticket', title });
const detail = async (id: string) => (await office.get(`/api/tickets/${id}/`)).body as Row;
function upload(path: string, bytes: Buffer, name: string, type: string, c: Client = office) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return c.post(path, form);
}

describe('files and photos', () => {
  it('given a timecard, a material and an expense, when a file is uploaded to each, then the detail shows it under its line', async () => {
    const t = await newTicket('Files');
    const lines = {
      timecards: await ok(office, `/api/tickets/${t.id}/timecards/`, { employee_name: 'Sam', billable_hours: 8 }),
      materials: await ok(office, `/api/tickets/${t.id}/materials/`, { item_code: 'C-1', qty: 1, price: 2 }),
      expenses: await ok(office, `/api/tickets/${t.id}/expenses/`, { description: 'Fuel', qty: 1, price: 30 }),
    };
    for (const [kind, line] of Object.entries(lines)) {
      const r = await upload(`/api/tickets/${kind}/${line.id}/files/`, pdf(`${kind} receipt`), `${kind}.pdf`, 'application/pdf');
      expect(r.status, `${kind} ${JSON.stringify(r.body)}`).toBe(201);
    }
    const d = await detail(t.id);
    for (const kind of Object.keys(lines)) expect(d[kind][0].files.map((f: Row) => f.file_name), kind).toEqual([`${kind}.pdf`]);
  });

  it('given a production and a damage report, when a picture is uploaded, then it is among their photos and counted; a PDF as a photo is 400, nothing written', async () => {
    const t = await newTicket('Photos');
    const p = await ok(office, `/api/tickets/${t.id}/productions/`, { work_type: 'Handhole', qty: 1 });
    const dr = await ok(office, `/api/tickets/${t.id}/damagereports/`, { description: 'Cut drop' });
    expect((await upload(`/api/tickets/productions/${p.id}/photos/`, picture('hh'), 'hh.png', 'image/png')).status).toBe(201);
    expect((await upload(`/api/tickets/damagereports/${dr.id}/photos/`, picture('cut'), 'cut.png', 'image/png')).status).toBe(201);
    const before = await eventCount();
    const refused = await upload(`/api/tickets/productions/${p.id}/photos/`, pdf('not a picture'), 'x.png', 'image/png');
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(await eventCount()).toBe(before);
    const d = await detail(t.id);
    expect(d.ticket_productions[0].photos).toHaveLength(1);
    expect(d.damagereports[0].photos).toHaveLength(1);
  });

  it('given a tablet PDF uploaded twice, then only the second is kept as ticket_pdf_from_tablet', async () => {
    const t = await newTicket('Tablet');
    expect((await upload(`/api/tickets/${t.id}/ticket_pdf_from_tablet/`, pdf('first'), 'first.pdf', 'application/pdf')).status).toBe(201);
    expect((await upload(`/api/tickets/${t.id}/ticket_pdf_from_tablet/`, pdf('second'), 'second.pdf', 'application/pdf')).status).toBe(201);
    expect((await detail(t.id)).ticket_pdf_from_tablet).toMatchObject({ file_name: 'second.pdf', file: expect.any(String) });
  });

  it('given another account\'s ticket lines, when a file is uploaded to them, then 404 and nothing written', async () => {
    const t = await newTicket('Not yours');
    const tc = await ok(office, `/api/tickets/${t.id}/timecards/`, { employee_name: 'Sam' });
    const before = await eventCount();
    expect((await upload(`/api/tickets/timecards/${tc.id}/files/`, pdf('x'), 'x.pdf', 'application/pdf', rival)).status).toBe(404);
    expect((await upload(`/api/tickets/${t.id}/ticket_pdf_from_tablet/`, pdf('x'), 'x.pdf', 'application/pdf', rival)).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});

describe('bulk actions of the ticket list', () => {
  /** Ask for a bulk action and wait (polling GET, as the web may) until it ends. */
  async function bulk(c: Client, body: Record<string, unknown>) {
    const asked = await c.post('/api/bulk/', body);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    await expect.poll(async () => (await c.get(`/api/bulk/${asked.body.id}/`)).body.status, { timeout: 20_000, interval: 100 }).toMatch(/done|failed/);
    return (await c.get(`/api/bulk/${asked.body.id}/`)).body;
  }

  it('given selected tickets and another account\'s, when archived and then deleted in bulk, then only the selection moves', async () => {
    const a = await newTicket('Bulk A');
    const b = await newTicket('Bulk B');
    const theirs = await newTicket('Bulk theirs', rival);
    expect(await bulk(office, { list: 'tickets', action: 'archive', ids: [a.id, b.id, theirs.id] })).toMatchObject({ status: 'done', done: 2 });
    expect((await detail(a.id)).archived).toBe(true);
    expect((await rival.get(`/api/tickets/${theirs.id}/`)).body.archived).toBe(false);
    expect(await bulk(office, { list: 'tickets', action: 'delete', ids: [a.id] })).toMatchObject({ status: 'done', done: 1 });
    expect((await office.get(`/api/tickets/${a.id}/`)).status).toBe(404);
    expect((await office.get(`/api/tickets/${b.id}/`)).status).toBe(200);
  });
});
