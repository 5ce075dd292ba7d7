/** Every bid call of spec 1 section 7 over HTTP against the real app (Postgres, Redis, projector). */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { Client } from '../support/client.ts';

const { app, office, rival, eventCount } = apiTest('api_bids');

async function newBid(values: Record<string, unknown> = {}, c = office) {
  const r = await c.post('/api/bids/', { bid_status: 'A', ...values });
  expect(r.status).toBe(201);
  return r.body;
}

describe('sessions and CSRF', () => {
  it('given no session, when bids are listed, then 401', async () => {
    const anon = new Client(app.url);
    expect((await anon.get('/api/bids/?archived=f')).status).toBe(401);
  });

  it('given a session, when a write has no X-CSRFToken header, then 403 and nothing is written', async () => {
    const before = await eventCount();
    const r = await office.post('/api/bids/', { work_request: 'X' }, { 'X-CSRFToken': '' });
    expect(r.status).toBe(403);
    expect(await eventCount()).toBe(before);
  });

  it('given a session, when the CSRF token of another session is sent, then 403', async () => {
    const r = await office.post('/api/bids/', {}, { 'X-CSRFToken': rival.csrf! });
    expect(r.status).toBe(403);
  });

  it('given an account, when logging in with a wrong password, then 401; with the right one, me answers the user', async () => {
    const email = `login.${Date.now()}@example.com`;
    const c = await Client.signUpAs(app.url, { account_name: 'L', display_name: 'Lou Login', email, password: 'long enough pw' });
    expect((await c.post('/api/auth/logout')).status).toBe(204);
    expect((await c.get('/api/auth/me')).status).toBe(401);
    expect((await c.post('/api/auth/login', { email, password: 'wrong password' })).status).toBe(401);
    expect((await c.post('/api/auth/login', { email: email.toUpperCase(), password: 'long enough pw' })).status).toBe(200);
    expect((await c.get('/api/auth/me')).body.user).toMatchObject({ email, display_name: 'Lou Login' });
  });

  it('given a registered email, when signing up again, then the same 202 as for any address and no second account (tests/security/signup.test.ts)', async () => {
    const email = `dup.${Date.now()}@example.com`;
    await Client.signUpAs(app.url, { account_name: 'A', display_name: 'A', email, password: 'long enough pw' });
    const d = new Client(app.url);
    await d.get('/api/auth/me');
    const r = await d.post('/api/auth/signup', { account_name: 'B', display_name: 'B', email, password: 'long enough pw' });
    expect(r.status).toBe(202);
    expect(r.body.status).toBe('confirmation_sent');
    expect((await d.get('/api/auth/me')).status).toBe(401);
  });
});

