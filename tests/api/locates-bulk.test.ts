/**
 * Bulk actions over locates (docs/bulk.md, docs/locates.md) over HTTP with the real BullMQ worker:
 * the re-up of selected locates and of all that match the expiring view (each locate's dates moved by
 * the account's rules, one history line each, once however often the operation runs), archive and
 * delete through the generic path, the locates report of a selection read back (XLSX with exceljs,
 * PDF with pdftotext), and another account's locates never touched.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiTest } from '../support/apiTest.ts';
import { created, runBulk, readSheet } from '../support/reports.ts';
import type { Client } from '../support/client.ts';

// Sunday 22 November 2026.
const { app, office, rival, db } = apiTest('api_locates_bulk', { worker: true, now: () => new Date('2026-11-22T15:00:00Z') });
const out = join(tmpdir(), 'tl-locates-bulk');
mkdirSync(out, { recursive: true });

const locate = async (c: Client, values: Record<string, unknown>) => (await created(c, '/api/locates/', { form_type: 'base_locate', ...values })).id as string;

/** The account of an operation (its progress row), for a job queued by hand. */
const accountOf = async (operationId: string) => String((await db.query('select account_id from bulk_operations where id = $1', [operationId])).rows[0].account_id);
const eventsOf = async (id: string) => (await db.query('select type, data from events where stream_id = $1 order by stream_version', [`locate-${id}`])).rows as { type: string; data: Record<string, any> }[];
const reUps = async (id: string) => (await eventsOf(id)).filter((e) => e.type === 'LocateReUpped').length;
const current = async (id: string) => {
  const d = (await office.get(`/api/locates/${id}/`)).body;
  return [d.current_date_submitted, d.current_work_date, d.current_date_expiration];
};
const history = async (id: string) => ((await office.get(`/api/locates/${id}/locate_numbers/`)).body as Record<string, any>[]).map((l) => [l.ticket_number, l.ticket_type, l.date_submitted, l.work_date, l.date_expiration]);

