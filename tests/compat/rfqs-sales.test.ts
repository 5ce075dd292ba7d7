/**
 * The spec's client on the RFQ and sales screens, call by call as spec 3 section 7 (RFQs, Sales) lists
 * them. It keeps the object a GET or POST answered and PUTs it back whole, edited, more than once,
 * numbers as text, computed fields and all, never If-Match; so no save of its own is ever a 409, and a
 * field another user changed since is one, naming it. Calls exercised: 10 of 10 of RFQs (GET rfqs/ with
 * filters; GET and PUT rfqs/search_dates/; POST rfqs/; GET, PUT, DELETE rfqs/{id}, PUT with archived;
 * GET and POST rfqs/{id}/segments/; PUT rfqs/segments/{id}; POST rfqs/segments/{id}/estimates/; PUT
 * rfqs/segments/estimates/{id}; POST rfqs/{id}/notes/; GET rfqs/report/management/?ids, which needs the
 * worker's builder) and 7 of 7 of Sales (GET and PUT sales/search_dates/; GET sales/organizations/
 * ?active&archived; POST sales/organizations/new/; GET and PUT sales/organizations/{id}; the six
 * collections' GET, POST and PUT; POST and PUT sales/sales_activities/; the bulk paths under saless/).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { SpecClient, copyOf, eventually, expectConflict, expectInvalid, type Obj, readOwnWrite } from './specClient.ts';

// Today is 2026-11-24 for the app and the worker.
const { office, eventCount } = apiTest('compat_rfqs_sales', { worker: true, now: () => new Date('2026-11-24T15:00:00Z') });
const spec = new SpecClient(office);
let frank: SpecClient;
beforeAll(async () => {
  frank = await spec.colleague('Frank Field');
});

const has = (id: string) => (rows: Obj[]) => rows.some((r) => r.id === id);

/** The RFQ list's "new RFQ": POST with the four fields the spec names, then the detail's GET the screen keeps. */
async function openNewRfq(values: Obj = {}): Promise<Obj> {
  const created = await spec.create('/api/rfqs/', { form_type: 'base_rfq', rfq_status: 'New', account_rfq_number: 0, rfq_date: '2026-11-20', ...values });
  expect(created.id).toMatch(/^\d+$/);
  return spec.load(`/api/rfqs/${created.id}/`);
}

describe('the RFQ list screen', () => {
  it('given RFQs, one archived by a PUT with archived, when the list is read with the toggles and a status, then each narrows it', async () => {
    const open = await openNewRfq({ title: 'List open', rfq_status: 'To Estimate' });
    const gone = await openNewRfq({ title: 'List archived' });
    expect((await spec.save(`/api/rfqs/${gone.id}/`, gone, { archived: true })).body.archived).toBe(true);
    const archived = await readOwnWrite(() => spec.load<Obj[]>('/api/rfqs/?active=false&archived=true'), has(gone.id), 'the archived RFQ in the archived list');
    expect(has(open.id)(archived)).toBe(false);
    const active = await spec.load<Obj[]>('/api/rfqs/?active=true&archived=false&rfq_status=To Estimate');
    expect(active.map((r) => r.id)).toEqual([open.id]);
    expect(active[0]).toMatchObject({ title: 'List open', rfq_total: 0 });
  });

  it('given saved search dates, when PUT and read back as the screen does, then the list applies them', async () => {
    const old = await openNewRfq({ title: 'Dated old', rfq_date: '2026-08-01', bid_due_date: '2026-08-15' });
    const kept = await spec.load('/api/rfqs/search_dates/');
    expect((await spec.save('/api/rfqs/search_dates/', kept, { start_date: '2026-08-01', end_date: '2026-08-31' })).status).toBe(200);
    expect(await spec.load('/api/rfqs/search_dates/')).toMatchObject({ start_date: '2026-08-01', end_date: '2026-08-31' });
    const rows = await readOwnWrite(() => spec.load<Obj[]>('/api/rfqs/?q=dated'), has(old.id), 'the dated RFQ');
    expect(rows.map((r) => r.id)).toEqual([old.id]);
    expect((await spec.save('/api/rfqs/search_dates/', kept, { start_date: null, end_date: null })).status).toBe(200);
  });

  it('given selected RFQs, when the management report is opened for their ids, then the report file answers (needs the worker’s rfqs.management builder)', async () => {
    const [a, b] = [await openNewRfq({ title: 'Report 1' }), await openNewRfq({ title: 'Report 2' })];
    const r = await spec.http.download(`/api/rfqs/report/management/?ids=${a.id},${b.id}`);
    expect(r.status, r.bytes.toString().slice(0, 300)).toBe(200);
    expect(r.bytes.length).toBeGreaterThan(0);
  });
});