describe('creating and listing bids', () => {
  it('given a user, when a bid is created, then it answers the bid with id, version, position and ETag; bid_status A', async () => {
    const r = await office.post('/api/bids/', { bid_status: 'A', work_request: 'WR-100', bid_due_date: '2030-01-02' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ work_request: 'WR-100', bid_status: 'A', version: 1 });
    expect(r.body.id).toMatch(/^\d+$/);
    expect(r.headers.get('etag')).toBe('"1"');
    expect(r.body.position).toMatch(/^\d+:\d+$/);
  });

  it.each([
    [{ bid_due_date: '2026-13-45' }, 'bid_due_date'],
    [{ archived: 'yes' }, 'archived'],
    [{ bid_status: 'Q' }, 'bid_status'],
    [{ description: true }, 'description'],
    [{ market: 'MARS' }, 'market'],
  ])('given bad input %j, when a bid is created, then 400 names %s and nothing is written', async (body, field) => {
    const before = await eventCount();
    const r = await office.post('/api/bids/', body);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid');
    expect(r.body.fields).toHaveProperty(field);
    expect(await eventCount()).toBe(before);
  });

  it('given a huge body, when posted, then 413 and nothing is written', async () => {
    const before = await eventCount();
    const r = await office.post('/api/bids/', { description: 'x'.repeat(2_000_000) });
    expect(r.status).toBe(413);
    expect(await eventCount()).toBe(before);
  });

  it('given malformed JSON, when posted, then 400', async () => {
    const r = await office.request('POST', '/api/bids/', '{"work_request":', {});
    expect(r.status).toBe(400);
  });

  it('given bids due on different days, when the list is read after the writes, then it holds them, soonest due first, with days-away colours', async () => {
    const far = await newBid({ work_request: 'LIST-FAR', bid_due_date: '2099-01-01' });
    const soon = await newBid({ work_request: 'LIST-SOON', bid_due_date: new Date(Date.now() + 2 * 86400e3).toISOString().slice(0, 10) });
    const none = await newBid({ work_request: 'LIST-NONE' });
    const r = await office.list('/api/bids/?archived=f');
    expect(r.status).toBe(200);
    const ids = r.body.map((b: { id: string }) => b.id);
    expect(ids.indexOf(soon.id)).toBeLessThan(ids.indexOf(far.id));
    expect(ids.indexOf(far.id)).toBeLessThan(ids.indexOf(none.id));
    const s = r.body.find((b: { id: string }) => b.id === soon.id);
    expect(s).toMatchObject({ bid_days_away: 2, bid_days_colour: 'red' });
  });

  it('given active and archived bids, when filtering, then each list has its own; market and text filters narrow it', async () => {
    const a = await newBid({ work_request: 'ARCH-1', market: 'SW', city: 'Amarillo' });
    await office.put(`/api/bids/${a.id}`, { archived: true });
    const b = await newBid({ work_request: 'ACT-1', market: 'SW', city: 'Lubbock' });
    const active = (await office.list('/api/bids/?archived=f')).body.map((x: { id: string }) => x.id);
    const archived = (await office.list('/api/bids/?archived=t')).body.map((x: { id: string }) => x.id);
    expect(active).toContain(b.id);
    expect(active).not.toContain(a.id);
    expect(archived).toContain(a.id);
    const bySw = (await office.list('/api/bids/?archived=f&market=SW')).body;
    expect(bySw.every((x: { market: string }) => x.market === 'SW')).toBe(true);
    const byText = (await office.list('/api/bids/?archived=f&q=lubbock')).body;
    expect(byText.map((x: { id: string }) => x.id)).toEqual([b.id]);
  });

  it('given another account, when it lists bids, then it never sees this account\'s', async () => {
    await newBid({ work_request: 'PRIVATE-1' });
    const theirs = (await rival.list('/api/bids/?archived=f')).body;
    expect(theirs.find((x: { work_request: string }) => x.work_request === 'PRIVATE-1')).toBeUndefined();
  });
});