describe('bulk re-up', () => {
  it('given locates chosen by ids, when re-upped under the spec’s rules, then each is submitted today, worked in 2 days, expires 14 days after, with one history line', async () => {
    const a = await locate(office, { current_ticket_number: 'A-100', current_date_submitted: '2026-11-09' });
    const d = await locate(office, { current_ticket_number: 'D-400', current_date_submitted: '2026-11-20' });
    const untouched = await locate(office, { current_ticket_number: 'N-1', current_date_submitted: '2026-11-09' });
    const op = await runBulk(office, { list: 'locates', action: 'reup', ids: [d, a] });
    expect(op).toMatchObject({ list: 'locates', action: 'reup', status: 'done', total: 2, done: 2, failed: 0, label: 'Done', file_url: null, message: null });
    for (const id of [a, d]) {
      expect(await reUps(id)).toBe(1);
      expect(await current(id)).toEqual(['2026-11-22', '2026-11-24', '2026-12-08']);
    }
    expect(await history(a)).toEqual([['A-100', 'Update', '2026-11-22', '2026-11-24', '2026-12-08']]);
    expect(await reUps(untouched)).toBe(0);
    expect(await current(untouched)).toEqual(['2026-11-09', null, '2026-11-23']);
  });

  it('given the account’s rules in working days with a holiday, when all that match the expiring view except one are re-upped, then exactly those move by those rules', async () => {
    expect((await office.put('/api/settings/locates/', { ticket_life_days: 10, ticket_life_basis: 'working', work_wait_days: 2, reup_lead_days: 2 })).status).toBe(200);
    await created(office, '/api/settings/locates/holidays/', { date: '2026-11-26', name: 'Thanksgiving' });
    const b = await locate(office, { current_ticket_number: 'B-200', current_date_submitted: '2026-11-08', current_date_expiration: '2026-11-22' });
    const c = await locate(office, { current_ticket_number: 'C-300', current_date_submitted: '2026-11-10', current_date_expiration: '2026-11-24', locate_status: 'Marked' });
    const kept = await locate(office, { current_ticket_number: 'K-1', current_date_submitted: '2026-11-09', current_date_expiration: '2026-11-23' });
    const later = await locate(office, { current_ticket_number: 'L-1', current_date_submitted: '2026-11-20', current_date_expiration: '2026-12-04' });
    const done = await locate(office, { current_ticket_number: 'E-500', current_date_submitted: '2026-11-09', current_date_expiration: '2026-11-23', locate_status: 'Completed' });
    const theirs = await locate(rival, { current_ticket_number: 'R-900', current_date_submitted: '2026-11-09', current_date_expiration: '2026-11-23' });
    // The view as the user saw it: due by Tuesday (2 working days after Sunday).
    const expiring = async () => ((await office.list('/api/locates/expiring/')).body as { id: string }[]).map((r) => r.id);
    await expect.poll(expiring, { timeout: 10_000, interval: 50 }).toEqual(expect.arrayContaining([b, c, kept]));
    expect(await expiring()).not.toContain(later);
    expect(await expiring()).not.toContain(done);

    const matching = (await expiring()).filter((id) => id !== kept);
    const op = await runBulk(office, { list: 'expiring_locates', action: 'reup', filter: {}, except: [kept] });
    expect(op).toMatchObject({ list: 'expiring_locates', status: 'done', total: matching.length, done: matching.length, failed: 0 });
    // Work on Tuesday 11/24; 10 working days after it, skipping the weekends and Thanksgiving: 12/09.
    for (const id of [b, c]) {
      expect(await reUps(id)).toBe(1);
      expect(await current(id)).toEqual(['2026-11-22', '2026-11-24', '2026-12-09']);
    }
    expect(await history(c)).toEqual([['C-300', 'Update', '2026-11-22', '2026-11-24', '2026-12-09']]);
    for (const id of [kept, later, done, theirs]) expect(await reUps(id)).toBe(0);
    await expect.poll(expiring, { timeout: 10_000, interval: 50 }).not.toContain(b);
  });

  it('given a re-up running, when the same operation is run by a second job meanwhile, then progress says Re-upping... and each locate is re-upped once', async () => {
    const ids = [
      await locate(office, { current_ticket_number: 'T-1', current_date_submitted: '2026-11-09' }),
      await locate(office, { current_ticket_number: 'T-2', current_date_submitted: '2026-11-09' }),
      await locate(office, { current_ticket_number: 'T-3', current_date_submitted: '2026-11-09' }),
    ];
    process.env.BULK_STEP_DELAY_MS = '200';
    try {
      const asked = await office.post('/api/bulk/', { list: 'locates', action: 'reup', ids });
      expect(asked.status).toBe(202);
      await app.api.ctx.jobs.enqueue('bulk.run', { operationId: asked.body.id, accountId: await accountOf(asked.body.id) }, `bulk-${asked.body.id}-again`);
      await expect.poll(async () => (await office.get(`/api/bulk/${asked.body.id}/`)).body.label, { timeout: 10_000, interval: 20 }).toBe('Re-upping...');
      await expect.poll(async () => (await office.get(`/api/bulk/${asked.body.id}/`)).body.status, { timeout: 20_000, interval: 100 }).toBe('done');
      expect(await app.api.ctx.jobs.waitFor(`bulk-${asked.body.id}-again`, 20_000)).toBe(true);
      expect((await office.get(`/api/bulk/${asked.body.id}/`)).body).toMatchObject({ total: 3, done: 3, failed: 0 });
      for (const id of ids) {
        expect(await reUps(id)).toBe(1);
        expect(await history(id)).toHaveLength(1);
      }
    } finally {
      delete process.env.BULK_STEP_DELAY_MS;
    }
  });

  it('given ids of a deleted locate and of another account’s, when re-upped, then those fail with a message, the others’ is untouched, and the rest go on', async () => {
    const [a, gone] = [await locate(office, { current_ticket_number: 'G-1' }), await locate(office, { current_ticket_number: 'G-2' })];
    const theirs = await locate(rival, { current_ticket_number: 'G-9' });
    expect((await office.del(`/api/locates/${gone}/`)).status).toBe(200);
    const op = await runBulk(office, { list: 'locates', action: 'reup', ids: [gone, theirs, a] });
    expect(op).toMatchObject({ status: 'done', total: 3, done: 1, failed: 2 });
    expect(await reUps(a)).toBe(1);
    expect((await eventsOf(theirs)).map((e) => e.type)).toEqual(['LocateCreated']);
    const failed = (await db.query(`select record_id::text, message from bulk_operation_records where operation_id = $1 and state = 'failed' order by position`, [op.id])).rows;
    expect(failed).toEqual([{ record_id: gone, message: 'Locate not found' }, { record_id: theirs, message: 'Locate not found' }]);
    expect((await rival.get(`/api/locates/${theirs}/`)).body.current_ticket_number).toBe('G-9');
  });
});

