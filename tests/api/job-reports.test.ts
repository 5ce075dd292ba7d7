/**
 * The job reports of issue 5 end to end (docs/reports.md, docs/jobs.md "Calls"): jobs and their lines
 * made over HTTP, each report asked for over HTTP and built by the real BullMQ worker; every XLSX read
 * back with exceljs (and checked against the job list's own numbers), every PDF drawn with pdftoppm
 * and read with pdftotext. Also another account's ids and work orders, and bad parameters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { startTestApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/client.ts';
import { created } from '../support/reports.ts';

let app: TestApp;
let office: Client;
let rival: Client;
let db: pg.Pool;
const now = () => new Date('2026-11-22T15:00:00Z');
const out = join(tmpdir(), 'tl-job-reports');
mkdirSync(out, { recursive: true });

const jobs: Record<'elm' | 'route' | 'downtown' | 'rivals', string> = { elm: '', route: '', downtown: '', rivals: '' };
let workOrder: { id: string; work_order_number: string | null };
let rivalWorkOrder = '';
let elmItem = '';

beforeAll(async () => {
  app = await startTestApp('api_job_reports', { worker: true, now });
  office = await Client.signUp(app.url, 'Office');
  rival = await Client.signUp(app.url, 'Rival');
  db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });

  for (const crew_name of ['Bore Crew A', 'Splice Team']) await created(office, '/api/settings/crews/', { crew_name });
  const job = async (c: Client, values: Record<string, unknown>) => (await created(c, '/api/jobs/', { form_type: 'base', work_status: 'New', ...values })).id as string;
  jobs.elm = await job(office, { job_number: 'E-1', title: 'Elm St fibre', customer: 'AT&T', work_status: 'Current', start_date: '2026-11-01', completion_date: '2026-11-24', estimated_payout: 1000, colour: 'Green' });
  jobs.route = await job(office, { job_number: 'R-66', title: 'Route 66 bore', customer: 'Fiberlight', completion_date: '2026-12-30', estimated_payout: 500 });
  jobs.downtown = await job(office, { job_number: 'D-3', title: 'Downtown aerial' });
  jobs.rivals = await job(rival, { job_number: 'X-9', title: 'Rival secret job' });

  const add = (id: string, kind: string, body: Record<string, unknown>, c = office) => created(c, `/api/jobs/${id}/${kind}/`, body);
  elmItem = (await add(jobs.elm, 'items', { item: 'Bore 2"', qty: 3, price: 1000.1 })).id;
  await add(jobs.elm, 'items', { item: 'Splice', qty: 1, price: 0.2 });
  await add(jobs.elm, 'change_orders', { co_number: 'CO-1', qty: 1, price: 99.7 });
  await add(jobs.elm, 'invoices', { invoice_number: 'INV-1', invoice_amount: 600.3 });
  await add(jobs.elm, 'crew_payouts', { crew_name: 'Bore Crew A', crew_payout_amount: 300.1, category: 'Crew Payout' });
  await add(jobs.elm, 'crew_payouts', { crew_name: 'Bore Crew A', crew_payout_amount: 50.05, category: 'Materials Payout' });
  await add(jobs.elm, 'crews', { crew_name: 'Bore Crew A' });
  await add(jobs.elm, 'segments', { segment_number: 'S1', work_type: 'Bore', feet: 1000, plan_days: 4 });
  await add(jobs.elm, 'segments', { segment_number: 'S2', work_type: 'Trench', feet: 300, plan_days: 2, work_status: 'Current' });
  await add(jobs.elm, 'productions', { segment_number: 'S1', work_type: 'Bore', crew_name: 'Bore Crew A', feet: 250.5, production_days: 1, crew_payout_amount: 100.1 });
  await add(jobs.elm, 'notes', { note: 'Locates called in' });
  await add(jobs.elm, 'notes', { note: 'Crew on site Monday' });
  await add(jobs.route, 'items', { item: 'Pull', qty: 2, price: 0.1 });
  await add(jobs.route, 'crews', { crew_name: 'Splice Team' });
  await add(jobs.route, 'crew_payouts', { crew_name: 'Splice Team', crew_payout_amount: 0.2 });
  await add(jobs.route, 'productions', { crew_name: 'Splice Team', feet: 10, production_days: 1 });

  const wo = await add(jobs.elm, 'work_orders', { work_order_number: 'WO-41', work_description: 'Bore 300 ft of 2" HDPE under Elm St; restore sod.', crew_name: 'Bore Crew A', scheduled_date: '2026-11-30' });
  workOrder = { id: wo.id, work_order_number: wo.work_order_number ?? null };
  await created(office, `/api/jobs/work_orders/${wo.id}/items/`, { job_work_order: wo.id, line_number: 2, item: 'Splice case', uom: 'EA', qty: 1 });
  await created(office, `/api/jobs/work_orders/${wo.id}/items/`, { job_work_order: wo.id, line_number: 1, item: 'Bore 2"', description: 'Directional bore', uom: 'FT', qty: 300, job_item_ref: elmItem });
  await created(office, `/api/jobs/work_orders/${wo.id}/materials/`, { job_work_order: wo.id, item_code: 'HH-1730', description: 'Handhole 17x30', uom: 'EA', qty: 2 });
  rivalWorkOrder = (await add(jobs.rivals, 'work_orders', { work_description: 'Rival work' }, rival)).id;

  // The worker reads the job list read model: wait for our writes to reach it.
  await office.list('/api/jobs/');
  await rival.list('/api/jobs/');
}, 90_000);

afterAll(async () => {
  await db?.end();
  await app?.stop();
});

const ids = () => [jobs.elm, jobs.route, jobs.downtown].join(',');

/** The sheet's table: its header and its rows (the totals row last, after a blank row). */
async function sheet(bytes: Buffer, firstHeader: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const all = (wb.worksheets[0].getSheetValues().filter(Boolean) as unknown[][]).map((v) => v.slice(1));
  const at = all.findIndex((v) => v[0] === firstHeader);
  expect(at, `header row starting ${firstHeader}`).toBeGreaterThanOrEqual(0);
  const header = all[at] as string[];
  const rows = all.slice(at + 1).map((v) => Object.fromEntries(header.map((h, i) => [h, v[i] ?? null])));
  return { title: all[0][0], header, rows, body: rows.slice(0, -1), totals: rows[rows.length - 1] };
}

