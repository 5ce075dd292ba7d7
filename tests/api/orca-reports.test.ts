/**
 * The four ORCA reports end to end (spec 2 section 7, docs/reports.md): ORCA jobs, tasks, permits,
 * CIBE lines and invoices made over HTTP, each report asked for over HTTP and built by the real BullMQ
 * worker; every XLSX read back with exceljs (figures checked against the job and task as the screens
 * show them, row fills read from the cells), every PDF drawn by poppler and read with pdftotext.
 * Also: a base job among the ids gives no row, another account's ids give nothing, bad parameters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiTest } from '../support/apiTest.ts';
import { orcaJobCalls, type Row } from '../support/orcaJobs.ts';
import type { Client } from '../support/client.ts';
import { readSheet } from '../support/reports.ts';

const { office, rival, db } = apiTest('api_orca_reports', { worker: true, now: () => new Date('2026-11-22T15:00:00Z') });
const { newOrcaJob, add, detail } = orcaJobCalls(office);
const out = join(tmpdir(), 'tl-orca-reports');
mkdirSync(out, { recursive: true });

const jobs = { main: {} as Row, oak: {} as Row, base: '', rivals: '' };
const tasks = { t11: '', t12: '' };

beforeAll(async () => {
  for (const crew_name of ['Bore Crew A', 'Splice Team']) expect((await office.post('/api/settings/crews/', { crew_name })).status).toBe(201);
  jobs.main = await newOrcaJob({ title: 'Main St conduit', customer: 'AT&T', completion_date: '2026-12-31', estimated_payout: 1000, coordinator: 'Job Coord' });
  jobs.oak = await newOrcaJob({ title: 'Oak Ave', completion_date: '2026-11-20', coordinator: 'Lee' });
  jobs.base = (await office.post('/api/jobs/', { form_type: 'base', work_status: 'New', title: 'A base job' })).body.id;
  jobs.rivals = (await rival.post('/api/jobs/new/', { form_type: 'attorca', title: 'Rival ORCA job' })).body.id;
  const m = jobs.main.id;
  const on = (kind: string, body: Record<string, unknown>, id = m) => add(`/api/jobs/${id}/${kind}/`, body);
  // Task 1.2 first: the reports order tasks by their ids, not as added.
  tasks.t12 = (await on('tasks', { job: m, task_id: '1.2', title: 'Road crossing', due_date: '2026-11-27', coordinator_code: 'ZZ9', coordinator: 'Kim North', materials_status: 'Need', permit_status: 'Submitted', photo_status: 'Need More', estimated_crew_payout: 400 })).id;
  tasks.t11 = (await on('tasks', { job: m, task_id: '1.1', work_status: 'In Production' })).id;
  await on('permits', { job_task: tasks.t11, expiration_date: '2026-11-24' });
  await on('items', { job_task: tasks.t11, qty: 10, price: 100.1 });
  await on('items', { job_task: tasks.t12, qty: 1, price: 0.2 });
  await on('items', { qty: 1, price: 50 });
  await on('change_orders', { job_task: tasks.t12, qty: 1, price: 99.7 });
  await on('invoices', { job_task: tasks.t11, invoice_number: 'INV-2', invoice_amount: 600.3, status: 'Level 1' });
  await on('invoices', { task_id: '1.2', invoice_number: 'INV-1', invoice_amount: 0.1, status: 'Submitted' });
  await on('invoices', { invoice_number: 'INV-3', invoice_amount: 0.2, status: 'Paid' });
  // A status off the ORCA pipeline: an invoice the job kept from when it was a base job.
  expect((await office.put(`/api/jobs/${m}/`, { form_type: 'base' })).status).toBe(200);
  await on('invoices', { invoice_number: 'INV-4', invoice_amount: 5, status: 'Not Paid' });
  expect((await office.put(`/api/jobs/${m}/`, { form_type: 'attorca' })).status).toBe(200);
  await on('crew_payouts', { job_task: tasks.t12, crew_name: 'Bore Crew A', crew_payout_amount: 300.1, category: 'Crew Payout' });
  await on('crew_payouts', { job_task: tasks.t12, crew_payout_amount: 10, category: 'Materials Payout' });
  await on('crews', { job_task: tasks.t12, crew_name: 'Bore Crew A' });
  await on('notes', { job_task: tasks.t12, note: 'Waiting on the city' });
  await on('notes', { job_task: tasks.t12, note: 'Permit in hand' });
  await on('cibeitems', { job_task: tasks.t12, line_number: 2, issued_item_code: 'H7', issued_item_qty: 2, issued_item_price: 310, CIBE_item_qty: 3 });
  await on('cibeitems', { job_task: tasks.t12, line_number: 1, issued_item_code: 'E123', issued_item_qty: 100, issued_item_price: 5.25, CIBE_item_qty: 100 });
  const z = await on('cibeitems', { job_task: tasks.t11, line_number: 1, issued_item_code: 'Z1', issued_item_qty: 4, issued_item_price: 0.1 });
  expect((await office.post(`/api/jobs/cibeitems/${z.id}/zero/`, {})).status).toBeLessThan(300);
  await on('cibeitems', { line_number: 1, issued_item_code: 'OWN', issued_item_description: 'Own line', issued_item_qty: 3, issued_item_price: 0.1 });
  await on('crews', { crew_name: 'Splice Team' }, jobs.oak.id);
  await on('invoices', { invoice_number: 'OAK-1', invoice_amount: 1000, status: 'Level 1' }, jobs.oak.id);
  await on('notes', { note: 'Oak note' }, jobs.oak.id);
  await add(`/api/jobs/${jobs.base}/invoices/`, { invoice_number: 'B-1', invoice_amount: 1 });
  // The worker reads the job list read model: wait for our writes to reach it.
  await office.list('/api/jobs/');
  await rival.list('/api/jobs/');
}, 120_000);

const ids = () => [jobs.main.id, jobs.oak.id, jobs.base].join(',');
const num = (r: Row) => String(r.account_job_number);

/** The sheet's table: header, rows (totals last), each row's fill (ARGB or null). */
async function xlsx(path: string, firstHeader: string, c: Client = office) {
  const r = await c.download(path);
  expect(r.status, `${path} ${r.bytes.toString().slice(0, 200)}`).toBe(200);
  expect(r.headers.get('content-type')).toContain('spreadsheetml');
  return { ...(await readSheet(r.bytes, firstHeader)), disposition: decodeURIComponent(r.headers.get('content-disposition')!) };
}

