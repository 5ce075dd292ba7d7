/**
 * Every RFQ call of the API (spec 3 sections 3, 5, 7, 9; docs/rfqs.md) over HTTP against the real
 * app: creation numbered by the rfq counter, segments and estimates with totals matching a hand
 * calculation, the margin refused at 100, a won RFQ making its job with the estimate set against the
 * actual margin, history and as-of, the list's filters, paging and saved dates, bad input and another
 * account. The report and bulk actions are tests/api/rfqs-reports.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import type { Client, Res } from '../support/client.ts';
import { pdf } from '../support/files.ts';
import { appendAsBeforeTheRule } from '../support/pastRules.ts';

type Row = { id: string } & Record<string, any>;

// The app's clock: today is Tuesday 2026-11-24; a test moves it forward with `later`.
let clock = Date.parse('2026-11-24T15:00:00Z');
const later = (hours: number) => (clock += hours * 3_600_000);
const { app, office, rival, eventCount } = apiTest('api_rfqs', { now: () => new Date(clock) });

async function add(path: string, body: Record<string, unknown>, c: Client = office): Promise<Row> {
  const r = await c.post(path, body);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(201);
  return r.body;
}
const newRfq = (values: Record<string, unknown> = {}, c: Client = office) => add('/api/rfqs/', { form_type: 'base_rfq', ...values }, c);
const addSegment = (rfq: string, values: Record<string, unknown>) => add(`/api/rfqs/${rfq}/segments/`, values);
const addEstimate = (segment: string, values: Record<string, unknown>) => add(`/api/rfqs/segments/${segment}/estimates/`, values);
const detail = async (id: string, c: Client = office) => (await c.get(`/api/rfqs/${id}/`)).body as Row;
const ids = (rows: Row[]) => rows.map((r) => r.id);
const expectInvalid = (r: Res, field: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(Object.keys(r.body.fields ?? {}), JSON.stringify(r.body)).toContain(field);
};

/**
 * Two segments with mixed estimates. By hand: A — labor 10 × 50 at 20% → cost 500, price 625;
 * materials 200 × 1.10 at 30% (the default) → 220, 314.29; Misc 1 × 99.99 at 10% → 99.99, 111.10;
 * equipment with qty 0 → blank. B — equipment 3 × 100 at 40% → 300, 500. RFQ: cost 1119.99, total
 * 1550.39, margin 27.8% → 28, feet 1250, per foot 1.24, days 3.
 */
async function pricedRfq(values: Record<string, unknown> = {}) {
  const rfq = await newRfq({ title: 'Main St bore', customer: 'City Fibre', location: '12 Main St', po_start_date: '2026-12-01', po_complete_date: '2026-12-20', ...values });
  const a = await addSegment(rfq.id, { number: 'A', work_type: 'Bore', feet: '1000', days_required: '2' });
  const b = await addSegment(rfq.id, { number: 'B', work_type: 'Trench', feet: 250, days_required: 1 });
  await addEstimate(a.id, { number: '1', work_type: 'Labor', qty: 10, price: 50, estimate_margin_assumption: 20, uom: 'hours' });
  await addEstimate(a.id, { number: '2', work_type: 'Materials', qty: '200', price: '1.10', uom: 'feet' });
  await addEstimate(a.id, { number: '3', work_type: 'Misc', qty: 1, price: 99.99, estimate_margin_assumption: 10 });
  await addEstimate(a.id, { number: '4', work_type: 'Equipment', qty: 0, price: 400 });
  await addEstimate(b.id, { number: '1', work_type: 'Equipment', qty: 3, price: 100, estimate_margin_assumption: 40, description: 'Trencher' });
  return { rfq, a, b };
}

describe('creating an RFQ', () => {
  it('given the rfq counter set to 700, when two RFQs are created sending a number, then they take 701 and 702, New, dated today unless sent', async () => {
    const counter = (await office.get('/api/settings/current_number/rfq/')).body;
    expect((await office.put(`/api/settings/current_number/rfq/${counter.id}/`, { number: 700 })).status).toBe(200);
    const first = await newRfq({ rfq_status: 'New', account_rfq_number: '5' });
    const second = await newRfq({ rfq_date: '2026-11-02' });
    expect([first.account_rfq_number, second.account_rfq_number].map(Number)).toEqual([701, 702]);
    expect(first).toMatchObject({ rfq_status: 'New', rfq_date: '2026-11-24', archived: false, job_ref: null, segment_count: 0, rfq_total: 0, rfq_margin_calculated: null, pdf_bundle: null });
    expect(second.rfq_date).toBe('2026-11-02');
    expect((await office.get(`/api/rfqs/lookup/${first.account_rfq_number}/`)).body).toEqual({ id: first.id, account_rfq_number: first.account_rfq_number });
  });
});

