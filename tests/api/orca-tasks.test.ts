/**
 * An ORCA job's tasks over HTTP (spec 2 sections 3-5, 7; docs/jobs.md "ORCA jobs"): task ids, the task
 * calls (list, one, edit, delete), the coordinator look-up, the lines of a task named by job_task or
 * task_id, and a task's photos and general files.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { orcaJobCalls, type Row } from '../support/orcaJobs.ts';
import { picture } from '../support/files.ts';

const { office, eventCount } = apiTest('api_orca_tasks', { now: () => new Date('2026-11-22T15:00:00Z') });


const { newOrcaJob, add, detail } = orcaJobCalls(office);
const taskOf = async (id: string) => {
  const r = await office.get(`/api/jobs/tasks/${id}/`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Row;
};
function upload(path: string, name: string, type = 'image/png', body: Buffer = picture(`bytes of ${name}`)) {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(body)], { type }), name);
  f.append('file_name', name);
  return office.request('POST', path, f);
}
const expectFields = (r: { status: number; body: any }, status: number, fields: string[]) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(Object.keys(r.body.fields ?? {}), JSON.stringify(r.body)).toEqual(fields);
};

describe('task ids', () => {
  it('given an ORCA job, when tasks are posted with and without task_id, then the server gives the next (1.9 then 2.0), refuses a duplicate (409) and a bad id (400), naming task_id, writing nothing', async () => {
    const j = await newOrcaJob();
    expect(await add(`/api/jobs/${j.id}/tasks/`, { job: j.id })).toMatchObject({ task_id: '1.1', job: j.id });
    expect(await add(`/api/jobs/${j.id}/tasks/`, { job: j.id, task_id: '1.9' })).toMatchObject({ task_id: '1.9' });
    expect(await add(`/api/jobs/${j.id}/tasks/`, { job: j.id, task_id: '' })).toMatchObject({ task_id: '2.0' });
    const before = await eventCount();
    expectFields(await office.post(`/api/jobs/${j.id}/tasks/`, { job: j.id, task_id: '1.1' }), 409, ['task_id']);
    // '2' is task 2.0: compared as numbers.
    expectFields(await office.post(`/api/jobs/${j.id}/tasks/`, { job: j.id, task_id: 2 }), 409, ['task_id']);
    for (const bad of ['1.15', 'one', -1, '0'])
      expectFields(await office.post(`/api/jobs/${j.id}/tasks/`, { job: j.id, task_id: bad }), 400, ['task_id']);
    expect(await eventCount()).toBe(before);
    expect((await office.get(`/api/jobs/${j.id}/tasks/`)).body.map((t: Row) => t.task_id)).toEqual(['1.1', '1.9', '2.0']);
  });

  it("given two tasks, when one is renamed to the other's id, then 409 naming task_id; renamed to a free id, its lines follow", async () => {
    const j = await newOrcaJob();
    const t1 = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    const item = await add(`/api/jobs/${j.id}/items/`, { job_task: t1.id, item: 'Bore' });
    const photo = await upload(`/api/jobs/tasks/${t1.id}/photos/`, 'pit.png');
    const before = await eventCount();
    expectFields(await office.put(`/api/jobs/tasks/${t1.id}/`, { task_id: '1.2' }), 409, ['task_id']);
    expectFields(await office.put(`/api/jobs/tasks/${t1.id}/`, { task_id: null }), 400, ['task_id']);
    expect(await eventCount()).toBe(before);
    expect((await office.put(`/api/jobs/tasks/${t1.id}/`, { task_id: '3.0' })).body).toMatchObject({ task_id: '3.0' });
    const lines = (await office.get(`/api/jobs/${j.id}/items/`)).body as Row[];
    expect(lines.find((l) => l.id === item.id)).toMatchObject({ job_task: t1.id, task_id: '3.0' });
    expect((await office.get(`/api/jobs/tasks/${t1.id}/photos/`)).body).toEqual([expect.objectContaining({ id: photo.body.id, task_id: '3.0' })]);
  });
});

describe('the task calls', () => {
  it('given a task, when listed, read, saved back whole with computed fields changed, then the list and GET one answer it, the computed fields are the server\'s', async () => {
    const j = await newOrcaJob();
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id, title: 'Main St bore', due_date: '2026-12-01', estimated_crew_payout: '400', work_status: 'Scheduled', division: 'SVA', work_type: 'Bore', percent_complete: '???', mup: 'Needed', pre_approval: 'Verbal approval', pit_status: 'No Pits' });
    await add(`/api/jobs/${j.id}/items/`, { job_task: t.id, qty: '4', price: '100' });
    const list = (await office.get(`/api/jobs/${j.id}/tasks/`)).body as Row[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: t.id, title: 'Main St bore', task_item_po_amount: 400, task_total: 400 });
    const one = await taskOf(t.id);
    expect(one).toMatchObject({ task_id: '1.1', work_status: 'Scheduled', division: 'SVA', percent_complete: '???', task_total: 400, task_total_crew_payouts_est: 400, task_permit_days_left: null, job_ref: { id: j.id, account_job_number: j.account_job_number } });
    for (const key of ['job_task_permits', 'job_task_links', 'job_task_items', 'job_task_change_orders', 'job_task_materials', 'job_task_crews_assigned', 'job_task_invoices', 'job_task_crew_payouts', 'job_task_photos', 'job_task_files', 'job_task_notes', 'job_task_cibe_items', 'job_task_cibe_emails', 'job_task_damage_reports', 'job_task_timesheets', 'job_task_iwas'])
      expect(Array.isArray(one[key]), key).toBe(true);
    const put = await office.put(`/api/jobs/tasks/${t.id}/`, { ...one, title: 'Main St bore, phase 2', task_total: 1, task_item_po_amount: 99, CIBE_total: 5 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await taskOf(t.id)).toMatchObject({ title: 'Main St bore, phase 2', task_total: 400, task_item_po_amount: 400, CIBE_total: 0 });
    expect((await detail(j.id)).tasks[0]).toMatchObject({ id: t.id, title: 'Main St bore, phase 2' });
  });

  it('given an unknown task id or a bad value, then GET and PUT answer 404 or 400 naming the field, and nothing is written', async () => {
    const j = await newOrcaJob();
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    const before = await eventCount();
    expect((await office.get('/api/jobs/tasks/987654321/')).status).toBe(404);
    expect((await office.get(`/api/jobs/tasks/${j.id}/`)).status).toBe(404);
    expect((await office.put('/api/jobs/tasks/987654321/', { title: 'x' })).status).toBe(404);
    expectFields(await office.put(`/api/jobs/tasks/${t.id}/`, { due_date: 'soon' }), 400, ['due_date']);
    expectFields(await office.put(`/api/jobs/tasks/${t.id}/`, { estimated_crew_payout: 'lots' }), 400, ['estimated_crew_payout']);
    expectFields(await office.post(`/api/jobs/${j.id}/tasks/`, { title: 'x'.repeat(501) }), 400, ['title']);
    expect(await eventCount()).toBe(before);
  });

  it('given a task with lines of every kind and permits, when it is deleted, then its lines go with it, the job keeps its own, and the permit expiry recedes', async () => {
    const j = await newOrcaJob();
    const t1 = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    const t2 = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    await add(`/api/jobs/${j.id}/items/`, { job_task: t1.id, item: 'Task item' });
    const own = await add(`/api/jobs/${j.id}/items/`, { item: 'Job item' });
    await add(`/api/jobs/${j.id}/notes/`, { task_id: '1.1', note: 'Task note' });
    await add(`/api/jobs/${j.id}/cibeitems/`, { job_task: t1.id, issued_item_code: 'A' });
    await add(`/api/jobs/${j.id}/cibe_emails/`, { job_task: t1.id, subject: 'S', email_body: 'B' });
    await add(`/api/jobs/${j.id}/materials/`, { job_task: t1.id, item_code: 'DUCT' });
    expect((await upload(`/api/jobs/tasks/${t1.id}/photos/`, 'pit.png')).status).toBe(201);
    expect((await upload(`/api/jobs/tasks/${t1.id}/general_files/`, 'plan.pdf', 'application/pdf', Buffer.from('%PDF-1.4 plan'))).status).toBe(201);
    await add(`/api/jobs/${j.id}/permits/`, { job_task: t1.id, expiration_date: '2026-12-01' });
    await add(`/api/jobs/${j.id}/permits/`, { job_task: t2.id, expiration_date: '2026-12-15' });
    expect((await detail(j.id)).permit_expiration_date).toBe('2026-12-01');

    const del = await office.del(`/api/jobs/tasks/${t1.id}`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await office.get(`/api/jobs/tasks/${t1.id}/`)).status).toBe(404);
    const d = await detail(j.id);
    expect(d.tasks.map((t: Row) => t.id)).toEqual([t2.id]);
    expect(d.items.map((l: Row) => l.id)).toEqual([own.id]);
    for (const key of ['notes', 'cibeitems', 'cibe_emails', 'materials', 'job_task_photos', 'job_task_files']) expect(d[key], key).toEqual([]);
    expect(d.permits.map((p: Row) => p.job_task)).toEqual([t2.id]);
    expect(d).toMatchObject({ permit_expiration_date: '2026-12-15', permit_days_left: 23, task_count: 1 });
    const types = (await office.get(`/api/jobs/${j.id}/history/`)).body.map((e: { type: string }) => e.type);
    expect(types).toContain('JobTaskRemoved');
  });
});

describe('the coordinator look-up', () => {
  it('given a coordinator of Settings, when a task names its code, then the four fields are filled; an unknown code leaves them; removing the code clears them', async () => {
    expect((await office.post('/api/settings/jobs/sva_coordinators/', { coordinator_code: 'KN03', coordinator: 'Kim North', coord_phone1: '918-555-0103', coord_phone2: '918-555-0104', coordinator_email: 'kim@att.example' })).status).toBe(201);
    const kim = { coordinator: 'Kim North', coord_phone1: '918-555-0103', coord_phone2: '918-555-0104', coordinator_email: 'kim@att.example' };
    const j = await newOrcaJob();
    expect(await add(`/api/jobs/${j.id}/tasks/`, { job: j.id, coordinator_code: 'kn03' })).toMatchObject({ coordinator_code: 'kn03', ...kim });
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id, coordinator_code: 'ZZ99', coordinator: 'Typed Name' });
    expect(t).toMatchObject({ coordinator_code: 'ZZ99', coordinator: 'Typed Name' });

    let r = await office.put(`/api/jobs/tasks/${t.id}/`, { ...t, coordinator_code: 'KN03' });
    expect(r.body).toMatchObject({ coordinator_code: 'KN03', ...kim });
    // The same code sent back with the fields edited by hand: they are kept (the code did not change).
    r = await office.put(`/api/jobs/tasks/${t.id}/`, { ...r.body, coord_phone2: '918-555-0199' });
    expect(r.body).toMatchObject({ coordinator: 'Kim North', coord_phone2: '918-555-0199' });
    r = await office.put(`/api/jobs/tasks/${t.id}/`, { ...r.body, coordinator_code: 'NOPE' });
    expect(r.body).toMatchObject({ coordinator_code: 'NOPE', coordinator: 'Kim North', coord_phone1: '918-555-0103' });
    r = await office.put(`/api/jobs/tasks/${t.id}/`, { ...r.body, coordinator_code: '' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ coordinator: null, coord_phone1: null, coord_phone2: null, coordinator_email: null });
    expect((await taskOf(t.id)).coordinator).toBeNull();
  });
});

describe('the lines of a task', () => {
  it('given two tasks, when lines name their task by job_task or by task_id, then both are kept in step and each task lists its own', async () => {
    const j = await newOrcaJob();
    const t1 = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    const t2 = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    expect(await add(`/api/jobs/${j.id}/materials/`, { job_task: t2.id, item_code: 'M1' })).toMatchObject({ job_task: t2.id, task_id: '1.2' });
    expect(await add(`/api/jobs/${j.id}/links/`, { task_id: '1.1', title: 'Portal' })).toMatchObject({ job_task: t1.id, task_id: '1.1' });
    expect(await add(`/api/jobs/${j.id}/invoices/`, { task_id: 1.2, invoice_amount: '100' })).toMatchObject({ job_task: t2.id, task_id: '1.2' });
    const crewPayout = await add(`/api/jobs/${j.id}/crew_payouts/`, { task_id: '1.1', crew_payout_amount: '50' });
    expect(await add(`/api/jobs/${j.id}/notes/`, { note: 'Job-wide' })).toMatchObject({ job_task: null });
    // Moved to the other task by task_id, then back to the job.
    expect((await office.put(`/api/jobs/crew_payouts/${crewPayout.id}`, { ...crewPayout, task_id: '1.2', job_task: undefined })).body).toMatchObject({ job_task: t2.id, task_id: '1.2' });
    expect((await office.put(`/api/jobs/crew_payouts/${crewPayout.id}`, { job_task: null })).body).toMatchObject({ job_task: null, task_id: null });
    const one = await taskOf(t1.id);
    const two = await taskOf(t2.id);
    expect(one.job_task_links).toHaveLength(1);
    expect(one.job_task_materials).toEqual([]);
    expect(two.job_task_materials.map((l: Row) => l.item_code)).toEqual(['M1']);
    expect(two).toMatchObject({ task_total_job_invoiced_actual: 100, task_total_crew_payouts: 0 });
  });

  it("given a line naming a task_id no task has, or another job's task, then 400 naming the field, and nothing is written", async () => {
    const j = await newOrcaJob();
    await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    const other = await newOrcaJob();
    const foreign = await add(`/api/jobs/${other.id}/tasks/`, { job: other.id });
    const item = await add(`/api/jobs/${j.id}/items/`, { item: 'Bore' });
    const before = await eventCount();
    expectFields(await office.post(`/api/jobs/${j.id}/items/`, { task_id: '4.4' }), 400, ['task_id']);
    expectFields(await office.post(`/api/jobs/${j.id}/permits/`, { task_id: '1.15' }), 400, ['task_id']);
    expectFields(await office.post(`/api/jobs/${j.id}/items/`, { job_task: foreign.id }), 400, ['job_task']);
    expectFields(await office.put(`/api/jobs/items/${item.id}/`, { task_id: '9.9' }), 400, ['task_id']);
    expectFields(await office.put(`/api/jobs/items/${item.id}/`, { job_task: foreign.id }), 400, ['job_task']);
    expect(await eventCount()).toBe(before);
  });
});

describe("a task's photos and general files", () => {
  it('given a task, when photos and files are uploaded under it, then they list under the task and its job, are edited and deleted at their own paths', async () => {
    const j = await newOrcaJob();
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    const photo = await upload(`/api/jobs/tasks/${t.id}/photos/`, 'trench.png');
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    expect(photo.body).toMatchObject({ job_task: t.id, task_id: '1.1', file_name: 'trench.png', file_type: 'photo', uploaded_by: 'Office User', file: expect.stringContaining(`/api/files/${photo.body.id}/`) });
    const file = await upload(`/api/jobs/tasks/${t.id}/general_files/`, 'plan.pdf', 'application/pdf', Buffer.from('%PDF-1.4 plan'));
    expect(file.status, JSON.stringify(file.body)).toBe(201);
    expect(file.body).toMatchObject({ job_task: t.id, task_id: '1.1', file_name: 'plan.pdf' });
    // A photo must be a picture.
    const before = await eventCount();
    expect((await upload(`/api/jobs/tasks/${t.id}/photos/`, 'fake.png', 'image/png', Buffer.from('not a picture'))).status).toBe(400);
    expect((await office.post(`/api/jobs/tasks/${t.id}/photos/`, { file_name: 'nothing' })).status).toBe(400);
    expect((await upload('/api/jobs/tasks/987654321/photos/', 'lost.png')).status).toBe(404);
    expect(await eventCount()).toBe(before);

    expect((await office.get(`/api/jobs/tasks/${t.id}/photos/`)).body.map((p: Row) => p.id)).toEqual([photo.body.id]);
    expect((await office.get(`/api/jobs/tasks/${t.id}/general_files/`)).body.map((p: Row) => p.id)).toEqual([file.body.id]);
    const one = await taskOf(t.id);
    expect(one.job_task_photos.map((p: Row) => p.id)).toEqual([photo.body.id]);
    expect(one.job_task_files.map((p: Row) => p.id)).toEqual([file.body.id]);
    expect((await office.put(`/api/jobs/tasks/photos/${photo.body.id}`, { ...photo.body, caption: 'Trench at 1+00' })).body).toMatchObject({ caption: 'Trench at 1+00', job_task: t.id });
    expect((await office.put(`/api/jobs/tasks/general_files/${file.body.id}`, { ...file.body, file_name: 'plan v2.pdf' })).body).toMatchObject({ file_name: 'plan v2.pdf' });
    const served = await office.download(`/api/files/${photo.body.id}/`);
    expect(served.status).toBe(200);
    expect((await office.del(`/api/jobs/tasks/photos/${photo.body.id}`)).status).toBe(200);
    expect((await office.del(`/api/jobs/tasks/general_files/${file.body.id}`)).status).toBe(200);
    const d = await detail(j.id);
    expect([d.job_task_photos, d.job_task_files]).toEqual([[], []]);
  });
});