describe('bulk archive and delete of locates', () => {
  it('given locates, when two are archived by ids, then each has one archive event and leaves the active list', async () => {
    const [a, b, c] = [await locate(office, { current_ticket_number: 'AR-1' }), await locate(office, { current_ticket_number: 'AR-2' }), await locate(office, { current_ticket_number: 'AR-3' })];
    expect(await runBulk(office, { list: 'locates', action: 'archive', ids: [a, b] })).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    const archiving = async (id: string) => (await eventsOf(id)).filter((e) => e.type === 'LocateRevised' && e.data.changes?.archived).length;
    expect([await archiving(a), await archiving(b), await archiving(c)]).toEqual([1, 1, 0]);
    expect((await office.get(`/api/locates/${a}/`)).body.archived).toBe(true);
    const active = async () => ((await office.list('/api/locates/?q=AR-')).body as { id: string }[]).map((r) => r.id);
    await expect.poll(active, { timeout: 10_000, interval: 50 }).toEqual([c]);
  });

  it('given locates matching a search, when all that match except one are deleted, then exactly those are deleted once and another account’s is not', async () => {
    const made = [await locate(office, { current_ticket_number: 'SWEEP-1' }), await locate(office, { current_ticket_number: 'SWEEP-2' }), await locate(office, { current_ticket_number: 'SWEEP-3' })];
    const theirs = await locate(rival, { current_ticket_number: 'SWEEP-9' });
    await expect.poll(async () => ((await office.list('/api/locates/?q=sweep')).body as unknown[]).length, { timeout: 10_000, interval: 50 }).toBe(3);
    const op = await runBulk(office, { list: 'locates', action: 'delete', filter: { q: 'sweep' }, except: [made[1]] });
    expect(op).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    const deletions = async (id: string) => (await eventsOf(id)).filter((e) => e.type === 'LocateDeleted').length;
    expect([await deletions(made[0]), await deletions(made[1]), await deletions(made[2]), await deletions(theirs)]).toEqual([1, 0, 1, 0]);
    expect((await office.get(`/api/locates/${made[0]}/`)).status).toBe(404);
  });
});

const sheet = (bytes: Buffer) => readSheet(bytes, 'Ticket #');

/** The hue of a row's fill: red (as much green as blue), orange (more green than blue), or none. */
const hue = (argb: string | null) => {
  if (!argb) return null;
  const [r, g, b] = [2, 4, 6].map((i) => parseInt(argb.slice(i, i + 2), 16));
  return r > g && g === b ? 'red' : r > g && g > b ? 'orange' : argb;
};

const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v);

