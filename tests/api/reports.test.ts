/**
 * The project management report end to end: asked for over HTTP, built by the real BullMQ worker,
 * stored, recorded once, downloaded; the XLSX read back with exceljs and the PDF rendered with
 * pdftoppm. Also the reports list, its live rows, the requester's progress, and another account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { io, type Socket } from 'socket.io-client';
import { createQueue } from '@trenchline/platform/queue.ts';
import { commandHandler } from '@trenchline/platform';
import { REDIS_URL } from '@trenchline/read-model';
import { createEventStore } from '@trenchline/event-store';
import { newRecordId } from '@trenchline/api/platform/ids.ts';
import { apiTest } from '../support/apiTest.ts';
import { Client } from '../support/client.ts';

const sockets: Socket[] = [];
const now = () => new Date('2026-11-22T15:00:00Z');
const { app, office, rival, db } = apiTest('api_reports', { worker: true, now });
const out = mkdtempSync(join(tmpdir(), 'tl-reports-'));
let projectIds: string[] = [];

beforeAll(async () => {
  const make = async (values: Record<string, unknown>) => (await office.post('/api/projects/', values)).body.id as string;
  projectIds = [
    await make({ name: 'Elm St fibre', status: 'Won', customer: 'AT&T', start_date: '2026-11-01', due_date: '2026-11-24', po_number: 'PO-1', po_amount: 12500.1, colour: 'Green' }),
    await make({ name: 'Route 66 bore', status: 'Submitted', customer: 'Lumen', due_date: '2026-12-30', po_amount: 0.2, city: 'Tulsa', state: 'OK' }),
    await make({ name: 'Downtown aerial', status: 'New' }),
  ];
  await office.post(`/api/project/${projectIds[0]}/notes/`, { note: 'Crew on site Monday' });
  await office.post(`/api/project/${projectIds[0]}/locations/`, { name: 'Yard 3', city: 'Tulsa', state: 'OK' });
  // The worker reads the project list read model: wait for our writes to reach it.
  await office.list('/api/projects/?active=t');
}, 60_000);
afterAll(() => {
  sockets.forEach((s) => s.close());
});

const eventsOf = async (reportId: string) => (await db.query('select type, data from events where stream_id = $1 order by stream_version', [`report-${reportId}`])).rows;

async function connect(c: Client) {
  const s = io(app.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  sockets.push(s);
  await new Promise((resolve) => s.on('connect', () => s.emit('subscribe', { list: 'reports' }, resolve)));
  return s;
}

describe('the project management report', () => {
  it('given three projects, when the XLSX is asked for, then the file comes back and exceljs reads one row per project, soonest due first, and the totals', async () => {
    const r = await office.download(`/api/projects/report/management/?ids=${projectIds.join(',')}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(r.headers.get('content-disposition')!)).toContain('Project management report 11-22-2026.xlsx');
    writeFileSync(join(out, 'management.xlsx'), r.bytes);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const all = ws.getSheetValues().filter(Boolean) as unknown[][];
    const headerAt = all.findIndex((v) => v.includes('Project') && v.includes('PO amount'));
    expect(headerAt).toBeGreaterThanOrEqual(0);
    const header = all[headerAt].slice(1);
    expect(header).toEqual(['Project', 'Status', 'Customer', 'Location', 'Start', 'Due', 'Days left', 'PO #', 'PO amount', 'Latest note']);
    const body = all.slice(headerAt + 1).map((v) => v.slice(1));
    const col = (name: string) => header.indexOf(name);
    expect(body.map((v) => v[col('Project')])).toEqual(['Elm St fibre', 'Route 66 bore', 'Downtown aerial', expect.stringContaining('Totals (3 projects)')]);
    expect(body[0][col('Days left')]).toBe(2);
    expect(body[0][col('Location')]).toBe('Yard 3, Tulsa, OK');
    expect(body[0][col('Latest note')]).toBe('Crew on site Monday');
    expect(body[0][col('Customer')]).toBe('AT&T');
    expect(body[0][col('Due')]).toBeInstanceOf(Date);
    expect((body[0][col('Due')] as Date).toISOString().slice(0, 10)).toBe('2026-11-24');
    expect(body[3][col('PO amount')]).toBeCloseTo(12500.3, 2);
  });

  it('given the same projects, when the PDF is asked for, then a PDF comes back and pdftoppm renders its first page', async () => {
    const r = await office.download(`/api/projects/report/management/?ids=${projectIds.join(',')}&format=pdf`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = join(out, 'management.pdf');
    writeFileSync(pdf, r.bytes);
    execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', pdf, join(out, 'management')]);
    const png = join(out, 'management-1.png');
    expect(existsSync(png)).toBe(true);
    expect(statSync(png).size).toBeGreaterThan(5000);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
    expect(text).toContain('Elm St fibre');
    expect(text).toContain('12,500.30');
    console.log(`[reports test] rendered ${png}`);
  });

  it('given a report, then it was requested, started and generated once, and the reports list shows it ready with its file', async () => {
    const list = await office.list('/api/reports/');
    expect(list.status).toBe(200);
    const [pdf, xlsx] = list.body;
    expect(pdf).toMatchObject({ label: 'Project management report', format: 'pdf', state: 'ready', rows: 3, requested_by_name: 'Office User' });
    expect(xlsx).toMatchObject({ format: 'xlsx', state: 'ready', file: `/api/reports/${xlsx.id}/file/` });
    expect((await eventsOf(pdf.id)).map((e) => e.type)).toEqual(['ReportRequested', 'ReportStarted', 'ReportGenerated']);
    const again = await office.download(pdf.file);
    expect(again.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('given a job that runs ahead of its request (the API enqueues first), then the worker waits for the request and builds it on its first attempt', async () => {
    // Before the fix the job failed at once and waited out the queue's 1 s backoff before its retry.
    const q = createQueue(REDIS_URL, { prefix: app.queuePrefix });
    const events = q.events();
    const store = createEventStore({ url: app.databaseUrl });
    try {
      const me = (await office.get('/api/auth/me')).body.user;
      const reportId = await newRecordId(app.api.ctx, me.account_id, 'report');
      const job = await q.enqueue('report.generate', { reportId, accountId: me.account_id }, `report-${reportId}`);
      await new Promise((r) => setTimeout(r, 150));
      const writer = { accountId: me.account_id, userId: me.id, userName: me.display_name };
      await commandHandler({ store, now }).execute(writer, 'report', reportId, { type: 'RequestReport', reportId, report: 'projects.management', label: 'Project management report', format: 'xlsx', params: { ids: [projectIds[0]] }, file_name: 'ahead.xlsx' }, { create: true });
      await job.waitUntilFinished(events, 10_000);
      expect((await q.queue.getJob(job.id!))?.attemptsMade).toBe(1);
      expect((await eventsOf(reportId)).map((e) => e.type)).toEqual(['ReportRequested', 'ReportStarted', 'ReportGenerated']);
    } finally {
      await store.close();
      await events.close();
      await q.close();
    }
  });

  it('given bad ids or a bad format, then 400 naming the field, and nothing is requested', async () => {
    const before = (await office.list('/api/reports/')).body.length;
    const none = await office.get('/api/projects/report/management/');
    expect(none.status).toBe(400);
    expect(none.body.fields).toHaveProperty('ids');
    expect((await office.get('/api/projects/report/management/?ids=1,abc')).body.fields).toHaveProperty('ids');
    expect((await office.get(`/api/projects/report/management/?ids=${projectIds[0]}&format=docx`)).body.fields).toHaveProperty('format');
    expect((await office.list('/api/reports/')).body.length).toBe(before);
  });

  it("given another account, when it asks for our projects' report, then its report holds none of them; it cannot see or download ours", async () => {
    const r = await rival.download(`/api/projects/report/management/?ids=${projectIds.join(',')}`);
    expect(r.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.bytes as unknown as ArrayBuffer);
    const text = JSON.stringify(wb.worksheets[0].getSheetValues());
    expect(text).not.toContain('Elm St fibre');
    expect(text).toContain('Totals (0 projects)');
    const ours = (await office.list('/api/reports/')).body[0];
    expect((await rival.get(`/api/reports/${ours.id}/`)).status).toBe(404);
    expect((await rival.download(`/api/reports/${ours.id}/file/`)).status).toBe(404);
    expect((await rival.list('/api/reports/?all=t')).body.map((x: { id: string }) => x.id)).not.toContain(ours.id);
  });

  it('given a colleague, then ?all=t shows the whole account and the colleague may download; their own list is theirs', async () => {
    const ours = (await office.list('/api/reports/')).body[0];
    const invite = await office.post('/api/settings/users/', { display_name: 'Col League', email: `col.${Date.now()}@example.com`, password: 'long enough pw' });
    expect(invite.status).toBe(201);
    const colleague = new Client(app.url);
    await colleague.get('/api/auth/me');
    expect((await colleague.post('/api/auth/login', { email: invite.body.email, password: 'long enough pw' })).status).toBe(200);
    expect((await colleague.list('/api/reports/')).body).toEqual([]);
    expect((await colleague.list('/api/reports/?all=t')).body.map((x: { id: string }) => x.id)).toContain(ours.id);
    expect((await colleague.download(`/api/reports/${ours.id}/file/`)).status).toBe(200);
  });

  it('given a subscribed requester, when a report is built, then the progress labels reach them and the reports list row turns ready live', async () => {
    const s = await connect(office);
    const progress: string[] = [];
    const rows: { id: string; row: { state: string } | null }[] = [];
    s.on('report_progress', (p: { label: string }) => progress.push(p.label));
    s.on('row', (e: { list: string; id: string; row: { state: string } | null }) => e.list === 'reports' && rows.push(e));
    const r = await office.download(`/api/projects/report/management/?ids=${projectIds[1]}`);
    expect(r.status).toBe(200);
    await expect.poll(() => rows.some((e) => e.row?.state === 'ready'), { timeout: 5000 }).toBe(true);
    expect(progress).toEqual(['Calculating...', 'Fetching...', 'Sending...', 'Ready']);
  });
});