async function xlsx(path: string, firstHeader: string, c = office) {
  const r = await c.download(path);
  expect(r.status, `${path} ${r.bytes.toString().slice(0, 200)}`).toBe(200);
  expect(r.headers.get('content-type')).toContain('spreadsheetml');
  return { ...(await sheet(r.bytes, firstHeader)), disposition: decodeURIComponent(r.headers.get('content-disposition')!) };
}

/** The PDF drawn with pdftoppm (first page, kept for looking at) and its text. */
async function pdf(path: string, name: string) {
  const r = await office.download(path);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('application/pdf');
  const file = join(out, `${name}.pdf`);
  writeFileSync(file, r.bytes);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, join(out, name)]);
  expect(statSync(join(out, `${name}.png`)).size).toBeGreaterThan(5000);
  console.log(`[job reports test] rendered ${join(out, `${name}.png`)}`);
  return { text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }), disposition: decodeURIComponent(r.headers.get('content-disposition')!) };
}

describe('the job management report', () => {
  it("given three jobs, when the XLSX is asked for, then one row per job in the list's order with the job's own totals, and a totals row in exact cents", async () => {
    const s = await xlsx(`/api/jobs/report/management/?ids=${ids()}`, 'Job #');
    expect(s.disposition).toContain('Job management report 11-22-2026.xlsx');
    expect(s.header).toEqual(['Job #', 'Title', 'Customer', 'Status', 'PO items', 'Change orders', 'Total job', 'Invoiced', 'Crew payouts', 'Gross profit', 'Payout %']);
    expect(s.body.map((r) => r.Title)).toEqual(['Elm St fibre', 'Route 66 bore', 'Downtown aerial']);
    expect(s.body[0]).toMatchObject({ 'Job #': expect.any(String), Customer: 'AT&T', Status: 'Current', 'PO items': 3000.5, 'Change orders': 99.7, 'Total job': 3100.2, Invoiced: 600.3, 'Crew payouts': 300.1, 'Gross profit': 2800.1 });
    expect(s.body[0]['Payout %']).toBeCloseTo(0.3, 10);
    // The same numbers as the job list shows.
    const list = (await office.list('/api/jobs/')).body as Record<string, any>[];
    for (const row of s.body) {
      const v = list.find((j) => j.title === row.Title)!;
      expect([row['Total job'], row['Crew payouts'], row['Gross profit'], row.Invoiced]).toEqual([v.total_job, v.total_crew_payouts, v.total_gross_profit, v.total_job_invoiced_actual]);
    }
    expect(s.totals).toMatchObject({ Title: 'Totals (3 jobs)', 'PO items': 3000.7, 'Total job': 3100.4, 'Crew payouts': 300.3, 'Gross profit': 2800.1 });
    // 300.30 crew payouts of 1,500 estimated.
    expect(s.totals['Payout %']).toBeCloseTo(0.2, 10);
  });

  it('given the same jobs, when the PDF is asked for, then poppler draws it and reads the money to the cent', async () => {
    const p = await pdf(`/api/jobs/report/management/?ids=${ids()}&format=pdf`, 'job-management');
    expect(p.disposition).toContain('Job management report 11-22-2026.pdf');
    expect(p.text).toContain('Job management report');
    expect(p.text).toMatch(/Elm St fibre.*\$3,000\.50\s+\$99\.70\s+\$3,100\.20\s+\$600\.30\s+\$300\.10\s+\$2,800\.10\s+30\.00%/);
    expect(p.text).toMatch(/Totals \(3 jobs\).*\$3,100\.40/);
  });
});

