/**
 * ORCA lists on ORCA lines (spec 2 section 4; docs/jobs.md "Line statuses"): an ORCA job's and its
 * tasks' materials, invoices and permits take the ORCA material, invoice and permit statuses; a base
 * job's take the base lists. A status outside the job's list is a 400 naming status and nothing is
 * written; a blank and 'NEED STATUS' are taken; a line sent back whole keeps what it holds.
 */
import { describe, expect, it } from 'vitest';
import { BASE_INVOICE_STATUSES, BASE_MATERIAL_STATUSES, BASE_PERMIT_STATUSES, ORCA_INVOICE_STATUSES, ORCA_MATERIAL_STATUSES, ORCA_PERMIT_STATUSES } from '@trenchline/domain';
import { apiTest } from '../support/apiTest.ts';
import { orcaJobCalls, type Row } from '../support/orcaJobs.ts';

const { office, eventCount } = apiTest('api_job_line_statuses');
const { newOrcaJob, add } = orcaJobCalls(office);

const KINDS = [
  { kind: 'materials', item: 'materials', orca: ORCA_MATERIAL_STATUSES, base: BASE_MATERIAL_STATUSES },
  { kind: 'invoices', item: 'invoices', orca: ORCA_INVOICE_STATUSES, base: BASE_INVOICE_STATUSES },
  { kind: 'permits', item: 'permits', orca: ORCA_PERMIT_STATUSES, base: BASE_PERMIT_STATUSES },
] as const;
const onlyIn = (list: readonly string[], other: readonly string[]) => list.filter((s) => !other.includes(s));

async function expectStatusRefused(write: () => Promise<{ status: number; body: any }>, list: string) {
  const before = await eventCount();
  const r = await write();
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(Object.keys(r.body.fields)).toEqual(['status']);
  expect(r.body.fields.status).toContain(`(the ${list} list)`);
  expect(await eventCount()).toBe(before);
}

describe('an ORCA task\'s lines take the ORCA lists', () => {
  it('given an ORCA task, when a material, an invoice and a permit are added and saved with every ORCA status, then each is taken; a new material starts Need, a new invoice Not Ready', async () => {
    const j = await newOrcaJob({ title: 'ORCA statuses' });
    const task = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    expect(await add(`/api/jobs/${j.id}/materials/`, { job_task: task.id })).toMatchObject({ status: 'Need', task_id: '1.1' });
    expect(await add(`/api/jobs/${j.id}/invoices/`, { job_task: task.id })).toMatchObject({ status: 'Not Ready' });
    for (const { kind, item, orca } of KINDS) {
      const line = await add(`/api/jobs/${j.id}/${kind}/`, { task_id: '1.1', status: orca[orca.length - 1] });
      for (const status of orca) {
        const r = await office.put(`/api/jobs/${item}/${line.id}/`, { status });
        expect(r.status, `${kind} ${status} ${JSON.stringify(r.body)}`).toBe(200);
        expect(r.body.status).toBe(status);
      }
    }
    const shown = (await office.get(`/api/jobs/tasks/${task.id}/`)).body;
    expect(shown.job_task_materials.map((m: Row) => m.status)).toEqual(['Need', ORCA_MATERIAL_STATUSES[ORCA_MATERIAL_STATUSES.length - 1]]);
  });

  it("given an ORCA job, when its or its task's lines take a status of the base lists only (Ordered, Denied, In-Hand ...), then 400 naming status and nothing written; a blank and 'NEED STATUS' are taken; 'Not Paid' is Not Ready", async () => {
    const j = await newOrcaJob();
    const task = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    for (const { kind, item, orca, base } of KINDS) {
      const line = await add(`/api/jobs/${j.id}/${kind}/`, { job_task: task.id });
      // 'Not Paid' is read as the ORCA pipeline's head (below), not refused.
      for (const status of onlyIn(base, orca).filter((s) => s !== 'Not Paid')) {
        await expectStatusRefused(() => office.post(`/api/jobs/${j.id}/${kind}/`, { job_task: task.id, status }), 'ORCA');
        await expectStatusRefused(() => office.post(`/api/jobs/${j.id}/${kind}/`, { status }), 'ORCA');
        await expectStatusRefused(() => office.put(`/api/jobs/${item}/${line.id}/`, { status }), 'ORCA');
      }
      for (const status of ['', 'NEED STATUS']) expect((await office.put(`/api/jobs/${item}/${line.id}/`, { status })).status, `${kind} ${status}`).toBe(200);
    }
    // Spec 2 section 4: "a new invoice starts as Not Paid", beside the ORCA list: read as its head, Not Ready.
    expect(await add(`/api/jobs/${j.id}/invoices/`, { job_task: task.id, status: 'Not Paid' })).toMatchObject({ status: 'Not Ready' });
  });
});

describe("a base job's lines keep the base lists", () => {
  it('given a base job, when its lines take every base status, then each is taken; the ORCA-only ones are a 400 naming status', async () => {
    const j = (await office.post('/api/jobs/new/', { form_type: 'base' })).body as Row;
    expect(await add(`/api/jobs/${j.id}/invoices/`, {})).toMatchObject({ status: 'Not Paid' });
    for (const { kind, item, orca, base } of KINDS) {
      const line = await add(`/api/jobs/${j.id}/${kind}/`, {});
      for (const status of base) expect((await office.put(`/api/jobs/${item}/${line.id}/`, { status })).body.status, `${kind} ${status}`).toBe(status);
      for (const status of onlyIn(orca, base)) await expectStatusRefused(() => office.put(`/api/jobs/${item}/${line.id}/`, { status }), 'base');
    }
  });

  it('given a material saved Ordered on a job that is an ORCA job since, when the line is sent back whole with another change, then it saves and keeps Ordered', async () => {
    const j = (await office.post('/api/jobs/new/', { form_type: 'base' })).body as Row;
    const m = await add(`/api/jobs/${j.id}/materials/`, { status: 'Ordered', qty: 1 });
    expect((await office.put(`/api/jobs/${j.id}/`, { form_type: 'attorca' })).status).toBe(200);
    const r = await office.put(`/api/jobs/materials/${m.id}/`, { ...m, qty: '2' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'Ordered', qty: 2 });
    // A value of neither list is refused as it always was, naming status.
    const before = await eventCount();
    const bad = await office.put(`/api/jobs/materials/${m.id}/`, { ...r.body, status: 'Lost' });
    expect([bad.status, Object.keys(bad.body.fields)]).toEqual([400, ['status']]);
    expect(await eventCount()).toBe(before);
  });
});