/** The PDF's text (pdftotext -layout). */
async function pdf(path: string, name: string) {
  const r = await office.download(path);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('application/pdf');
  expect(r.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const file = join(out, `${name}.pdf`);
  writeFileSync(file, r.bytes);
  return { text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }), disposition: decodeURIComponent(r.headers.get('content-disposition')!) };
}

/** Green: the paid stage's fill (more green than red or blue). */
const isGreen = (argb: string | null) => {
  if (!argb) return false;
  const [r, g, b] = [2, 4, 6].map((i) => parseInt(argb.slice(i, i + 2), 16));
  return g > r && g > b;
};

describe('the ORCA ops report', () => {
  it("given ORCA jobs with and without tasks, then one row per task (a taskless job: one row), the task's own fields, soonest due first, red and orange fills", async () => {
    const s = await xlsx(`/api/jobs/report/orca/ops/?ids=${ids()}`, 'Job #');
    expect(s.title).toBe('ORCA Ops');
    expect(s.disposition).toContain('ORCA Ops 11-22-2026.xlsx');
    expect(s.header).toEqual(['Job #', 'Title', 'Task', 'Status', 'Due', 'Days left', 'Permit expires', 'Permit days', 'Coordinator', 'Crews', 'Materials', 'Permit', 'Photos', 'Latest note']);
    expect(s.body.map((r) => [r['Job #'], r.Task])).toEqual([
      [num(jobs.oak), null],
      [num(jobs.main), '1.2'],
      [num(jobs.main), '1.1'],
    ]);
    const [oak, t12, t11] = s.body;
    expect(oak).toMatchObject({ Title: 'Oak Ave', Status: 'New', 'Days left': -2, Coordinator: 'Lee', Crews: 'Splice Team', 'Latest note': 'Oak note' });
    expect(t12).toMatchObject({ Title: 'Main St conduit', 'Days left': 5, Coordinator: 'Kim North', Crews: 'Bore Crew A', Materials: 'Need', Permit: 'Submitted', Photos: 'Need More', 'Latest note': 'Permit in hand' });
    expect((t12.Due as Date).toISOString().slice(0, 10)).toBe('2026-11-27');
    // No due date of its own: the job's completion date; its permit sets the task's expiry.
    expect(t11).toMatchObject({ Status: 'In Production', 'Days left': 39, 'Permit days': 2, Coordinator: 'Job Coord' });
    expect((t11.Due as Date).toISOString().slice(0, 10)).toBe('2026-12-31');
    expect((t11['Permit expires'] as Date).toISOString().slice(0, 10)).toBe('2026-11-24');
    const task = (await office.get(`/api/jobs/tasks/${tasks.t11}/`)).body;
    expect(t11['Permit days']).toBe(task.task_permit_days_left);
    // Red (overdue), orange (5 days), none.
    expect(s.fills[0]).not.toBeNull();
    expect(s.fills[1]).not.toBeNull();
    expect(s.fills[0]).not.toBe(s.fills[1]);
    expect(s.fills[2]).toBeNull();
    expect(s.totals).toMatchObject({ Title: 'Totals (2 jobs, 2 tasks)', Status: '1 overdue', Coordinator: '1 due within 7 days' });
  });

  it('given the same jobs, then the PDF has the rows', async () => {
    const p = await pdf(`/api/jobs/report/orca/ops/?ids=${ids()}&format=pdf`, 'orca-ops');
    expect(p.disposition).toContain('ORCA Ops 11-22-2026.pdf');
    expect(p.text).toContain('ORCA Ops');
    expect(p.text).toMatch(/Main St conduit\s+1\.2\s+New\s+11\/27\/2026\s+5/);
    expect(p.text).toContain('Totals (2 jobs, 2');
  });
});

