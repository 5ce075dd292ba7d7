/**
 * The RFQ management report and the RFQ list's bulk actions (docs/reports.md, docs/bulk.md) over HTTP
 * with the real BullMQ worker: the report of a selection read back (XLSX with exceljs, PDF with
 * pdftotext), bid due soonest first, with totals summed in cents and the margin of the totals; also as
 * the bulk action `report`; another account's RFQs never shown; bulk archive and delete of RFQs.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { created, runBulk, eventsOfStream, readSheet, pdfText, inOrder } from '../support/reports.ts';
import type { Client } from '../support/client.ts';

// Sunday 22 November 2026.
const { office, rival, db } = apiTest('api_rfqs_reports', { worker: true, now: () => new Date('2026-11-22T15:00:00Z') });

/** An RFQ with one segment of `feet` and one labor estimate (qty × price at the margin given). */
async function rfq(c: Client, values: Record<string, unknown>, estimate?: { feet: number; qty: number; price: number; margin: number }) {
  const r = await created(c, '/api/rfqs/', { form_type: 'base_rfq', ...values });
  if (estimate) {
    const s = await created(c, `/api/rfqs/${r.id}/segments/`, { number: 'A', feet: estimate.feet, days_required: 1 });
    await created(c, `/api/rfqs/segments/${s.id}/estimates/`, { work_type: 'Labor', qty: estimate.qty, price: estimate.price, estimate_margin_assumption: estimate.margin });
  }
  return r.id as string;
}

const eventsOf = (stream: string) => eventsOfStream(db, stream);
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v);

const sheet = (bytes: Buffer) => readSheet(bytes, 'RFQ #');

/** The list read model shows every RFQ named (the worker reads it). */
const listed = (c: Client, q: string, n: number) => expect.poll(async () => ((await c.list(`/api/rfqs/?archived=t&active=t&q=${q}`)).body as unknown[]).length, { timeout: 10_000, interval: 50 }).toBe(n);

describe('the RFQ management report', () => {
  it('given priced RFQs due apart, when the report of a selection is asked for, then XLSX rows are bid due soonest first with each RFQ’s figures and totals in cents, and the PDF reads the same', async () => {
    // By hand: Main St 10 × 50 at 20% → cost 500, total 625, margin 20, 1000 ft → 0.63/ft;
    // Oak Ave 3 × 100.10 at 40% → 300.30, 500.50, margin 40, 250 ft → 2.00/ft.
    const main = await rfq(office, { title: 'RPT Main St bore', customer: 'City Fibre', rfq_date: '2026-11-01', bid_due_date: '2026-11-24' }, { feet: 1000, qty: 10, price: 50, margin: 20 });
    const oak = await rfq(office, { title: 'RPT Oak Ave trench', customer: 'Metro Net', rfq_status: 'Submitted', rfq_date: '2026-11-02', bid_due_date: '2026-12-15' }, { feet: 250, qty: 3, price: 100.1, margin: 40 });
    const bare = await rfq(office, { title: 'RPT bare' });
    const theirs = await rfq(rival, { title: 'SECRET rival RFQ' }, { feet: 1, qty: 1, price: 1, margin: 50 });
    await listed(office, 'RPT', 3);
    await expect.poll(async () => ((await office.list('/api/rfqs/?q=RPT+Oak')).body as Record<string, any>[])[0]?.rfq_total, { timeout: 10_000, interval: 50 }).toBe(500.5);

    const ids = [oak, theirs, bare, main].join(',');
    const x = await office.download(`/api/rfqs/report/management/?ids=${ids}`);
    expect(x.status, x.bytes.toString().slice(0, 200)).toBe(200);
    expect(decodeURIComponent(x.headers.get('content-disposition')!)).toContain('RFQ management report 11-22-2026.xlsx');
    const s = await sheet(x.bytes);
    expect(s.title).toBe('RFQ management report');
    expect(s.header).toEqual(['RFQ #', 'Title', 'Customer', 'Status', 'RFQ date', 'Bid due', 'Days left', 'Feet', 'Days', 'Cost', 'Total', 'Margin', 'Per foot']);
    expect(s.body.map((r) => r.Title)).toEqual(['RPT Main St bore', 'RPT Oak Ave trench', 'RPT bare']);
    const mainRow = s.body[0];
    expect({ ...mainRow, 'RFQ date': day(mainRow['RFQ date']), 'Bid due': day(mainRow['Bid due']) }).toEqual({
      'RFQ #': expect.any(String),
      Title: 'RPT Main St bore',
      Customer: 'City Fibre',
      Status: 'New',
      'RFQ date': '2026-11-01',
      'Bid due': '2026-11-24',
      'Days left': 2,
      Feet: 1000,
      Days: 1,
      Cost: 500,
      Total: 625,
      Margin: 0.2,
      'Per foot': 0.63,
    });
    expect(s.body[1]).toMatchObject({ Status: 'Submitted', Cost: 300.3, Total: 500.5, Margin: 0.4, 'Per foot': 2 });
    expect(s.body[2]).toMatchObject({ 'Days left': null, Total: 0, Margin: null, 'Per foot': null });
    // Totals: cost 800.30, total 1125.50, margin 324.20 / 1125.50 = 28.8% → 29, 1250 ft → 0.90/ft.
    expect(s.totals).toMatchObject({ Title: 'Totals (3 RFQs)', Feet: 1250, Days: 2, Cost: 800.3, Total: 1125.5, Margin: 0.29, 'Per foot': 0.9 });
    expect(JSON.stringify(s)).not.toContain('SECRET');

    const p = await office.download(`/api/rfqs/report/management/?ids=${ids}&format=pdf`);
    expect(p.status).toBe(200);
    expect(p.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(p.bytes, 'rfq-management');
    expect(text).toContain('RFQ management report');
    expect(inOrder(text, ['RPT Main St bore', 'RPT Oak Ave trench', 'RPT bare', 'Totals (3 RFQs)'])).toBe(true);
    expect(text).toMatch(/City Fibre\s+New\s+11\/01\/2026\s+11\/24\/2026\s+2\s+1,000\s+1\s+\$500\.00\s+\$625\.00\s+20\.00%\s+\$0\.63/);
    expect(text).toMatch(/1,250\s+2\s+\$800\.30\s+\$1,125\.50\s+29\.00%\s+\$0\.90/);
    expect(text).not.toContain('SECRET');
  });

  it('given a bad id, then 400 naming ids; another account’s RFQs only, then no rows', async () => {
    const bad = await office.get('/api/rfqs/report/management/?ids=abc');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {})).toContain('ids');
    const theirs = await rfq(rival, { title: 'SECRET only theirs' });
    await listed(rival, 'SECRET+only', 1);
    const s = await sheet((await office.download(`/api/rfqs/report/management/?ids=${theirs}`)).bytes);
    expect(s.body).toEqual([]);
    expect(s.totals).toMatchObject({ Title: 'Totals (0 RFQs)', Cost: 0, Total: 0 });
  });

  it('given a selection, when the report is asked for as a bulk action, then its file is the same report', async () => {
    const a = await rfq(office, { title: 'BULKRPT one', bid_due_date: '2026-12-01' }, { feet: 100, qty: 1, price: 70, margin: 30 });
    const b = await rfq(office, { title: 'BULKRPT two', bid_due_date: '2026-11-30' });
    await listed(office, 'BULKRPT', 2);
    await expect.poll(async () => ((await office.list('/api/rfqs/?q=BULKRPT+one')).body as Record<string, any>[])[0]?.rfq_total, { timeout: 10_000, interval: 50 }).toBe(100);
    const op = await runBulk(office, { list: 'rfqs', action: 'report', report: 'management', ids: [a, b] });
    expect(op).toMatchObject({ status: 'done', total: 2, done: 2 });
    const s = await sheet((await office.download(op.file_url)).bytes);
    expect(s.body.map((row) => row.Title)).toEqual(['BULKRPT two', 'BULKRPT one']);
    expect(s.totals).toMatchObject({ Cost: 70, Total: 100, Margin: 0.3 });
  });
});