describe('segments, estimates and the totals', () => {
  it('given two segments with mixed estimates, then each estimate’s, each segment’s and the RFQ’s figures match the hand calculation', async () => {
    const { rfq, a } = await pricedRfq();
    const segments = (await office.get(`/api/rfqs/${rfq.id}/segments/`)).body as Row[];
    expect(segments.map((s) => s.number)).toEqual(['A', 'B']);
    expect(segments[0]).toMatchObject({ estimate_total_labor: 625, estimate_total_materials: 314.29, estimate_total_other: 111.1, estimate_total_equipment: 0, estimate_total_cost: 819.99, estimate_total_price: 1050.39, estimate_calculated_margin: 22 });
    expect(segments[0].estimates.map((e: Row) => [e.total_cost, e.total_price])).toEqual([
      [500, 625],
      [220, 314.29],
      [99.99, 111.1],
      [null, null],
    ]);
    expect(segments[0].estimates[1].estimate_margin_assumption).toBe(30);
    expect((await office.get(`/api/rfqs/segments/${a.id}/estimates/`)).body).toHaveLength(4);
    expect(await detail(rfq.id)).toMatchObject({
      segment_count: 2,
      rfq_total: 1550.39,
      rfq_total_cost: 1119.99,
      rfq_total_feet: 1250,
      rfq_total_days: 3,
      rfq_margin_calculated: 28,
      rfq_total_per_foot_calc: 1.24,
      rfq_total_labor: 625,
      rfq_total_materials: 314.29,
      rfq_total_equipment: 500,
      rfq_total_other: 111.1,
    });
  });

  it('given an estimate, when its margin is changed to 99.5 then to 100, then the first is taken and the second is a 400 naming it with nothing written', async () => {
    const { a } = await pricedRfq();
    const e = await addEstimate(a.id, { work_type: 'Labor', qty: 1, price: 10 });
    const ok = await office.put(`/api/rfqs/segments/estimates/${e.id}/`, { estimate_margin_assumption: '99.5' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ total_cost: 10, total_price: 2000 });
    const before = await eventCount();
    const refused = await office.put(`/api/rfqs/segments/estimates/${e.id}/`, { estimate_margin_assumption: 100 });
    expectInvalid(refused, 'estimate_margin_assumption');
    expect(refused.body.fields.estimate_margin_assumption).toMatch(/below 100/);
    expectInvalid(await office.post(`/api/rfqs/segments/${a.id}/estimates/`, { qty: 1, price: 1, estimate_margin_assumption: 120 }), 'estimate_margin_assumption');
    expect(await eventCount()).toBe(before);
  });

  it('given a segment, when edited and then deleted, then the RFQ’s totals follow', async () => {
    const { rfq, b } = await pricedRfq();
    expect((await office.put(`/api/rfqs/segments/${b.id}/`, { feet: 500 })).status).toBe(200);
    expect((await detail(rfq.id)).rfq_total_feet).toBe(1500);
    expect((await office.del(`/api/rfqs/segments/${b.id}/`)).status).toBe(200);
    expect(await detail(rfq.id)).toMatchObject({ segment_count: 1, rfq_total: 1050.39, rfq_total_cost: 819.99, rfq_total_feet: 1000 });
  });

  it('given a note, then it is the RFQ’s latest note', async () => {
    const rfq = await newRfq();
    await add(`/api/rfqs/${rfq.id}/notes/`, { note: 'Walked the route' });
    expect(JSON.stringify((await detail(rfq.id)).latest_note)).toContain('Walked the route');
  });
});