describe('the ORCA management report', () => {
  it("given an ORCA job with tasks, then a row per job (the job's own totals) and an indented row per task (the task's), the same figures as the screens, and grand totals", async () => {
    const s = await xlsx(`/api/jobs/report/orca/management/?ids=${ids()}`, 'Job #');
    expect(s.header).toEqual(['Job #', 'Title', 'PO items', 'Change orders', 'Total', 'Invoiced', 'Crew payouts', 'Gross profit', 'Payout %', 'CIBE issued', 'CIBE total', 'CIBE difference']);
    // Jobs by job number (Main St was made first), each with its tasks under it.
    expect(s.body.map((r) => r.Title)).toEqual(['Main St conduit', '    Task 1.1', '    Task 1.2: Road crossing', 'Oak Ave']);
    const [main, t11, t12] = s.body;
    const job = await detail(jobs.main.id);
    expect(main).toMatchObject({ 'PO items': 1051.2, 'Change orders': 99.7, Total: 1150.9, Invoiced: 605.6, 'Crew payouts': 300.1, 'Gross profit': 850.8, 'CIBE issued': 1145.7, 'CIBE total': 1455.3, 'CIBE difference': 309.6 });
    expect([main.Total, main['Gross profit'], main['CIBE issued'], main['CIBE total'], main['CIBE difference']]).toEqual([job.total_job, job.total_gross_profit, job.CIBE_issued_grand_total, job.CIBE_job_grand_total, job.CIBE_job_grand_total_difference]);
    expect(main['Payout %']).toBeCloseTo(0.3, 10);
    const shown = (await office.get(`/api/jobs/tasks/${tasks.t12}/`)).body;
    expect(t12).toMatchObject({ 'PO items': 0.2, 'Change orders': 99.7, Total: 99.9, Invoiced: 0.1, 'Crew payouts': 300.1, 'Gross profit': -200.2, 'CIBE issued': 1145, 'CIBE total': 1455, 'CIBE difference': 310 });
    expect([t12.Total, t12['Gross profit'], t12['CIBE total'], t12['CIBE difference']]).toEqual([shown.task_total, shown.task_total_gross_profit, shown.CIBE_total, shown.CIBE_total_difference]);
    expect(t12['Payout %']).toBeCloseTo(shown.task_payout_pct / 100, 10);
    expect(t11).toMatchObject({ 'PO items': 1001, Invoiced: 600.3, 'Payout %': null, 'CIBE issued': 0.4, 'CIBE total': 0, 'CIBE difference': -0.4 });
    // Task rows are shaded; the totals add the job rows only.
    expect(s.fills[0]).toBeNull();
    expect(s.fills[1]).not.toBeNull();
    expect(s.totals).toMatchObject({ Title: 'Totals (2 jobs)', 'PO items': 1051.2, Total: 1150.9, Invoiced: 1605.6, 'Crew payouts': 300.1, 'Gross profit': 850.8, 'CIBE issued': 1145.7, 'CIBE total': 1455.3, 'CIBE difference': 309.6 });
  });

  it('given the same jobs, then the PDF reads the money to the cent', async () => {
    const p = await pdf(`/api/jobs/report/orca/management/?ids=${ids()}&format=pdf`, 'orca-management');
    expect(p.text).toMatch(/Main St conduit\s+\$1,051\.20\s+\$99\.70\s+\$1,150\.90\s+\$605\.60\s+\$300\.10\s+\$850\.80\s+30\.00%\s+\$1,145\.70\s+\$1,455\.30\s+\$309\.60/);
    expect(p.text).toMatch(/Task 1\.2: Road crossing\s+\$0\.20\s+\$99\.70\s+\$99\.90/);
  });
});

