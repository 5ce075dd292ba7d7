/**
 * Every locate call of the API (spec 3 sections 3, 4, 5, 7, 9; spec 2's locates on job screens) over
 * HTTP against the real app: create with its defaults and date rule, the detail with its lines, edits
 * merged by field, history and as-of, delete, the sub-collections, crews from Settings, the first open,
 * re-ups (POST reup/ and POST locate_numbers/), assignment to a job and an ORCA task and the job
 * screens' look-ups, bad input and another account's records. The expiry watch is locates-watch.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import type { Client } from '../support/client.ts';
import { orcaJobCalls, type Row } from '../support/orcaJobs.ts';
import { appendAsBeforeTheRule } from '../support/pastRules.ts';

// The app's clock: today is Tuesday 2026-11-24; a test moves it forward with `later`.
let clock = Date.parse('2026-11-24T15:00:00Z');
const later = (hours: number) => (clock += hours * 3_600_000);
const { app, office, rival, eventCount } = apiTest('api_locates', { now: () => new Date(clock) });
const { newOrcaJob, add } = orcaJobCalls(office);

async function newLocate(values: Record<string, unknown> = {}, c: Client = office): Promise<Row> {
  const r = await c.post('/api/locates/', { form_type: 'base_locate', ...values });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
const detail = async (id: string, c: Client = office) => (await c.get(`/api/locates/${id}/`)).body as Row;
const ids = (rows: Row[]) => rows.map((r) => r.id);
const expectInvalid = (r: { status: number; body: any }, field: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(Object.keys(r.body.fields ?? {}), JSON.stringify(r.body)).toContain(field);
};

beforeAll(async () => {
  for (const crew_name of ['Bore Crew 1', 'Splice Team']) expect((await office.post('/api/settings/crews/', { crew_name })).status).toBe(201);
});

describe('creating a locate', () => {
  it('given only a form type, when created, then 201 Active and New, not archived, no job, and every field of spec 3 section 3 named', async () => {
    const l = await newLocate();
    expect(l).toMatchObject({ form_type: 'base_locate', locate_status: 'Active', current_ticket_type: 'New', archived: false, job_ref: null, job_task_ref: null, current_date_expiration: null, locate_days_left: null, ticket_chain: [], re_up_count: 0 });
    for (const name of ['id', 'form_type', 'locate_status', 'current_ticket_type', 'current_ticket_number', 'current_alt_ticket_number', 'current_date_submitted', 'current_work_date', 'current_date_expiration', 'locate_days_left', 'last_updated'])
      expect(l, name).toHaveProperty(name);
    expect(l).toMatchObject({ locate_numbers: [], customer_data: [], crews: [], notes: [], version: 1 });
  });

  it('given a submission date and no expiry, when created, then the expiry is 14 days after it and days left count to it with the locate colours', async () => {
    const l = await newLocate({ current_ticket_number: '2611-0001', current_date_submitted: '2026-11-20' });
    expect(l).toMatchObject({ current_date_expiration: '2026-12-04', locate_days_left: 10, locate_days_colour: null, ticket_chain: ['2611-0001'] });
    expect((await newLocate({ current_date_submitted: '2026-11-15' })).locate_days_colour).toBe('orange');
    expect((await newLocate({ current_date_submitted: '2026-11-01' })).locate_days_colour).toBe('red');
  });

  it('given a status, ticket type and expiry sent, when created, then they stand (numbers as text taken)', async () => {
    const l = await newLocate({ form_type: 'attorca_locate', locate_status: 'Marked', current_ticket_type: 'Emergency', current_date_submitted: '2026-11-20', current_date_expiration: '2026-11-30', current_ticket_number: 26110042 });
    expect(l).toMatchObject({ form_type: 'attorca_locate', locate_status: 'Marked', current_ticket_type: 'Emergency', current_date_expiration: '2026-11-30', current_ticket_number: '26110042' });
  });
});

describe('editing a locate', () => {
  it('given a locate, when its whole detail is PUT back edited, then 200, the change kept, computed fields and lines ignored', async () => {
    const l = await newLocate({ current_date_submitted: '2026-11-20' });
    const r = await office.put(`/api/locates/${l.id}/`, { ...l, current_alt_ticket_number: 'ALT-7', locate_days_left: 99, ticket_chain: ['X'], crews: [{ crew_name: 'Nobody' }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ current_alt_ticket_number: 'ALT-7', locate_days_left: 10, ticket_chain: [], crews: [] });
  });

  it('given a submission date moved, then an expiry the rule gave moves with it, and one typed by hand stays', async () => {
    const ruled = await newLocate({ current_date_submitted: '2026-11-20' });
    expect((await office.put(`/api/locates/${ruled.id}/`, { current_date_submitted: '2026-11-22' })).body.current_date_expiration).toBe('2026-12-06');
    const typed = await newLocate({ current_date_submitted: '2026-11-20', current_date_expiration: '2026-11-28' });
    expect((await office.put(`/api/locates/${typed.id}/`, { current_date_submitted: '2026-11-22' })).body.current_date_expiration).toBe('2026-11-28');
  });

  it('given two users holding the same version, when each changes another field, then both are kept; the same field changed again from the old version is 409 naming it, nothing written', async () => {
    const frank = await office.addColleague('Frank Field');
    const l = await newLocate({ current_ticket_number: 'T-1' });
    const mine = await office.put(`/api/locates/${l.id}/`, { ...l, current_ticket_number: 'T-2' });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const theirs = await frank.put(`/api/locates/${l.id}/`, { ...l, locate_status: 'Marked' });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    expect(await detail(l.id)).toMatchObject({ current_ticket_number: 'T-2', locate_status: 'Marked' });
    const before = await eventCount();
    const clash = await frank.put(`/api/locates/${l.id}/`, { ...l, current_ticket_number: 'T-9' });
    expect(clash.status, JSON.stringify(clash.body)).toBe(409);
    expect(clash.body.conflicts).toEqual([expect.objectContaining({ field: 'current_ticket_number', yours: 'T-9', theirs: 'T-2', by: 'Office User' })]);
    expect(await eventCount()).toBe(before);
  });
});

describe('history, as-of and delete', () => {
  it('given edits at two times, then history lists each with who and the fields changed, and as_of shows the locate as it stood', async () => {
    const l = await newLocate({ current_ticket_number: 'H-1' });
    const created = l.last_updated;
    later(2);
    await office.put(`/api/locates/${l.id}/`, { current_ticket_number: 'H-2', locate_status: 'Marked' });
    const h = (await office.get(`/api/locates/${l.id}/history/`)).body as Row[];
    expect(h.map((e) => e.type)).toEqual(['LocateCreated', 'LocateRevised']);
    expect(h[1]).toMatchObject({ user_name: 'Office User', at: new Date(clock).toISOString() });
    expect(h[1].changes).toEqual(expect.arrayContaining([{ field: 'current_ticket_number', old: 'H-1', new: 'H-2' }, { field: 'locate_status', old: 'Active', new: 'Marked' }]));
    const then = await office.get(`/api/locates/${l.id}/?as_of=${encodeURIComponent(created)}`);
    expect(then.status).toBe(200);
    expect(then.body).toMatchObject({ current_ticket_number: 'H-1', locate_status: 'Active' });
    expect((await office.get(`/api/locates/${l.id}/?as_of=2026-01-01T00:00:00Z`)).status).toBe(404);
  });

  it('given a locate, when deleted, then it is gone from the detail and the list, and deleting or saving it again writes nothing', async () => {
    const l = await newLocate({ current_ticket_number: 'DEL-1' });
    expect((await office.del(`/api/locates/${l.id}/`)).status).toBe(200);
    expect((await office.get(`/api/locates/${l.id}/`)).status).toBe(404);
    expect(ids((await office.list('/api/locates/?q=DEL-1')).body)).toEqual([]);
    const before = await eventCount();
    expect((await office.del(`/api/locates/${l.id}/`)).status).toBe(404);
    expect((await office.put(`/api/locates/${l.id}/`, { current_ticket_number: 'Back' })).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});

describe('customer data, notes and crews', () => {
  it('given a locate, when customer data and a note are posted, edited and removed, then the detail, the lines routes and the list row follow', async () => {
    const l = await newLocate();
    const cd = await office.post(`/api/locates/${l.id}/customer_data/`, { customer: 'AT&T', job_number: 4471, job: 'Broad St feeder', seg: '3' });
    expect(cd.status, JSON.stringify(cd.body)).toBe(201);
    expect(cd.body).toMatchObject({ locate: l.id, customer: 'AT&T', job_number: '4471', seg: '3' });
    const note = await office.post(`/api/locates/${l.id}/notes/`, { note: 'Marks faded at HH-3' });
    expect(note.body).toMatchObject({ note: 'Marks faded at HH-3', note_status: 'Update', created_by: 'Office User' });
    expect((await office.get(`/api/locates/${l.id}/customer_data/`)).body).toHaveLength(1);
    expect((await office.get(`/api/locates/${l.id}/notes/`)).body).toHaveLength(1);
    expect(await detail(l.id)).toMatchObject({ customer: 'AT&T', customer_job_number: '4471', segments: ['3'], latest_note: 'Marks faded at HH-3' });

    const put = await office.put(`/api/locates/customer_data/${cd.body.id}/`, { ...cd.body, seg: '4' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await office.put(`/api/locates/notes/${note.body.id}/`, { note: 'Re-marked' })).body.note).toBe('Re-marked');
    const row = (await office.list(`/api/locates/?q=re-marked`)).body.find((r: Row) => r.id === l.id);
    expect(row).toMatchObject({ customer: 'AT&T', segments: ['4'], latest_note: 'Re-marked' });

    expect((await office.del(`/api/locates/customer_data/${cd.body.id}/`)).status).toBe(200);
    expect((await office.del(`/api/locates/notes/${note.body.id}/`)).status).toBe(200);
    expect(await detail(l.id)).toMatchObject({ customer_data: [], notes: [], customer: null, latest_note: null });
    const before = await eventCount();
    expect([404, 410]).toContain((await office.put(`/api/locates/notes/${note.body.id}/`, { note: 'Back?' })).status);
    expect(await eventCount()).toBe(before);
  });

  it("given Settings crews, when a crew is assigned by name, then it is matched (any case) to the crew's record; an empty or unknown name is 'Please enter a Crew name' and nothing written", async () => {
    const l = await newLocate();
    const crews = (await office.get('/api/settings/crews/')).body as Row[];
    const r = await office.post(`/api/locates/${l.id}/crews/`, { crew_name: 'bore crew 1' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ crew_name: 'Bore Crew 1', crew: crews.find((c) => c.crew_name === 'Bore Crew 1')!.id, locate: l.id });
    await office.post(`/api/locates/${l.id}/crews/`, { crew_name: 'Splice Team' });
    expect((await detail(l.id)).crew_string).toBe('Bore Crew 1, Splice Team');
    expect((await office.get(`/api/locates/${l.id}/crews/`)).body).toHaveLength(2);

    const before = await eventCount();
    for (const crew_name of ['', '   ', 'Night Crew']) {
      const bad = await office.post(`/api/locates/${l.id}/crews/`, { crew_name });
      expect(bad.status, crew_name).toBe(400);
      expect(bad.body.message).toBe('Please enter a Crew name');
    }
    expect((await office.post(`/api/locates/${l.id}/crews/`, {})).body.message).toBe('Please enter a Crew name');
    expect(await eventCount()).toBe(before);

    expect((await office.del(`/api/locates/crews/${r.body.id}/`)).status).toBe(200);
    expect((await detail(l.id)).crew_string).toBe('Splice Team');
  });
});

describe('a locate crew by id (issue 28)', () => {
  it("given Settings crews, when a crew is assigned by its id (as a number or text), then its name is filled; an unknown, another account's or a non-crew id is 400 naming crew and nothing written", async () => {
    const l = await newLocate();
    const crews = (await office.get('/api/settings/crews/')).body as Row[];
    const splice = crews.find((c) => c.crew_name === 'Splice Team')!;
    const r = await office.post(`/api/locates/${l.id}/crews/`, { crew: Number(splice.id) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ crew: splice.id, crew_name: 'Splice Team', locate: l.id });
    // The id wins over a name sent beside it: the name is the crew's.
    expect((await office.post(`/api/locates/${l.id}/crews/`, { crew: splice.id, crew_name: 'Bore Crew 1' })).body).toMatchObject({ crew: splice.id, crew_name: 'Splice Team' });

    // The line PUT back whole: a changed crew id or name is looked up in Settings, filling the other.
    const bore = crews.find((c) => c.crew_name === 'Bore Crew 1')!;
    const byId = await office.put(`/api/locates/crews/${r.body.id}/`, { ...r.body, crew: bore.id });
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    expect(byId.body).toMatchObject({ crew: bore.id, crew_name: 'Bore Crew 1' });
    // The same kept line with its name edited (its crew id now stale): the name is the edit.
    const kept = { ...byId.body, crew_name: 'splice team' };
    expect((await office.put(`/api/locates/crews/${r.body.id}/`, kept)).body).toMatchObject({ crew: splice.id, crew_name: 'Splice Team' });
    expect((await office.put(`/api/locates/crews/${r.body.id}/`, { ...kept, crew_name: 'Night Crew' })).body.message).toBe('Please enter a Crew name');

    const theirs = (await rival.post('/api/settings/crews/', { crew_name: 'Rival Crew' })).body as Row;
    const before = await eventCount();
    for (const crew of ['999999999', theirs.id, l.id, 'abc']) {
      const bad = await office.post(`/api/locates/${l.id}/crews/`, { crew, crew_name: 'Splice Team' });
      expectInvalid(bad, 'crew');
    }
    expect(await eventCount()).toBe(before);
  });
});

describe('dates that cannot be (issue 28)', () => {
  it('given a new locate whose expiry is before its submission or work date, then 400 naming the field and nothing written', async () => {
    const before = await eventCount();
    const r = await office.post('/api/locates/', { form_type: 'base_locate', current_date_submitted: '2026-11-20', current_date_expiration: '2026-11-19' });
    expectInvalid(r, 'current_date_expiration');
    expect(r.body.fields.current_date_expiration).toBe('must not be before the submission date (11/20/2026)');
    expectInvalid(await office.post('/api/locates/', { form_type: 'base_locate', current_work_date: '2026-12-01', current_date_expiration: '2026-11-30' }), 'current_date_expiration');
    expect(await eventCount()).toBe(before);
  });

  it('given a locate, when a PUT moves the expiry before its work date, then 400 naming it and nothing written; the same day is fine', async () => {
    const l = await newLocate({ current_date_submitted: '2026-11-20', current_work_date: '2026-11-23' });
    const before = await eventCount();
    expectInvalid(await office.put(`/api/locates/${l.id}/`, { ...l, current_date_expiration: '2026-11-22' }), 'current_date_expiration');
    expect(await eventCount()).toBe(before);
    expect((await office.put(`/api/locates/${l.id}/`, { ...l, current_date_expiration: '2026-11-23' })).status).toBe(200);
  });

  it('given a history line, when its expiry is PUT before its submission date, then 400 naming date_expiration and nothing written', async () => {
    const l = await newLocate({ current_ticket_number: 'D-1', current_date_submitted: '2026-11-20' });
    const n = (await office.post(`/api/locates/${l.id}/locate_numbers/`, { ticket_number: 'D-2' })).body as Row;
    const before = await eventCount();
    expectInvalid(await office.put(`/api/locates/locate_numbers/${n.id}/`, { ...n, date_expiration: '2026-11-01' }), 'date_expiration');
    expect(await eventCount()).toBe(before);
  });

  it("given a locate submitted 11/20 working 11/23, when re-upped with dates before the current ticket's (or its own expiry before its work date), then 400 naming each and nothing written", async () => {
    const l = await newLocate({ current_ticket_number: 'F-1', current_date_submitted: '2026-11-20', current_work_date: '2026-11-23' });
    const before = await eventCount();
    const early = await office.post(`/api/locates/${l.id}/reup/`, { ticket_number: 'F-2', date_submitted: '2026-11-19', work_date: '2026-11-24', date_expiration: '2026-12-10' });
    expectInvalid(early, 'date_submitted');
    expect(early.body.message).toBe("The re-up's submission date must not be before the submission date of the ticket it replaces (11/20/2026)");
    expectInvalid(await office.post(`/api/locates/${l.id}/locate_numbers/`, { ticket_number: 'F-2', work_date: '2026-11-22' }), 'work_date');
    expectInvalid(await office.post(`/api/locates/${l.id}/reup/`, { ticket_number: 'F-2', work_date: '2026-11-30', date_expiration: '2026-11-29' }), 'date_expiration');
    expect(await eventCount()).toBe(before);
    expect((await office.post(`/api/locates/${l.id}/reup/`, { ticket_number: 'F-2' })).status).toBe(201);
  });

  it('given a locate saved before the rule with its expiry before its submission, when the spec client PUTs it whole with another change, then saved; a PUT that moves the expiry and leaves it bad is refused', async () => {
    const l = await newLocate({ current_date_submitted: '2026-11-20' });
    await appendAsBeforeTheRule(app, `locate-${l.id}`, 'LocateRevised', { changes: { current_date_expiration: { old: '2026-12-04', new: '2026-11-01' } } });
    const held = await detail(l.id);
    expect(held.current_date_expiration).toBe('2026-11-01');
    const ok = await office.put(`/api/locates/${l.id}/`, { ...held, locate_status: 'Marked' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ locate_status: 'Marked', current_date_expiration: '2026-11-01' });
    expectInvalid(await office.put(`/api/locates/${l.id}/`, { ...ok.body, current_date_expiration: '2026-11-02' }), 'current_date_expiration');
  });
});

describe('the first open', () => {
  it('given a new locate, when its detail is first opened, then New becomes Normal once with who and when in its history; later opens write nothing', async () => {
    const l = await newLocate();
    later(1);
    const o = await office.post(`/api/locates/${l.id}/opened/`, {});
    expect(o.status, JSON.stringify(o.body)).toBe(200);
    expect(o.body).toMatchObject({ current_ticket_type: 'Normal', opened_by: 'Office User', opened_at: new Date(clock).toISOString() });
    const before = await eventCount();
    later(1);
    const again = await office.post(`/api/locates/${l.id}/opened/`, {});
    expect(again.status).toBe(200);
    expect(again.body.current_ticket_type).toBe('Normal');
    expect(await eventCount()).toBe(before);
    const h = (await office.get(`/api/locates/${l.id}/history/`)).body as Row[];
    expect(h.filter((e) => e.type === 'LocateFirstOpened')).toEqual([
      expect.objectContaining({ user_name: 'Office User', at: o.body.opened_at, changes: [{ field: 'current_ticket_type', old: 'New', new: 'Normal' }] }),
    ]);
  });

  it('given a locate created as Emergency, when opened, then its ticket type stays and nothing is written', async () => {
    const l = await newLocate({ current_ticket_type: 'Emergency' });
    const before = await eventCount();
    expect((await office.post(`/api/locates/${l.id}/opened/`, {})).body.current_ticket_type).toBe('Emergency');
    expect(await eventCount()).toBe(before);
  });
});

describe('re-ups', () => {
  it('given a ticket, when re-upped with only a new number, then the original and the re-up are in the history, the current fields copied, dates by the rules from today', async () => {
    const l = await newLocate({ current_ticket_number: 'R-1', current_date_submitted: '2026-11-12', current_alt_ticket_number: 'ALT-1' });
    const r = await office.post(`/api/locates/${l.id}/reup/`, { ticket_number: 'R-2' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ current_ticket_number: 'R-2', current_alt_ticket_number: 'ALT-1', current_ticket_type: 'Update', current_date_submitted: '2026-11-24', current_work_date: '2026-11-26', current_date_expiration: '2026-12-10', ticket_chain: ['R-1', 'R-2'], re_up_count: 1 });
    expect(r.body.locate_numbers).toEqual([
      expect.objectContaining({ ticket_number: 'R-1', date_submitted: '2026-11-12', date_expiration: '2026-11-26', remarks: 'Original ticket' }),
      expect.objectContaining({ ticket_number: 'R-2', ticket_type: 'Update', date_submitted: '2026-11-24', work_date: '2026-11-26', date_expiration: '2026-12-10', created_by: 'Office User' }),
    ]);
    const h = (await office.get(`/api/locates/${l.id}/history/`)).body as Row[];
    expect(h.map((e) => e.type)).toEqual(['LocateCreated', 'LocateReUpped']);
  });

  it('given a chain of three re-ups through POST locate_numbers/, then each answers its new history line, the chain reads first to current, and given dates stand', async () => {
    const l = await newLocate({ current_ticket_number: 'C-1', current_date_submitted: '2026-10-20' });
    const second = await office.post(`/api/locates/${l.id}/locate_numbers/`, { ticket_number: 'C-2', date_submitted: '2026-11-02', segment: '2' });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body).toMatchObject({ locate: l.id, ticket_number: 'C-2', segment: '2', date_submitted: '2026-11-02', work_date: '2026-11-04', date_expiration: '2026-11-18' });
    const third = await office.post(`/api/locates/${l.id}/locate_numbers/`, { ticket_number: 'C-3', ticket_type: 'Re-mark', work_date: '2026-11-25', date_expiration: '2026-12-09', remarks: 'Marks washed out' });
    expect(third.body).toMatchObject({ ticket_number: 'C-3', ticket_type: 'Re-mark', segment: '2', date_submitted: '2026-11-24', work_date: '2026-11-25', date_expiration: '2026-12-09' });
    await office.post(`/api/locates/${l.id}/locate_numbers/`, { ticket_number: 'C-4' });
    const d = await detail(l.id);
    expect(d).toMatchObject({ ticket_chain: ['C-1', 'C-2', 'C-3', 'C-4'], re_up_count: 3, current_ticket_number: 'C-4', current_date_expiration: '2026-12-10' });
    expect(d.locate_numbers.map((n: Row) => n.ticket_number)).toEqual(['C-1', 'C-2', 'C-3', 'C-4']);
    expect((await office.get(`/api/locates/${l.id}/locate_numbers/`)).body).toHaveLength(4);
  });

  it('given a history line corrected or removed by hand, then the history follows and the current fields stay', async () => {
    const l = await newLocate({ current_ticket_number: 'E-1' });
    const n = (await office.post(`/api/locates/${l.id}/locate_numbers/`, { ticket_number: 'E-2' })).body;
    const put = await office.put(`/api/locates/locate_numbers/${n.id}/`, { ...n, remarks: 'Called in by Dana' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.remarks).toBe('Called in by Dana');
    expect((await office.del(`/api/locates/locate_numbers/${n.id}/`)).status).toBe(200);
    expect(await detail(l.id)).toMatchObject({ current_ticket_number: 'E-2', ticket_chain: ['E-1', 'E-2'] });
  });
});

describe('assignment to a job and an ORCA task', () => {
  it('given a base job, when a locate is PUT with job_ref, then its job number is filled, it leaves unassigned/ and shows under {job}/assigned/', async () => {
    const job = (await office.post('/api/jobs/new/', { form_type: 'base', title: 'Assign base' })).body as Row;
    expect(job.account_job_number).toMatch(/\d/);
    const l = await newLocate({ current_ticket_number: 'AS-1' });
    expect(ids((await office.list('/api/locates/unassigned/')).body)).toContain(l.id);
    const r = await office.put(`/api/locates/${l.id}/`, { ...l, job_ref: job.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ job_ref: job.id, account_job_number: job.account_job_number, job_task_ref: null });
    expect(ids((await office.list(`/api/locates/${job.id}/assigned/`)).body)).toEqual([l.id]);
    expect(ids((await office.list('/api/locates/unassigned/')).body)).not.toContain(l.id);
    expect((await office.list('/api/locates/?q=AS-1')).body[0]).toMatchObject({ job_title: 'Assign base' });
  });

  it('given an ORCA job with two tasks, when a locate is created on a task and another PUT with only job_task_ref, then job, job number and task id are filled and tasks/{task}/assigned/ lists each', async () => {
    const job = await newOrcaJob({ title: 'Assign ORCA' });
    const [t1, t2] = [await add(`/api/jobs/${job.id}/tasks/`, { job: job.id, title: 'Bore' }), await add(`/api/jobs/${job.id}/tasks/`, { job: job.id, title: 'Splice' })];
    const fromTask = await newLocate({ form_type: 'attorca_locate', job_ref: job.id, job_task_ref: t1.id });
    expect(fromTask).toMatchObject({ job_ref: job.id, job_task_ref: t1.id, task_id: t1.task_id, account_job_number: job.account_job_number });
    const l = await newLocate({ form_type: 'attorca_locate' });
    const r = await office.put(`/api/locates/${l.id}/`, { job_task_ref: t2.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ job_ref: job.id, job_task_ref: t2.id, task_id: t2.task_id, account_job_number: job.account_job_number });
    expect(ids((await office.list(`/api/locates/tasks/${t1.id}/assigned/`)).body)).toEqual([fromTask.id]);
    expect(ids((await office.list(`/api/locates/tasks/${t2.id}/assigned/`)).body)).toEqual([l.id]);
    expect(ids((await office.list(`/api/locates/${job.id}/assigned/`)).body)).toEqual([fromTask.id, l.id]);
    expect((await office.list(`/api/locates/?q=${encodeURIComponent(t2.task_id)}`)).body.find((x: Row) => x.id === l.id)).toMatchObject({ job_title: 'Assign ORCA', task_title: 'Splice' });
  });

  it('given the spec client assigning with every field, when job_ref, job_task_ref, task_id and account_job_number are sent, then they stand', async () => {
    const job = await newOrcaJob({ title: 'Assign all four' });
    const t = await add(`/api/jobs/${job.id}/tasks/`, { job: job.id });
    const l = await newLocate();
    const r = await office.put(`/api/locates/${l.id}/`, { job_ref: job.id, job_task_ref: t.id, task_id: t.task_id, account_job_number: job.account_job_number });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ job_ref: job.id, job_task_ref: t.id, task_id: t.task_id, account_job_number: job.account_job_number });
  });

  it('given a task of another job, or no such task, when assigned, then 400 naming job_task_ref and the locate unchanged', async () => {
    const [a, b] = [await newOrcaJob({ title: 'Job A' }), await newOrcaJob({ title: 'Job B' })];
    const tb = await add(`/api/jobs/${b.id}/tasks/`, { job: b.id });
    const l = await newLocate();
    const before = await eventCount();
    expectInvalid(await office.put(`/api/locates/${l.id}/`, { job_ref: a.id, job_task_ref: tb.id }), 'job_task_ref');
    expectInvalid(await office.put(`/api/locates/${l.id}/`, { job_task_ref: '999999999' }), 'job_task_ref');
    expectInvalid(await office.post('/api/locates/', { form_type: 'attorca_locate', job_ref: a.id, job_task_ref: tb.id }), 'job_task_ref');
    expect(await eventCount()).toBe(before);
    expect(await detail(l.id)).toMatchObject({ job_ref: null, job_task_ref: null, version: l.version });
  });

  it('given bad ids in the look-ups, then 400 naming them', async () => {
    expectInvalid(await office.get('/api/locates/tasks/abc/assigned/'), 'task');
    expectInvalid(await office.get('/api/locates/coverage/abc/'), 'job');
  });
});

describe('bad input', () => {
  it('given values wrong even as text, then 400 names the field and nothing is written', async () => {
    const l = await newLocate({ current_date_submitted: '2026-11-20' });
    const before = await eventCount();
    expectInvalid(await office.post('/api/locates/', { form_type: 'ticket' }), 'form_type');
    expectInvalid(await office.post('/api/locates/', { form_type: 'base_locate', locate_status: 'Done' }), 'locate_status');
    expectInvalid(await office.post('/api/locates/', { form_type: 'base_locate', current_ticket_type: 'Urgent' }), 'current_ticket_type');
    expectInvalid(await office.put(`/api/locates/${l.id}/`, { current_date_expiration: '12/04/2026' }), 'current_date_expiration');
    expectInvalid(await office.put(`/api/locates/${l.id}/`, { archived: 'maybe' }), 'archived');
    expectInvalid(await office.put(`/api/locates/${l.id}/`, { current_ticket_number: 'x'.repeat(101) }), 'current_ticket_number');
    expectInvalid(await office.put(`/api/locates/${l.id}/`, { job_ref: 'abc' }), 'job_ref');
    expectInvalid(await office.post(`/api/locates/${l.id}/reup/`, { date_submitted: 'tomorrow' }), 'date_submitted');
    expectInvalid(await office.post(`/api/locates/${l.id}/locate_numbers/`, { ticket_type: 'Whenever' }), 'ticket_type');
    expectInvalid(await office.post(`/api/locates/${l.id}/customer_data/`, { seg: 'x'.repeat(51) }), 'seg');
    expect(await eventCount()).toBe(before);
    expect(await detail(l.id)).toMatchObject({ version: l.version, current_date_expiration: '2026-12-04' });
  });
});

describe("another account's locates", () => {
  it('given an office locate with lines on a job, then the rival gets 404 on every call and nothing is written', async () => {
    const job = (await office.post('/api/jobs/new/', { form_type: 'base', title: 'Office only' })).body as Row;
    const l = await newLocate({ job_ref: job.id, current_ticket_number: 'PRIV-1' });
    const cd = (await office.post(`/api/locates/${l.id}/customer_data/`, { customer: 'AT&T' })).body;
    const n = (await office.post(`/api/locates/${l.id}/locate_numbers/`, { ticket_number: 'PRIV-2' })).body;
    const before = await eventCount();
    const calls = [
      rival.get(`/api/locates/${l.id}/`),
      rival.get(`/api/locates/${l.id}/history/`),
      rival.put(`/api/locates/${l.id}/`, { current_ticket_number: 'Theirs' }),
      rival.del(`/api/locates/${l.id}/`),
      rival.post(`/api/locates/${l.id}/opened/`, {}),
      rival.post(`/api/locates/${l.id}/reup/`, { ticket_number: 'X' }),
      rival.post(`/api/locates/${l.id}/locate_numbers/`, { ticket_number: 'X' }),
      rival.post(`/api/locates/${l.id}/customer_data/`, { customer: 'X' }),
      rival.post(`/api/locates/${l.id}/notes/`, { note: 'X' }),
      rival.post(`/api/locates/${l.id}/crews/`, { crew_name: 'Bore Crew 1' }),
      rival.get(`/api/locates/${l.id}/customer_data/`),
      rival.put(`/api/locates/customer_data/${cd.id}/`, { customer: 'X' }),
      rival.del(`/api/locates/customer_data/${cd.id}/`),
      rival.put(`/api/locates/locate_numbers/${n.id}/`, { remarks: 'X' }),
      rival.del(`/api/locates/locate_numbers/${n.id}/`),
      rival.get(`/api/locates/coverage/${job.id}/`),
    ];
    for (const r of await Promise.all(calls)) expect(r.status, JSON.stringify(r.body)).toBe(404);
    expect(await eventCount()).toBe(before);
    expect((await rival.list(`/api/locates/${job.id}/assigned/`)).status).toBe(404);
    expect(ids((await rival.list('/api/locates/?q=PRIV')).body)).toEqual([]);
    expect((await rival.list('/api/locates/unassigned/')).body).toEqual([]);
  });

  it("given the rival's own locate, when assigned to the office's job, then it is refused and nothing is written", async () => {
    const job = (await office.post('/api/jobs/new/', { form_type: 'base', title: 'Not yours' })).body as Row;
    const mine = await newLocate({}, rival);
    const before = await eventCount();
    const r = await rival.put(`/api/locates/${mine.id}/`, { job_ref: job.id });
    expect([400, 404], JSON.stringify(r.body)).toContain(r.status);
    expect(await eventCount()).toBe(before);
    expect((await detail(mine.id, rival)).job_ref).toBeNull();
  });
});