describe('the PDF bundle', () => {
  /** The bundle as the screen uploads it: multipart with the file and file_type pdf_bundle. */
  const bundle = (rfq: string, name: string, c: Client = office) => {
    const f = new FormData();
    f.set('file_type', 'pdf_bundle');
    f.set('file', new Blob([new Uint8Array(pdf(name))], { type: 'application/pdf' }), name);
    return c.request('POST', `/api/rfqs/${rfq}/pdf_bundles/`, f);
  };

  it('given two bundles uploaded in turn, then the RFQ keeps the later one, which downloads; another account cannot upload to it', async () => {
    const rfq = await newRfq({ title: 'Bundled' });
    expect((await bundle(rfq.id, 'first.pdf')).status).toBe(201);
    const second = await bundle(rfq.id, 'second.pdf');
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const shown = (await detail(rfq.id)).pdf_bundle;
    expect(shown).toMatchObject({ id: second.body.id, file_name: 'second.pdf' });
    const file = await office.download(shown.file);
    expect(file.status).toBe(200);
    expect(file.bytes.toString('latin1')).toContain('second.pdf');
    expect((await bundle(rfq.id, 'theirs.pdf', rival)).status).toBe(404);
  });
});

describe('a won RFQ making its job', () => {
  it('given an RFQ not yet Won, when asked to make a job, then 400 naming rfq_status and nothing written', async () => {
    const { rfq } = await pricedRfq({ rfq_status: 'Submitted' });
    const before = await eventCount();
    expectInvalid(await office.post(`/api/rfqs/${rfq.id}/make_job/`, {}), 'rfq_status');
    expect(await eventCount()).toBe(before);
  });

  it('given a Won RFQ, when it makes its job, then the job carries its segments, items and estimated margin; after an invoice and a payout the actual margin; asked again, 409', async () => {
    const { rfq } = await pricedRfq();
    expect((await office.put(`/api/rfqs/${rfq.id}/`, { rfq_status: 'Won' })).status).toBe(200);
    const made = await office.post(`/api/rfqs/${rfq.id}/make_job/`, {});
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ rfq_id: rfq.id, job_id: expect.any(String), account_job_number: expect.anything() });
    const jobId = made.body.job_id as string;
    expect((await detail(rfq.id)).job_ref).toBe(jobId);
    const job = (await office.get(`/api/jobs/${jobId}/`)).body as Row;
    expect(job).toMatchObject({ title: 'Main St bore', customer: 'City Fibre', rfq_ref: rfq.id, estimated_total: 1550.39, estimated_cost: 1119.99, margin_estimated: 28, margin_actual: null, margin_difference: null });
    const segments = (await office.get(`/api/jobs/${jobId}/segments/`)).body as Row[];
    expect(segments.map((s) => [s.segment_number, s.work_type, Number(s.feet), Number(s.segment_po_amount)])).toEqual([
      ['A', 'Bore', 1000, 1050.39],
      ['B', 'Trench', 250, 500],
    ]);
    const items = (await office.get(`/api/jobs/${jobId}/items/`)).body as Row[];
    expect(items.map((i) => i.item_code)).toEqual(['A-1', 'A-2', 'A-3', 'A-4', 'B-1']);
    expect(items[4]).toMatchObject({ item: 'Equipment', description: 'Trencher' });
    // Invoiced 2000, paid out 1500: 500 left, 25% against the estimated 28.
    expect((await office.post(`/api/jobs/${jobId}/invoices/`, { invoice_amount: '2000' })).status).toBe(201);
    expect((await office.post(`/api/jobs/${jobId}/crew_payouts/`, { crew_payout_amount: 1500 })).status).toBe(201);
    expect((await office.get(`/api/jobs/${jobId}/`)).body).toMatchObject({ margin_estimated: 28, margin_actual: 25, margin_difference: -3 });
    const before = await eventCount();
    expect((await office.post(`/api/rfqs/${rfq.id}/make_job/`, {})).status).toBe(409);
    expect(await eventCount()).toBe(before);
  });
});