describe('the ORCA billing invoices report', () => {
  it('given invoices of jobs and tasks, then each in pipeline order of status with a total row per status, the paid stage green, and the grand total', async () => {
    const s = await xlsx(`/api/jobs/report/orca/billing/invoices/?ids=${ids()}`, 'Job #');
    expect(s.header).toEqual(['Job #', 'Job', 'Task', 'Invoice #', 'Date', 'Amount', 'Status']);
    expect(s.body.map((r) => r['Invoice #'] ?? r.Job)).toEqual(['INV-1', 'Submitted: 1 invoice', 'INV-2', 'OAK-1', 'Level 1: 2 invoices', 'INV-3', 'Paid: 1 invoice', 'INV-4', 'Not Paid: 1 invoice']);
    expect(s.body[0]).toMatchObject({ 'Job #': num(jobs.main), Job: 'Main St conduit', Task: '1.2', Amount: 0.1, Status: 'Submitted' });
    expect(s.body[2]).toMatchObject({ Task: '1.1', Amount: 600.3, Status: 'Level 1' });
    expect(s.body[3]).toMatchObject({ 'Job #': num(jobs.oak), Job: 'Oak Ave', Task: null, Amount: 1000 });
    expect(s.body[4]).toMatchObject({ Amount: 1600.3, Status: 'Level 1' });
    expect(s.body[7]).toMatchObject({ Status: 'Not Paid', Amount: 5 });
    expect(JSON.stringify(s.body)).not.toContain('B-1');
    const green = s.fills.map(isGreen);
    expect(green).toEqual([false, false, true, true, true, true, true, false, false]);
    expect(s.fills[0]).toBeNull();
    expect(s.totals).toMatchObject({ Job: 'Totals (5 invoices, 2 jobs)', Amount: 1605.6, Status: 'paid stage 3 invoices' });
  });

  it('given the same jobs, then the PDF lists them', async () => {
    const p = await pdf(`/api/jobs/report/orca/billing/invoices/?ids=${ids()}&format=pdf`, 'orca-billing');
    expect(p.text).toMatch(/Main St conduit\s+1\.1\s+INV-2\s+\$600\.30\s+Level 1/);
    expect(p.text).toMatch(/Level 1: 2 invoices\s+\$1,600\.30/);
    expect(p.text).toMatch(/Totals \(5 invoices, 2 jobs\)\s+\$1,605\.60/);
  });
});

