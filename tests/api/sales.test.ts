/**
 * Every sales tracker call of the API (spec 3 sections 3, 5, 7, 9; docs/sales.md) over HTTP against
 * the real app: a new organisation, its locations, surveys, contacts, e-mails, phone calls and
 * meetings (line numbers in order), sales activities one at a time and several at once, the weekly
 * hours per user, history and as-of, the list's filters, paging and saved dates, bad input and another
 * account. Bulk archive and delete are tests/api/sales-bulk.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import type { Client, Res } from '../support/client.ts';

type Row = { id: string } & Record<string, any>;

// The app's clock: today is Wednesday 2026-11-25; a test moves it forward with `later`.
let clock = Date.parse('2026-11-25T15:00:00Z');
const later = (hours: number) => (clock += hours * 3_600_000);
const { office, rival, eventCount } = apiTest('api_sales', { now: () => new Date(clock) });

async function add(path: string, body: Record<string, unknown>, c: Client = office): Promise<Row> {
  const r = await c.post(path, body);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(201);
  return r.body;
}
const newOrg = (values: Record<string, unknown> = {}, c: Client = office) => add('/api/sales/organizations/new/', { name: 'Acme Utility', ...values }, c);
const line = (org: string, kind: string, values: Record<string, unknown>, c: Client = office) => add(`/api/sales/organizations/${org}/${kind}/`, values, c);
const detail = async (id: string, c: Client = office) => (await c.get(`/api/sales/organizations/${id}/`)).body as Row;
const ids = (rows: Row[]) => rows.map((r) => r.id);
const expectInvalid = (r: Res, field: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(Object.keys(r.body.fields ?? {}), JSON.stringify(r.body)).toContain(field);
};

describe('an organisation and its lines', () => {
  it('given a new organisation with only a name, then it is a Lead, New, not archived, with nothing counted', async () => {
    const o = await newOrg({ lead_source: '811', colour: 'Green' });
    expect(o).toMatchObject({ name: 'Acme Utility', org_type: 'Lead', status: 'New', lead_source: '811', colour: 'Green', archived: false, contact_count: 0, call_count: 0, meeting_count: 0, email_count: 0, activity_hours: 0, last_contacted: null, primary_contact: null });
    expect(o.colour_background).toEqual(expect.any(String));
  });

  it('given a contact, a call, a meeting and an e-mail, then each line is numbered in order and the organisation counts them, its primary contact and when it was last contacted', async () => {
    const o = await newOrg({ name: 'Lines Co', phone: '555-0100' });
    await line(o.id, 'locations', { name: 'Yard', city: 'Tulsa', state: 'OK' });
    await line(o.id, 'surveys', { survey_date: '2026-11-20', crews: '4', employees: 22, pain_points: 'Paper tickets' });
    const dana = await line(o.id, 'contacts', { first_name: 'Dana', last_name: 'Reyes', title: 'Ops', phone_1: '555-0142' });
    expect(dana.display_name).toBe('Dana Reyes');
    const c1 = await line(o.id, 'phonecalls', { contact: dana.id, call_date: '2026-11-23', name: 'Dana', outcome: 'Call back' });
    const c2 = await line(o.id, 'phonecalls', { contact: dana.id, call_date: '2026-11-24', outcome: 'Demo booked' });
    const m = await line(o.id, 'meetings', { contact: dana.id, meeting_date: '2026-12-01', name: 'Demo', place: 'Their yard' });
    const e = await line(o.id, 'emails', { contact: dana.id, email_date: '2026-11-22', subject: 'Hello' });
    expect([c1.phonecall_line_number, c2.phonecall_line_number, m.meeting_line_number, e.email_line_number]).toEqual([1, 2, 1, 1]);
    expect(await detail(o.id)).toMatchObject({ contact_count: 1, primary_contact: 'Dana Reyes', primary_phone: '555-0142', call_count: 2, meeting_count: 1, email_count: 1, last_contacted: '2026-12-01' });
    for (const kind of ['locations', 'surveys', 'contacts', 'emails', 'phonecalls', 'meetings']) expect((await office.get(`/api/sales/organizations/${o.id}/${kind}/`)).body, kind).toHaveLength(kind === 'phonecalls' ? 2 : 1);
    const edited = await office.put(`/api/sales/organizations/phonecalls/${c1.id}/`, { outcome: 'Left a message' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ outcome: 'Left a message', phonecall_line_number: 1 });
    expect((await office.del(`/api/sales/organizations/emails/${e.id}/`)).status).toBe(200);
    expect((await detail(o.id)).email_count).toBe(0);
  });
});

describe('sales activities and the weekly hours', () => {
  it('given activities added one at a time and several at once by two users, then each is stamped with its user and the week shows each user’s hours per day', async () => {
    const a = await newOrg({ name: 'Hours A' });
    const b = await newOrg({ name: 'Hours B' });
    const frank = await office.addColleague('Frank Field');
    const one = await add('/api/sales/sales_activities/', { organization: a.id, activity_date: '2026-11-23', activity_type: 'Call', hours: '1.5', notes: 'Intro' });
    expect(one).toMatchObject({ user: 'Office User', hours: 1.5 });
    const many = await frank.put('/api/sales/sales_activities/', {
      activities: [
        { organization: a.id, activity_date: '2026-11-24', activity_type: 'Demo', hours: 2 },
        { organization: b.id, activity_date: '2026-11-29', activity_type: 'Travel', hours: '0.25' },
        { organization: b.id, activity_date: '2026-11-30', activity_type: 'Research', hours: 8 },
      ],
    });
    expect(many.status, JSON.stringify(many.body)).toBe(200);
    expect(many.body.message).toBe('Good work! Activities successfully saved!');
    expect(many.body.saved.map((s: Row) => [s.organization, s.ids.length])).toEqual([
      [a.id, 1],
      [b.id, 2],
    ]);
    // An edit of the first alongside a new one, as a list.
    const again = await office.put('/api/sales/sales_activities/', [
      { organization: a.id, id: one.id, hours: 3 },
      { organization: a.id, activity_date: '2026-11-25', activity_type: 'E-mail', hours: 0.5 },
    ]);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await detail(a.id)).activity_hours).toBe(5.5);
    const week = (await office.list('/api/sales/activities/weekly/?week=2026-11-26')).body;
    expect(week.week).toBe('2026-11-23');
    expect(week.days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(week.users).toEqual([
      { user: 'Frank Field', days: [0, 2, 0, 0, 0, 0, 0.25], total: 2.25 },
      { user: 'Office User', days: [3, 0, 0.5, 0, 0, 0, 0], total: 3.5 },
    ]);
    // Today's week by default.
    expect((await office.get('/api/sales/activities/weekly/')).body.week).toBe('2026-11-23');
  });

  it('given an activity, when edited alone and deleted, then the hours follow', async () => {
    const o = await newOrg({ name: 'Hours C' });
    const act = await add('/api/sales/sales_activities/', { organization: o.id, activity_date: '2026-11-25', hours: 2 });
    expect((await office.put(`/api/sales/sales_activities/${act.id}/`, { hours: 4 })).status).toBe(200);
    expect((await detail(o.id)).activity_hours).toBe(4);
    expect((await office.del(`/api/sales/sales_activities/${act.id}/`)).status).toBe(200);
    expect((await detail(o.id)).activity_hours).toBe(0);
  });
});

describe("the spec's names and an undated activity (issue 28)", () => {
  it('given the type sent as `type`, then it is the organisation\'s type, answered as type and org_type; a PUT of either changes it; a bad type is a 400 naming type', async () => {
    const o = await newOrg({ name: 'Typed Utility', type: 'Subscriber' });
    expect(o).toMatchObject({ type: 'Subscriber', org_type: 'Subscriber' });
    const byType = await office.put(`/api/sales/organizations/${o.id}/`, { ...o, type: 'Contact' });
    expect(byType.status, JSON.stringify(byType.body)).toBe(200);
    expect(byType.body).toMatchObject({ type: 'Contact', org_type: 'Contact' });
    const byOrgType = await office.put(`/api/sales/organizations/${o.id}/`, { ...byType.body, org_type: 'Have a solution' });
    expect(byOrgType.body).toMatchObject({ type: 'Have a solution', org_type: 'Have a solution' });
    const before = await eventCount();
    expectInvalid(await office.put(`/api/sales/organizations/${o.id}/`, { type: 'Customer' }), 'type');
    expectInvalid(await office.post('/api/sales/organizations/new/', { name: 'Bad type', type: 'Customer' }), 'type');
    expect(await eventCount()).toBe(before);
  });

  it('given organisations of two types, when the list is filtered by ?type= and sorted by type, then it matches org_type and rows carry type', async () => {
    const lead = await newOrg({ name: 'Type sort Lead', org_type: 'Lead' });
    const sub = await newOrg({ name: 'Type sort Sub', type: 'Subscriber' });
    const only = (await office.list('/api/sales/organizations/?q=type%20sort&type=Subscriber')).body as Row[];
    expect(ids(only)).toEqual([sub.id]);
    expect(only[0]).toMatchObject({ type: 'Subscriber', org_type: 'Subscriber' });
    const sorted = (await office.list('/api/sales/organizations/?q=type%20sort&ordering=-type')).body as Row[];
    expect(ids(sorted)).toEqual([sub.id, lead.id]);
  });

  it('given an activity added without a date, then it is dated today by the server, and the weekly hours count what the organisation counts; taking its date away is a 400', async () => {
    const o = await newOrg({ name: 'Undated Utility' });
    const a = await add('/api/sales/sales_activities/', { organization: o.id, activity_type: 'Call', hours: '1.25' });
    expect(a.activity_date).toBe('2026-11-25');
    const saved = await office.put('/api/sales/sales_activities/', [{ organization: o.id, activity_type: 'Demo', hours: 2 }]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await detail(o.id)).activity_hours).toBe(3.25);
    const week = (await office.list('/api/sales/activities/weekly/')).body;
    expect(week.users.find((u: Row) => u.user === 'Office User').days[2]).toBeGreaterThanOrEqual(3.25);
    const before = await eventCount();
    expectInvalid(await office.put(`/api/sales/sales_activities/${a.id}/`, { activity_date: '' }), 'activity_date');
    expect(await eventCount()).toBe(before);
  });
});

describe('history, as-of and delete', () => {
  it('given edits at two times, then history lists each with who and the fields changed, and as_of shows the organisation as it stood', async () => {
    const o = await newOrg({ name: 'History Co' });
    const created = o.last_updated;
    later(2);
    expect((await office.put(`/api/sales/organizations/${o.id}/`, { name: 'History Inc', status: 'Interested' })).status).toBe(200);
    const h = (await office.get(`/api/sales/organizations/${o.id}/history/`)).body as Row[];
    expect(h[0]).toMatchObject({ type: 'SalesOrganizationCreated', user_name: 'Office User' });
    expect(h[1]).toMatchObject({ type: 'SalesOrganizationRevised', at: new Date(clock).toISOString() });
    expect(h[1].changes).toEqual(expect.arrayContaining([{ field: 'name', old: 'History Co', new: 'History Inc' }]));
    expect((await office.get(`/api/sales/organizations/${o.id}/?as_of=${encodeURIComponent(created)}`)).body).toMatchObject({ name: 'History Co', status: 'New' });
    expect((await office.get(`/api/sales/organizations/${o.id}/?as_of=2026-01-01T00:00:00Z`)).status).toBe(404);
  });

  it('given an organisation, when deleted, then gone from the detail and the list; editing it again writes nothing', async () => {
    const o = await newOrg({ name: 'Deleted Depot' });
    expect((await office.del(`/api/sales/organizations/${o.id}/`)).status).toBe(200);
    expect((await office.get(`/api/sales/organizations/${o.id}/`)).status).toBe(404);
    expect(ids((await office.list('/api/sales/organizations/?q=deleted+depot&active=t&archived=t')).body)).toEqual([]);
    const before = await eventCount();
    expect((await office.put(`/api/sales/organizations/${o.id}/`, { name: 'Back' })).status).toBe(404);
    expect((await office.post(`/api/sales/organizations/${o.id}/contacts/`, { name: 'Sam' })).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});

describe('the organisation list', () => {
  it('given organisations of two statuses and types, one archived, when filtered and searched, then only those match, by name', async () => {
    const b = await newOrg({ name: 'Listed Beta', status: 'Interested' });
    const a = await newOrg({ name: 'Listed Alpha', org_type: 'Subscriber' });
    const gone = await newOrg({ name: 'Listed Gone' });
    expect((await office.put(`/api/sales/organizations/${gone.id}/`, { archived: true })).status).toBe(200);
    const read = async (q: string) => ids((await office.list(`/api/sales/organizations/?q=listed&${q}`)).body);
    expect(await read('')).toEqual([a.id, b.id]);
    expect(await read('archived=t&active=f')).toEqual([gone.id]);
    expect(await read('status=Interested')).toEqual([b.id]);
    expect(await read('org_type=Subscriber')).toEqual([a.id]);
    expectInvalid(await office.get('/api/sales/organizations/?status=Bored'), 'status');
  });

  it('given saved search dates, when the list names no range, then they apply: created by the end, last contacted (if ever) since the start', async () => {
    const quiet = await newOrg({ name: 'Saved Quiet' });
    await line(quiet.id, 'phonecalls', { call_date: '2026-09-01' });
    const now = await newOrg({ name: 'Saved Now' });
    later(24 * 10);
    const next = await newOrg({ name: 'Saved Next' });
    expect((await office.put('/api/sales/search_dates/', { start_date: '2026-11-20', end_date: '2026-11-30' })).status).toBe(200);
    expect((await office.get('/api/sales/search_dates/')).body).toMatchObject({ start_date: '2026-11-20', end_date: '2026-11-30' });
    expect(ids((await office.list('/api/sales/organizations/?q=saved')).body)).toEqual([now.id]);
    expect((await office.put('/api/sales/search_dates/', { start_date: null, end_date: null })).status).toBe(200);
    expect(ids((await office.list('/api/sales/organizations/?q=saved')).body)).toEqual([next.id, now.id, quiet.id]);
  });

  it('given seven organisations, when read three at a time, then pages of 3, 3 and 1 with the count and next', async () => {
    for (let i = 0; i < 7; i++) await newOrg({ name: `Paged ${i}` });
    const p1 = await office.list('/api/sales/organizations/?q=paged&page_size=3&page=1');
    expect(p1.body).toMatchObject({ count: 7, previous: null });
    expect(p1.body.results.map((r: Row) => r.name)).toEqual(['Paged 0', 'Paged 1', 'Paged 2']);
    const p3 = await office.get((await office.get(p1.body.next)).body.next);
    expect(p3.body.results.map((r: Row) => r.name)).toEqual(['Paged 6']);
    expect(p3.body.next).toBeNull();
  });
});

describe('bad input and another account', () => {
  it('given values wrong even as text, then 400 names the field and nothing is written', async () => {
    const o = await newOrg({ name: 'Bad Input Co' });
    const before = await eventCount();
    expectInvalid(await office.post('/api/sales/organizations/new/', { name: 'x', lead_source: 'Billboard' }), 'lead_source');
    expectInvalid(await office.post('/api/sales/organizations/new/', { org_type: 'Friend' }), 'org_type');
    expectInvalid(await office.put(`/api/sales/organizations/${o.id}/`, { colour: 'Plaid' }), 'colour');
    expectInvalid(await office.put(`/api/sales/organizations/${o.id}/`, { next_follow_up: 'soon' }), 'next_follow_up');
    expectInvalid(await office.post(`/api/sales/organizations/${o.id}/phonecalls/`, { call_date: '11/25/2026' }), 'call_date');
    expectInvalid(await office.post(`/api/sales/organizations/${o.id}/surveys/`, { crews: 'many' }), 'crews');
    expectInvalid(await office.post('/api/sales/sales_activities/', { organization: o.id, hours: 'lots' }), 'hours');
    expectInvalid(await office.put('/api/sales/sales_activities/', [{ organization: o.id, hours: 1 }, { organization: 'abc', hours: 1 }]), '1.organization');
    expectInvalid(await office.put('/api/sales/sales_activities/', { nothing: true }), 'activities');
    expectInvalid(await office.get('/api/sales/activities/weekly/?week=Monday'), 'week');
    expect(await eventCount()).toBe(before);
  });

  it('given another account’s organisation, then every call is a 404, its hours are not in our week, and nothing is written', async () => {
    const o = await newOrg({ name: 'Theirs Co' }, rival);
    const c = await line(o.id, 'contacts', { name: 'Secret' }, rival);
    await add('/api/sales/sales_activities/', { organization: o.id, activity_date: '2026-11-25', hours: 9 }, rival);
    const before = await eventCount();
    for (const r of [
      await office.get(`/api/sales/organizations/${o.id}/`),
      await office.put(`/api/sales/organizations/${o.id}/`, { name: 'Mine' }),
      await office.del(`/api/sales/organizations/${o.id}/`),
      await office.get(`/api/sales/organizations/${o.id}/history/`),
      await office.post(`/api/sales/organizations/${o.id}/contacts/`, { name: 'Mine' }),
      await office.put(`/api/sales/organizations/contacts/${c.id}/`, { name: 'Mine' }),
      await office.post('/api/sales/sales_activities/', { organization: o.id, hours: 1 }),
      await office.put('/api/sales/sales_activities/', [{ organization: o.id, hours: 1 }]),
    ])
      expect(r.status, JSON.stringify(r.body)).toBe(404);
    expect(await eventCount()).toBe(before);
    expect(JSON.stringify((await office.get('/api/sales/activities/weekly/?week=2026-11-25')).body)).not.toContain('Rival');
    expect(ids((await office.list('/api/sales/organizations/?q=theirs&active=t&archived=t')).body)).toEqual([]);
  });
});
