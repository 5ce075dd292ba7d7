/**
 * The spec's client on the base job screens, call by call as spec 2 section 7 lists them ("Jobs"),
 * the job itself; its lines are in jobs-lines.test.ts and jobs-nested.test.ts, the ORCA dashboard,
 * billings and dashboard_prefs in orca-dashboard.test.ts. Calls exercised here: 19: GET jobs/ with range
 * and toggles; POST jobs/new/; POST jobs/ (all-others dashboard); GET and PUT jobs/{id}/, PUT
 * jobs/{id} with archived, DELETE jobs/{id}; GET jobs/job_with_related/{id}/, PUT
 * jobs/job_with_related_update/{id}/; GET and PUT jobs/search_dates/; GET jobs/all_others/; GET
 * jobs/how2s/detail/ and /dashboard/, POST settings/how2s/sections/{id}/opt_out/; GET
 * jobs/job_account_users/; GET and POST jobs/{id}/assign_users/, DELETE jobs/assign_users/{id}/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { SpecClient, copyOf, expectConflict, expectGone, expectInvalid, missingNames, type Obj, readOwnWrite } from './specClient.ts';

const { office, eventCount } = apiTest('compat_jobs');
const spec = new SpecClient(office);
let frank: SpecClient;
let frankEmail: string;
beforeAll(async () => {
  frank = await spec.colleague('Frank Field');
  frankEmail = (await frank.load('/api/auth/me')).user.email;
});

/** New job as the job list's button makes it (POST /api/jobs/new/), then the detail's GET. */
async function openNewJob(values: Obj = {}): Promise<Obj> {
  const created = await spec.create('/api/jobs/new/', { form_type: 'base', work_status: 'New', customer: 'AT&T', title: 'Main St bore', ...values });
  return spec.load(`/api/jobs/${created.id}/`);
}

const range = 'start_date=2030-01-01&stop_date=2030-12-31&live_and_future=true';

describe('the job list and the all-other-jobs dashboard', () => {
  it('given the job list, when it loads with a range and toggles, then it answers a list; the saved search dates come back as PUT', async () => {
    const j = await openNewJob({ completion_date: '2030-06-01' });
    const rows = await readOwnWrite(() => spec.load<Obj[]>(`/api/jobs/?${range}&active=true&archived=false`), (all) => all.some((r) => r.id === j.id), 'the new job in the list');
    expect(rows.find((r) => r.id === j.id)).toMatchObject({ account_job_number: j.account_job_number, title: 'Main St bore' });
    expect(await spec.load('/api/jobs/search_dates/')).toHaveProperty('live_and_future');
    const prefs = { start_date: '2030-01-01', end_date: '2030-12-31', active: true, archived: false, live_and_future: false, public_mode: true };
    const put = await spec.put('/api/jobs/search_dates/', prefs);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await spec.load('/api/jobs/search_dates/')).toMatchObject(prefs);
  });

  it('given the all-others dashboard, when a job is created there (form_type base, work_status New, account_job_number), then it is listed and opens by id', async () => {
    const current = await spec.load('/api/settings/current_number/job/');
    const created = await spec.create('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: current.number + 1 });
    expect(created).toMatchObject({ form_type: 'base', work_status: 'New', account_job_number: String(current.number + 1) });
    const rows = await readOwnWrite(() => spec.load<Obj[]>(`/api/jobs/all_others/?active=true&archived=false`), (all) => all.some((r) => r.id === created.id), 'the job on the all-others dashboard');
    expect(rows.find((r) => r.id === created.id)).toHaveProperty('segment_rollups');
    expect((await spec.load(`/api/jobs/${created.id}/`)).id).toBe(created.id);
  });
});