describe('an RFQ, saved whole from the object its GET answered', () => {
  it('given a new RFQ, when saved three times from the same kept object (totals and all), then 200 each and every edit kept; the number sent is the counter’s', async () => {
    const t = await openNewRfq();
    expect(t.account_rfq_number).not.toBe('0');
    for (const edits of [{ title: 'Elm St bore', customer: 'City Fibre' }, { rfq_status: 'Field Visit', bid_due_date: '2026-12-10' }, { colour: 'Green', rfq_total: 99999, segment_count: 9 }]) {
      const r = await spec.save(`/api/rfqs/${t.id}/`, t, edits);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect(await spec.load(`/api/rfqs/${t.id}/`)).toMatchObject({ title: 'Elm St bore', customer: 'City Fibre', rfq_status: 'Field Visit', bid_due_date: '2026-12-10', colour: 'Green', rfq_total: 0, segment_count: 0 });
  });

  it('given two users holding the same RFQ, when both change its status, then the later save is a 409 naming rfq_status and a different field saves', async () => {
    const t = await openNewRfq();
    expect((await frank.save(`/api/rfqs/${t.id}/`, copyOf(t), { rfq_status: 'Submitted' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/rfqs/${t.id}/`, t, { rfq_status: 'No Bid' }), 'rfq_status', { yours: 'No Bid', theirs: 'Submitted', by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
    const other = await spec.save(`/api/rfqs/${t.id}/`, await spec.load(`/api/rfqs/${t.id}/`), { description: 'Two bores' });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ rfq_status: 'Submitted', description: 'Two bores' });
  });

  it('given segments and estimates added and saved whole as the screen does, numbers as text, then the totals are the server’s and a margin of 100 is a 400 naming it', async () => {
    const t = await openNewRfq({ title: 'Totals' });
    const seg = await spec.create(`/api/rfqs/${t.id}/segments/`, { rfq: t.id, number: 'A', work_type: 'Bore', feet: 400, days_required: 2 });
    const est = await spec.create(`/api/rfqs/segments/${seg.id}/estimates/`, { segment: seg.id, work_type: 'Labor', qty: 10, uom: 'hours', price: 70, estimate_margin_assumption: 30 });
    expect(est).toMatchObject({ total_cost: 700, total_price: 1000 });
    for (const edits of [{ qty: 20 }, { price: 35, total_price: 1 }]) expect((await spec.save(`/api/rfqs/segments/estimates/${est.id}/`, est, edits)).status).toBe(200);
    expectInvalid(await spec.save(`/api/rfqs/segments/estimates/${est.id}/`, copyOf(est), { estimate_margin_assumption: 100 }), 'estimate_margin_assumption');
    const segs = await spec.load<Obj[]>(`/api/rfqs/${t.id}/segments/`);
    expect(segs[0]).toMatchObject({ estimate_total_cost: 700, estimate_total_price: 1000, estimate_calculated_margin: 30 });
    for (const edits of [{ feet: 500 }, { days_required: 3, estimate_total_price: 5 }]) expect((await spec.save(`/api/rfqs/segments/${seg.id}/`, segs[0], edits)).status).toBe(200);
    await spec.create(`/api/rfqs/${t.id}/notes/`, { rfq: t.id, note: 'Site walk Tuesday' });
    expect(await spec.load(`/api/rfqs/${t.id}/`)).toMatchObject({ rfq_total: 1000, rfq_total_cost: 700, rfq_total_feet: 500, rfq_total_days: 3, rfq_margin_calculated: 30, rfq_total_per_foot_calc: 2 });
  });

  it('given the kept RFQ, when saved whole with its PO completing before its start, then a 400 naming po_complete_date and nothing written; mended, saved', async () => {
    const t = await openNewRfq({ title: 'PO dates', po_start_date: '2026-12-01' });
    const before = await eventCount();
    expectInvalid(await spec.save(`/api/rfqs/${t.id}/`, t, { po_complete_date: '2026-11-30' }), 'po_complete_date');
    expect(await eventCount()).toBe(before);
    expect((await spec.save(`/api/rfqs/${t.id}/`, t, { po_complete_date: '2026-12-15' })).status).toBe(200);
  });

  it('given an RFQ, when deleted, then its GET is a 404', async () => {
    const t = await openNewRfq({ title: 'To delete' });
    expect((await spec.del(`/api/rfqs/${t.id}/`)).status).toBe(200);
    expect((await spec.get(`/api/rfqs/${t.id}/`)).status).toBe(404);
  });
});

/** The sales list's "new organisation", then the detail's GET the screen keeps. */
async function openNewOrg(values: Obj = {}): Promise<Obj> {
  const created = await spec.create('/api/sales/organizations/new/', { name: 'Acme Utility', org_type: 'Lead', status: 'New', lead_source: 'Email: Website form', ...values });
  return spec.load(`/api/sales/organizations/${created.id}/`);
}

describe('the sales tracker', () => {
  it('given an organisation saved whole three times (counts and all), then 200 each and every edit kept; the list shows it with the toggles', async () => {
    const o = await openNewOrg();
    for (const edits of [{ status: 'Interested', phone: '555-0100' }, { adoption_status: '1 Initial', colour: 'Blue', call_count: 7 }, { next_follow_up: '2026-12-01', zip: 74101 }]) {
      const r = await spec.save(`/api/sales/organizations/${o.id}/`, o, edits);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect(await spec.load(`/api/sales/organizations/${o.id}/`)).toMatchObject({ status: 'Interested', phone: '555-0100', adoption_status: '1 Initial', colour: 'Blue', next_follow_up: '2026-12-01', zip: '74101', call_count: 0 });
    await readOwnWrite(() => spec.load<Obj[]>('/api/sales/organizations/?active=true&archived=false'), has(o.id), 'the organisation in the list');
    const kept = await spec.load('/api/sales/search_dates/');
    expect((await spec.save('/api/sales/search_dates/', kept, { start_date: '2026-11-01', end_date: '2026-11-30' })).status).toBe(200);
    expect(await spec.load('/api/sales/search_dates/')).toMatchObject({ start_date: '2026-11-01', end_date: '2026-11-30' });
  });

  it("given the spec's name `type` for the organisation's type, when created and saved whole with it, then it is taken and answered as `type` beside org_type; the list filters and sorts by it", async () => {
    const created = await spec.create('/api/sales/organizations/new/', { name: 'Typed Co', type: 'Contact', status: 'New' });
    expect(created).toMatchObject({ type: 'Contact', org_type: 'Contact' });
    const o = await spec.load(`/api/sales/organizations/${created.id}/`);
    // The kept object carries both names; the screen edits the spec's.
    const r = await spec.save(`/api/sales/organizations/${o.id}/`, o, { type: 'Subscriber' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ type: 'Subscriber', org_type: 'Subscriber' });
    // Saved again from the same kept object (type edited, org_type still the old one): nothing more changes.
    const before = await eventCount();
    expect((await spec.save(`/api/sales/organizations/${o.id}/`, o)).body).toMatchObject({ type: 'Subscriber', org_type: 'Subscriber' });
    expect(await eventCount()).toBe(before);
    expectInvalid(await spec.save(`/api/sales/organizations/${o.id}/`, copyOf(o), { type: 'Customer' }), 'type');
    const rows = await readOwnWrite(() => spec.load<Obj[]>('/api/sales/organizations/?active=true&archived=false&type=Subscriber&ordering=type'), has(o.id), 'the organisation by its type');
    expect(rows.every((x) => x.type === 'Subscriber' && x.org_type === 'Subscriber')).toBe(true);
  });

  it('given two users holding the same organisation, when both change its status, then the later save is a 409 naming status', async () => {
    const o = await openNewOrg({ name: 'Conflict Co' });
    expect((await frank.save(`/api/sales/organizations/${o.id}/`, copyOf(o), { status: 'Ready to demo' })).status).toBe(200);
    expectConflict(await spec.save(`/api/sales/organizations/${o.id}/`, o, { status: 'Needs another Call' }), 'status', { yours: 'Needs another Call', theirs: 'Ready to demo', by: 'Frank Field' });
  });

  it('given each collection, when a line is posted and saved whole twice, then 200 each and the edits kept; numbered lines take 1, 2 in order', async () => {
    const o = await openNewOrg({ name: 'Lines Co' });
    const contact = await spec.create(`/api/sales/organizations/${o.id}/contacts/`, { organization: o.id, first_name: 'Dana', last_name: 'Reyes', phone_1: '555-0142' });
    const lines: [string, Obj, Obj][] = [
      ['locations', { name: 'Yard', zip: 74101 }, { city: 'Tulsa' }],
      ['surveys', { survey_date: '2026-11-20', crews: 4 }, { employees: 22 }],
      ['contacts', { name: 'Sam Ortiz' }, { title: 'Owner' }],
      ['emails', { contact: contact.id, email_date: '2026-11-21', subject: 'Hello' }, { body: 'Thanks' }],
      ['phonecalls', { contact: contact.id, call_date: '2026-11-22', name: 'Dana' }, { outcome: 'Demo booked' }],
      ['meetings', { contact: contact.id, meeting_date: '2026-11-23', name: 'Demo' }, { place: 'Their yard' }],
    ];
    for (const [kind, values, edit] of lines) {
      const l = await spec.create(`/api/sales/organizations/${o.id}/${kind}/`, { organization: o.id, ...values });
      for (const edits of [edit, { notes: `${kind} notes` }]) {
        const r = await spec.save(`/api/sales/organizations/${kind}/${l.id}/`, l, edits);
        expect(r.status, `${kind} ${JSON.stringify(r.body)}`).toBe(200);
      }
      expect((await spec.load<Obj[]>(`/api/sales/organizations/${o.id}/${kind}/`)).find((x) => x.id === l.id), kind).toMatchObject(edit);
    }
    const second = await spec.create(`/api/sales/organizations/${o.id}/phonecalls/`, { organization: o.id, call_date: '2026-11-24' });
    expect(second.phonecall_line_number).toBe(2);
    expect(await spec.load(`/api/sales/organizations/${o.id}/`)).toMatchObject({ contact_count: 2, call_count: 2, meeting_count: 1, email_count: 1, last_contacted: '2026-11-24' });
  });

  it('given sales activities posted and then saved several at once, numbers as text, then the hours add up and the answer says so', async () => {
    const o = await openNewOrg({ name: 'Hours Co' });
    const a = await spec.create('/api/sales/sales_activities/', { organization: o.id, activity_date: '2026-11-23', activity_type: 'Call', hours: 1.5 });
    const r = await spec.http.put('/api/sales/sales_activities/', [
      { ...a, hours: '2.5' },
      { organization: o.id, activity_date: '2026-11-24', activity_type: 'Demo', hours: '1' },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe('Good work! Activities successfully saved!');
    expect((await spec.load(`/api/sales/organizations/${o.id}/`)).activity_hours).toBe(3.5);
    // The weekly view reads the list read model: it is reloaded at human speed, as any list.
    const week = await readOwnWrite(() => spec.load('/api/sales/activities/weekly/?week=2026-11-24'), (w) => w.users.length > 0 && w.users[0].total === 3.5, 'the week’s hours');
    expect(week.users).toEqual([{ user: 'Office User', days: [2.5, 1, 0, 0, 0, 0, 0], total: 3.5 }]);
  });

  it('given selected organisations, when archived and deleted through the saless paths, then 202 with an operation the worker finishes', async () => {
    const [a, b] = [await openNewOrg({ name: 'Bulk A' }), await openNewOrg({ name: 'Bulk B' })];
    for (const [path, id] of [['/api/saless/organizations/archive/', a.id], ['/api/saless/organizations/delete/', b.id]]) {
      const r = await spec.post(path, { ids: [id] });
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      await eventually(() => spec.load(`/api/bulk/${r.body.id}/`), (op) => op.status === 'done', `${path} done`);
    }
    expect((await spec.load(`/api/sales/organizations/${a.id}/`)).archived).toBe(true);
    expect((await spec.get(`/api/sales/organizations/${b.id}/`)).status).toBe(404);
  });

  it('given a sales activity posted without a date, then it takes today, and the weekly hours and the organisation count it alike', async () => {
    const o = await openNewOrg({ name: 'Undated Co' });
    const tuesday = (w: Obj) => w.users.find((u: Obj) => u.user === 'Office User')?.days[1] ?? 0;
    const before = tuesday(await spec.load('/api/sales/activities/weekly/'));
    const a = await spec.create('/api/sales/sales_activities/', { organization: o.id, activity_type: 'Research', hours: '2' });
    expect(a.activity_date).toBe('2026-11-24');
    expect((await spec.load(`/api/sales/organizations/${o.id}/`)).activity_hours).toBe(2);
    const week = await readOwnWrite(() => spec.load('/api/sales/activities/weekly/'), (w) => tuesday(w) === before + 2, 'the undated activity on today in this week');
    expect(week.week).toBe('2026-11-23');
  });
});