describe('the job ops report', () => {
  it('given three jobs, then days left, crews, segment % complete and the latest note of each, soonest first', async () => {
    const s = await xlsx(`/api/jobs/report/ops/?ids=${ids()}`, 'Job #');
    expect(s.header).toEqual(['Job #', 'Title', 'Customer', 'Form', 'Status', 'Start', 'Completion', 'Days left', 'Crews', '% complete', 'Latest note']);
    const [elm, route, downtown] = s.body;
    expect(elm).toMatchObject({ Title: 'Elm St fibre', Form: 'base', 'Days left': 2, Crews: 'Bore Crew A', 'Latest note': 'Crew on site Monday' });
    expect((elm.Completion as Date).toISOString().slice(0, 10)).toBe('2026-11-24');
    // 250.5 ft of 1,300 planned: 19%.
    expect(elm['% complete']).toBeCloseTo(0.19, 10);
    expect(route).toMatchObject({ Title: 'Route 66 bore', 'Days left': 38, Crews: 'Splice Team', '% complete': null });
    expect(downtown).toMatchObject({ Title: 'Downtown aerial', 'Days left': null, Status: 'New' });
    expect(s.totals.Title).toBe('Totals (3 jobs)');
  });

  it('given the same jobs, then the PDF draws', async () => {
    const p = await pdf(`/api/jobs/report/ops/?ids=${ids()}&format=pdf`, 'job-ops');
    expect(p.text).toMatch(/Elm St fibre.*11\/24\/2026\s+2\s+Bore Crew A\s+19\.00%\s+Crew on site Monday/);
  });
});