describe('the ORCA CIBE table', () => {
  it("given CIBE lines of a job and its tasks, then the job's own sheet, then each task's in line order, each line's figures, a totals row per job and overall", async () => {
    const s = await xlsx(`/api/jobs/report/orca/cibe_table/?ids=${ids()}`, 'Job #');
    expect(s.header).toEqual(['Job #', 'Task', 'Line #', 'Code', 'Description', 'Issued qty', 'Price', 'Issued total', 'CIBE qty', 'CIBE total', 'Difference', 'Change $', 'Zeroed']);
    expect(s.body.map((r) => [r.Task, r.Code])).toEqual([
      [null, 'OWN'],
      ['1.1', 'Z1'],
      ['1.2', 'E123'],
      ['1.2', 'H7'],
      [null, null],
    ]);
    expect(s.body[1]).toMatchObject({ 'Issued total': 0.4, 'CIBE qty': 0, 'CIBE total': null, Difference: -4, 'Change $': -0.4, Zeroed: 'Yes' });
    expect(s.body[3]).toMatchObject({ 'Line #': 2, 'Issued qty': 2, Price: 310, 'Issued total': 620, 'CIBE qty': 3, 'CIBE total': 930, Difference: 1, 'Change $': 310 });
    // The sheet's own figures, line by line.
    const lines = (await office.get(`/api/jobs/${jobs.main.id}/cibeitems/`)).body as Row[];
    const h7 = lines.find((l) => l.issued_item_code === 'H7')!;
    expect([s.body[3]['Issued total'], s.body[3]['CIBE total'], s.body[3].Difference]).toEqual([h7.issued_item_total, h7.CIBE_item_total, h7.CIBE_item_qty_diff]);
    const job = await detail(jobs.main.id);
    expect(s.body[4]).toMatchObject({ 'Job #': num(jobs.main), Description: 'Main St conduit: 4 lines', 'Issued total': job.CIBE_issued_grand_total, 'CIBE total': job.CIBE_job_grand_total, 'Change $': job.CIBE_job_grand_total_difference });
    expect(s.fills[4]).not.toBeNull();
    expect(s.totals).toMatchObject({ Description: 'Totals (4 lines, 1 job)', 'Issued total': 1145.7, 'CIBE total': 1455.3, 'Change $': 309.6 });
  });

  it('given the same jobs, then the PDF has the lines', async () => {
    const p = await pdf(`/api/jobs/report/orca/cibe_table/?ids=${ids()}&format=pdf`, 'orca-cibe');
    expect(p.text).toMatch(/1\.2\s+2\s+H7\s+2\s+\$310\.00\s+\$620\.00\s+3\s+\$930\.00\s+1\s+\$310\.00/);
    expect(p.text).toMatch(/Totals \(4 lines, 1 job\)\s+\$1,145\.70\s+\$1,455\.30\s+\$309\.60/);
  });
});

