/**
 * The spec's readings of a job (spec 2 sections 4, 5 and 7; docs/jobs.md): payout categories in the
 * short reading, PUT and DELETE /api/jobs/timecards/{id}, divisions by number, and the job's
 * coordinator looked up by its code on create and on save as a task's is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import type { Row } from '../support/orcaJobs.ts';

const { office, rival, eventCount } = apiTest('api_job_readings');

async function created(path: string, body: Record<string, unknown>) {
  const r = await office.post(path, body);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(201);
  return r.body as Row;
}
const newJob = (values: Record<string, unknown> = {}) => created('/api/jobs/new/', { form_type: 'base', ...values });

beforeAll(async () => {
  await created('/api/settings/jobs/sva_coordinators/', { coordinator_code: 'KB1', coordinator: 'Kim Brown', coord_phone1: '918-555-0101', coord_phone2: null, coordinator_email: 'kim@att.example' });
});

describe('payout categories in the short reading', () => {
  it("given a crew payout sent with 'Crew', 'Materials' or 'Equipment', then it is saved and answered with the long name, and counts as such in the job's totals", async () => {
    const j = await newJob({ estimated_payout: 1000 });
    const crew = await created(`/api/jobs/${j.id}/crew_payouts/`, { category: 'Crew', crew_payout_amount: '300' });
    expect(crew.category).toBe('Crew Payout');
    expect((await created(`/api/jobs/${j.id}/crew_payouts/`, { category: 'Materials', crew_payout_amount: 50 })).category).toBe('Materials Payout');
    const put = await office.put(`/api/jobs/crew_payouts/${crew.id}/`, { ...crew, category: 'Equipment' });
    expect(put.body.category).toBe('Equipment Payout');
    expect((await office.put(`/api/jobs/crew_payouts/${crew.id}/`, { category: 'crew' })).body.category).toBe('Crew Payout');
    expect((await office.get(`/api/jobs/${j.id}/`)).body).toMatchObject({ total_crew_payouts: 300, total_payouts: 350, payout_pct_of_total: 30 });
    const before = await eventCount();
    const bad = await office.put(`/api/jobs/crew_payouts/${crew.id}/`, { category: 'Fuel' });
    expect([bad.status, Object.keys(bad.body.fields)]).toEqual([400, ['category']]);
    expect(await eventCount()).toBe(before);
  });
});

describe('timecards at /api/jobs/timecards/{id}', () => {
  it('given a timecard, when it is saved and deleted at /api/jobs/timecards/{id} (the spec\'s path), then it is the same line as at /api/jobs/timesheets/timecards/{id}', async () => {
    const j = await newJob();
    const sheet = await created(`/api/jobs/${j.id}/timesheets/`, { timesheet_number: 'TS-1' });
    const card = await created(`/api/jobs/${j.id}/timecards/`, { job_timesheet: sheet.id, worker_name: 'Luis', hours: '8' });
    const r = await office.put(`/api/jobs/timecards/${card.id}/`, { ...card, hours: '9.5' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ id: card.id, job_timesheet: sheet.id, hours: 9.5 });
    expect((await office.get(`/api/jobs/timesheets/${sheet.id}/timecards/`)).body.map((c: Row) => c.hours)).toEqual([9.5]);
    expect((await rival.put(`/api/jobs/timecards/${card.id}/`, { hours: 1 })).status).toBe(404);
    expect((await office.del(`/api/jobs/timecards/${card.id}`)).status).toBe(200);
    expect((await office.put(`/api/jobs/timesheets/timecards/${card.id}/`, { hours: 1 })).status).toBe(410);
    expect((await office.get(`/api/jobs/${j.id}/`)).body.job_timecards).toEqual([]);
  });
});

describe('divisions by number', () => {
  it('given a base job, when its division is sent as 1 to 5 (number or text), then the answer names the division at that place of the base list; an ORCA job keeps the text', async () => {
    const j = await newJob({ division: 2 });
    expect(j.division).toBe('Lightgig');
    const names = [];
    for (const d of ['1', 3, '4', 5]) names.push((await office.put(`/api/jobs/${j.id}/`, { division: d })).body.division);
    expect(names).toEqual(['BAU', 'IR EMER', 'Legacy', 'NON-IR MR']);
    expect((await office.put(`/api/jobs/job_with_related_update/${j.id}/`, { division: 3 })).body.division).toBe('IR EMER');
    const orca = await created('/api/jobs/new/', { form_type: 'attorca', division: '2' });
    expect(orca.division).toBe('2');
    expect((await office.put(`/api/jobs/${orca.id}/`, { division: 'LIGHTGIG' })).body.division).toBe('LIGHTGIG');
  });
});

describe("the job's coordinator looked up by its code", () => {
  it("given a coordinator of Settings, when a job is made with its code (any case and spacing), then the server fills the coordinator's name, phones and e-mail", async () => {
    const j = await newJob({ coordinator_code: ' kb1 ' });
    expect(j).toMatchObject({ coordinator_code: ' kb1 ', coordinator: 'Kim Brown', coord_phone1: '918-555-0101', coord_phone2: null, coordinator_email: 'kim@att.example' });
    const orca = await created('/api/jobs/', { form_type: 'attorca', work_status: 'New', coordinator_code: 'KB1' });
    expect(orca).toMatchObject({ coordinator: 'Kim Brown', coordinator_email: 'kim@att.example' });
  });

  it('given a job, when saved with a known code, then the fields fill; saved again from the kept object, the filled fields stay; a code removed leaves them; an unknown code leaves what was typed', async () => {
    const j = await newJob({ coordinator: 'Typed Name' });
    const filled = await office.put(`/api/jobs/${j.id}/`, { ...j, coordinator_code: 'KB1' });
    expect(filled.body).toMatchObject({ coordinator_code: 'KB1', coordinator: 'Kim Brown', coord_phone1: '918-555-0101' });
    // The spec's client saves its kept object again (it never held the filled fields): they stay the server's.
    const again = await office.put(`/api/jobs/${j.id}/`, { ...j, coordinator_code: 'KB1', title: 'Saved again' });
    expect(again.body).toMatchObject({ title: 'Saved again', coordinator: 'Kim Brown' });
    // A job keeps its coordinator when the code is taken away (spec 2 section 5 clears only a task's).
    expect((await office.put(`/api/jobs/job_with_related_update/${j.id}/`, { coordinator_code: '' })).body).toMatchObject({ coordinator_code: '', coordinator: 'Kim Brown' });
    // An unknown code with a name: what was typed stays, and the coordinator is added to Settings.
    const unknown = await office.put(`/api/jobs/${j.id}/`, { coordinator_code: 'ZZ7', coordinator: 'Zed Zee' });
    expect(unknown.body).toMatchObject({ coordinator_code: 'ZZ7', coordinator: 'Zed Zee', coord_phone1: '918-555-0101' });
    expect((await office.list('/api/settings/jobs/sva_coordinators/')).body.find((c: Row) => c.coordinator_code === 'ZZ7')).toMatchObject({ coordinator: 'Zed Zee' });
  });

  it('given a task and a job, then one rule: a known code fills both, and no code clears the task but not the job', async () => {
    const j = await created('/api/jobs/new/', { form_type: 'attorca', coordinator_code: 'KB1' });
    const t = await created(`/api/jobs/${j.id}/tasks/`, { job: j.id, coordinator_code: 'kb1' });
    expect([j.coordinator, t.coordinator]).toEqual(['Kim Brown', 'Kim Brown']);
    expect((await office.put(`/api/jobs/tasks/${t.id}/`, { coordinator_code: '' })).body.coordinator).toBeNull();
    expect((await office.put(`/api/jobs/${j.id}/`, { coordinator_code: '' })).body.coordinator).toBe('Kim Brown');
  });
});