describe('the segment production report', () => {
  it("given segments and productions, then one row per segment with its roll-up, an Unassigned row for a production of no segment, and totals", async () => {
    const s = await xlsx(`/api/jobs/report/segment_production/?ids=${ids()}`, 'Job #');
    expect(s.header).toEqual(['Job #', 'Job', 'Segment', 'Work type', 'Status', 'Planned ft', 'Actual ft', '% complete', 'Plan days', 'Actual days', 'Payouts']);
    expect(s.body.map((r) => [r.Job, r.Segment])).toEqual([
      ['Elm St fibre', 'S1'],
      ['Elm St fibre', 'S2'],
      ['Route 66 bore', 'Unassigned'],
    ]);
    expect(s.body[0]).toMatchObject({ 'Work type': 'Bore', Status: 'New', 'Planned ft': 1000, 'Actual ft': 250.5, 'Plan days': 4, 'Actual days': 1, Payouts: 100.1 });
    expect(s.body[0]['% complete']).toBeCloseTo(0.25, 10);
    expect(s.body[1]).toMatchObject({ Status: 'Current', 'Actual ft': 0 });
    expect(s.body[2]).toMatchObject({ 'Actual ft': 10, 'Planned ft': null });
    // The job's own roll-up (detail) agrees.
    const detail = (await office.get(`/api/jobs/${jobs.elm}/`)).body;
    expect(detail.segment_rollups[0]).toMatchObject({ segment_number: 'S1', segment_total_feet: 250.5, percent_complete: 25 });
    expect(s.totals).toMatchObject({ Job: 'Totals (2 segments, 3 jobs)', 'Planned ft': 1300, 'Actual ft': 260.5, 'Plan days': 6, 'Actual days': 2, Payouts: 100.1 });
    expect(s.totals['% complete']).toBeCloseTo(0.2, 10);
  });

  it('given the same jobs, then the PDF draws', async () => {
    const p = await pdf(`/api/jobs/report/segment_production/?ids=${ids()}&format=pdf`, 'job-segments');
    expect(p.text).toMatch(/S1\s+Bore\s+New\s+1,000\s+250\.5\s+25\.00%\s+4\s+1\s+\$100\.10/);
    expect(p.text).toContain('Unassigned');
  });
});

describe('the crew report', () => {
  it('given crews on two jobs, then one row per crew with feet, days and payouts by category that add up to the jobs’ payouts', async () => {
    const s = await xlsx(`/api/jobs/report/crew/?ids=${ids()}`, 'Crew');
    expect(s.header).toEqual(['Crew', 'Jobs', 'Productions', 'Feet', 'Prod. days', 'Production payouts', 'Crew payouts', 'Materials payouts', 'Equipment payouts', 'All payouts']);
    expect(s.body.map((r) => r.Crew)).toEqual(['Bore Crew A', 'Splice Team']);
    expect(s.body[0]).toMatchObject({ Jobs: 1, Productions: 1, Feet: 250.5, 'Prod. days': 1, 'Production payouts': 100.1, 'Crew payouts': 300.1, 'Materials payouts': 50.05, 'Equipment payouts': 0, 'All payouts': 350.15 });
    expect(s.body[1]).toMatchObject({ Jobs: 1, Feet: 10, 'Crew payouts': 0.2, 'All payouts': 0.2 });
    const list = (await office.list('/api/jobs/')).body as Record<string, any>[];
    const sum = (k: string) => Math.round(list.reduce((t, j) => t + j[k] * 100, 0)) / 100;
    expect(s.totals).toMatchObject({ Crew: 'Totals (2 crews, 3 jobs)', Jobs: 2, Feet: 260.5, 'Crew payouts': sum('total_crew_payouts'), 'All payouts': sum('total_payouts') });
    expect(s.totals['All payouts']).toBe(350.35);
  });

  it('given the same jobs, then the PDF draws', async () => {
    const p = await pdf(`/api/jobs/report/crew/?ids=${ids()}&format=pdf`, 'job-crews');
    expect(p.text).toMatch(/Bore Crew A\s+1\s+1\s+250\.5\s+1\s+\$100\.10\s+\$300\.10\s+\$50\.05\s+\$0\.00\s+\$350\.15/);
  });
});