describe('a job, saved whole from the object its GET answered', () => {
  it('given a loaded job, when it is PUT back with a change and again with another change on the same kept object, then both are 200 and both changes are kept', async () => {
    const j = await openNewJob();
    const first = await spec.save(`/api/jobs/${j.id}/`, j, { title: 'Main St bore, phase 2' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.title).toBe('Main St bore, phase 2');
    await spec.create(`/api/jobs/${j.id}/notes/`, { job: j.id, note: 'Added between the saves' });
    const second = await spec.save(`/api/jobs/${j.id}/`, j, { completion_date: '2031-04-01', estimated_payout: '15000.00', colour: 'Green Lt' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await spec.load(`/api/jobs/${j.id}/`)).toMatchObject({ title: 'Main St bore, phase 2', completion_date: '2031-04-01', estimated_payout: 15000, colour: 'Green Lt' });
  });

  it('given a loaded job with lines, when its totals, days, colours and line lists come back changed, then they are ignored: 200, nothing written', async () => {
    const j = await openNewJob({ completion_date: '2031-01-01' });
    await spec.create(`/api/jobs/${j.id}/items/`, { job: j.id, item: 'Bore', qty: '10', price: '5' });
    const loaded = await spec.load(`/api/jobs/${j.id}/`);
    const shown = copyOf(loaded);
    const before = await eventCount();
    const r = await spec.save(`/api/jobs/${j.id}/`, loaded, {
      total_po_item_amounts: 1, total_change_orders: 2, total_job: 3, total_job_invoiced_actual: 4, total_crew_payouts: 5, total_payouts: 6, payout_pct_of_total: 7, total_gross_profit: 8,
      job_operations_gross_profit: 9, job_days_left: -1, job_days_colour: 'red', permit_days_left: 0, colour_background: 'rgba(1,1,1,1)', crew_string: 'Nobody', pdf_bundle: { id: '1' },
      segment_rollups: [], segment_total_feet: 1, items: [], notes: [{ id: '1' }], created_at: '1999-01-01T00:00:00Z', last_updated: '1999-01-01T00:00:00Z', position: '0:0', selected: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await eventCount()).toBe(before);
    const now = await spec.load(`/api/jobs/${j.id}/`);
    expect(now).toMatchObject({ total_po_item_amounts: 50, total_job: 50, crew_string: '', last_updated: shown.last_updated, version: shown.version });
    expect(now.items).toEqual(shown.items);
  });

  it('given numbers as the inputs send them, when the job is saved, then numbers take text, text takes numbers, an empty input empties; a wrong date is a 400 naming it with nothing written', async () => {
    const j = await openNewJob({ estimated_payout: '100', colour: 'Red', start_date: '2031-01-01' });
    const r = await spec.http.put(`/api/jobs/${j.id}/`, { ...j, estimated_crew_payout: '8250.75', po_job_number: 5521, project_number: 77, archived: 'f', estimated_payout: '', colour: '', start_date: '' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ estimated_crew_payout: 8250.75, po_job_number: '5521', project_number: '77', archived: false, estimated_payout: null, colour: null, start_date: null });
    const before = await eventCount();
    expectInvalid(await spec.save(`/api/jobs/${j.id}/`, j, { completion_date: 'when it is done' }), 'completion_date');
    expect(await eventCount()).toBe(before);
  });

  it('given two users holding the same loaded job, when both change its title, then the client is 409 naming title and nothing is written', async () => {
    const j = await openNewJob();
    expect((await frank.save(`/api/jobs/${j.id}/`, copyOf(j), { title: 'Frank\'s title', city: 'Jenks' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/jobs/${j.id}/`, j, { title: 'Office title' }), 'title', { yours: 'Office title', theirs: 'Frank\'s title', by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
    expect(await spec.load(`/api/jobs/${j.id}/`)).toMatchObject({ title: 'Frank\'s title', city: 'Jenks' });
  });

  it('given a job, when the list archives it (PUT with only archived), then it is archived and shows in the archived list', async () => {
    const j = await openNewJob();
    const r = await spec.put(`/api/jobs/${j.id}`, { archived: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.archived).toBe(true);
    await readOwnWrite(() => spec.load<Obj[]>('/api/jobs/?active=false&archived=true'), (rows) => rows.some((row) => row.id === j.id), 'the job in the archived list');
  });
});

describe("a job number is one job", () => {
  it("given the all-others dashboard's reading of the counter gone stale (another user took that number), when the client POSTs the job, then 409 naming account_job_number, nothing written; read again, the next number is free", async () => {
    const current = await spec.load('/api/settings/current_number/job/');
    // Frank, on his own screen, makes his job first under the number the client also read.
    await frank.create('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: current.number + 1 });
    const before = await eventCount();
    const r = await spec.post('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: current.number + 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(Object.keys(r.body.fields)).toEqual(['account_job_number']);
    expect(await eventCount()).toBe(before);
    // The job list's New job (POST /api/jobs/new/) passes the taken number by.
    const made = await spec.create('/api/jobs/new/', { form_type: 'base', work_status: 'New' });
    expect(made.account_job_number).toBe(String(current.number + 2));
    expect(await spec.load(`/api/jobs/lookup/${current.number + 1}/`)).not.toMatchObject({ id: made.id });
  });

  it('given a loaded job, when the client saves it renumbered to a number another job holds, then 409 naming account_job_number and nothing written; its own number sent back is fine', async () => {
    const other = await openNewJob();
    const j = await openNewJob();
    expect((await spec.save(`/api/jobs/${j.id}/`, j, { title: 'Kept number' })).status).toBe(200);
    const before = await eventCount();
    const r = await spec.save(`/api/jobs/${j.id}/`, j, { account_job_number: other.account_job_number });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(Object.keys(r.body.fields)).toEqual(['account_job_number']);
    expect(await eventCount()).toBe(before);
  });
});

describe('divisions by number (spec 3 section 9)', () => {
  it('given a loaded base job, when its division is saved as a number 1 to 5 (as text), then it answers the division at that place of the base list', async () => {
    const j = await openNewJob();
    const r = await spec.save(`/api/jobs/${j.id}/`, j, { division: 4 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.division).toBe('Legacy');
    expect((await spec.save(`/api/jobs/${j.id}/`, j, { division: '2' })).body.division).toBe('Lightgig');
  });
});

describe('the names of spec 2 section 3', () => {
  it('given a loaded job, then it carries every field the spec names for a job, the CIBE totals too, and its list row the days left', async () => {
    const j = await openNewJob();
    const names = 'id job_number account_job_number po_job_number form_type customer title work_status job_summary project_number work_req_num py_po_complete_date billing_due_date permit_expiration_date permit_days_left estimated_crew_payout estimated_payout archived coordinator_code coordinator coord_phone1 coord_phone2 coordinator_email crew_string pdf_bundle total_po_item_amounts total_change_orders total_job total_job_invoiced_actual total_crew_payouts total_payouts payout_pct_of_total total_gross_profit job_operations_gross_profit CIBE_issued_grand_total CIBE_job_grand_total CIBE_job_grand_total_difference';
    expect.soft(missingNames(j, names), 'the job detail lacks').toBe('');
    const rows = await readOwnWrite(() => spec.load<Obj[]>('/api/jobs/?active=true'), (all) => all.some((r) => r.id === j.id), 'the job in the list');
    // The list sorts by job_days_left (spec 2 section 2); long texts may stay out of its rows.
    expect.soft(missingNames(rows.find((r) => r.id === j.id), 'id account_job_number job_days_left pdf_bundle archived'), 'the job list row lacks').toBe('');
  });
});

describe('the job with its related lines', () => {
  it('given job_with_related, when the whole answer is PUT back to job_with_related_update twice with a change each time, then 200 each, the changes kept, the lines untouched', async () => {
    const j = await openNewJob();
    await spec.create(`/api/jobs/${j.id}/notes/`, { job: j.id, note: 'First visit' });
    await spec.create(`/api/jobs/${j.id}/materials/`, { job: j.id, description: 'Duct', qty: '100', price: '1.10' });
    const related = await spec.load(`/api/jobs/job_with_related/${j.id}/`);
    expect(related.notes).toHaveLength(1);
    const first = await spec.save(`/api/jobs/job_with_related_update/${j.id}/`, related, { job_summary: 'Bore 300 ft' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await spec.save(`/api/jobs/job_with_related_update/${j.id}/`, related, { coordinator: 'Pat Lee', coord_phone1: 9185550100 });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const now = await spec.load(`/api/jobs/job_with_related/${j.id}/`);
    expect(now).toMatchObject({ job_summary: 'Bore 300 ft', coordinator: 'Pat Lee', coord_phone1: '9185550100' });
    expect(now.notes).toEqual(related.notes);
    expect(now.materials).toEqual(related.materials);
  });

  it('given job_with_related held by two users, when both change the job summary, then the client is 409 naming job_summary and nothing is written', async () => {
    const j = await openNewJob();
    const related = await spec.load(`/api/jobs/job_with_related/${j.id}/`);
    expect((await frank.save(`/api/jobs/job_with_related_update/${j.id}/`, copyOf(related), { job_summary: 'Frank\'s summary' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/jobs/job_with_related_update/${j.id}/`, related, { job_summary: 'Office summary' }), 'job_summary', { yours: 'Office summary', theirs: 'Frank\'s summary', by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
  });
});

describe('assigned users', () => {
  it('given the account users, when one is assigned by e-mail, listed and un-assigned, then each call answers and un-assigning again says it is gone', async () => {
    const j = await openNewJob();
    const users = await spec.load<Obj[]>('/api/jobs/job_account_users/');
    expect(users.map((u) => u.email)).toContain(frankEmail);
    const assigned = await spec.post(`/api/jobs/${j.id}/assign_users/`, { user_to_be_assigned: frankEmail });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    expect((await spec.load<Obj[]>(`/api/jobs/${j.id}/assign_users/`)).map((u) => u.email)).toEqual([frankEmail]);
    expect((await spec.del(`/api/jobs/assign_users/${assigned.body.id}/`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.del(`/api/jobs/assign_users/${assigned.body.id}/`));
    expect(await eventCount()).toBe(before);
    expect(await spec.load(`/api/jobs/${j.id}/assign_users/`)).toEqual([]);
  });

  it('given no name chosen, when a user is assigned, then 400 \'Please choose a name\' and nothing is written', async () => {
    const j = await openNewJob();
    const before = await eventCount();
    const r = await spec.post(`/api/jobs/${j.id}/assign_users/`, { user_to_be_assigned: '' });
    expectInvalid(r, 'user_to_be_assigned');
    expect(r.body.message).toBe('Please choose a name');
    expect(await eventCount()).toBe(before);
  });
});

describe('how-to tips of the job screens', () => {
  it('given the detail and dashboard tips, when the user opts out of one, then 200 and the tips answer it opted out', async () => {
    const detail = await spec.load<Obj[]>('/api/jobs/how2s/detail/');
    expect(Array.isArray(await spec.load('/api/jobs/how2s/dashboard/'))).toBe(true);
    expect(detail.length).toBeGreaterThan(0);
    const out = await spec.post(`/api/settings/how2s/sections/${detail[0].id}/opt_out/`);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect((await spec.load<Obj[]>('/api/jobs/how2s/detail/')).find((t) => t.id === detail[0].id)).toMatchObject({ opted_out: true });
  });
});

describe('deleting a job', () => {
  it('given a deleted job, when the kept job or one of its lines is loaded, saved or deleted again, then 404 or 410 says so and nothing is written', async () => {
    const j = await openNewJob();
    const item = await spec.create(`/api/jobs/${j.id}/items/`, { job: j.id, item: 'Bore' });
    expect((await spec.del(`/api/jobs/${j.id}`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.get(`/api/jobs/${j.id}/`));
    expectGone(await spec.get(`/api/jobs/job_with_related/${j.id}/`));
    expectGone(await spec.save(`/api/jobs/${j.id}/`, j, { title: 'Back?' }));
    expectGone(await spec.save(`/api/jobs/items/${item.id}`, item, { item: 'Back?' }));
    expectGone(await spec.del(`/api/jobs/${j.id}`));
    expect(await eventCount()).toBe(before);
  });
});
