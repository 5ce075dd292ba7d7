/**
 * Bulk zip and report over "all that match" (docs/bulk.md) with the real worker: the zip holds each
 * matching record's PDF bundle under the name the web gives it, named as the web names the zip; a
 * report is the catalogue's own report asked for with the resolved ids.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import { apiTest } from '../support/apiTest.ts';
import { pdf } from '../support/files.ts';
import type { Client } from '../support/client.ts';
import { addLines, type MeUser } from '../support/seed.ts';

const now = () => new Date('2026-11-22T15:00:00Z');
const { app, office, db } = apiTest('api_bulk_files', { worker: true, now });
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

/** The rows of the account's live bulk_operations list, as the web's screen receives them. */
async function watchBulk() {
  const s = io(app.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: [...office.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  sockets.push(s);
  await new Promise((ok, fail) => {
    s.on('connect_error', fail);
    s.on('connect', () => s.emit('subscribe', { list: 'bulk_operations' }, ok));
  });
  const rows: Record<string, any>[] = [];
  s.on('row', (r: { list: string; row: Record<string, any> }) => r.list === 'bulk_operations' && rows.push(r.row));
  return rows;
}

const job = async (values: Record<string, unknown>) => (await office.post('/api/jobs/', { form_type: 'base', work_status: 'New', ...values })).body.id as string;
function bundle(id: string, name: string, text: string, c: Client = office) {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(pdf(text))], { type: 'application/pdf' }), name);
  f.append('file_name', name);
  f.append('file_type', 'pdf_bundle');
  return c.request('POST', `/api/jobs/${id}/pdf_bundles/`, f);
}

/** Waits until the job list shows these ids for the search (the projector has them). */
async function listed(q: string, ids: string[]) {
  const path = `/api/jobs/?q=${encodeURIComponent(q)}&live_and_future=t&page_size=500`;
  await expect.poll(async () => ((await office.list(path)).body.results as { id: string }[]).map((r) => r.id), { timeout: 10_000, interval: 50 }).toEqual(expect.arrayContaining(ids));
}

async function bulk(body: Record<string, unknown>) {
  const asked = await office.post('/api/bulk/', body);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  let op: Record<string, any> = asked.body;
  for (const deadline = Date.now() + 30_000; !['done', 'failed'].includes(op.status) && Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    op = (await office.get(`/api/bulk/${asked.body.id}/`)).body;
  }
  return op;
}

