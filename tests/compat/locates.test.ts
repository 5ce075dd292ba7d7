/**
 * The spec's client on the locate screens, call by call as spec 3 section 7 (Locates) and spec 2 section 7
 * (locates on job screens) list them. It keeps the object a GET or POST answered and PUTs it back whole,
 * edited, more than once, numbers as text, never If-Match; it turns a New ticket type into Normal itself
 * on the first open, and re-ups as the old screen does: POST locate_numbers/ with the dates it computed
 * (spec 3 section 9), then the kept locate PUT back with the new values copied into its current fields.
 * Calls exercised: 13 of 13 of spec 3 (GET locates/ with start_date, stop_date, active, archived,
 * live_and_future; GET and PUT locates/search_dates/; POST locates/ with form_type, locate_status,
 * current_ticket_type; GET, PUT, DELETE locates/{id}/; GET and POST locates/{id}/locate_numbers|
 * customer_data|crews|notes/; PUT and DELETE locates/{customer_data, notes, locate_numbers}/{id}/; GET
 * locates/report/locates/?ids) and 5 of 5 of spec 2 (POST locates/; POST and GET customer_data/ and
 * locate_numbers/; GET locates/unassigned/, {job}/assigned/, tasks/{task}/assigned/; PUT locates/{id}/
 * with job_ref, job_task_ref, task_id, account_job_number).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { SpecClient, copyOf, expectConflict, expectGone, expectInvalid, missingNames, type Obj, readOwnWrite } from './specClient.ts';

// Today is 2026-11-24 for the app and the worker.
const { office, eventCount } = apiTest('compat_locates', { worker: true, now: () => new Date('2026-11-24T15:00:00Z') });
const spec = new SpecClient(office);
let frank: SpecClient;
beforeAll(async () => {
  frank = await spec.colleague('Frank Field');
  await spec.create('/api/settings/crews/', { crew_name: 'Bore Crew 1' });
});

/** The list screen's "new locate": POST with the three fields the spec names, then the detail's GET. */
async function openNewLocate(values: Obj = {}): Promise<Obj> {
  const created = await spec.create('/api/locates/', { form_type: 'base_locate', locate_status: 'Active', current_ticket_type: 'New', ...values });
  expect(created.id).toMatch(/^\d+$/);
  return spec.load(`/api/locates/${created.id}/`);
}
const listed = (query: string) => spec.load<Obj[]>(`/api/locates/?${query}`);
const has = (id: string) => (rows: Obj[]) => rows.some((r) => r.id === id);

describe('the locate list screen', () => {
  it('given locates submitted and expiring on various days, when the list is read with the filters the screen sends, then each filter narrows it', async () => {
    const inRange = await openNewLocate({ current_ticket_number: 'LIST-IN', current_date_submitted: '2026-11-10' });
    const old = await openNewLocate({ current_ticket_number: 'LIST-OLD', current_date_submitted: '2026-10-01' });
    const future = await openNewLocate({ current_ticket_number: 'LIST-FUTURE', current_date_submitted: '2026-12-05' });
    const range = 'start_date=2026-11-20&stop_date=2026-11-30';
    // The last one made in the list with live_and_future: all three are in the read model.
    await readOwnWrite(() => listed(`${range}&active=true&archived=false&live_and_future=true`), has(future.id), 'the future locate with live_and_future');
    const rows = await listed(`${range}&active=true&archived=false&live_and_future=false`);
    expect(has(inRange.id)(rows)).toBe(true);
    expect(rows.some((r) => r.id === old.id || r.id === future.id)).toBe(false);
    expect(await listed(`${range}&active=false&archived=true&live_and_future=false`)).toEqual([]);
    expect(rows.find((r) => r.id === inRange.id)).toMatchObject({ current_date_expiration: '2026-11-24', locate_days_left: 0 });
  });

  it('given the picked range and toggles, when PUT to search_dates twice from its own answer, then they are kept and the list without dates applies them', async () => {
    const kept = await spec.load<Obj>('/api/locates/search_dates/');
    const first = await spec.save('/api/locates/search_dates/', kept, { start_date: '2026-11-20', end_date: '2026-11-30', active: true, archived: false, live_and_future: false, public_mode: false });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await spec.save('/api/locates/search_dates/', first.body, { public_mode: true });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await spec.load('/api/locates/search_dates/')).toMatchObject({ start_date: '2026-11-20', end_date: '2026-11-30', public_mode: true });
    const old = await openNewLocate({ current_ticket_number: 'SAVED-OLD', current_date_submitted: '2026-10-01' });
    const fresh = await openNewLocate({ current_ticket_number: 'SAVED-IN', current_date_submitted: '2026-11-21' });
    const rows = await readOwnWrite(() => listed('active=true&archived=false'), has(fresh.id), 'the new locate in the saved range');
    expect(has(old.id)(rows)).toBe(false);
    expect((await spec.put('/api/locates/search_dates/', { start_date: null, end_date: null })).status).toBe(200);
  });

  it('given selected locates, when the locates report is opened for their ids, then the report file answers', async () => {
    const [a, b] = [await openNewLocate({ current_ticket_number: 'REP-1' }), await openNewLocate({ current_ticket_number: 'REP-2' })];
    const r = await spec.http.download(`/api/locates/report/locates/?ids=${a.id},${b.id}`);
    expect(r.status, r.bytes.toString().slice(0, 300)).toBe(200);
    expect(r.bytes.length).toBeGreaterThan(0);
  });
});

