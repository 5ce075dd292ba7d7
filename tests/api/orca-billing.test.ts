/**
 * The ORCA billing dashboard over HTTP (spec 2 sections 2, 4, 7; docs/jobs.md "ORCA dashboards"): every
 * invoice of every ORCA job and task, its status pipeline (the last five green), days in status, totals
 * per status, one delete and a real bulk delete through the worker.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { orcaJobCalls, type Row } from '../support/orcaJobs.ts';

// The app's clock moves on by days so days in status can be seen.
let clock = Date.parse('2026-11-10T15:00:00Z');
const { office, rival, eventCount } = apiTest('api_orca_billing', { worker: true, now: () => new Date(clock) });
const { newOrcaJob, add } = orcaJobCalls(office);

type Billing = { results: Row[]; count: number; totals: { status: string; count: number; amount: number; paid_stage: boolean }[]; grand_total: { count: number; amount: number }; pages: number };
const billings = async (query: string) => {
  const r = await office.list(`/api/jobs/orcas/billings/?page=1&${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Billing;
};

async function bulk(body: Record<string, unknown>) {
  const asked = await office.post('/api/bulk/', body);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  await expect.poll(async () => (await office.get(`/api/bulk/${asked.body.id}/`)).body.status, { timeout: 20_000, interval: 100 }).toMatch(/done|failed/);
  return (await office.get(`/api/bulk/${asked.body.id}/`)).body;
}

describe('billing rows', () => {
  it('given invoices on an ORCA job and its task, and one on a base job, then the dashboard lists the ORCA ones with their job and task, starting Not Ready', async () => {
    const j = await newOrcaJob({ title: 'Billing one', customer: 'AT&T' });
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    const a = await add(`/api/jobs/${j.id}/invoices/`, { invoice_number: 'B1-001', invoice_amount: '1000.10' });
    expect(a.status).toBe('Not Ready');
    await add(`/api/jobs/${j.id}/invoices/`, { invoice_number: 'B1-002', invoice_amount: '250', job_task: t.id, status: 'Level 2' });
    const base = await office.post('/api/jobs/new/', { form_type: 'base', title: 'Billing base' });
    await add(`/api/jobs/${base.body.id}/invoices/`, { invoice_number: 'B1-BASE', invoice_amount: '5' });
    await expect.poll(async () => (await billings('q=b1-')).count, { timeout: 10_000 }).toBe(2);
    const b = await billings('q=b1-&ordering=invoice_number');
    expect(b.count).toBe(2);
    expect(b.results[0]).toMatchObject({ id: a.id, job: j.id, account_job_number: j.account_job_number, job_title: 'Billing one', customer: 'AT&T', invoice_number: 'B1-001', invoice_amount: 1000.1, status: 'Not Ready', paid_stage: false, days_in_status: 0, task_id: null });
    expect(b.results[1]).toMatchObject({ invoice_number: 'B1-002', task_id: '1.1', job_task: t.id, status: 'Level 2', paid_stage: true });
    expect(b.totals).toEqual([
      { status: 'Not Ready', count: 1, amount: 1000.1, paid_stage: false },
      { status: 'Level 2', count: 1, amount: 250, paid_stage: true },
    ]);
    // Without a page: the plain array the old client reads.
    const all = await office.get('/api/jobs/orcas/billings/?q=b1-');
    expect(all.body.map((r: Row) => r.invoice_number).sort()).toEqual(['B1-001', 'B1-002']);
  });

  it('given invoices in three statuses, then the grand total is every matching invoice counted once, its amounts added in cents', async () => {
    const j = await newOrcaJob({ title: 'Billing grand total' });
    await add(`/api/jobs/${j.id}/invoices/`, { invoice_number: 'GT-001', invoice_amount: '0.10' });
    await add(`/api/jobs/${j.id}/invoices/`, { invoice_number: 'GT-002', invoice_amount: '0.20', status: 'Disapproved' });
    await add(`/api/jobs/${j.id}/invoices/`, { invoice_number: 'GT-003', invoice_amount: '1250.35', status: 'Disapproved' });
    await add(`/api/jobs/${j.id}/invoices/`, { invoice_number: 'GT-004', invoice_amount: '99.99', status: 'Paid' });
    await expect.poll(async () => (await billings('q=gt-')).count, { timeout: 10_000 }).toBe(4);
    const b = await billings('q=gt-');
    expect(b.totals.map((t) => [t.status, t.count, t.amount])).toEqual([
      ['Not Ready', 1, 0.1],
      ['Disapproved', 2, 1250.55],
      ['Paid', 1, 99.99],
    ]);
    expect(b.grand_total).toEqual({ count: 4, amount: 1350.64 });
  });

  it('given an invoice moved along the pipeline days apart, then days in status count from its last status change, not from other edits', async () => {
    clock = Date.parse('2026-11-12T09:00:00Z');
    const j = await newOrcaJob({ title: 'Billing days' });
    const inv = await add(`/api/jobs/${j.id}/invoices/`, { invoice_number: 'DAYS-1', invoice_amount: '10' });
    clock = Date.parse('2026-11-15T09:00:00Z');
    expect((await office.put(`/api/jobs/invoices/${inv.id}`, { ...inv, status: 'Submitted' })).status).toBe(200);
    clock = Date.parse('2026-11-18T09:00:00Z');
    expect((await office.put(`/api/jobs/invoices/${inv.id}`, { notes: 'chased' })).status).toBe(200);
    clock = Date.parse('2026-11-20T09:00:00Z');
    await expect.poll(async () => (await billings('q=days-1')).results[0]?.status, { timeout: 10_000 }).toBe('Submitted');
    const [row] = (await billings('q=days-1')).results;
    expect(row).toMatchObject({ status: 'Submitted', status_since: '2026-11-15T09:00:00.000Z', days_in_status: 5 });
    // Sorted by days in status: the longest waiting first when reversed.
    await add(`/api/jobs/${j.id}/invoices/`, { invoice_number: 'DAYS-2', invoice_amount: '10' });
    await expect.poll(async () => (await billings('q=days-')).count, { timeout: 10_000 }).toBe(2);
    expect((await billings('q=days-&ordering=-days_in_status')).results.map((r) => r.invoice_number)).toEqual(['DAYS-1', 'DAYS-2']);
    expect((await billings('q=days-&ordering=days_in_status')).results.map((r) => r.invoice_number)).toEqual(['DAYS-2', 'DAYS-1']);
  });

  it('given a status filter, an archived job and a deleted job, then rows follow their job', async () => {
    const j = await newOrcaJob({ title: 'Billing follows' });
    const k = await newOrcaJob({ title: 'Billing follows too' });
    await add(`/api/jobs/${j.id}/invoices/`, { invoice_number: 'FOL-1', status: 'Paid', invoice_amount: '1' });
    await add(`/api/jobs/${k.id}/invoices/`, { invoice_number: 'FOL-2', status: 'Submitted', invoice_amount: '2' });
    await expect.poll(async () => (await billings('q=fol-')).count, { timeout: 10_000 }).toBe(2);
    expect((await billings('q=fol-&status=Paid')).results.map((r) => r.invoice_number)).toEqual(['FOL-1']);
    expect((await office.get('/api/jobs/orcas/billings/?status=Nope')).status).toBe(400);
    await office.put(`/api/jobs/${j.id}`, { archived: true });
    // Polled, as bulk.test.ts does: X-Min-Position may answer while another file's open transaction hides the event.
    await expect.poll(async () => (await billings('q=fol-')).results.map((r) => r.invoice_number), { timeout: 10_000 }).toEqual(['FOL-2']);
    expect((await billings('q=fol-&active=f&archived=t')).results.map((r) => r.invoice_number)).toEqual(['FOL-1']);
    expect((await office.del(`/api/jobs/${k.id}`)).status).toBeLessThan(300);
    await expect.poll(async () => (await billings('q=fol-')).count, { timeout: 10_000 }).toBe(0);
  });
});

describe('deleting billing records', () => {
  it('given an invoice, when DELETE /jobs/orcas/billings/{id}/, then it is gone from its job and the dashboard; again is a 410; another account\'s is a 404', async () => {
    const j = await newOrcaJob({ title: 'Billing delete' });
    const inv = await add(`/api/jobs/${j.id}/invoices/`, { invoice_number: 'DEL-1', invoice_amount: '3' });
    const theirs = await rival.del(`/api/jobs/orcas/billings/${inv.id}/`);
    expect(theirs.status).toBe(404);
    const r = await office.del(`/api/jobs/orcas/billings/${inv.id}/`);
    expect(r.status).toBeLessThan(300);
    await expect.poll(async () => (await billings('q=del-1')).count, { timeout: 10_000 }).toBe(0);
    expect((await office.get(`/api/jobs/${j.id}/invoices/`)).body).toEqual([]);
    expect((await office.del(`/api/jobs/orcas/billings/${inv.id}/`)).status).toBe(410);
    expect((await office.del('/api/jobs/orcas/billings/abc/')).status).toBe(404);
  });

  it('given 30 invoices over 3 jobs, when all that match less one are bulk deleted in one call, then 29 go (one event each) and the one stays', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) {
      const j = await newOrcaJob({ title: `Bulk billing ${n}` });
      for (let i = 0; i < 10; i++) ids.push((await add(`/api/jobs/${j.id}/invoices/`, { invoice_number: `BULK-${n}-${i}`, invoice_amount: '1' })).id);
    }
    await expect.poll(async () => (await billings('q=bulk-')).count, { timeout: 10_000 }).toBe(30);
    const before = await eventCount();
    const op = await bulk({ list: 'orca_billings', action: 'delete', filter: { q: 'bulk-' }, except: [ids[5]] });
    expect(op).toMatchObject({ status: 'done', total: 29, done: 29, failed: 0 });
    await expect.poll(async () => (await billings('q=bulk-')).results.map((r) => r.id), { timeout: 10_000 }).toEqual([ids[5]]);
    // One InvoiceLineRemoved-like event per invoice, plus the operation's own.
    expect(await eventCount()).toBeGreaterThanOrEqual(before + 29);
  });

  it('given the billing list, then only delete is offered in bulk, and another account\'s ids fail', async () => {
    const r = await office.post('/api/bulk/', { list: 'orca_billings', action: 'archive', ids: ['1'] });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields)).toEqual(['action']);
    const j = await rival.post('/api/jobs/new/', { form_type: 'attorca' });
    const theirs = await rival.post(`/api/jobs/${j.body.id}/invoices/`, { invoice_number: 'THEIRS' });
    const op = await bulk({ list: 'orca_billings', action: 'delete', ids: [theirs.body.id] });
    expect(op).toMatchObject({ total: 1, done: 0, failed: 1 });
    expect((await rival.get(`/api/jobs/${j.body.id}/invoices/`)).body).toHaveLength(1);
  });
});
