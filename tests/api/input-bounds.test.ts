/**
 * Input bounds over HTTP (issue 11): text Postgres cannot store is a 400 naming where it was, on
 * every route; numbers stay finite and within their documented ranges (docs/input-bounds.md);
 * stamps such as a note's created_by come from the server only. A refused request writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { MONEY_MAX, QUANTITY_MAX } from '@trenchline/domain';
import { apiTest } from '../support/apiTest.ts';
import { Client } from '../support/client.ts';
import { areaRoutes } from '@trenchline/api/areas/index.ts';
import { fileRoutes } from '@trenchline/api/platform/files.ts';
import { withOwnedIds } from '@trenchline/api/platform/owned-ids.ts';

const { app, office, eventCount } = apiTest('api_input_bounds');

const NUL = 'call\u0000back';
const LONE = 'broken \uD83D here';

async function newJob(values: Record<string, unknown> = {}) {
  const r = await office.post('/api/jobs/', { form_type: 'base', title: 'Bounds job', ...values });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string } & Record<string, unknown>;
}
async function addLine(path: string, values: Record<string, unknown>) {
  const r = await office.post(path, values);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(201);
  return r.body as { id: string } & Record<string, unknown>;
}
/** The answer to a write that must be refused, and that nothing was written. */
async function refused(write: () => Promise<{ status: number; body: any }>) {
  const before = await eventCount();
  const r = await write();
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.error).toBe('invalid');
  expect(await eventCount()).toBe(before);
  return r.body as { message: string; fields: Record<string, string> };
}

