/**
 * The stamped ticket PDF of issue 17 end to end (GET /api/tickets/{id}/pdf/, the ticket's
 * stamped_ticket_file) over HTTP with the real BullMQ worker, read back with pdftotext: the lines of
 * every section, the totals by rule, the signatures with who signed and took them, the drawn image,
 * the fingerprint on every page, and 'signed an earlier version' with the change after a line changes;
 * another account's ticket never printed.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiTest } from '../support/apiTest.ts';
import { inOrder } from '../support/reports.ts';
import type { Client } from '../support/client.ts';
import { PNG } from '../support/files.ts';
import { appendAsBeforeTheRule } from '../support/pastRules.ts';

// Sunday 22 November 2026.
const { app, office, rival } = apiTest('api_tickets_pdf', { worker: true, now: () => new Date('2026-11-22T15:00:00Z') });
const out = join(tmpdir(), 'tl-tickets-pdf');
mkdirSync(out, { recursive: true });
const SIGNATURE = `data:image/png;base64,${PNG.toString('base64')}`;

async function ok(c: Client, method: 'POST' | 'PUT', path: string, body: Record<string, unknown>) {
  const r = await c.request(method, path, body);
  if (r.status !== 201 && r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Record<string, any>;
}
const newTicket = (c: Client, values: Record<string, unknown>) => ok(c, 'POST', '/api/tickets/', { form_type: 'base_ticket', ticket_status: 'New', ...values });

/** The PDF's text as pdftotext lays it out, and how many pictures it draws. */
function readPdf(bytes: Buffer, name: string) {
  const file = join(out, `${name}.pdf`);
  writeFileSync(file, bytes);
  // pdfimages lists a picture's transparency as an 'smask' row of its own.
  const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').filter((l) => /^\s*\d+\s+\d+\s+image\b/.test(l)).length;
  return { text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }), images };
}

/** A worked ticket: a line of every section and a customer signature. */
async function workedTicket() {
  const t = await newTicket(office, { title: 'Bore under Main St', customer: 'Lumen', account_job_number: 'J-77', segment_number: '3', work_date: '2026-11-20', completion_date: '2026-11-30' });
  const add = (kind: string, values: Record<string, unknown>) => ok(office, 'POST', `/api/tickets/${t.id}/${kind}/`, values);
  const bore = await add('productions', { line_number: 1, work_type: 'Dirt-Bore', feet: 120, from_location: 'MH 1', to_location: 'MH 2', issued_item_code: 'BORE-2', CIBE_item_code: 'C-BORE' });
  await add('productions', { line_number: 2, work_type: 'Handhole', qty: 2, issued_item_code: 'HH-1', issued_item_description: 'Handhole 17x30', CIBE_item_code: 'C-HH' });
  await add('items', { item_code: 'CONDUIT', description: '2in conduit', qty: 120, uom: 'ft' });
  await add('equipment', { equipment_name: 'Drill', equipment_number: 'D-9', operator: 'Sam', hours: 6.5 });
  await add('materials', { item_code: 'GRT', description: 'Grout', uom: 'bag', qty: 3, price: 10.1 });
  await add('expenses', { description: 'Fuel', expense_date: '2026-11-20', qty: 2, price: 40.05, customer_billable: true });
  await add('expenses', { description: 'Permit', qty: 1, price: 25, we_buy: true });
  await add('timecards', { employee_name: 'Sam Digger', work_date: '2026-11-20', start_time: '07:00', end_time: '15:30', hours: 8.5, billable_hours: 8 });
  await add('payroll', { employee_name: 'Sam Digger', crew_name: 'Crew A', hours: 8, rate: 30.25 });
  const signature = await add('customer_signatures', { signer_name: 'Pat Customer', signer_title: 'Inspector', signature_image: SIGNATURE });
  return { id: t.id as string, number: t.account_ticket_number as string, bore: bore.id as string, signature };
}