describe('a locate, saved whole from the object its GET answered', () => {
  it('given a new locate, when first opened the screen sets Normal and saves, then saves again twice from the same kept object: 200 each, every edit kept', async () => {
    const l = await openNewLocate();
    expect(l).toMatchObject({ locate_status: 'Active', current_ticket_type: 'New' });
    const opened = await spec.save(`/api/locates/${l.id}/`, l, { current_ticket_type: 'Normal' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const first = await spec.save(`/api/locates/${l.id}/`, l, { current_ticket_number: 26110042, current_date_submitted: '2026-11-20', current_date_expiration: '2026-12-04' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await spec.save(`/api/locates/${l.id}/`, l, { locate_status: 'Marked', current_alt_ticket_number: 'ALT-9' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await spec.load(`/api/locates/${l.id}/`)).toMatchObject({ current_ticket_type: 'Normal', current_ticket_number: '26110042', current_date_expiration: '2026-12-04', locate_status: 'Marked', current_alt_ticket_number: 'ALT-9', locate_days_left: 10 });
  });

  it('given a loaded locate with lines, when the computed fields come back changed, then they are ignored: 200, nothing written', async () => {
    const l = await openNewLocate({ current_date_submitted: '2026-11-20' });
    await spec.create(`/api/locates/${l.id}/customer_data/`, { locate: l.id, customer: 'AT&T', seg: '1' });
    const loaded = await spec.load(`/api/locates/${l.id}/`);
    const before = await eventCount();
    const r = await spec.save(`/api/locates/${l.id}/`, loaded, {
      locate_days_left: 99, locate_days_colour: 'red', ticket_chain: ['X'], re_up_count: 7, customer: 'Nobody', crew_string: 'Nobody', segments: ['9'], latest_note: 'x',
      customer_data: [], locate_numbers: [{ id: '1' }], crews: [], notes: [], created_at: '1999-01-01T00:00:00Z', last_updated: '1999-01-01T00:00:00Z', opened_at: null, position: '0:0', selected: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await eventCount()).toBe(before);
    expect(await spec.load(`/api/locates/${l.id}/`)).toMatchObject({ customer: 'AT&T', version: loaded.version, locate_days_left: 10 });
  });

  it('given a date the inputs cannot make, then 400 names the field and nothing is written', async () => {
    const l = await openNewLocate();
    const before = await eventCount();
    expectInvalid(await spec.save(`/api/locates/${l.id}/`, l, { current_date_expiration: '12/10/2026' }), 'current_date_expiration');
    expectInvalid(await spec.save(`/api/locates/${l.id}/`, copyOf(l), { current_date_expiration: '2026-12-10', locate_status: 'Done' }), 'locate_status');
    expect(await eventCount()).toBe(before);
  });

  it('given the kept locate, when saved whole with an expiry before its submission or work date, then 400 naming current_date_expiration and nothing written; a save of another field of the same object then goes through', async () => {
    const l = await openNewLocate({ current_date_submitted: '2026-11-20', current_work_date: '2026-11-23' });
    const before = await eventCount();
    expectInvalid(await spec.save(`/api/locates/${l.id}/`, copyOf(l), { current_date_expiration: '2026-11-19' }), 'current_date_expiration');
    expectInvalid(await spec.save(`/api/locates/${l.id}/`, copyOf(l), { current_date_expiration: '2026-11-22' }), 'current_date_expiration');
    expect(await eventCount()).toBe(before);
    expect((await spec.save(`/api/locates/${l.id}/`, l, { locate_status: 'Marked' })).status).toBe(200);
  });

  it('given two users holding the same loaded locate, when both change its ticket number, then the client is 409 naming it and nothing is written', async () => {
    const l = await openNewLocate({ current_ticket_number: 'T-0' });
    expect((await frank.save(`/api/locates/${l.id}/`, copyOf(l), { current_ticket_number: 'T-FRANK' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/locates/${l.id}/`, l, { current_ticket_number: 'T-OFFICE' }), 'current_ticket_number', { yours: 'T-OFFICE', theirs: 'T-FRANK', by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
  });
});

describe('the re-up, as the old screen does it', () => {
  it('given a loaded locate, when the re-up posts a history record with the dates the screen computed and the kept locate is PUT with them copied, then no conflict, one new history record, and a later save of the same object is 200', async () => {
    const l = await openNewLocate({ current_ticket_number: 'RE-1', current_date_submitted: '2026-11-12' });
    const numbers = await spec.create(`/api/locates/${l.id}/locate_numbers/`, { locate: l.id, ticket_number: 'RE-2', ticket_type: 'Update', date_submitted: '2026-11-24', work_date: '2026-11-26', date_expiration: '2026-12-10', segment: '' });
    expect(numbers).toMatchObject({ locate: l.id, ticket_number: 'RE-2', work_date: '2026-11-26', date_expiration: '2026-12-10' });
    const lines = (await spec.load<Obj[]>(`/api/locates/${l.id}/locate_numbers/`)).length;

    const copied = await spec.save(`/api/locates/${l.id}/`, l, { current_ticket_number: 'RE-2', current_ticket_type: 'Update', current_date_submitted: '2026-11-24', current_work_date: '2026-11-26', current_date_expiration: '2026-12-10' });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    expect(copied.body).toMatchObject({ current_ticket_number: 'RE-2', current_date_expiration: '2026-12-10', ticket_chain: ['RE-1', 'RE-2'] });
    expect(await spec.load<Obj[]>(`/api/locates/${l.id}/locate_numbers/`)).toHaveLength(lines);
    const history = await spec.load<Obj[]>(`/api/locates/${l.id}/history/`);
    expect(history.filter((e) => e.type === 'LocateReUpped')).toHaveLength(1);

    const later = await spec.save(`/api/locates/${l.id}/`, l, { locate_status: 'Marked' });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body).toMatchObject({ locate_status: 'Marked', current_ticket_number: 'RE-2' });
  });

  it('given a re-up whose dates the screen got wrong (submitted before the ticket it replaces, or expiring before its work date), then 400 naming the field and nothing written', async () => {
    const l = await openNewLocate({ current_ticket_number: 'RW-1', current_date_submitted: '2026-11-12' });
    const before = await eventCount();
    expectInvalid(await spec.post(`/api/locates/${l.id}/locate_numbers/`, { locate: l.id, ticket_number: 'RW-2', date_submitted: '2026-11-10', work_date: '2026-11-26', date_expiration: '2026-12-10' }), 'date_submitted');
    expectInvalid(await spec.post(`/api/locates/${l.id}/locate_numbers/`, { locate: l.id, ticket_number: 'RW-2', date_submitted: '2026-11-24', work_date: '2026-11-26', date_expiration: '2026-11-25' }), 'date_expiration');
    expect(await eventCount()).toBe(before);
  });

  it('given a re-up posted with only the ticket number, then the server fills the dates by the spec\'s rules', async () => {
    const l = await openNewLocate({ current_ticket_number: 'RD-1', current_date_submitted: '2026-11-12' });
    const n = await spec.create(`/api/locates/${l.id}/locate_numbers/`, { locate: l.id, ticket_number: 'RD-2' });
    expect(n).toMatchObject({ date_submitted: '2026-11-24', work_date: '2026-11-26', date_expiration: '2026-12-10' });
  });
});

describe('customer data, notes, crews and the history of numbers, each saved with the object its POST answered', () => {
  it('given two customer data rows posted with only locate, when each is PUT twice with its POST answer after the other changed, then 200 and numbers as text taken', async () => {
    const l = await openNewLocate();
    const rows = [await spec.create(`/api/locates/${l.id}/customer_data/`, { locate: l.id }), await spec.create(`/api/locates/${l.id}/customer_data/`, { locate: l.id })];
    for (const [i, row] of rows.entries()) {
      const r = await spec.save(`/api/locates/customer_data/${row.id}/`, row, { customer: 'AT&T', job_number: 4470 + i, seg: i + 1 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ job_number: String(4470 + i), seg: String(i + 1) });
    }
    for (const row of rows) expect((await spec.save(`/api/locates/customer_data/${row.id}/`, row, { job: 'Broad St feeder' })).status).toBe(200);
    expect((await spec.load<Obj[]>(`/api/locates/${l.id}/customer_data/`)).map((r) => [r.seg, r.job])).toEqual([['1', 'Broad St feeder'], ['2', 'Broad St feeder']]);
  });

  it('given a note and a history record, when each is PUT twice from its POST answer, then 200; the stamps are the server\'s', async () => {
    const l = await openNewLocate({ current_ticket_number: 'N-1' });
    const note = await spec.create(`/api/locates/${l.id}/notes/`, { locate: l.id, note: 'Called in' });
    const stamped = note.created_date;
    expect((await spec.save(`/api/locates/notes/${note.id}/`, note, { note: 'Marks out' })).status).toBe(200);
    const again = await spec.save(`/api/locates/notes/${note.id}/`, note, { note_status: 'Issue', created_date: '1999-01-01' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ note: 'Marks out', note_status: 'Issue', created_date: stamped });
    const n = await spec.create(`/api/locates/${l.id}/locate_numbers/`, { locate: l.id, ticket_number: 'N-2' });
    expect((await spec.save(`/api/locates/locate_numbers/${n.id}/`, n, { remarks: 'Re-called' })).status).toBe(200);
    expect((await spec.save(`/api/locates/locate_numbers/${n.id}/`, n, { alt_ticket_number: 9001 })).body).toMatchObject({ remarks: 'Re-called', alt_ticket_number: '9001' });
    expect(await spec.load<Obj[]>(`/api/locates/${l.id}/notes/`)).toHaveLength(1);
  });

  it("given the crews screen, when a crew of Settings is posted, then it is assigned; an empty name is 'Please enter a Crew name' and nothing written", async () => {
    const l = await openNewLocate();
    const crew = await spec.create(`/api/locates/${l.id}/crews/`, { locate: l.id, crew_name: 'Bore Crew 1' });
    expect(crew).toMatchObject({ crew_name: 'Bore Crew 1', crew: expect.stringMatching(/^\d+$/) });
    expect(await spec.load<Obj[]>(`/api/locates/${l.id}/crews/`)).toHaveLength(1);
    const before = await eventCount();
    const empty = await spec.post(`/api/locates/${l.id}/crews/`, { locate: l.id, crew_name: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please enter a Crew name');
    expect(await eventCount()).toBe(before);
  });

  it('given the crews screen sending a Settings crew by its id (as text), then it is assigned with its name; an id that is no crew is a 400 naming crew and nothing written', async () => {
    const l = await openNewLocate();
    const settingsCrew = (await spec.load<Obj[]>('/api/settings/crews/')).find((c) => c.crew_name === 'Bore Crew 1')!;
    const crew = await spec.create(`/api/locates/${l.id}/crews/`, { locate: l.id, crew: Number(settingsCrew.id) });
    expect(crew).toMatchObject({ crew: settingsCrew.id, crew_name: 'Bore Crew 1' });
    const before = await eventCount();
    expectInvalid(await spec.post(`/api/locates/${l.id}/crews/`, { locate: l.id, crew: 987654321 }), 'crew');
    expect(await eventCount()).toBe(before);
  });

  it('given lines deleted, when their kept objects are saved or deleted again, then 410 or 404 says so and nothing is written', async () => {
    const l = await openNewLocate({ current_ticket_number: 'D-1' });
    const cd = await spec.create(`/api/locates/${l.id}/customer_data/`, { locate: l.id, customer: 'AT&T' });
    const note = await spec.create(`/api/locates/${l.id}/notes/`, { locate: l.id, note: 'x' });
    const n = await spec.create(`/api/locates/${l.id}/locate_numbers/`, { locate: l.id, ticket_number: 'D-2' });
    for (const path of [`customer_data/${cd.id}`, `notes/${note.id}`, `locate_numbers/${n.id}`]) expect((await spec.del(`/api/locates/${path}/`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.save(`/api/locates/customer_data/${cd.id}/`, cd, { customer: 'Back?' }));
    expectGone(await spec.save(`/api/locates/notes/${note.id}/`, note, { note: 'Back?' }));
    expectGone(await spec.del(`/api/locates/locate_numbers/${n.id}/`));
    expect(await eventCount()).toBe(before);
  });
});

describe('locates on the job screens (spec 2)', () => {
  it('given a base job, when a locate is created from it with customer data and a number, then the job screen lists them and assigned/ holds it', async () => {
    const job = await spec.create('/api/jobs/new/', { form_type: 'base', title: 'Compat locate job' });
    const l = await spec.create('/api/locates/', { form_type: 'base_locate', locate_status: 'Active', current_ticket_type: 'New', job_ref: job.id, account_job_number: job.account_job_number });
    await spec.create(`/api/locates/${l.id}/customer_data/`, { locate: l.id, segment: '1', customer: 'AT&T', job_number: 4471, job: 'Feeder', seg: '1' });
    await spec.create(`/api/locates/${l.id}/locate_numbers/`, { locate: l.id, ticket_number: 'JOB-1', alt_ticket_number: 'ALT-1' });
    expect(await spec.load<Obj[]>(`/api/locates/${l.id}/customer_data/`)).toEqual([expect.objectContaining({ segment: '1', customer: 'AT&T', job_number: '4471', job: 'Feeder', seg: '1' })]);
    expect(await spec.load<Obj[]>(`/api/locates/${l.id}/locate_numbers/`)).toEqual([expect.objectContaining({ ticket_number: 'JOB-1', alt_ticket_number: 'ALT-1' })]);
    const assigned = await readOwnWrite(() => spec.load<Obj[]>(`/api/locates/${job.id}/assigned/`), (rows) => rows.some((r) => r.id === l.id && r.current_ticket_number === 'JOB-1'), 'the locate on its job, re-upped');
    expect(assigned[0]).toMatchObject({ job_ref: job.id, account_job_number: job.account_job_number, current_ticket_number: 'JOB-1' });
  });

  it('given unassigned locates, when the job screens assign one to a base job and one (its row kept whole) to an ORCA task with the four fields, then each shows under its job or task and leaves unassigned/', async () => {
    const base = await spec.create('/api/jobs/new/', { form_type: 'base', title: 'Compat assign base' });
    const orca = await spec.create('/api/jobs/new/', { form_type: 'attorca', title: 'Compat assign ORCA' });
    const task = await spec.create(`/api/jobs/${orca.id}/tasks/`, { job: orca.id, title: 'Bore' });
    const [a, b] = [await openNewLocate({ current_ticket_number: 'UA-1' }), await openNewLocate({ current_ticket_number: 'UA-2' })];
    const unassigned = await readOwnWrite(() => spec.load<Obj[]>('/api/locates/unassigned/'), (rows) => has(a.id)(rows) && has(b.id)(rows), 'both in unassigned');

    const toBase = await spec.put(`/api/locates/${a.id}/`, { job_ref: base.id, job_task_ref: '', task_id: '', account_job_number: base.account_job_number });
    expect(toBase.status, JSON.stringify(toBase.body)).toBe(200);
    const row = unassigned.find((r) => r.id === b.id)!;
    const toTask = await spec.save(`/api/locates/${b.id}/`, row, { job_ref: orca.id, job_task_ref: task.id, task_id: task.task_id, account_job_number: orca.account_job_number });
    expect(toTask.status, JSON.stringify(toTask.body)).toBe(200);
    expect(toTask.body).toMatchObject({ job_ref: orca.id, job_task_ref: task.id, task_id: task.task_id, account_job_number: orca.account_job_number });

    await readOwnWrite(() => spec.load<Obj[]>(`/api/locates/${base.id}/assigned/`), has(a.id), 'the locate on the base job');
    await readOwnWrite(() => spec.load<Obj[]>(`/api/locates/tasks/${task.id}/assigned/`), has(b.id), 'the locate on the task');
    const left = await readOwnWrite(() => spec.load<Obj[]>('/api/locates/unassigned/'), (rows) => !has(a.id)(rows) && !has(b.id)(rows), 'both gone from unassigned');
    expect(has(a.id)(left)).toBe(false);
  });

  it('given a task of another job, when the screen assigns it, then 400 names job_task_ref and nothing is written', async () => {
    const [x, y] = [await spec.create('/api/jobs/new/', { form_type: 'attorca', title: 'X' }), await spec.create('/api/jobs/new/', { form_type: 'attorca', title: 'Y' })];
    const ty = await spec.create(`/api/jobs/${y.id}/tasks/`, { job: y.id });
    const l = await openNewLocate();
    const before = await eventCount();
    expectInvalid(await spec.put(`/api/locates/${l.id}/`, { job_ref: x.id, job_task_ref: ty.id, task_id: ty.task_id, account_job_number: x.account_job_number }), 'job_task_ref');
    expect(await eventCount()).toBe(before);
  });
});

describe('deleting locates', () => {
  it('given a locate deleted, when its kept object is saved or deleted again, then 404 and nothing is written; the detail load fails as the screen expects', async () => {
    const l = await openNewLocate({ current_ticket_number: 'GONE-1' });
    expect((await spec.del(`/api/locates/${l.id}/`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.get(`/api/locates/${l.id}/`));
    expectGone(await spec.save(`/api/locates/${l.id}/`, l, { locate_status: 'Canceled' }));
    expectGone(await spec.del(`/api/locates/${l.id}/`));
    expect(await eventCount()).toBe(before);
  });
});

describe('the names of spec 3 section 3 and spec 2', () => {
  it('given a locate with a history record, customer data and a crew on an ORCA task, then each carries the names the spec shows', async () => {
    const orca = await spec.create('/api/jobs/new/', { form_type: 'attorca', title: 'Compat names' });
    const task = await spec.create(`/api/jobs/${orca.id}/tasks/`, { job: orca.id });
    const created = await spec.create('/api/locates/', { form_type: 'attorca_locate', locate_status: 'Active', current_ticket_type: 'New', job_ref: orca.id, job_task_ref: task.id });
    const n = await spec.create(`/api/locates/${created.id}/locate_numbers/`, { locate: created.id, ticket_number: 'NM-1' });
    const cd = await spec.create(`/api/locates/${created.id}/customer_data/`, { locate: created.id, customer: 'AT&T' });
    const crew = await spec.create(`/api/locates/${created.id}/crews/`, { locate: created.id, crew_name: 'Bore Crew 1' });
    const l = await spec.load(`/api/locates/${created.id}/`);
    const locateNames = 'id form_type locate_status current_ticket_type current_ticket_number current_alt_ticket_number current_date_submitted current_work_date current_date_expiration locate_days_left last_updated';
    expect.soft(missingNames(l, locateNames), 'a locate lacks').toBe('');
    expect.soft(missingNames(l, 'job_ref job_task_ref task_id account_job_number'), 'a locate on a job screen lacks').toBe('');
    const row = (await readOwnWrite(() => spec.load<Obj[]>(`/api/locates/tasks/${task.id}/assigned/`), has(l.id), 'the locate on its task')).find((r) => r.id === l.id);
    expect.soft(missingNames(row, `${locateNames} job_ref job_task_ref task_id account_job_number`), 'a locate row lacks').toBe('');
    expect.soft(missingNames(n, 'segment ticket_number alt_ticket_number ticket_type date_submitted date_expiration work_date remarks'), 'a locate number lacks').toBe('');
    expect.soft(missingNames(cd, 'customer job_number job seg segment'), 'customer data lacks').toBe('');
    expect.soft(missingNames(crew, 'crew crew_name'), 'a locate crew lacks').toBe('');
  });
});