describe('bulk archive and delete of RFQs', () => {
  it('given RFQs, when two are archived by ids, then each has one archive event and leaves the active list', async () => {
    const [a, b, c] = [await rfq(office, { title: 'AR-1' }), await rfq(office, { title: 'AR-2' }), await rfq(office, { title: 'AR-3' })];
    expect(await runBulk(office, { list: 'rfqs', action: 'archive', ids: [a, b] })).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    const archiving = async (id: string) => (await eventsOf(`rfq-${id}`)).filter((e) => e.type === 'RfqRevised' && e.data.changes?.archived).length;
    expect([await archiving(a), await archiving(b), await archiving(c)]).toEqual([1, 1, 0]);
    expect((await office.get(`/api/rfqs/${a}/`)).body.archived).toBe(true);
    const active = async () => ((await office.list('/api/rfqs/?q=AR-')).body as { id: string }[]).map((r) => r.id);
    await expect.poll(active, { timeout: 10_000, interval: 50 }).toEqual([c]);
  });

  it('given RFQs matching a search, when all that match except one are deleted, then exactly those are deleted once and another account’s is not', async () => {
    const made = [await rfq(office, { title: 'SWEEP-1' }), await rfq(office, { title: 'SWEEP-2' }), await rfq(office, { title: 'SWEEP-3' })];
    const theirs = await rfq(rival, { title: 'SWEEP-9' });
    await listed(office, 'sweep', 3);
    const op = await runBulk(office, { list: 'rfqs', action: 'delete', filter: { q: 'sweep' }, except: [made[1]] });
    expect(op).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    const deletions = async (id: string) => (await eventsOf(`rfq-${id}`)).filter((e) => e.type === 'RfqDeleted').length;
    expect([await deletions(made[0]), await deletions(made[1]), await deletions(made[2]), await deletions(theirs)]).toEqual([1, 0, 1, 0]);
    expect((await office.get(`/api/rfqs/${made[0]}/`)).status).toBe(404);
    expect((await rival.get(`/api/rfqs/${theirs}/`)).status).toBe(200);
  });
});