describe('the stamped ticket PDF', () => {
  it('given a worked and signed ticket, when its PDF is asked for, then it reads back with the header, every section’s lines, the totals, the signature drawn and current, and the fingerprint on the page', async () => {
    const t = await workedTicket();
    const detail = (await office.get(`/api/tickets/${t.id}/`)).body;
    expect(detail.stamped_ticket_file).toBe(`/api/tickets/${t.id}/pdf/`);

    const r = await office.download(detail.stamped_ticket_file);
    expect(r.status, r.bytes.toString().slice(0, 200)).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(decodeURIComponent(r.headers.get('content-disposition')!)).toContain('Ticket 11-22-2026.pdf');
    const { text, images } = readPdf(r.bytes, 'stamped');
    expect(text).toContain(`Ticket ${t.number}`);
    expect(text).toMatch(/Status\s+New/);
    expect(text).toMatch(/Job #\s+J-77/);
    expect(text).toMatch(/Customer\s+Lumen/);
    expect(text).toMatch(/Completion\s+11\/30\/2026/);
    expect(inOrder(text, ['Production', 'BORE-2', 'HH-1', 'Items', 'CONDUIT', 'Equipment', 'Drill', 'Materials', 'Grout', 'Expenses', 'Fuel', 'Permit', 'Timecards', 'Sam Digger', 'Payroll', 'Feet total'])).toBe(true);
    expect(text).toMatch(/BORE-2\s+Dirt-Bore\s+from_to\s+MH 1\s+MH 2\s+120\s+C-BORE/);
    expect(text).toMatch(/HH-1\s+Handhole 17x30\s+Handhole\s+handhole\s+2\s+C-HH/);
    expect(text).toMatch(/Totals \(2 lines\)\s+120\s+2/);
    expect(text).toMatch(/Grout\s+bag\s+3\s+\$10\.10\s+\$30\.30/);
    expect(text).toMatch(/Fuel\s+2\s+\$40\.05\s+\$80\.10\s+Yes/);
    expect(text).toMatch(/Permit\s+1\s+\$25\.00\s+\$25\.00\s+Yes/);
    expect(text).toMatch(/Sam Digger\s+11\/20\/2026\s+07:00\s+15:30\s+8\.5\s+8/);
    expect(text).toMatch(/Crew A\s+8\s+\$30\.25\s+\$242\.00/);
    expect(text).toMatch(/Feet total\s+120/);
    expect(text).toMatch(/Equipment hours total\s+6\.5/);
    expect(text).toMatch(/Timecard billable hours total\s+8/);
    expect(text).toMatch(/Expenses total\s+\$105\.10/);
    expect(text).toMatch(/Expenses customer billable\s+\$80\.10/);
    expect(text).toMatch(/Expenses we buy\s+\$25\.00/);
    expect(text).toContain('Customer signature: Pat Customer');
    expect(text).toMatch(new RegExp(`Pat Customer\\s+Inspector\\s+Office User\\s+2026-11-22 15:00 UTC\\s+${detail.fingerprint.slice(0, 12)}\\s+current`));
    expect(text).toMatch(/Signatures\s+signed/);
    expect(text).toContain(`Content fingerprint ${detail.fingerprint}`);
    expect(images).toBe(1);
  });

  it('given a signed ticket, when a production line changes, then the PDF says the signature signed an earlier version, what changed, and the new fingerprint', async () => {
    const t = await workedTicket();
    const signedWith = (await office.get(`/api/tickets/${t.id}/`)).body.fingerprint as string;
    await ok(office, 'PUT', `/api/tickets/productions/${t.bore}`, { feet: 150 });
    await ok(office, 'POST', `/api/tickets/${t.id}/worker_signatures/`, { signer_name: 'Sam Digger', signature_image: SIGNATURE });
    const now = (await office.get(`/api/tickets/${t.id}/`)).body.fingerprint as string;
    expect(now).not.toBe(signedWith);

    const { text, images } = readPdf((await office.download(`/api/tickets/${t.id}/pdf/`)).bytes, 'stale');
    expect(text).toMatch(new RegExp(`Pat Customer\\s+Inspector\\s+Office User\\s+\\S+ \\S+ UTC\\s+${signedWith.slice(0, 12)}\\s+signed an earlier`));
    expect(inOrder(text, ['Customer signature: Pat Customer', 'Changed since Pat Customer signed', 'Production 1 BORE-2 Dirt-Bore: feet 120 -> 150', 'Worker signature: Sam Digger'])).toBe(true);
    expect(text).toMatch(new RegExp(`Sam Digger\\s+Office User\\s+\\S+ \\S+ UTC\\s+${now.slice(0, 12)}\\s+current`));
    expect(text).toMatch(/Signatures\s+signed an earlier version/);
    expect(text).toMatch(/Feet total\s+150/);
    expect(text).toContain(`Content fingerprint ${now}`);
    expect(text).not.toContain(`Content fingerprint ${signedWith}`);
    expect(images).toBe(2);
  });

  it('given a ticket of many lines, when printed, then the fingerprint is on every page', async () => {
    const t = await newTicket(office, { title: 'Long day' });
    await ok(office, 'POST', `/api/tickets/${t.id}/productions/`, { ticket_productions: Array.from({ length: 90 }, (_, n) => ({ line_number: n + 1, work_type: 'Trench', feet: 10, issued_item_code: `TR-${n + 1}` })) });
    const { text } = readPdf((await office.download(`/api/tickets/${t.id}/pdf/`)).bytes, 'long');
    const pages = text.split('\f').filter((p) => p.trim());
    const fingerprint = (await office.get(`/api/tickets/${t.id}/`)).body.fingerprint as string;
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.every((p) => p.includes(`Content fingerprint ${fingerprint}`))).toBe(true);
    expect(text).toMatch(/Totals \(90 lines\)\s+900/);
    expect(text).toContain('Not signed.');
  });

  it('given signatures saved before images were checked (an SVG wrapped as a PNG, a PNG whose data is garbled), when printed, then the PDF is made with each said to be unreadable and the good one drawn (issue 29)', async () => {
    const t = await workedTicket();
    const stream = `ticket-${t.id}`;
    const added = (await app.api.ctx.store.readStream(stream)).find((e) => e.type === 'TicketCustomerSignatureAdded')!;
    const garbled = Buffer.from(SIGNATURE.slice(SIGNATURE.indexOf(',') + 1), 'base64');
    garbled.fill(0xff, 45, garbled.length - 20); // inside the IDAT: the zlib header stays, its blocks do not
    const old = [
      ['900000001', 'Sue Svg', `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64')}`],
      ['900000002', 'Gus Garbled', `data:image/png;base64,${garbled.toString('base64')}`],
    ];
    for (const [id, name, image] of old) {
      const { line } = added.data as { line: Record<string, unknown> };
      await appendAsBeforeTheRule(app, stream, 'TicketCustomerSignatureAdded', { id, line: { ...line, id, signer_name: name, signature_image: image } });
    }
    const r = await office.download(`/api/tickets/${t.id}/pdf/`);
    expect(r.status, r.bytes.toString().slice(0, 200)).toBe(200);
    const { text, images } = readPdf(r.bytes, 'old-signatures');
    expect(text).toMatch(/Customer signature: Pat Customer[\s\S]+Customer signature: Sue Svg[\s\S]+Signature image unreadable[\s\S]+Customer signature: Gus Garbled[\s\S]+Signature image unreadable/);
    expect(text.split('Signature image unreadable').length).toBe(3);
    expect(images).toBe(1);
  });

  it("given another account's ticket or no such ticket, then 404 'Ticket not found'; a bad id or format is a 400", async () => {
    const theirs = await newTicket(rival, { title: 'SECRET rival ticket' });
    const rivals = await office.get(`/api/tickets/${theirs.id}/pdf/`);
    expect(rivals.status).toBe(404);
    expect(rivals.body.message).toBe('Ticket not found');
    expect((await office.get('/api/tickets/999999999/pdf/')).status).toBe(404);
    expect((await office.get('/api/tickets/abc/pdf/')).status).toBe(400);
    const mine = await newTicket(office, { title: 'Mine' });
    const xl = await office.get(`/api/tickets/${mine.id}/pdf/?format=xlsx`);
    expect(xl.status).toBe(400);
    expect(xl.body.fields).toHaveProperty('format');
    expect(readPdf((await rival.download(`/api/tickets/${theirs.id}/pdf/`)).bytes, 'rival').text).toContain('SECRET rival ticket');
  });
});