describe('one bid', () => {
  it("given spec 2's award source C.N.A and a division by its number (spec 3: 1 to 5), when a bid is created and saved, then it holds CNA and the division's name; 6 is a 400 naming division", async () => {
    const b = await newBid({ work_request: 'CNA-1', award_source: 'C.N.A', division: '4' });
    expect(b).toMatchObject({ award_source: 'CNA', division: 'LIGHTGIG' });
    const saved = await office.put(`/api/bids/${b.id}/`, { ...b, division: 1, award_source: 'BID' });
    expect(saved.body).toMatchObject({ award_source: 'BID', division: 'BAU' });
    expect((await office.put(`/api/bids/${b.id}/`, { award_source: 'C.N.A' })).body.award_source).toBe('CNA');
    const bad = await office.put(`/api/bids/${b.id}/`, { division: 6 });
    expect([bad.status, Object.keys(bad.body.fields)]).toEqual([400, ['division']]);
  });

  it('given a bid, when read, then it has its fields, lines and version', async () => {
    const b = await newBid({ work_request: 'ONE-1' });
    const r = await office.get(`/api/bids/${b.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: b.id, work_request: 'ONE-1', items: [], notes: [], customer_data: [], files: [], version: 1 });
    expect((await office.get(`/api/bids/${b.id}/`)).status).toBe(200);
  });

  it.each(['999999999', 'abc', '1e5'])('given an unknown id %s, when read, then 404', async (id) => {
    expect((await office.get(`/api/bids/${id}`)).status).toBe(404);
  });

  it('given another account\'s bid, when read, edited, deleted or its lines touched, then 404 and nothing is written', async () => {
    const b = await newBid({ work_request: 'MINE' });
    const item = (await office.post(`/api/bids/${b.id}/items/`, { item: 'Bore' })).body;
    const before = await eventCount();
    expect((await rival.get(`/api/bids/${b.id}`)).status).toBe(404);
    expect((await rival.put(`/api/bids/${b.id}`, { city: 'X' })).status).toBe(404);
    expect((await rival.del(`/api/bids/${b.id}`)).status).toBe(404);
    expect((await rival.get(`/api/bids/${b.id}/history/`)).status).toBe(404);
    expect((await rival.post(`/api/bids/${b.id}/items/`, { item: 'Sneaky' })).status).toBe(404);
    expect((await rival.put(`/api/bids/items/${item.id}`, { item: 'Sneaky' })).status).toBe(404);
    expect((await rival.del(`/api/bids/items/${item.id}`)).status).toBe(404);
    expect((await rival.post(`/api/bids/${b.id}/create_job/`)).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('given a bid, when the whole record is sent back with changes, then only the changed fields are recorded', async () => {
    const b = await newBid({ work_request: 'WHOLE', city: 'Tulsa' });
    const whole = (await office.get(`/api/bids/${b.id}`)).body;
    const r = await office.put(`/api/bids/${b.id}`, { ...whole, county: 'Tulsa County', selected: true, bid_days_away: 3 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ county: 'Tulsa County', city: 'Tulsa', version: 2 });
    const history = (await office.get(`/api/bids/${b.id}/history/`)).body;
    expect(history.at(-1)).toMatchObject({ type: 'BidRevised', user_name: 'Office User', changes: [{ field: 'county', old: null, new: 'Tulsa County' }] });
  });

  it('given another user saved the city since, when the bid is saved from the old version with another city, then 409 naming city with yours, theirs, who and when, and nothing is written', async () => {
    const b = await newBid({ work_request: 'STALE' });
    const frank = await office.addColleague('Frank Field');
    expect((await frank.put(`/api/bids/${b.id}`, { city: 'First' }, { 'If-Match': '"1"' })).status).toBe(200);
    const before = await eventCount();
    const r = await office.put(`/api/bids/${b.id}`, { city: 'Second' }, { 'If-Match': '"1"' });
    expect(r.status).toBe(409);
    expect(r.body.conflicts).toEqual([{ field: 'city', yours: 'Second', theirs: 'First', base: null, by: 'Frank Field', by_id: expect.any(String), at: expect.any(String), version: 2 }]);
    expect(r.body.fields).toHaveProperty('city');
    expect(r.body.current).toMatchObject({ id: b.id, city: 'First', version: 2 });
    expect(await eventCount()).toBe(before);
  });

  it('given 8 users of one account saving one field from the same version at once, then exactly one wins and the others get 409 naming it', async () => {
    const b = await newBid({ work_request: 'RACE' });
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => office.addColleague(`Racer ${i}`)));
    const results = await Promise.all(users.map((u, i) => u.put(`/api/bids/${b.id}`, { city: `City ${i}` }, { 'If-Match': '1' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.body.conflicts.map((c: { field: string }) => c.field)).toEqual(['city']);
  });

  it('given a bid, when deleted, then it is gone from reads and the list, and its history remains', async () => {
    const b = await newBid({ work_request: 'GONE' });
    expect((await office.del(`/api/bids/${b.id}`)).status).toBe(200);
    expect((await office.get(`/api/bids/${b.id}`)).status).toBe(404);
    const list = (await office.list('/api/bids/?archived=f')).body;
    expect(list.find((x: { id: string }) => x.id === b.id)).toBeUndefined();
    const h = (await office.get(`/api/bids/${b.id}/history/`)).body;
    expect(h.map((e: { type: string }) => e.type)).toEqual(['BidCreated', 'BidDeleted']);
  });

  it('given a bid changed over time, when read as of a past instant, then it is shown as it stood then', async () => {
    const b = await newBid({ work_request: 'ASOF', city: 'Before' });
    await new Promise((r) => setTimeout(r, 20));
    const between = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await office.put(`/api/bids/${b.id}`, { city: 'After' });
    await office.post(`/api/bids/${b.id}/items/`, { item: 'Later item' });
    const then = await office.get(`/api/bids/${b.id}?as_of=${encodeURIComponent(between)}`);
    expect(then.body).toMatchObject({ city: 'Before', items: [], version: 1 });
    expect((await office.get(`/api/bids/${b.id}`)).body.city).toBe('After');
    expect((await office.get(`/api/bids/${b.id}?as_of=yesterday`)).status).toBe(400);
    expect((await office.get(`/api/bids/${b.id}?as_of=2000-01-01T00:00:00Z`)).status).toBe(404);
  });
});

describe('bid lines', () => {
  it('given a bid, when items are added, edited and deleted, then the list path and the line path agree', async () => {
    const b = await newBid();
    const i1 = await office.post(`/api/bids/${b.id}/items/`, { item: 'Bore', bid_percent: 60, bid: b.id });
    expect(i1.status).toBe(201);
    expect(i1.body).toMatchObject({ item: 'Bore', bid_percent: 60, bid: b.id, version: 2 });
    const i2 = (await office.post(`/api/bids/${b.id}/items/`, { item: 'Splice', bid_percent: '40' })).body;
    expect((await office.put(`/api/bids/items/${i2.id}`, { ...i2, frc: 'F-2' })).body).toMatchObject({ frc: 'F-2', bid_percent: 40 });
    expect((await office.put(`/api/bids/items/${i2.id}`, { bid_percent: 'forty' })).status).toBe(400);
    const detail = (await office.get(`/api/bids/${b.id}`)).body;
    expect(detail).toMatchObject({ bid_percent_total: 100, bid_percent_colour: 'green', itemString: 'Bore, Splice' });
    expect((await office.del(`/api/bids/items/${i1.body.id}`)).status).toBe(200);
    expect((await office.get(`/api/bids/${b.id}/items/`)).body.map((x: { item: string }) => x.item)).toEqual(['Splice']);
    expect((await office.del(`/api/bids/items/${i1.body.id}`)).status).toBe(410);
    expect((await office.put(`/api/bids/notes/${i2.id}`, { note: 'wrong kind' })).status).toBe(404);
  });

  it('given a bid, when a note is added, then it defaults to Update with the user as created_by and created_date set by the server', async () => {
    const b = await newBid();
    const n = (await office.post(`/api/bids/${b.id}/notes/`, { note: 'Called the coordinator', created_date: '1999-01-01' })).body;
    expect(n).toMatchObject({ note_status: 'Update', created_by: 'Office User' });
    expect(n.created_date.startsWith('1999')).toBe(false);
    expect((await office.put(`/api/bids/notes/${n.id}`, { note_status: 'Resolved' })).body.note_status).toBe('Resolved');
    expect((await office.put(`/api/bids/notes/${n.id}`, { note_status: 'Whatever' })).status).toBe(400);
  });

  it('given a bid, when customer data is posted and edited, then the first entry holds it', async () => {
    const b = await newBid();
    const cd = (await office.post(`/api/bids/${b.id}/customer_data/`, { job_ref: 'CUST-9' })).body;
    await office.put(`/api/bids/customer_data/${cd.id}`, { job_ref: 'CUST-10' });
    expect((await office.get(`/api/bids/${b.id}/customer_data/`)).body[0]).toMatchObject({ job_ref: 'CUST-10', bid: b.id });
  });

  it('given a bid with a PDF bundle, when a new bundle is uploaded, then it replaces the old one and downloads only for this account', async () => {
    const b = await newBid();
    const upload = async (name: string, text: string) => {
      const f = new FormData();
      f.set('file', new Blob([text], { type: 'application/pdf' }), name);
      f.set('bid', b.id);
      f.set('file_name', name);
      f.set('file_type', 'pdf_bundle');
      return office.post(`/api/bids/${b.id}/files/`, f);
    };
    const first = await upload('v1.pdf', '%PDF-1.4 first');
    expect(first.status).toBe(201);
    const second = await upload('v2.pdf', '%PDF-1.4 second');
    expect(second.body).toMatchObject({ file_name: 'v2.pdf', file_type: 'pdf_bundle', size: 15, file: `/api/files/${second.body.id}/v2.pdf` });
    const files = (await office.get(`/api/bids/${b.id}/files/`)).body;
    expect(files.map((x: { file_name: string }) => x.file_name)).toEqual(['v2.pdf']);
    const dl = await office.get(second.body.file);
    expect(dl.status).toBe(200);
    expect(dl.body).toBe('%PDF-1.4 second');
    expect(dl.headers.get('content-type')).toContain('application/pdf');
    expect((await rival.get(second.body.file)).status).toBe(404);
    expect((await office.get(first.body.file)).status).toBe(404);
    const row = (await office.list('/api/bids/?archived=f')).body.find((x: { id: string }) => x.id === b.id);
    expect(row.pdf_bundle).toMatchObject({ id: second.body.id, file_name: 'v2.pdf' });
    // A client may rename a file but never point it at another blob.
    const renamed = await office.put(`/api/bids/files/${second.body.id}`, { file_name: 'renamed.pdf', sha256: 'f'.repeat(64) });
    expect(renamed.body).toMatchObject({ file_name: 'renamed.pdf', sha256: second.body.sha256 });
    expect((await office.del(`/api/bids/files/${second.body.id}`)).status).toBe(200);
    expect((await office.get(`/api/bids/${b.id}/files/`)).body).toEqual([]);
  });

  it('given an upload without a file, then 400 naming file', async () => {
    const b = await newBid();
    const f = new FormData();
    f.set('file_type', 'pdf_bundle');
    const r = await office.post(`/api/bids/${b.id}/files/`, f);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('file');
  });
});

describe('finding and awarding', () => {
  it('given a bid, when found by supplier code or work request, then it answers that bid; an unknown code is 404', async () => {
    const b = await newBid({ supplier_code: 'SC-FIND', work_request: 'WR-FIND' });
    expect((await office.list('/api/bids/supplier_code/SC-FIND')).body).toMatchObject({ id: b.id, supplier_code: 'SC-FIND' });
    expect((await office.get('/api/bids/work_request/WR-FIND')).body).toMatchObject({ id: b.id, work_request: 'WR-FIND' });
    expect((await office.get('/api/bids/supplier_code/NOPE')).status).toBe(404);
    expect((await rival.get('/api/bids/supplier_code/SC-FIND')).status).toBe(404);
  });

  it('given a bid, when awarded by supplier code and work request, then BidAwarded and the message of spec 1', async () => {
    const b = await newBid({ supplier_code: 'SC-AW', work_request: 'WR-AW' });
    await office.list('/api/bids/?archived=f');
    const r = await office.post('/api/bids/award_bid/?supplier_code=SC-AW&work_request=WR-AW');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'Bid Awarded Successfully.', bid: { id: b.id, our_status: 'Won' } });
    const h = (await office.get(`/api/bids/${b.id}/history/`)).body;
    expect(h.at(-1)).toMatchObject({ type: 'BidAwarded', changes: [{ field: 'our_status', old: 'New', new: 'Won' }] });
    const g = await office.get('/api/bids/award_bid/?supplier_code=SC-AW&work_request=WR-AW');
    expect(g.status).toBe(200);
    expect((await office.post('/api/bids/award_bid/?supplier_code=SC-AW&work_request=NOPE')).status).toBe(404);
    expect((await office.post('/api/bids/award_bid/?supplier_code=SC-AW')).body.fields).toHaveProperty('work_request');
  });
});

describe('creating a job from a bid', () => {
  it('given a bid with items, when create_job is called, then one JobCreatedFromBid holds the job and its mapped items', async () => {
    const b = await newBid({ work_request: 'WR-JOB', phone_1: '555-1000', request_start: '2027-01-05', job_number: 'J-77', location: '9 Elm', city: 'Waco' });
    await office.post(`/api/bids/${b.id}/items/`, { item: 'Bore', job_number: 'J-77-1', bid_percent: 70, frc: 'F1', vd: 'V1', geographic_location: 'West' });
    await office.post(`/api/bids/${b.id}/items/`, { item: 'Splice', job_number: 'J-77-2', bid_percent: 30, frc: 'F2', vd: 'V2' });
    const r = await office.post(`/api/bids/${b.id}/create_job/`);
    expect(r.status).toBe(201);
    const job = (await office.get(`/api/jobs/${r.body.id}`)).body;
    expect(job).toMatchObject({ bid_ref: b.id, work_status: 'New', form_type: 'attfiber', work_req_num: 'WR-JOB', coord_phone1: '555-1000', start_date: '2027-01-05', job_number: 'J-77', address: '9 Elm', geo_loc: 'West', city: 'Waco' });
    expect(job.items).toEqual([
      expect.objectContaining({ item: 'Bore', col1: 'J-77-1', job_percent: 70, col4: 'F1', col6: 'V1', job: r.body.id }),
      expect.objectContaining({ item: 'Splice', col1: 'J-77-2', job_percent: 30, col4: 'F2', col6: 'V2' }),
    ]);
    const h = (await office.get(`/api/jobs/${r.body.id}/history/`)).body;
    expect(h.map((e: { type: string }) => e.type)).toEqual(['JobCreatedFromBid']);
  });

  it('given a bid, when the job is made by the old client\'s three calls, then the job and its items exist', async () => {
    const b = await newBid({ work_request: 'WR-3CALL' });
    const j = await office.post('/api/jobs/', { bid_ref: b.id, work_status: 'New', form_type: 'attfiber' });
    expect(j.status).toBe(201);
    expect((await office.put(`/api/jobs/${j.body.id}`, { work_req_num: 'WR-3CALL', start_date: '2027-02-01' })).status).toBe(200);
    expect((await office.post(`/api/jobs/${j.body.id}/items/`, { item: 'Bore', col1: 'J-1', job_percent: 100, col4: 'F', col6: 'V' })).status).toBe(201);
    const job = (await office.get(`/api/jobs/${j.body.id}/`)).body;
    expect(job).toMatchObject({ bid_ref: b.id, work_req_num: 'WR-3CALL', items: [expect.objectContaining({ item: 'Bore', job_percent: 100 })] });
    expect((await office.post('/api/jobs/', { form_type: 'nope' })).status).toBe(400);
  });
});

describe('platform', () => {
  it('reports health of the database, Redis and the projections', async () => {
    const r = await office.get('/api/health');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ database: 'ok', redis: 'ok' }); // status: tests/api/health.test.ts
    expect(r.body.projections.map((p: { projection: string }) => p.projection)).toContain('bids_list');
  });

  it('serves the OpenAPI document generated from the routes', async () => {
    const r = await office.get('/api/docs');
    expect(r.body.openapi).toBe('3.1.0');
    expect(r.body.paths['/api/bids/{id}'].put.requestBody.content['application/json'].schema.properties).toHaveProperty('bid_due_date');
    expect(r.body.paths['/api/bids/items/{id}']).toHaveProperty('put');
  });

  it('given a new account, when the bid screens read settings, then there is no background picture and no customer yet', async () => {
    expect((await office.get('/api/settings/background_picture/')).body).toMatchObject({ url: null, file_name: null });
    expect((await office.get('/api/settings/customers/')).body).toEqual([]);
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const r = await office.get('/api/nothing/here');
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('not_found');
  });
});
