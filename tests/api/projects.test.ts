/** Every project call of spec 1 section 7 (docs/projects.md) over HTTP against the real app. */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { Client } from '../support/client.ts';
import { appendAsBeforeTheRule } from '../support/pastRules.ts';

// The app's clock: today is 2026-11-22.
const now = () => new Date('2026-11-22T15:00:00Z');

const { app, office, rival, eventCount } = apiTest('api_projects', { now });

async function newProject(values: Record<string, unknown> = {}, c = office) {
  const r = await c.post('/api/projects/', values);
  expect(r.status).toBe(201);
  return r.body;
}
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('creating, reading and editing a project', () => {
  it('given a user, when a project is created with an empty body, then 201 with an id, status New, colour None, active', async () => {
    const r = await office.post('/api/projects/', {});
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: 'New', colour: 'None', archived: false, version: 1, project_days_left: null });
    expect(r.body.id).toMatch(/^\d+$/);
  });

  it('given a project, when it is read, then it has every field, its computed fields, empty lines and an ETag', async () => {
    const p = await newProject({ name: 'Elm St fibre', due_date: '2026-11-25', colour: 'Green', po_amount: '1234.5' });
    const r = await office.get(`/api/projects/${p.id}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('etag')).toBe('"1"');
    expect(r.body).toMatchObject({
      name: 'Elm St fibre',
      po_amount: 1234.5,
      project_days_left: 3,
      project_days_colour: 'red',
      colour_background: 'rgba(64, 192, 87, 0.7)',
      customers: [],
      locations: [],
      contacts: [],
      notes: [],
      files: [],
      pdf_bundle: null,
      location: null,
    });
    for (const f of ['customer', 'description', 'work_type', 'start_date', 'po_number', 'po_date', 'address', 'city', 'county', 'state', 'zip']) expect(r.body).toHaveProperty(f, null);
  });

  it('given a project, when only archived is sent, then only archived changes', async () => {
    const p = await newProject({ name: 'Keep me' });
    const r = await office.put(`/api/projects/${p.id}`, { archived: true });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'Keep me', archived: true, version: 2 });
  });

  it('given a bad status, colour, date or amount, then 400 naming each field, and nothing is written', async () => {
    const p = await newProject();
    const before = await eventCount();
    const r = await office.put(`/api/projects/${p.id}`, { status: 'Maybe', colour: 'Pink', due_date: '22/11/2026', po_amount: 'lots' });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields).sort()).toEqual(['colour', 'due_date', 'po_amount', 'status']);
    expect((await office.post('/api/projects/', { work_type: 'Digging' })).body.fields).toHaveProperty('work_type');
    expect(await eventCount()).toBe(before);
  });

  it('given the ids spec 1 numbers its lists by, when a project is saved with them, then it answers their names', async () => {
    const p = await newProject();
    const r = await office.put(`/api/projects/${p.id}`, { status: 3, colour: '1', work_type: 6 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'To Estimate', colour: 'Green', work_type: 'Existing Duct' });
    expect((await office.put(`/api/projects/${p.id}`, { status: 9 })).status).toBe(400);
  });

  it('given two users editing one version, when both change the name, then the second gets 409 naming name with the current project', async () => {
    const p = await newProject({ name: 'Race' });
    const frank = await office.addColleague('Frank Field');
    expect((await frank.put(`/api/projects/${p.id}`, { name: 'First' }, { 'If-Match': '"1"' })).status).toBe(200);
    const r = await office.put(`/api/projects/${p.id}`, { name: 'Second' }, { 'If-Match': '"1"' });
    expect(r.status).toBe(409);
    expect(r.body.conflicts).toMatchObject([{ field: 'name', theirs: 'First', yours: 'Second', by: 'Frank Field' }]);
    expect(r.body.current).toMatchObject({ name: 'First' });
  });

  it("given another account's project, when read, edited, deleted or given a line, then 404 and nothing is written", async () => {
    const p = await newProject({ name: 'Ours' });
    const before = await eventCount();
    expect((await rival.get(`/api/projects/${p.id}`)).status).toBe(404);
    expect((await rival.put(`/api/projects/${p.id}`, { name: 'Theirs' })).status).toBe(404);
    expect((await rival.del(`/api/projects/${p.id}`)).status).toBe(404);
    expect((await rival.post(`/api/project/${p.id}/locations/`, { project: p.id })).status).toBe(404);
    expect((await rival.get(`/api/projects/${p.id}/history/`)).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('given a project, when deleted, then it is gone (404) but its history is kept', async () => {
    const p = await newProject({ name: 'Short lived' });
    expect((await office.del(`/api/projects/${p.id}`)).status).toBe(200);
    expect((await office.get(`/api/projects/${p.id}`)).status).toBe(404);
    const list = await office.list('/api/projects/?active=t&archived=t');
    expect(ids(list.body)).not.toContain(p.id);
  });
});

describe('dates that cannot be (issue 28)', () => {
  const expectInvalid = (r: { status: number; body: any }, field: string) => {
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(Object.keys(r.body.fields ?? {}), JSON.stringify(r.body)).toContain(field);
  };

  it('given a new project due before it starts, then 400 naming due_date and nothing written', async () => {
    const before = await eventCount();
    const r = await office.post('/api/projects/', { name: 'Backwards', start_date: '2026-12-01', due_date: '2026-11-30' });
    expectInvalid(r, 'due_date');
    expect(r.body.fields.due_date).toBe('must not be before the start date (12/01/2026)');
    expect(await eventCount()).toBe(before);
  });

  it('given a project, when a PUT moves its due date before its start, then 400 naming due_date and nothing written', async () => {
    const p = await newProject({ start_date: '2026-11-01', due_date: '2026-11-30' });
    const before = await eventCount();
    expectInvalid(await office.put(`/api/projects/${p.id}`, { ...p, due_date: '2026-10-31' }), 'due_date');
    expect(await eventCount()).toBe(before);
  });

  it('given a project saved before the rule due before its start, when PUT whole with another change, then saved; moving its start and leaving it bad is refused', async () => {
    const p = await newProject({ start_date: '2026-12-01' });
    await appendAsBeforeTheRule(app, `project-${p.id}`, 'ProjectRevised', { changes: { due_date: { old: null, new: '2026-11-01' } } });
    const held = (await office.get(`/api/projects/${p.id}`)).body;
    const ok = await office.put(`/api/projects/${p.id}`, { ...held, name: 'Kept' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Kept', due_date: '2026-11-01' });
    expectInvalid(await office.put(`/api/projects/${p.id}`, { ...ok.body, start_date: '2026-12-02' }), 'start_date');
  });
});

describe('customers, locations, contacts, notes and files', () => {
  it('given a project, when a location is posted with {project} as the spec sends, then a blank line comes back with its id; PUT on /project/locations/{id}/ saves it', async () => {
    const p = await newProject({ name: 'Lines' });
    const add = await office.post(`/api/project/${p.id}/locations/`, { project: p.id });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ project: p.id });
    const put = await office.put(`/api/project/locations/${add.body.id}/`, { name: 'Yard', city: 'Tulsa', state: 'OK', latitude: 36.15, longitude: -95.99 });
    expect(put.status).toBe(200);
    const got = await office.get(`/api/projects/${p.id}`);
    expect(got.body.locations).toEqual([expect.objectContaining({ id: add.body.id, name: 'Yard', latitude: 36.15 })]);
    expect(got.body.location).toMatchObject({ name: 'Yard', city: 'Tulsa' });
  });

  it('given a location, when its latitude is out of range, then 400 naming latitude and nothing changes', async () => {
    const p = await newProject();
    const add = await office.post(`/api/project/${p.id}/locations/`, {});
    const before = await eventCount();
    const r = await office.put(`/api/project/locations/${add.body.id}/`, { latitude: 123 });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('latitude');
    expect(await eventCount()).toBe(before);
  });

  it('given a project, when a contact is added, then it carries created_date; when edited, the edit is kept', async () => {
    const p = await newProject();
    const add = await office.post(`/api/project/${p.id}/contacts/`, { project: p.id });
    expect(add.body.created_date).toBe('2026-11-22T15:00:00.000Z');
    expect((await office.put(`/api/project/contacts/${add.body.id}/`, { name: 'Dana Inspector', phone: '918-555-0100' })).status).toBe(200);
    expect((await office.get(`/api/project/${p.id}/contacts/`)).body[0]).toMatchObject({ name: 'Dana Inspector', phone: '918-555-0100' });
  });

  it("given a note, then its author is the user's display name and its status Update; the list row shows it as the latest note", async () => {
    const p = await newProject({ name: 'Noted' });
    const n = await office.post(`/api/project/${p.id}/notes/`, { note: 'Permit filed' });
    expect(n.body).toMatchObject({ note_status: 'Update', created_by: 'Office User' });
    const list = await office.list('/api/projects/?active=t&archived=f');
    expect(list.body.find((r: { id: string }) => r.id === p.id)).toMatchObject({ latest_note: 'Permit filed' });
  });

  it('given customers lines, then customer_names lists the main customer and the lines once each', async () => {
    const p = await newProject({ customer: 'AT&T' });
    await office.post(`/api/project/${p.id}/customers/`, { customer: 'City of Tulsa' });
    await office.post(`/api/project/${p.id}/customers/`, { customer: 'AT&T' });
    expect((await office.get(`/api/projects/${p.id}`)).body.customer_names).toBe('AT&T, City of Tulsa');
  });

  it('given a PDF bundle, when another is uploaded, then the first is replaced and the list row links the new one', async () => {
    const p = await newProject({ name: 'Bundled' });
    const up = async (name: string) => {
      const f = new FormData();
      f.append('file', new Blob([`%PDF-1.4 ${name}`], { type: 'application/pdf' }), name);
      f.append('file_name', name);
      f.append('file_type', 'pdf_bundle');
      return office.request('POST', `/api/project/${p.id}/files/`, f);
    };
    expect((await up('one.pdf')).status).toBe(201);
    expect((await up('two.pdf')).status).toBe(201);
    const files = (await office.get(`/api/project/${p.id}/files/`)).body;
    expect(files.map((f: { file_name: string }) => f.file_name)).toEqual(['two.pdf']);
    const row = (await office.list('/api/projects/?active=t')).body.find((r: { id: string }) => r.id === p.id);
    expect(row.pdf_bundle).toMatchObject({ file_name: 'two.pdf' });
    const dl = await office.download(row.pdf_bundle.file);
    expect(dl.bytes.toString()).toBe('%PDF-1.4 two.pdf');
  });
});

describe('the project list', () => {
  let soon: string, later: string, archived: string, undated: string;
  beforeAll(async () => {
    soon = (await newProject({ name: 'List soon', start_date: '2026-11-01', due_date: '2026-11-27' })).id;
    later = (await newProject({ name: 'List later', start_date: '2027-01-10', due_date: '2027-03-01' })).id;
    archived = (await newProject({ name: 'List archived', due_date: '2026-11-23', archived: true })).id;
    undated = (await newProject({ name: 'List undated' })).id;
  });

  it('given projects, when listed active, then soonest due first, undated last, archived left out', async () => {
    const r = await office.list('/api/projects/?active=t&archived=f&q=list');
    expect(ids(r.body)).toEqual([soon, later, undated]);
    expect(r.body[0]).toMatchObject({ project_days_left: 5, project_days_colour: 'orange' });
  });

  it('given the toggles, then archived only, both, and neither', async () => {
    expect(ids((await office.list('/api/projects/?active=f&archived=t&q=list')).body)).toEqual([archived]);
    expect(ids((await office.list('/api/projects/?active=t&archived=t&q=list')).body)).toEqual([archived, soon, later, undated]);
    expect((await office.list('/api/projects/?active=f&archived=f&q=list')).body).toEqual([]);
  });

  it('given a date range, then projects whose span overlaps it; live and future drops the end', async () => {
    const r = await office.list('/api/projects/?active=t&start_date=2026-11-01&end_date=2026-11-30&q=list');
    expect(ids(r.body)).toEqual([soon, undated]);
    const lf = await office.list('/api/projects/?active=t&start_date=2026-11-01&end_date=2026-11-30&live_and_future=t&q=list');
    expect(ids(lf.body)).toEqual([soon, later, undated]);
  });

  it('given a bad toggle or date, then 400 naming it', async () => {
    const r = await office.get('/api/projects/?active=maybe&start_date=tomorrow');
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields).sort()).toEqual(['active', 'start_date']);
  });

  it("given another account, then its list does not show this account's projects", async () => {
    expect(ids((await rival.list('/api/projects/?active=t&archived=t')).body)).not.toContain(soon);
  });
});

describe('search dates (per user)', () => {
  it('given nothing saved, then the defaults', async () => {
    const c = await Client.signUp(app.url, 'Fresh');
    expect((await c.get('/api/projects/search_dates/')).body).toEqual({ start_date: null, end_date: null, active: true, archived: false, live_and_future: false, public_mode: false });
  });

  it('given saved dates, when the list is asked without a range, then the saved range applies; another user keeps their own', async () => {
    const c = await Client.signUp(app.url, 'Saver');
    const inRange = (await newProject({ name: 'Saver nov', start_date: '2026-11-02', due_date: '2026-11-20' }, c)).id;
    const outside = (await newProject({ name: 'Saver feb', start_date: '2027-02-01', due_date: '2027-02-20' }, c)).id;
    const put = await c.put('/api/projects/search_dates/', { start_date: '2026-11-01', end_date: '2026-11-30', active: true, archived: false, live_and_future: false, public_mode: true });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ start_date: '2026-11-01', public_mode: true });
    expect((await c.get('/api/projects/search_dates/')).body).toMatchObject({ start_date: '2026-11-01', end_date: '2026-11-30', public_mode: true });
    expect(ids((await c.list('/api/projects/?active=t&archived=f')).body)).toEqual([inRange]);
    // Only some fields: the others are kept.
    await c.put('/api/projects/search_dates/', { live_and_future: true });
    expect((await c.get('/api/projects/search_dates/')).body).toMatchObject({ start_date: '2026-11-01', live_and_future: true, public_mode: true });
    expect(ids((await c.list('/api/projects/?active=t&archived=f')).body)).toEqual([inRange, outside]);
    expect((await office.get('/api/projects/search_dates/')).body.public_mode).toBe(false);
  });

  it('given a bad date or flag, then 400 naming it, and nothing is saved', async () => {
    const c = await Client.signUp(app.url, 'Badsaver');
    const r = await c.put('/api/projects/search_dates/', { start_date: '2026-13-01', public_mode: 'yes' });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields).sort()).toEqual(['public_mode', 'start_date']);
    expect((await c.get('/api/projects/search_dates/')).body.start_date).toBeNull();
  });
});

describe('history and as-of', () => {
  it('given edits over time, then history lists them field by field and as_of shows the project as it stood', async () => {
    const p = await newProject({ name: 'Before' });
    const first = (await office.get(`/api/projects/${p.id}`)).body.last_updated;
    await office.put(`/api/projects/${p.id}`, { name: 'After', status: 'Won' });
    const h = await office.get(`/api/projects/${p.id}/history/`);
    expect(h.status).toBe(200);
    expect(h.body.length).toBe(2);
    expect(JSON.stringify(h.body[h.body.length - 1])).toContain('After');
    // The app's clock stands still, so as_of at the creation instant includes both; an earlier instant is 404.
    expect((await office.get(`/api/projects/${p.id}?as_of=${encodeURIComponent(first)}`)).status).toBe(200);
    expect((await office.get(`/api/projects/${p.id}?as_of=2026-01-01T00:00:00Z`)).status).toBe(404);
  });
});