describe('every ORCA report', () => {
  const paths = ['/api/jobs/report/orca/ops/', '/api/jobs/report/orca/management/', '/api/jobs/report/orca/billing/invoices/', '/api/jobs/report/orca/cibe_table/'];

  it('given bad ids or a bad format, then 400 naming the field, and nothing is requested; billing invoices and the CIBE table need ids', async () => {
    const before = (await office.list('/api/reports/')).body.length;
    for (const p of paths) {
      if (p.includes('billing') || p.includes('cibe_table')) {
        const none = await office.get(p);
        expect(none.status, p).toBe(400);
        expect(none.body.fields).toHaveProperty('ids');
      }
      expect((await office.get(`${p}?ids=1,abc`)).body.fields).toHaveProperty('ids');
      expect((await office.get(`${p}?ids=${jobs.main.id}&format=docx`)).body.fields).toHaveProperty('format');
    }
    expect((await office.list('/api/reports/')).body.length).toBe(before);
  });

  it("given another account, when it asks for our jobs' reports, then they hold none of our jobs", async () => {
    for (const p of paths) {
      const s = await xlsx(`${p}?ids=${ids()},${jobs.rivals}`, 'Job #', rival);
      const text = JSON.stringify([s.body, s.totals]);
      for (const ours of ['Main St conduit', 'Oak Ave', 'INV-', 'OAK-1', 'H7']) expect(text, p).not.toContain(ours);
    }
  });

  it("given the ORCA dashboard's selection, when a bulk report is asked for (list orca_jobs), then the catalogue's ORCA report is built over those ids", async () => {
    const asked = await office.post('/api/bulk/', { list: 'orca_jobs', action: 'report', report: 'orca_billing_invoices', format: 'pdf', ids: [jobs.main.id, jobs.oak.id] });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    let op: Record<string, any> = asked.body;
    for (const deadline = Date.now() + 30_000; !['done', 'failed'].includes(op.status) && Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) op = (await office.get(`/api/bulk/${asked.body.id}/`)).body;
    expect(op).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    const report = (await office.get(`/api/reports/${op.file_url.split('/')[3]}/`)).body;
    expect(report).toMatchObject({ report: 'jobs.orca_billing_invoices', format: 'pdf', state: 'ready', file_name: 'ORCA Billing Invoices 11-22-2026.pdf', rows: 9 });
    const file = await office.download(op.file_url);
    writeFileSync(join(out, 'orca-bulk-billing.pdf'), file.bytes);
    expect(execFileSync('pdftotext', ['-layout', join(out, 'orca-bulk-billing.pdf'), '-'], { encoding: 'utf8' })).toMatch(/Totals \(5 invoices, 2 jobs\)\s+\$1,605\.60/);
  });

  it("given the ORCA dashboard's selection, when a bulk report named management or ops is asked for (list orca_jobs, issue 29), then the ORCA report is built: its title, file name and columns, not the job management report's", async () => {
    const bulkReport = async (report: string) => {
      const asked = await office.post('/api/bulk/', { list: 'orca_jobs', action: 'report', report, ids: [jobs.main.id, jobs.oak.id] });
      expect(asked.status, JSON.stringify(asked.body)).toBe(202);
      let op: Record<string, any> = asked.body;
      for (const deadline = Date.now() + 30_000; !['done', 'failed'].includes(op.status) && Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) op = (await office.get(`/api/bulk/${asked.body.id}/`)).body;
      expect(op).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
      return { record: (await office.get(`/api/reports/${op.file_url.split('/')[3]}/`)).body, sheet: await xlsx(op.file_url, 'Job #') };
    };
    const management = await bulkReport('management');
    expect(management.record).toMatchObject({ report: 'jobs.orca_management', label: 'ORCA Management', format: 'xlsx', file_name: 'ORCA Management 11-22-2026.xlsx', rows: 4 });
    expect(management.sheet.title).toBe('ORCA Management');
    expect(management.sheet.header).toEqual(['Job #', 'Title', 'PO items', 'Change orders', 'Total', 'Invoiced', 'Crew payouts', 'Gross profit', 'Payout %', 'CIBE issued', 'CIBE total', 'CIBE difference']);
    expect(management.sheet.body.map((r) => r.Title)).toEqual(['Main St conduit', '    Task 1.1', '    Task 1.2: Road crossing', 'Oak Ave']);
    const ops = await bulkReport('ops');
    expect(ops.record).toMatchObject({ report: 'jobs.orca_ops', label: 'ORCA Ops', file_name: 'ORCA Ops 11-22-2026.xlsx', rows: 3 });
    expect(ops.sheet.title).toBe('ORCA Ops');
    expect(ops.sheet.header).toEqual(['Job #', 'Title', 'Task', 'Status', 'Due', 'Days left', 'Permit expires', 'Permit days', 'Coordinator', 'Crews', 'Materials', 'Permit', 'Photos', 'Latest note']);
    // A report the ORCA list does not declare is a 400 naming report and its choices.
    const crew = await office.post('/api/bulk/', { list: 'orca_jobs', action: 'report', report: 'crew', ids: [jobs.main.id] });
    expect(crew.status).toBe(400);
    expect(crew.body.fields.report).toBe('no orca_jobs report named crew; orca_jobs takes ops, management, billing_invoices, cibe_table');
  });

  it('given the reports asked for, then each was requested, started and generated once with its label and rows counted', async () => {
    const list = (await office.list('/api/reports/?all=t')).body as Record<string, any>[];
    const byName = (n: string) => list.filter((r) => r.report === n);
    expect(byName('jobs.orca_ops')[0]).toMatchObject({ label: 'ORCA Ops', state: 'ready', rows: 3 });
    expect(byName('jobs.orca_management')[0]).toMatchObject({ label: 'ORCA Management', state: 'ready', rows: 4 });
    expect(byName('jobs.orca_billing_invoices').map((r) => [r.label, r.state, r.rows])).toContainEqual(['ORCA Billing Invoices', 'ready', 9]);
    expect(byName('jobs.orca_cibe_table')[0]).toMatchObject({ label: 'ORCA CIBE table', state: 'ready', rows: 5 });
    const { rows } = await db.query('select type from events where stream_id = $1 order by stream_version', [`report-${byName('jobs.orca_cibe_table')[0].id}`]);
    expect(rows.map((r) => r.type)).toEqual(['ReportRequested', 'ReportStarted', 'ReportGenerated']);
  });
});