describe('text that cannot be stored', () => {
  it('given every route of the API, when a body, query or path carries a NUL byte, then each answers 400 naming the field and nothing is written', async () => {
    // An account of its own: were a route to let the probe through, signing out or cancelling must not touch the others.
    const prober = await Client.signUp(app.url, 'Prober');
    // A route whose path names a record or line is 404 for an id of no one's before anything is read (here every id is 1):
    // tests/security/other-account.test.ts probes those routes with the account's own ids, where the same text is a 400.
    const namingIds = new Set(
      withOwnedIds([...areaRoutes, fileRoutes])
        .flatMap((a) => a.routes)
        .filter((r) => Object.values(r.ids ?? {}).some((k) => k !== null) || r.bodyIds)
        .map((r) => `${r.method} /api${r.path.replace(/\{\/:(\w+)\}/g, '/{$1}').replace(/:(\w+)/g, '{$1}')}`),
    );
    const doc = (await prober.get('/api/docs')).body as { paths: Record<string, Record<string, unknown>> };
    const before = await eventCount();
    const wrong: string[] = [];
    let probed = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const url = path.replace(/\{\w+\}/g, '1');
        const r =
          method === 'get'
            ? await prober.get(`${url}?probe=${encodeURIComponent(NUL)}`, { 'X-CSRFToken': prober.csrf! }) // a GET that changes something needs it too
            : await prober.request(method.toUpperCase(), url, { probe: NUL });
        probed++;
        if (namingIds.has(`${method} ${path}`) && r.status === 404) continue;
        if (r.status !== 400 || r.body?.fields?.probe === undefined) wrong.push(`${method.toUpperCase()} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
      }
    }
    expect(probed).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
    expect(await eventCount()).toBe(before);
  });

  it('given a NUL byte or a lone surrogate in a record\'s field, when it is created, then 400 names the field', async () => {
    expect((await refused(() => office.post('/api/bids/', { work_request: NUL }))).fields).toEqual({ work_request: expect.stringContaining('NUL') });
    expect((await refused(() => office.post('/api/bids/', { work_request: 'WR', description: LONE }))).fields).toEqual({ description: expect.stringContaining('surrogate') });
  });

  it('given a bad character deep inside a body sent back whole, when saved, then 400 names it by its dotted path', async () => {
    const j = await newJob();
    const detail = (await office.get(`/api/jobs/job_with_related/${j.id}/`)).body;
    const body = { ...detail, title: 'Renamed', items: [{ id: '1', description: 'fine' }, { id: '2', description: LONE }] };
    const bad = await refused(() => office.put(`/api/jobs/job_with_related_update/${j.id}/`, body));
    expect(bad.fields).toEqual({ 'items.1.description': expect.any(String) });
    expect(bad.message).toContain('items.1.description');
  });

  it('given a NUL byte in a line\'s text or in a search, when sent, then 400 names the field; a search for plain text still answers', async () => {
    const b = (await office.post('/api/bids/', { work_request: 'WR-SEARCH' })).body;
    expect((await refused(() => office.post(`/api/bids/${b.id}/notes/`, { note: NUL }))).fields).toHaveProperty('note');
    const search = await office.get(`/api/bids/?archived=f&q=${encodeURIComponent('WR\u0000')}`);
    expect(search.status).toBe(400);
    expect(search.body.fields).toHaveProperty('q');
    expect((await office.get('/api/bids/?archived=f&q=WR-SEARCH')).status).toBe(200);
  });

  it('given a NUL byte in a path parameter, when a bid is looked up by it, then 400 names the parameter', async () => {
    const r = await office.get(`/api/bids/supplier_code/${encodeURIComponent('SC\u0000')}`);
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ code: expect.any(String) });
  });

  it('given a path parameter with a broken percent-encoding, when a bid is looked up by it, then 400 names the path', async () => {
    const r = await office.get('/api/bids/supplier_code/%ED%A0%80');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'invalid', fields: { path: expect.any(String) } });
  });

  it('given an upload whose file name holds a NUL byte, when uploaded, then 400 names the field and no file line is made', async () => {
    const b = (await office.post('/api/bids/', { work_request: 'WR-FILE' })).body;
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 bytes'], { type: 'application/pdf' }), 'plan.pdf');
    form.append('file_name', 'plan\u0000.pdf');
    expect((await refused(() => office.request('POST', `/api/bids/${b.id}/files/`, form))).fields).toHaveProperty('file_name');
    expect((await office.get(`/api/bids/${b.id}/files/`)).body).toEqual([]);
  });

  it('given a NUL byte in the email, when signing in, then 400 names the email', async () => {
    const r = await office.post('/api/auth/login', { email: 'a\u0000@example.com', password: 'whatever pw' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('email');
  });

  it('given text with an emoji (a whole surrogate pair) and accents, when saved, then it is kept as sent', async () => {
    const r = await office.post('/api/bids/', { work_request: 'WR-EMOJI', description: 'Bore done 👍 — café' });
    expect(r.status).toBe(201);
    expect((await office.get(`/api/bids/${r.body.id}`)).body.description).toBe('Bore done 👍 — café');
  });
});

describe('numbers within their bounds', () => {
  it.each([
    ['1e308', { qty: 1e308, price: 2 }, 'qty'],
    ['"1e400" as text', { qty: '1e400', price: 2 }, 'qty'],
    ['a negative quantity', { qty: -3, price: 2 }, 'qty'],
    ['a negative price', { qty: 3, price: -2 }, 'price'],
    ['a price past 100 billion', { qty: 1, price: MONEY_MAX * 10 }, 'price'],
    ['a quantity with 5 decimals', { qty: 1.23456, price: 2 }, 'qty'],
  ])('given a job item with %s, when added, then 400 names %s and nothing is written', async (_what, values, field) => {
    const j = await newJob();
    expect(Object.keys((await refused(() => office.post(`/api/jobs/${j.id}/items/`, values))).fields)).toEqual([field]);
  });

  it('given a number JSON can only spell as 1e400 (Infinity once parsed), when sent, then 400 names the field', async () => {
    const j = await newJob();
    const bad = await refused(() => office.request('POST', `/api/jobs/${j.id}/change_orders/`, '{"qty": 1e400, "price": 5}'));
    expect(bad.fields).toEqual({ qty: expect.stringContaining('1,000,000,000') });
  });

  it('given a job\'s own money field past its bound or below 0, when saved, then 400 names it', async () => {
    const j = await newJob();
    expect((await refused(() => office.put(`/api/jobs/${j.id}`, { estimated_payout: '1e12' }))).fields).toHaveProperty('estimated_payout');
    expect((await refused(() => office.put(`/api/jobs/${j.id}`, { estimated_payout: -1 }))).fields).toHaveProperty('estimated_payout');
    expect((await refused(() => office.post('/api/jobs/', { form_type: 'base', estimated_crew_payout: 10.001 }))).fields).toHaveProperty('estimated_crew_payout');
  });

  it('given items, change orders, a credit note and a back-charge at the largest values accepted, when the job is read, then every total is a finite number and credits count against it', async () => {
    const j = await newJob({ estimated_payout: MONEY_MAX });
    await addLine(`/api/jobs/${j.id}/items/`, { qty: QUANTITY_MAX, price: MONEY_MAX });
    await addLine(`/api/jobs/${j.id}/change_orders/`, { qty: String(QUANTITY_MAX), price: String(MONEY_MAX) });
    await addLine(`/api/jobs/${j.id}/invoices/`, { invoice_amount: 1000 });
    const credit = await addLine(`/api/jobs/${j.id}/invoices/`, { invoice_amount: '-250.50' });
    expect(credit.invoice_amount).toBe(-250.5);
    await addLine(`/api/jobs/${j.id}/crew_payouts/`, { crew_payout_amount: 400 });
    await addLine(`/api/jobs/${j.id}/crew_payouts/`, { crew_payout_amount: -100 });
    const job = (await office.get(`/api/jobs/${j.id}`)).body;
    for (const total of ['total_po_item_amounts', 'total_change_orders', 'total_job', 'total_gross_profit', 'payout_pct_of_total']) {
      expect(typeof job[total], total).toBe('number');
      expect(Number.isFinite(job[total]), total).toBe(true);
    }
    expect(job.total_job_invoiced_actual).toBe(749.5);
    expect(job.total_crew_payouts).toBe(300);
    expect(job.job_operations_gross_profit).toBe(449.5);
  });

  it('given the spec\'s client sending numbers as text with float noise, when saved, then the values are the clean numbers', async () => {
    const j = await newJob();
    const item = await addLine(`/api/jobs/${j.id}/items/`, { qty: '2.5', price: String(0.1 + 0.2) });
    expect(item).toMatchObject({ qty: 2.5, price: 0.3, total_price: 0.75 });
  });
});

describe('stamps come from the server', () => {
  it('given a note sent with someone else\'s created_by and an old created_date, when added and saved back whole, then both stay the server\'s and the save writes nothing', async () => {
    const j = await newJob();
    const note = await addLine(`/api/jobs/${j.id}/notes/`, { note: 'Called locates', created_by: 'The Boss', created_date: '1999-01-01T00:00:00Z' });
    expect(note.created_by).toBe('Office User');
    expect(note.created_date).not.toBe('1999-01-01T00:00:00Z');
    const before = await eventCount();
    const again = await office.put(`/api/jobs/notes/${note.id}`, { ...note, created_by: 'The Boss', created_date: '1999-01-01T00:00:00Z' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created_by: 'Office User', created_date: note.created_date });
    expect(await eventCount()).toBe(before);
    const edited = await office.put(`/api/jobs/notes/${note.id}`, { ...note, note: 'Called twice', created_by: 'The Boss' });
    expect(edited.body).toMatchObject({ note: 'Called twice', created_by: 'Office User' });
  });

  it('given a file line sent back with another blob\'s hash and an uploader, when saved, then the file and its stamps are unchanged', async () => {
    const j = await newJob();
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 mine'], { type: 'application/pdf' }), 'mine.pdf');
    const file = (await office.request('POST', `/api/jobs/${j.id}/general_files/`, form)).body;
    expect(file.uploaded_by).toBe('Office User');
    const r = await office.put(`/api/jobs/general_files/${file.id}`, { ...file, sha256: 'f'.repeat(64), size: 1, uploaded_by: 'The Boss', uploaded_at: '1999-01-01' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ sha256: file.sha256, size: file.size, uploaded_by: 'Office User', uploaded_at: file.uploaded_at });
  });
});
