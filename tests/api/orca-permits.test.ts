/**
 * Permits over HTTP (spec 2 sections 3, 4, 7, 9; docs/jobs.md "ORCA jobs"): days left, and the permit
 * expiration dates of the job and its tasks when a permit is saved, deleted, moved later or moved to
 * another task (the earliest expiry wins; a date no permit gave is the user's and stays).
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { orcaJobCalls, type Row } from '../support/orcaJobs.ts';

// The app's clock: today is 2026-11-22.
const { office, eventCount } = apiTest('api_orca_permits', { now: () => new Date('2026-11-22T15:00:00Z') });


const { newOrcaJob, add } = orcaJobCalls(office);
async function save(id: string, values: Record<string, unknown>) {
  const r = await office.put(`/api/jobs/permits/${id}/`, values);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Row;
}
/** The job's permit expiry and each task's, by task id. */
async function expiries(jobId: string) {
  const d = (await office.get(`/api/jobs/${jobId}/`)).body as Row;
  return { job: d.permit_expiration_date, ...Object.fromEntries(d.tasks.map((t: Row) => [t.task_id, t.task_permit_expiration_date])) };
}

describe('permits and the expiry dates', () => {
  it('given a job with two tasks, when permits are saved, moved later, moved to another task and deleted, then the earliest expiry of what remains wins each time', async () => {
    const j = await newOrcaJob();
    const t1 = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    const t2 = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    const p1 = await add(`/api/jobs/${j.id}/permits/`, { job_task: t1.id, permits_line_number: '1', permit_number: 'ROW-1', agency: 'City of Tulsa', status: 'Issued to Crew', expiration_date: '2026-12-20' });
    expect(p1).toMatchObject({ task_id: '1.1', permits_line_number: 1, status: 'Issued to Crew', permit_days_left: 28 });
    expect(await expiries(j.id)).toEqual({ job: '2026-12-20', '1.1': '2026-12-20', '1.2': null });
    const p2 = await add(`/api/jobs/${j.id}/permits/`, { task_id: '1.1', expiration_date: '2026-12-05' });
    const p3 = await add(`/api/jobs/${j.id}/permits/`, { expiration_date: '2026-12-10' });
    expect(await expiries(j.id)).toEqual({ job: '2026-12-05', '1.1': '2026-12-05', '1.2': null });

    // Moved later: the job's and the task's date recede to the earliest left.
    await save(p2.id, { ...p2, expiration_date: '2026-12-25' });
    expect(await expiries(j.id)).toEqual({ job: '2026-12-10', '1.1': '2026-12-20', '1.2': null });
    // Moved to another task: it leaves the first task's date and sets the second's.
    expect(await save(p1.id, { ...p1, job_task: t2.id, task_id: undefined })).toMatchObject({ job_task: t2.id, task_id: '1.2' });
    expect(await expiries(j.id)).toEqual({ job: '2026-12-10', '1.1': '2026-12-25', '1.2': '2026-12-20' });
    // Moved earlier: it wins at once.
    await save(p2.id, { expiration_date: '2026-12-01' });
    expect(await expiries(j.id)).toEqual({ job: '2026-12-01', '1.1': '2026-12-01', '1.2': '2026-12-20' });

    expect((await office.del(`/api/jobs/permits/${p2.id}/`)).status).toBe(200);
    expect(await expiries(j.id)).toEqual({ job: '2026-12-10', '1.1': null, '1.2': '2026-12-20' });
    expect((await office.del(`/api/jobs/permits/${p3.id}`)).status).toBe(200);
    expect(await expiries(j.id)).toEqual({ job: '2026-12-20', '1.1': null, '1.2': '2026-12-20' });
    expect((await office.del(`/api/jobs/permits/${p1.id}`)).status).toBe(200);
    expect(await expiries(j.id)).toEqual({ job: null, '1.1': null, '1.2': null });

    const types = (await office.get(`/api/jobs/${j.id}/history/`)).body.map((e: { type: string }) => e.type) as string[];
    expect(types.filter((t) => t === 'PermitSaved')).toHaveLength(6);
  });

  it('given a job whose permit expiry the user typed, when a later permit is saved and deleted, then the typed date stays; an earlier one replaces it', async () => {
    const j = await newOrcaJob();
    expect((await office.put(`/api/jobs/${j.id}/`, { permit_expiration_date: '2026-11-30' })).status).toBe(200);
    const later = await add(`/api/jobs/${j.id}/permits/`, { expiration_date: '2026-12-31' });
    expect((await expiries(j.id)).job).toBe('2026-11-30');
    expect((await office.del(`/api/jobs/permits/${later.id}`)).status).toBe(200);
    expect((await expiries(j.id)).job).toBe('2026-11-30');
    await add(`/api/jobs/${j.id}/permits/`, { expiration_date: '2026-11-25' });
    const d = (await office.get(`/api/jobs/${j.id}/`)).body;
    expect(d).toMatchObject({ permit_expiration_date: '2026-11-25', permit_days_left: 3 });
  });

  it('given permits, then each lists its whole days left from today (negative when past, blank without a date); a bad date is a 400 naming it and writes nothing', async () => {
    const j = await newOrcaJob();
    const t = await add(`/api/jobs/${j.id}/tasks/`, { job: j.id });
    await add(`/api/jobs/${j.id}/permits/`, { permits_line_number: 1, expiration_date: '2026-11-22' });
    await add(`/api/jobs/${j.id}/permits/`, { permits_line_number: 2, expiration_date: '2026-11-20' });
    const blank = await add(`/api/jobs/${j.id}/permits/`, { permits_line_number: 3, job_task: t.id });
    const list = (await office.get(`/api/jobs/${j.id}/permits/`)).body as Row[];
    expect(list.map((p) => [p.permits_line_number, p.permit_days_left])).toEqual([[1, 0], [2, -2], [3, null]]);
    const task = (await office.get(`/api/jobs/tasks/${t.id}/`)).body;
    expect(task).toMatchObject({ task_permit_expiration_date: null, task_permit_days_left: null });
    expect(task.job_task_permits.map((p: Row) => p.id)).toEqual([blank.id]);
    const before = await eventCount();
    for (const bad of ['soon', '2026-02-30', '12/20/2026']) {
      const r = await office.put(`/api/jobs/permits/${blank.id}/`, { expiration_date: bad });
      expect(r.status, `${bad} ${JSON.stringify(r.body)}`).toBe(400);
      expect(Object.keys(r.body.fields)).toEqual(['expiration_date']);
    }
    expect((await office.post(`/api/jobs/${j.id}/permits/`, { permits_line_number: 'one' })).status).toBe(400);
    expect(await eventCount()).toBe(before);
  });
});
