/**
 * The spec's client on the project screens, call by call as spec 1 section 7 lists them (Projects).
 * Calls exercised: 11 of 11: GET projects/?active&archived; POST projects/; GET, PUT (whole, and only
 * archived), DELETE projects/{id}; PUT projects/search_dates/; GET projects/report/management/?ids;
 * POST project/{id}/locations/, PUT project/locations/{id}/; POST project/{id}/contacts/, PUT
 * project/contacts/{id}/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { SpecClient, copyOf, expectConflict, expectGone, expectInvalid, missingNames, type Obj, readOwnWrite } from './specClient.ts';

const { office, eventCount } = apiTest('compat_projects', { worker: true });
const spec = new SpecClient(office);
let frank: SpecClient;
beforeAll(async () => {
  frank = await spec.colleague('Frank Field');
});

/** POST /api/projects/ with an empty body, then the detail screen's GET of /project/{id}. */
async function openNewProject(): Promise<Obj> {
  const created = await spec.create('/api/projects/');
  expect(created.id).toMatch(/^\d+$/);
  return spec.load(`/api/projects/${created.id}`);
}

const listed = (active: boolean, archived: boolean) => spec.load<Obj[]>(`/api/projects/?active=${active}&archived=${archived}`);

describe('the project list screen', () => {
  it('given the list, when the user picks a range and toggles, then PUT search_dates answers them and the reloaded list answers', async () => {
    expect(Array.isArray(await listed(true, false))).toBe(true);
    const prefs = { start_date: '2030-01-01', end_date: '2030-12-31', active: true, archived: false, live_and_future: true, public_mode: false };
    const r = await spec.put('/api/projects/search_dates/', prefs);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject(prefs);
    expect(Array.isArray(await listed(true, false))).toBe(true);
  });

  it('given selected projects, when the management report is opened for their ids, then the report file answers', async () => {
    const [a, b] = [await openNewProject(), await openNewProject()];
    const r = await spec.http.download(`/api/projects/report/management/?ids=${a.id},${b.id}`);
    expect(r.status).toBe(200);
    expect(r.bytes.length).toBeGreaterThan(0);
  });

  it('given a selected row of the list, when it is PUT back whole with archived set, then 200 and the project is archived', async () => {
    const p = await openNewProject();
    const row = (await readOwnWrite(() => listed(true, false), (rows) => rows.some((r) => r.id === p.id), 'the new project in the list')).find((r) => r.id === p.id)!;
    const r = await spec.save(`/api/projects/${p.id}`, row, { archived: true, selected: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await spec.load(`/api/projects/${p.id}`)).archived).toBe(true);
  });

  it('given selected projects, when the user archives them (PUT with only archived), then each is archived and shows in the archived list', async () => {
    const p = await openNewProject();
    const r = await spec.put(`/api/projects/${p.id}`, { archived: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.archived).toBe(true);
    await readOwnWrite(() => listed(false, true), (rows) => rows.some((row) => row.id === p.id), 'the archived project in the archived list');
  });
});

describe('a project, saved whole from the object its GET answered', () => {
  it('given a loaded project, when it is PUT back with a change and again with another change on the same kept object, then both are 200 and both changes are kept', async () => {
    const p = await openNewProject();
    const first = await spec.save(`/api/projects/${p.id}`, p, { name: 'Fiber to Jenks' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.name).toBe('Fiber to Jenks');
    const second = await spec.save(`/api/projects/${p.id}`, p, { due_date: '2031-06-30', status: 'Won' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await spec.load(`/api/projects/${p.id}`)).toMatchObject({ name: 'Fiber to Jenks', due_date: '2031-06-30', status: 'Won' });
  });

  it('given a loaded project with lines, when the computed fields come back changed, then they are ignored: 200, nothing written', async () => {
    const p = await openNewProject();
    await spec.create(`/api/project/${p.id}/locations/`, { project: p.id, name: 'Yard' });
    const loaded = await spec.load(`/api/projects/${p.id}`);
    const shown = copyOf(loaded);
    const before = await eventCount();
    const r = await spec.save(`/api/projects/${p.id}`, loaded, {
      project_days_left: 2, colour_background: 'rgba(0,0,0,1)', customer_names: 'Nobody', latest_note: 'Nothing', location: null, pdf_bundle: { id: '1' },
      locations: [], contacts: [{ id: '1' }], customers: [], notes: [], files: [], created_at: '1999-01-01T00:00:00Z', last_updated: '1999-01-01T00:00:00Z', position: '0:0', selected: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await eventCount()).toBe(before);
    const now = await spec.load(`/api/projects/${p.id}`);
    expect(now).toMatchObject({ location: shown.location, last_updated: shown.last_updated, version: shown.version });
    expect(now.locations).toEqual(shown.locations);
  });

  it('given numbers as the inputs send them, when the project is saved, then a number field takes text, a text field takes a number, and a wrong amount is a 400 naming it with nothing written', async () => {
    const p = await openNewProject();
    const r = await spec.http.put(`/api/projects/${p.id}`, { ...p, po_amount: '12500.50', zip: 74103 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ po_amount: 12500.5, zip: '74103' });
    const before = await eventCount();
    expectInvalid(await spec.save(`/api/projects/${p.id}`, p, { po_amount: 'twelve grand' }), 'po_amount');
    expect(await eventCount()).toBe(before);
  });

  it('given the kept project, when saved whole with its due date before its start, then 400 naming due_date and nothing written; mended, saved, and saved again', async () => {
    const p = await openNewProject();
    expect((await spec.save(`/api/projects/${p.id}`, p, { start_date: '2026-12-01' })).status).toBe(200);
    const before = await eventCount();
    expectInvalid(await spec.save(`/api/projects/${p.id}`, p, { due_date: '2026-11-15' }), 'due_date');
    expect(await eventCount()).toBe(before);
    expect((await spec.save(`/api/projects/${p.id}`, p, { due_date: '2026-12-15' })).status).toBe(200);
    expect((await spec.save(`/api/projects/${p.id}`, p, { name: 'Dated' })).status).toBe(200);
  });

  it('given two users holding the same loaded project, when both change its name, then the client is 409 naming name and nothing is written', async () => {
    const p = await openNewProject();
    expect((await frank.save(`/api/projects/${p.id}`, copyOf(p), { name: 'Frank\'s name' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/projects/${p.id}`, p, { name: 'Office name' }), 'name', { yours: 'Office name', theirs: 'Frank\'s name', by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
  });
});

describe('project locations and contacts, each saved with the object its POST answered', () => {
  it('given two locations posted with only project, when each is PUT with its POST answer after the other changed, then 200, numbers as text taken', async () => {
    const p = await openNewProject();
    const locations = [await spec.create(`/api/project/${p.id}/locations/`, { project: p.id }), await spec.create(`/api/project/${p.id}/locations/`, { project: p.id })];
    for (const [i, l] of locations.entries()) {
      const r = await spec.save(`/api/project/locations/${l.id}/`, l, { name: `Pit ${i}`, latitude: '36.1540', longitude: '-95.9928', zip: 74103 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ name: `Pit ${i}`, latitude: 36.154, longitude: -95.9928, zip: '74103' });
    }
    for (const l of locations) expect((await spec.save(`/api/project/locations/${l.id}/`, l, { city: 'Tulsa' })).status).toBe(200);
    const now = await spec.load(`/api/projects/${p.id}`);
    expect(now.locations.map((l: Obj) => [l.name, l.city])).toEqual([['Pit 0', 'Tulsa'], ['Pit 1', 'Tulsa']]);
  });

  it('given a location, when a latitude beyond 90 is saved, then 400 names latitude and nothing is written', async () => {
    const p = await openNewProject();
    const l = await spec.create(`/api/project/${p.id}/locations/`, { project: p.id });
    const before = await eventCount();
    expectInvalid(await spec.save(`/api/project/locations/${l.id}/`, l, { latitude: '123.4' }), 'latitude');
    expect(await eventCount()).toBe(before);
  });

  it('given a location Frank moved since the client\'s POST answer, when the client moves it elsewhere, then 409 names latitude and nothing is written', async () => {
    const p = await openNewProject();
    const l = await spec.create(`/api/project/${p.id}/locations/`, { project: p.id });
    expect((await frank.save(`/api/project/locations/${l.id}/`, copyOf(l), { latitude: '35.5' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/project/locations/${l.id}/`, l, { latitude: '36.5' }), 'latitude', { yours: 36.5, theirs: 35.5, by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
  });

  it('given two contacts posted with only project, when each is PUT twice with its POST answer (created_date included), then 200 and created_date is the server\'s', async () => {
    const p = await openNewProject();
    const contacts = [await spec.create(`/api/project/${p.id}/contacts/`, { project: p.id }), await spec.create(`/api/project/${p.id}/contacts/`, { project: p.id })];
    const stamped = contacts.map((c) => c.created_date);
    for (const [i, c] of contacts.entries()) {
      expect((await spec.save(`/api/project/contacts/${c.id}/`, c, { name: `Contact ${i}`, phone: 9185550100 + i })).status).toBe(200);
      const again = await spec.save(`/api/project/contacts/${c.id}/`, c, { email: `c${i}@example.com`, created_date: '1999-01-01' });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body).toMatchObject({ name: `Contact ${i}`, phone: String(9185550100 + i), email: `c${i}@example.com`, created_date: stamped[i] });
    }
  });
});

describe('deleting projects', () => {
  it('given selected projects deleted one by one, when a kept project or its location is saved again or deleted again, then 404 or 410 says so and nothing is written', async () => {
    const [a, b] = [await openNewProject(), await openNewProject()];
    const l = await spec.create(`/api/project/${a.id}/locations/`, { project: a.id });
    for (const p of [a, b]) expect((await spec.del(`/api/projects/${p.id}`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.get(`/api/projects/${a.id}`));
    expectGone(await spec.save(`/api/projects/${a.id}`, a, { name: 'Back?' }));
    expectGone(await spec.save(`/api/project/locations/${l.id}/`, l, { name: 'Back?' }));
    expectGone(await spec.del(`/api/projects/${b.id}`));
    expect(await eventCount()).toBe(before);
  });
});

describe('the names of spec 1 section 3', () => {
  it('given a project with a location and a contact, when the screens load them, then each carries the names the spec shows', async () => {
    const p = await openNewProject();
    const location = await spec.create(`/api/project/${p.id}/locations/`, { project: p.id });
    const contact = await spec.create(`/api/project/${p.id}/contacts/`, { project: p.id });
    expect.soft(missingNames(p, 'id archived pdf_bundle project_days_left'), 'a project lacks').toBe('');
    const rows = await readOwnWrite(() => listed(true, false), (all) => all.some((r) => r.id === p.id), 'the project in the list');
    expect.soft(missingNames(rows.find((r) => r.id === p.id), 'id archived pdf_bundle project_days_left'), 'a project row lacks').toBe('');
    expect.soft(missingNames(location, 'id project'), 'a location lacks').toBe('');
    expect.soft(missingNames(contact, 'id project created_date'), 'a contact lacks').toBe('');
  });
});