describe('history, as-of and delete', () => {
  it('given edits at two times, then history lists each with who and the fields changed, and as_of shows the RFQ as it stood', async () => {
    const rfq = await newRfq({ title: 'First title' });
    const created = rfq.last_updated;
    later(2);
    expect((await office.put(`/api/rfqs/${rfq.id}/`, { title: 'Second title', rfq_status: 'Field Visit' })).status).toBe(200);
    const h = (await office.get(`/api/rfqs/${rfq.id}/history/`)).body as Row[];
    expect(h[0]).toMatchObject({ type: 'RfqCreated', user_name: 'Office User' });
    expect(h[1]).toMatchObject({ type: 'RfqRevised', at: new Date(clock).toISOString() });
    expect(h[1].changes).toEqual(expect.arrayContaining([{ field: 'title', old: 'First title', new: 'Second title' }]));
    expect((await office.get(`/api/rfqs/${rfq.id}/?as_of=${encodeURIComponent(created)}`)).body).toMatchObject({ title: 'First title', rfq_status: 'New' });
    expect((await office.get(`/api/rfqs/${rfq.id}/?as_of=2026-01-01T00:00:00Z`)).status).toBe(404);
  });

  it('given an RFQ, when deleted, then gone from the detail and the list; editing it again writes nothing', async () => {
    const rfq = await newRfq({ title: 'Deleted bore' });
    expect((await office.del(`/api/rfqs/${rfq.id}/`)).status).toBe(200);
    expect((await office.get(`/api/rfqs/${rfq.id}/`)).status).toBe(404);
    expect(ids((await office.list('/api/rfqs/?q=deleted+bore&active=t&archived=t')).body)).toEqual([]);
    const before = await eventCount();
    expect((await office.put(`/api/rfqs/${rfq.id}/`, { title: 'Back' })).status).toBe(404);
    expect((await office.post(`/api/rfqs/${rfq.id}/segments/`, { number: 'A' })).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});

describe('the RFQ list', () => {
  it('given RFQs of two statuses, archived and due apart, when filtered and searched, then only those match, bid due soonest first', async () => {
    const near = await newRfq({ title: 'Listed near', bid_due_date: '2026-11-26', rfq_status: 'To Estimate' });
    const far = await newRfq({ title: 'Listed far', bid_due_date: '2026-12-30' });
    const archived = await newRfq({ title: 'Listed archived', bid_due_date: '2026-11-25' });
    expect((await office.put(`/api/rfqs/${archived.id}/`, { archived: true })).status).toBe(200);
    const read = async (q: string) => ids((await office.list(`/api/rfqs/?q=listed&${q}`)).body);
    const all = await read('');
    expect(all).toEqual([near.id, far.id]);
    expect(await read('archived=t&active=f')).toEqual([archived.id]);
    expect(await read('rfq_status=To+Estimate')).toEqual([near.id]);
    const row = ((await office.list('/api/rfqs/?q=listed+near')).body as Row[])[0];
    expect(row).toMatchObject({ rfq_days_left: 2, rfq_days_colour: 'red' });
    expectInvalid(await office.get('/api/rfqs/?rfq_status=Maybe'), 'rfq_status');
  });

  it('given saved search dates, when the list names no range, then they apply', async () => {
    const old = await newRfq({ title: 'Saved old', rfq_date: '2026-09-01', bid_due_date: '2026-09-10' });
    const now = await newRfq({ title: 'Saved now' });
    expect((await office.put('/api/rfqs/search_dates/', { start_date: '2026-08-25', end_date: '2026-09-15' })).status).toBe(200);
    expect((await office.get('/api/rfqs/search_dates/')).body).toMatchObject({ start_date: '2026-08-25', end_date: '2026-09-15' });
    expect(ids((await office.list('/api/rfqs/?q=saved')).body)).toEqual([old.id]);
    expect((await office.put('/api/rfqs/search_dates/', { start_date: null, end_date: null })).status).toBe(200);
    expect(ids((await office.list('/api/rfqs/?q=saved')).body).sort()).toEqual([now.id, old.id].sort());
  });

  it('given seven RFQs, when read three at a time, then pages of 3, 3 and 1 with the count and next', async () => {
    for (let i = 0; i < 7; i++) await newRfq({ title: `Paged ${i}` });
    const p1 = await office.list('/api/rfqs/?q=paged&ordering=title&page_size=3&page=1');
    expect(p1.body).toMatchObject({ count: 7, previous: null });
    expect(p1.body.results.map((r: Row) => r.title)).toEqual(['Paged 0', 'Paged 1', 'Paged 2']);
    const p3 = await office.get((await office.get(p1.body.next)).body.next);
    expect(p3.body.results.map((r: Row) => r.title)).toEqual(['Paged 6']);
    expect(p3.body.next).toBeNull();
  });
});

describe('PO dates that cannot be (issue 28)', () => {
  it('given a new RFQ completing before it starts, then 400 naming the dates, no number spent and nothing written', async () => {
    const before = await eventCount();
    const r = await office.post('/api/rfqs/', { form_type: 'base_rfq', po_start_date: '2026-12-10', po_complete_date: '2026-12-01' });
    expectInvalid(r, 'po_complete_date');
    expect(r.body.fields.po_complete_date).toBe('must not be before the PO start date (12/10/2026)');
    expect(await eventCount()).toBe(before);
  });

  it('given an RFQ, when a PUT moves its start after its completion, then 400 naming po_start_date and nothing written; the same day is fine', async () => {
    const q = await newRfq({ po_start_date: '2026-12-01', po_complete_date: '2026-12-20' });
    const before = await eventCount();
    expectInvalid(await office.put(`/api/rfqs/${q.id}/`, { ...q, po_start_date: '2026-12-21' }), 'po_start_date');
    expect(await eventCount()).toBe(before);
    expect((await office.put(`/api/rfqs/${q.id}/`, { ...q, po_start_date: '2026-12-20' })).status).toBe(200);
  });

  it('given an RFQ saved before the rule with its completion before its start, when PUT whole with another change, then saved; moving the completion and leaving it bad is refused', async () => {
    const q = await newRfq({ po_start_date: '2026-12-01' });
    await appendAsBeforeTheRule(app, `rfq-${q.id}`, 'RfqRevised', { changes: { po_complete_date: { old: null, new: '2026-11-01' } } });
    const held = await detail(q.id);
    const ok = await office.put(`/api/rfqs/${q.id}/`, { ...held, customer: 'Kept Co' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ customer: 'Kept Co', po_complete_date: '2026-11-01' });
    expectInvalid(await office.put(`/api/rfqs/${q.id}/`, { ...ok.body, po_complete_date: '2026-11-02' }), 'po_complete_date');
  });
});

describe('bad input and another account', () => {
  it('given values wrong even as text, then 400 names the field and nothing is written', async () => {
    const { rfq, a } = await pricedRfq();
    const before = await eventCount();
    expectInvalid(await office.post('/api/rfqs/', { rfq_status: 'Maybe' }), 'rfq_status');
    expectInvalid(await office.post('/api/rfqs/', { form_type: 'job' }), 'form_type');
    expectInvalid(await office.post('/api/rfqs/', { bid_due_date: '11/30/2026' }), 'bid_due_date');
    expectInvalid(await office.put(`/api/rfqs/${rfq.id}/`, { colour: 'Purple' }), 'colour');
    expectInvalid(await office.put(`/api/rfqs/${rfq.id}/`, { archived: 'maybe' }), 'archived');
    expectInvalid(await office.post(`/api/rfqs/${rfq.id}/segments/`, { feet: 'far' }), 'feet');
    expectInvalid(await office.post(`/api/rfqs/segments/${a.id}/estimates/`, { work_type: 'Snacks' }), 'work_type');
    expectInvalid(await office.post(`/api/rfqs/segments/${a.id}/estimates/`, { qty: '-2' }), 'qty');
    expectInvalid(await office.post(`/api/rfqs/segments/${a.id}/estimates/`, { price: 'lots' }), 'price');
    expect(await eventCount()).toBe(before);
  });

  it('given another account’s RFQ, then every call is a 404 and nothing is written', async () => {
    const { rfq, a } = await pricedRfq();
    expect(((await rival.list('/api/rfqs/?active=t&archived=t')).body as Row[]).map((r) => r.id)).not.toContain(rfq.id);
    const before = await eventCount();
    for (const r of [
      await rival.get(`/api/rfqs/${rfq.id}/`),
      await rival.put(`/api/rfqs/${rfq.id}/`, { title: 'Mine now' }),
      await rival.del(`/api/rfqs/${rfq.id}/`),
      await rival.get(`/api/rfqs/${rfq.id}/history/`),
      await rival.get(`/api/rfqs/${rfq.id}/segments/`),
      await rival.post(`/api/rfqs/${rfq.id}/segments/`, { number: 'Z' }),
      await rival.put(`/api/rfqs/segments/${a.id}/`, { feet: 1 }),
      await rival.post(`/api/rfqs/segments/${a.id}/estimates/`, { qty: 1 }),
      await rival.post(`/api/rfqs/${rfq.id}/make_job/`, {}),
    ])
      expect(r.status, JSON.stringify(r.body)).toBe(404);
    expect(await eventCount()).toBe(before);
    expect((await detail(rfq.id)).title).toBe('Main St bore');
  });
});