describe('the work order PDF', () => {
  it('given a work order with items and materials, then its PDF has the header, the items in line order and the materials', async () => {
    const p = await pdf(`/api/jobs/work_orders/${workOrder.id}/pdf/`, 'work-order');
    expect(p.disposition).toContain('Work order 11-22-2026.pdf');
    if (workOrder.work_order_number) expect(p.text).toContain(`Work order ${workOrder.work_order_number}`);
    expect(p.text).toMatch(/Customer\s+AT&T/);
    expect(p.text).toMatch(/Crew\s+Bore Crew A/);
    expect(p.text).toMatch(/Scheduled\s+11\/30\/2026/);
    expect(p.text).toContain('restore sod.');
    const bore = p.text.indexOf('Directional bore');
    const splice = p.text.indexOf('Splice case');
    expect(bore).toBeGreaterThan(0);
    expect(splice).toBeGreaterThan(bore);
    expect(p.text).toMatch(/2 items\s+301/);
    expect(p.text).toMatch(/HH-1730\s+Handhole 17x30\s+EA\s+2/);
    const [report] = (await office.list('/api/reports/')).body;
    expect(report).toMatchObject({ report: 'jobs.work_order', format: 'pdf', state: 'ready', rows: 3, params: { id: workOrder.id } });
  });

  it("given another account's work order, a job item's id or no such id, then 404 and nothing is requested; a bad id or format is a 400", async () => {
    const before = (await office.list('/api/reports/')).body.length;
    const rivals = await office.get(`/api/jobs/work_orders/${rivalWorkOrder}/pdf/`);
    expect(rivals.status).toBe(404);
    expect(rivals.body.message).toBe('Work Order not found');
    expect((await office.get(`/api/jobs/work_orders/${elmItem}/pdf/`)).status).toBe(404);
    expect((await office.get('/api/jobs/work_orders/999999999/pdf/')).status).toBe(404);
    const bad = await office.get('/api/jobs/work_orders/abc/pdf/');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('id');
    const xl = await office.get(`/api/jobs/work_orders/${workOrder.id}/pdf/?format=xlsx`);
    expect(xl.status).toBe(400);
    expect(xl.body.fields).toHaveProperty('format');
    expect((await office.list('/api/reports/')).body.length).toBe(before);
    // The rival reaches its own.
    expect((await rival.download(`/api/jobs/work_orders/${rivalWorkOrder}/pdf/`)).status).toBe(200);
  });
});

describe('every job report', () => {
  const paths = ['/api/jobs/report/ops/', '/api/jobs/report/management/', '/api/jobs/report/segment_production/', '/api/jobs/report/crew/'];

  it('given bad ids or a bad format, then 400 naming the field, and nothing is requested', async () => {
    const before = (await office.list('/api/reports/')).body.length;
    for (const p of paths) {
      const none = await office.get(p);
      expect(none.status, p).toBe(400);
      expect(none.body.fields).toHaveProperty('ids');
      expect((await office.get(`${p}?ids=1,abc`)).body.fields).toHaveProperty('ids');
      expect((await office.get(`${p}?ids=${jobs.elm}&format=docx`)).body.fields).toHaveProperty('format');
    }
    expect((await office.list('/api/reports/')).body.length).toBe(before);
  });

  it("given another account, when it asks for our jobs' reports, then they hold none of our jobs", async () => {
    const firstHeader: Record<string, string> = { crew: 'Crew' };
    for (const p of paths) {
      const name = p.split('/')[4];
      const s = await xlsx(`${p}?ids=${ids()},${jobs.rivals}`, firstHeader[name] ?? 'Job #', rival);
      const text = JSON.stringify(s.rows);
      for (const ours of ['Elm St fibre', 'Route 66 bore', 'Downtown aerial', 'Bore Crew A', 'Splice Team']) expect(text, p).not.toContain(ours);
      if (name === 'ops' || name === 'management') expect(s.body.map((r) => r.Title)).toEqual(['Rival secret job']);
    }
  });

  it('given the four reports, then each was requested, started and generated once with its rows counted', async () => {
    const list = (await office.list('/api/reports/?all=t')).body as Record<string, any>[];
    const byName = (n: string) => list.filter((r) => r.report === n);
    expect(byName('jobs.management')[0]).toMatchObject({ label: 'Job management report', state: 'ready', rows: 3 });
    expect(byName('jobs.segment_production')[0]).toMatchObject({ label: 'Segment production report', rows: 3 });
    expect(byName('jobs.crew')[0]).toMatchObject({ label: 'Crew report', rows: 2 });
    const { rows } = await db.query('select type from events where stream_id = $1 order by stream_version', [`report-${byName('jobs.ops')[0].id}`]);
    expect(rows.map((r) => r.type)).toEqual(['ReportRequested', 'ReportStarted', 'ReportGenerated']);
  });
});