describe('the locates report', () => {
  it('given locates on a job task, re-upped, expired and later, when the report of a selection is asked for, then the XLSX rows are soonest expiry first with the list’s days left, and the PDF reads the same', async () => {
    await created(office, '/api/settings/crews/', { crew_name: 'Bore Crew A' });
    const job = await created(office, '/api/jobs/', { form_type: 'attorca', work_status: 'New', account_job_number: '1001', title: 'Elm St fibre' });
    const task = await created(office, `/api/jobs/${job.id}/tasks/`, { job: job.id, task_id: '1.1', title: 'Pull fibre' });
    const later = await locate(office, { current_ticket_number: 'P-1', current_date_submitted: '2026-11-17', current_date_expiration: '2026-12-01' });
    const onTask = await locate(office, { current_ticket_number: 'Q-1', current_alt_ticket_number: 'ALT-7', current_date_submitted: '2026-11-01', job_ref: job.id, job_task_ref: task.id });
    await created(office, `/api/locates/${onTask}/reup/`, { ticket_number: 'Q-2', date_submitted: '2026-11-20', work_date: '2026-11-22', date_expiration: '2026-11-25' });
    await created(office, `/api/locates/${onTask}/customer_data/`, { customer: 'AT&T' });
    await created(office, `/api/locates/${onTask}/crews/`, { crew_name: 'Bore Crew A' });
    const expired = await locate(office, { current_ticket_number: 'R-1', current_date_submitted: '2026-11-06', current_date_expiration: '2026-11-20', locate_status: 'Marked' });
    const far = await locate(office, { current_ticket_number: 'F-1', current_date_submitted: '2026-11-20', current_date_expiration: '2026-12-20' });
    const theirs = await locate(rival, { current_ticket_number: 'SECRET-1', current_date_submitted: '2026-11-06' });
    // The worker reads the list read model: wait until it shows the last writes.
    await expect.poll(async () => ((await office.list('/api/locates/?q=Q-2')).body as Record<string, any>[])[0]?.crew_string, { timeout: 10_000, interval: 50 }).toBe('Bore Crew A');

    const ids = [later, theirs, far, onTask, expired].join(',');
    const x = await office.download(`/api/locates/report/locates/?ids=${ids}`);
    expect(x.status, x.bytes.toString().slice(0, 200)).toBe(200);
    expect(decodeURIComponent(x.headers.get('content-disposition')!)).toContain('Locates report 11-22-2026.xlsx');
    const s = await sheet(x.bytes);
    expect(s.title).toBe('Locates report');
    expect(s.header).toEqual(['Ticket #', 'Alt #', 'Status', 'Ticket type', 'Submitted', 'Work date', 'Expiration', 'Days left', 'Job #', 'Job', 'Task', 'Customer', 'Crews', 'Re-ups', 'Ticket chain']);
    expect(s.body.map((r) => [r['Ticket #'], day(r.Expiration), r['Days left']])).toEqual([
      ['R-1', '2026-11-20', -2],
      ['Q-2', '2026-11-25', 3],
      ['P-1', '2026-12-01', 9],
      ['F-1', '2026-12-20', 28],
    ]);
    // Filled as the list colours days left: red under 5, orange under 10.
    expect(s.fills.map(hue)).toEqual(['red', 'red', 'orange', null]);
    expect({ ...s.body[1], Submitted: day(s.body[1].Submitted), 'Work date': day(s.body[1]['Work date']), Expiration: day(s.body[1].Expiration) }).toEqual({
      'Ticket #': 'Q-2',
      'Alt #': 'ALT-7',
      Status: 'Active',
      'Ticket type': 'Update',
      Submitted: '2026-11-20',
      'Work date': '2026-11-22',
      Expiration: '2026-11-25',
      'Days left': 3,
      'Job #': '1001',
      Job: 'Elm St fibre',
      Task: '1.1 Pull fibre',
      Customer: 'AT&T',
      Crews: 'Bore Crew A',
      'Re-ups': 1,
      'Ticket chain': 'Q-1 > Q-2',
    });
    expect(s.totals).toMatchObject({ 'Ticket #': 'Totals (4 locates)', Status: '1 expired', Job: '1 due within 5 days', 'Re-ups': 1 });
    // The same days left as the list shows.
    const listed = (await office.list('/api/locates/?q=Q-2')).body[0];
    expect(listed).toMatchObject({ locate_days_left: 3, locate_days_colour: 'red' });
    expect(JSON.stringify(s)).not.toContain('SECRET');

    const p = await office.download(`/api/locates/report/locates/?ids=${ids}&format=pdf`);
    expect(p.status).toBe(200);
    expect(p.headers.get('content-type')).toBe('application/pdf');
    const file = join(out, 'locates.pdf');
    writeFileSync(file, p.bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Locates report');
    const at = (t: string) => text.indexOf(t);
    expect([at('R-1'), at('Q-2'), at('P-1'), at('F-1')].every((i, n, all) => i >= 0 && (n === 0 || i > all[n - 1]))).toBe(true);
    expect(text).toMatch(/Q-2\s+ALT-7\s+Active\s+Update\s+11\/20\/2026\s+11\/22\/2026\s+11\/25\/2026\s+3\s+1001/);
    expect(text).not.toContain('SECRET');
  });

  it('given a selection, when the report is asked for as a bulk action, then its file is the same report', async () => {
    const a = await locate(office, { current_ticket_number: 'BR-1', current_date_submitted: '2026-11-15', current_date_expiration: '2026-11-29' });
    await expect.poll(async () => ((await office.list('/api/locates/?q=BR-1')).body as unknown[]).length, { timeout: 10_000, interval: 50 }).toBe(1);
    const op = await runBulk(office, { list: 'locates', action: 'report', report: 'locates', ids: [a] });
    expect(op).toMatchObject({ status: 'done', total: 1, done: 1 });
    const r = await office.download(op.file_url);
    expect(r.status).toBe(200);
    const s = await sheet(r.bytes);
    expect(s.body.map((row) => [row['Ticket #'], day(row.Expiration), row['Days left']])).toEqual([['BR-1', '2026-11-29', 7]]);
  });
});