describe('bulk zip', () => {
  it('given matching jobs with bundles (one without, one not matching), when zipped, then one zip holds each bundle under its job name', async () => {
    const a = await job({ account_job_number: '2001', title: 'Zip main st' });
    const b = await job({ account_job_number: '2002', title: 'Zip oak ave' });
    const none = await job({ account_job_number: '2003', title: 'Zip no bundle' });
    const other = await job({ account_job_number: '2004', title: 'Not this one' });
    expect((await bundle(a, 'bundle.pdf', 'first bundle')).status).toBe(201);
    expect((await bundle(b, 'bundle.pdf', 'old second')).status).toBe(201);
    expect((await bundle(b, 'bundle.pdf', 'second bundle')).status).toBe(201);
    expect((await bundle(other, 'other.pdf', 'other bundle')).status).toBe(201);
    await listed('zip', [a, b, none]);
    // The bundles too: the zip reads each row's bundle.
    await expect.poll(async () => ((await office.list('/api/jobs/?q=zip+oak&live_and_future=t')).body[0]?.pdf_bundle?.file_name as string) ?? '', { timeout: 10_000 }).toBe('bundle.pdf');
    const live = await watchBulk();
    const op = await bulk({ list: 'jobs', action: 'zip', filter: { q: 'zip', live_and_future: 't' } });
    expect(op).toMatchObject({ status: 'done', total: 3, done: 2, failed: 1, file_url: `/api/bulk/${op.id}/file/` });
    // The spec's labels in order, each published as it starts, then Done.
    await expect.poll(() => live.filter((r) => r.id === op.id && r.status === 'done').length).toBeGreaterThan(0);
    const labels = live.filter((r) => r.id === op.id).map((r) => r.label).filter((l, i, all) => l !== all[i - 1]);
    expect(labels).toEqual(['Calculating...', 'Fetching...', 'Sending...', 'Done']);
    const file = await office.download(op.file_url);
    expect(file.status).toBe(200);
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain('Job PDF Bundles 11-22-2026.zip');
    const zip = await JSZip.loadAsync(file.bytes);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(['Job 2001 Zip main st - bundle.pdf', 'Job 2002 Zip oak ave - bundle.pdf']);
    const second = await zip.file('Job 2002 Zip oak ave - bundle.pdf')!.async('nodebuffer');
    expect(second.equals(pdf('second bundle'))).toBe(true);
    expect(none).toBeTruthy();
  });

  it('given bids whose bundles are named with ../, .. or unicode, two under the same work request, when zipped, then every entry is one flat, safe, unique base name', async () => {
    const bid = async (work_request: string | null) => (await office.post('/api/bids/', { bid_status: 'A', work_request })).body.id as string;
    const [a, b, c, d] = [await bid('WR/7'), await bid('WR/7'), await bid('../../etc'), await bid(null)];
    // Bundles by commands, as the upload route stores them: one write per bid.
    const me = (await office.get('/api/auth/me')).body.user as MeUser;
    const named: [string, string][] = [[a, '../../../tmp/bundle.pdf'], [b, 'BUNDLE.pdf'], [c, 'Café_日本.pdf'], [d, '..']];
    for (const [id, file_name] of named) {
      await addLines(app, me, { collection: 'bid_files', recordId: id, lines: [{ file_name, file_type: 'pdf_bundle', content_type: 'application/pdf', ...(await app.api.ctx.blobs.put(pdf(`bundle of ${id}`))) }] });
    }
    await app.caughtUp();
    const op = await bulk({ list: 'bids', action: 'zip', ids: [a, b, c, d] });
    expect(op).toMatchObject({ status: 'done', total: 4, done: 4, failed: 0 });
    const file = await office.download(op.file_url);
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain('Bid PDF Bundles 11-22-2026.zip');
    const zip = await JSZip.loadAsync(file.bytes);
    const names = Object.keys(zip.files);
    expect(names.every((n) => !zip.files[n].dir && !/[/\\]|\.\.|^[\s.]/.test(n))).toBe(true);
    expect(names.sort()).toEqual(['-.-etc - Café_日本.pdf', `Bid ${d} - bundle.pdf`, 'WR-7 - BUNDLE (2).pdf', 'WR-7 - bundle.pdf'].sort());
    expect((await zip.file('WR-7 - BUNDLE (2).pdf')!.async('nodebuffer')).equals(pdf(`bundle of ${b}`))).toBe(true);
  });

  it('given no matching record has a bundle, then done with a message and no file', async () => {
    await listed('lonely bundleless', [await job({ title: 'Lonely bundleless' })]);
    const op = await bulk({ list: 'jobs', action: 'zip', filter: { q: 'lonely bundleless', live_and_future: 't' } });
    expect(op).toMatchObject({ status: 'done', total: 1, done: 0, failed: 1, file_url: null, message: 'Please upload a file first...' });
    expect((await office.download(`/api/bulk/${op.id}/file/`)).status).toBe(404);
  });
});

describe('bulk report', () => {
  it("given matching jobs, when the management report is asked for all that match, then the catalogue's report is generated over them once", async () => {
    const ids = [await job({ job_number: 'RPT-1', title: 'Report bore', estimated_payout: 100 }), await job({ job_number: 'RPT-2', title: 'Report trench', estimated_payout: 250 })];
    await listed('report', ids);
    const op = await bulk({ list: 'jobs', action: 'report', report: 'management', filter: { q: 'report', live_and_future: 't' } });
    expect(op).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    expect(op.file_url).toMatch(/^\/api\/reports\/\d+\/file\/$/);
    const reportId = op.file_url.split('/')[3];
    const report = (await office.get(`/api/reports/${reportId}/`)).body;
    expect(report).toMatchObject({ report: 'jobs.management', state: 'ready', format: 'xlsx', file_name: 'Job management report 11-22-2026.xlsx', rows: 2 });
    expect([...report.params.ids].sort()).toEqual([...ids].sort());
    const file = await office.download(op.file_url);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const text = JSON.stringify(book.worksheets[0].getSheetValues());
    expect(text).toContain('Report bore');
    expect(text).toContain('Report trench');
    const requested = await db.query(`select count(*) from events where type = 'ReportRequested' and stream_id = $1`, [`report-${reportId}`]);
    expect(Number(requested.rows[0].count)).toBe(1);
  });
});