// Last: the reports it asks for would be the newest of their kind for the tests above.
describe('the ORCA reports without ids (spec 2 section 7)', () => {
  it("given the ORCA dashboard as the user keeps it, when Ops and Management are asked for without ids, then they report its ticked rows, or with none ticked everything its filter matches", async () => {
    const setPrefs = async (p: Record<string, unknown>) => expect((await office.put('/api/jobs/orcas/dashboard_prefs/', p)).status).toBe(200);
    const reported = async (path: string, header: string) => (await xlsx(path, header)).body.map((r) => r[header]);
    try {
      // Nothing ticked, the find box kept: every ORCA job it matches (the base job never gives a row).
      await setPrefs({ findbox: 'Oak', select_all: false, selected_job_ids: [], start_date: null, end_date: null, active: true, archived: false });
      expect(await reported('/api/jobs/report/orca/ops/', 'Job #')).toEqual([num(jobs.oak)]);
      // Rows ticked: those rows.
      await setPrefs({ findbox: '', selected_job_ids: [jobs.main.id] });
      expect(new Set(await reported('/api/jobs/report/orca/ops/', 'Job #'))).toEqual(new Set([num(jobs.main)]));
      // Select all with one row unticked after: all that match less that one.
      await setPrefs({ select_all: true, selected_job_ids: [], deselected_job_ids: [jobs.main.id] });
      expect(await reported('/api/jobs/report/orca/management/', 'Job #')).toEqual([num(jobs.oak)]);
      const asked = (await office.list('/api/reports/?all=t')).body.find((r: Row) => r.report === 'jobs.orca_management');
      expect(asked.params.ids).toEqual([jobs.oak.id]);
    } finally {
      await setPrefs({ findbox: '', select_all: false, selected_job_ids: [], deselected_job_ids: [] });
    }
  });
});
