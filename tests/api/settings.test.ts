/**
 * Every settings call of docs/settings.md (spec 3 sections 2, 3, 5, 7, 9; spec 2 "Supporting") over
 * HTTP against the real app (Postgres, Redis, projector): catalogs, product raw materials, SVA codes
 * and their CSV import, document counters, files, form types, how-to tips, the subscription
 * catalogue, the settings record and user app activities. Users and cancellation have their own file
 * (account-users.test.ts), so cancelling an account there cannot break this one.
 */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../support/app.ts';
import { apiTest } from '../support/apiTest.ts';
import { Client } from '../support/client.ts';
import { jpegPicture, picture } from '../support/files.ts';

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const { app, office, rival, db, eventCount } = apiTest('api_settings');

/** A second user of the office's account, signed in. */
async function colleague(name = 'Casey Colleague'): Promise<Client> {
  const email = `colleague.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const r = await office.post('/api/settings/users/', { display_name: name, email, password: 'long enough pw' });
  expect(r.status).toBe(201);
  const c = new Client(app.url);
  await c.get('/api/auth/me');
  expect((await c.post('/api/auth/login', { email, password: 'long enough pw' })).status).toBe(200);
  return c;
}

function multipart(content: string | Buffer, type: string, name: string, fields: Record<string, string> = {}) {
  const f = new FormData();
  f.set('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), name);
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}
const csv = (text: string, name = 'rates.csv') => multipart(text, 'text/csv', name);

async function add(catalog: string, values: Record<string, unknown>, c = office) {
  const r = await c.post(`/api/settings/${catalog}/`, values);
  expect(r.status).toBe(201);
  return r.body;
}

describe('sessions and CSRF', () => {
  it('given no session, when settings are read, then 401', async () => {
    const anon = new Client(app.url);
    expect((await anon.get('/api/settings/crews/')).status).toBe(401);
    expect((await anon.get('/api/settings/current_number/')).status).toBe(401);
  });

  it('given a session, when a settings write has no X-CSRFToken header, then 403 and nothing is written', async () => {
    const crew = await add('crews', { crew_name: 'CSRF Crew' });
    const before = await eventCount();
    expect((await office.post('/api/settings/crews/', { crew_name: 'No Token' }, { 'X-CSRFToken': '' })).status).toBe(403);
    expect((await office.put(`/api/settings/crews/${crew.id}/`, { crew_name: 'No Token' }, { 'X-CSRFToken': '' })).status).toBe(403);
    expect((await office.request('DELETE', `/api/settings/crews/${crew.id}/`, undefined, { 'X-CSRFToken': '' })).status).toBe(403);
    expect((await office.post('/api/settings/current_number/job/issue/', {}, { 'X-CSRFToken': '' })).status).toBe(403);
    expect((await office.put('/api/settings/catalog/1/', { quantity: 1 }, { 'X-CSRFToken': rival.csrf! })).status).toBe(403);
    expect(await eventCount()).toBe(before);
  });
});

describe('crews', () => {
  it('given a user, when a crew is added, then 201 with the record, version, position and ETag, and it is in the list and readable', async () => {
    const r = await office.post('/api/settings/crews/', { crew_name: '  Alpha Boring  ' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ crew_name: 'Alpha Boring', active: true, version: 1 });
    expect(r.body.id).toMatch(/^\d+$/);
    expect(r.body.position).toMatch(/^\d+:\d+$/);
    expect(r.headers.get('etag')).toBe('"1"');
    const list = (await office.list('/api/settings/crews/')).body;
    expect(list.find((c: { id: string }) => c.id === r.body.id)).toMatchObject({ crew_name: 'Alpha Boring', active: true, version: 1 });
    expect((await office.get(`/api/settings/crews/${r.body.id}`)).body).toMatchObject({ id: r.body.id, crew_name: 'Alpha Boring', version: 1 });
    expect((await office.get(`/api/settings/crews/${r.body.id}/`)).status).toBe(200);
  });

  it.each([[{}], [{ crew_name: '' }], [{ crew_name: '   ' }], [{ crew_name: true }], [{ crew_name: 'x'.repeat(201) }]])(
    'given a user, when a crew is added with %j, then 400 naming crew_name and nothing is written',
    async (body) => {
      const before = await eventCount();
      const r = await office.post('/api/settings/crews/', body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('invalid');
      expect(r.body.fields).toHaveProperty('crew_name');
      expect(await eventCount()).toBe(before);
    },
  );

  it('given a crew, when another with the same name in other case and spacing is added, then 409 with fields.crew_name and nothing is written', async () => {
    await add('crews', { crew_name: 'Bravo Trench Crew' });
    for (const name of ['Bravo Trench Crew', ' bravo   trench CREW ']) {
      const before = await eventCount();
      const r = await office.post('/api/settings/crews/', { crew_name: name });
      expect(r.status).toBe(409);
      expect(r.body.error).toBe('already_exists');
      expect(r.body.fields).toHaveProperty('crew_name');
      expect(r.body.message).toMatch(/Crew .*Bravo Trench Crew.* already exists/i);
      expect(await eventCount()).toBe(before);
    }
  });

  it('given 6 users adding the same crew name at once, when they all save, then exactly one is added and the others get 409', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => office.post('/api/settings/crews/', { crew_name: i % 2 ? 'Race Crew' : 'RACE crew' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    const all = (await office.list('/api/settings/crews/?all=t')).body;
    expect(all.filter((c: { crew_name: string }) => c.crew_name.toLowerCase() === 'race crew')).toHaveLength(1);
  });

  it('given two crews, when one is renamed to the other\'s name, then 409 naming crew_name and nothing is written; a case-only rename of itself is fine', async () => {
    const a = await add('crews', { crew_name: 'Charlie Crew' });
    const b = await add('crews', { crew_name: 'Delta Crew' });
    const before = await eventCount();
    const r = await office.put(`/api/settings/crews/${b.id}/`, { crew_name: 'charlie crew' });
    expect(r.status).toBe(409);
    expect(r.body.fields).toHaveProperty('crew_name');
    expect(await eventCount()).toBe(before);
    expect((await office.get(`/api/settings/crews/${b.id}`)).body.crew_name).toBe('Delta Crew');
    const own = await office.put(`/api/settings/crews/${a.id}/`, { crew_name: 'CHARLIE Crew' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ crew_name: 'CHARLIE Crew', version: 2 });
  });

  it('given a crew renamed, when its old name is added as a new crew, then the old name is free', async () => {
    const a = await add('crews', { crew_name: 'Echo Crew' });
    expect((await office.put(`/api/settings/crews/${a.id}/`, { crew_name: 'Echo Crew 2' })).status).toBe(200);
    expect((await office.post('/api/settings/crews/', { crew_name: 'echo crew' })).status).toBe(201);
    expect((await office.post('/api/settings/crews/', { crew_name: 'Echo Crew 2' })).status).toBe(409);
  });

  it('given a crew, when deleted, then it is gone from reads and the list, its name is free again, and its history remains', async () => {
    const a = await add('crews', { crew_name: 'Foxtrot Crew' });
    const d = await office.del(`/api/settings/crews/${a.id}/`);
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ id: a.id, deleted: true, version: 2 });
    expect((await office.get(`/api/settings/crews/${a.id}`)).status).toBe(404);
    expect((await office.del(`/api/settings/crews/${a.id}/`)).status).toBe(404);
    expect((await office.put(`/api/settings/crews/${a.id}/`, { crew_name: 'Back' })).status).toBe(404);
    expect(ids((await office.list('/api/settings/crews/?all=t')).body)).not.toContain(a.id);
    const again = await office.post('/api/settings/crews/', { crew_name: 'FOXTROT crew' });
    expect(again.status).toBe(201);
    const h = (await office.get(`/api/settings/crews/${a.id}/history/`)).body;
    expect(h.map((e: { type: string }) => e.type)).toEqual(['CrewAdded', 'CrewDeleted']);
  });

  it('given active and inactive crews, when listed, then by name and active only; ?all=t includes the inactive ones', async () => {
    const z = await add('crews', { crew_name: 'Zulu Crew' });
    const g = await add('crews', { crew_name: 'golf Crew' });
    const off = await add('crews', { crew_name: 'Hotel Crew', active: false });
    const active = (await office.list('/api/settings/crews/')).body;
    expect(ids(active)).toEqual(expect.arrayContaining([z.id, g.id]));
    expect(ids(active)).not.toContain(off.id);
    const names = active.map((c: { crew_name: string }) => c.crew_name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const all = (await office.list('/api/settings/crews/?all=t')).body;
    expect(all.find((c: { id: string }) => c.id === off.id)).toMatchObject({ crew_name: 'Hotel Crew', active: false });
    expect(ids((await office.list('/api/settings/crews/?all=true')).body)).toContain(off.id);
    expect(ids((await office.list('/api/settings/crews/?q=ZULU')).body)).toEqual([z.id]);
    expect(ids((await office.list('/api/settings/crews/?q=hotel')).body)).toEqual([]);
    expect(ids((await office.list('/api/settings/crews/?all=t&q=hotel')).body)).toEqual([off.id]);
    expect((await office.get('/api/settings/crews/?all=maybe')).status).toBe(400);
  });

  it('given another user renamed a crew since, when it is renamed from the old version, then 409 naming crew_name and nothing is written; another field merges', async () => {
    const a = await add('crews', { crew_name: 'India Crew' });
    const frank = await office.addColleague('Frank Field');
    expect((await frank.put(`/api/settings/crews/${a.id}/`, { crew_name: 'India One' }, { 'If-Match': '"1"' })).status).toBe(200);
    const before = await eventCount();
    const r = await office.put(`/api/settings/crews/${a.id}/`, { crew_name: 'India Two' }, { 'If-Match': '"1"' });
    expect(r.status).toBe(409);
    expect(r.body.conflicts).toMatchObject([{ field: 'crew_name', yours: 'India Two', theirs: 'India One', by: 'Frank Field' }]);
    expect(r.body.current).toMatchObject({ id: a.id, crew_name: 'India One', version: 2 });
    expect(await eventCount()).toBe(before);
    const m = await office.put(`/api/settings/crews/${a.id}/`, { crew_name: 'India Crew', active: false }, { 'If-Match': '"1"' });
    expect(m.body).toMatchObject({ crew_name: 'India One', active: false, version: 3 });
  });

  it('given a crew changed over time, when its history and as_of are read, then who changed which field, and the crew as it stood', async () => {
    const a = await add('crews', { crew_name: 'Juliet Crew' });
    await pause(20);
    const between = new Date().toISOString();
    await pause(20);
    await office.put(`/api/settings/crews/${a.id}/`, { crew_name: 'Juliet Crew B' });
    const h = (await office.get(`/api/settings/crews/${a.id}/history/`)).body;
    expect(h).toHaveLength(2);
    expect(h[0]).toMatchObject({ type: 'CrewAdded', user_name: 'Office User', changes: expect.arrayContaining([{ field: 'crew_name', old: null, new: 'Juliet Crew' }]) });
    expect(h[1]).toMatchObject({ type: 'CrewRevised', version: 2, changes: [{ field: 'crew_name', old: 'Juliet Crew', new: 'Juliet Crew B' }] });
    const then = await office.get(`/api/settings/crews/${a.id}/?as_of=${encodeURIComponent(between)}`);
    expect(then.body).toMatchObject({ crew_name: 'Juliet Crew', version: 1, as_of: between });
    expect((await office.get(`/api/settings/crews/${a.id}/?as_of=last-week`)).status).toBe(400);
    expect((await office.get(`/api/settings/crews/${a.id}/?as_of=2000-01-01T00:00:00Z`)).status).toBe(404);
  });

  it('given another account\'s crew, when read, edited, deleted or its history asked for, then 404, nothing is written, and its list never shows it', async () => {
    const a = await add('crews', { crew_name: 'Kilo Private Crew' });
    const before = await eventCount();
    expect((await rival.get(`/api/settings/crews/${a.id}/`)).status).toBe(404);
    expect((await rival.put(`/api/settings/crews/${a.id}/`, { crew_name: 'Stolen' })).status).toBe(404);
    expect((await rival.del(`/api/settings/crews/${a.id}/`)).status).toBe(404);
    expect((await rival.get(`/api/settings/crews/${a.id}/history/`)).status).toBe(404);
    expect(await eventCount()).toBe(before);
    expect(ids((await rival.list('/api/settings/crews/?all=t')).body)).not.toContain(a.id);
    expect((await office.get(`/api/settings/crews/${a.id}/`)).body.crew_name).toBe('Kilo Private Crew');
  });

  it('given a crew name in one account, when another account adds the same name, then it may (names are unique per account)', async () => {
    await add('crews', { crew_name: 'Lima Shared Name' });
    expect((await rival.post('/api/settings/crews/', { crew_name: 'Lima Shared Name' })).status).toBe(201);
  });

  it.each(['999999999', 'abc', '1e5'])('given an unknown crew id %s, when read, then 404', async (id) => {
    expect((await office.get(`/api/settings/crews/${id}/`)).status).toBe(404);
  });
});

describe('customers, vendors, raw materials, products and SVA coordinators', () => {
  it.each([
    ['customers', 'name', { city: 'Tulsa' }],
    ['vendors', 'name', { code: 'V-1' }],
    ['raw_materials', 'name', { code: 'RM-1' }],
    ['our_products', 'item_name', { code: 'P-1' }],
    ['jobs/sva_coordinators', 'coordinator', { coordinator_code: 'NONAME' }],
  ])('given a user, when a %s record is added with a blank name, then 400 naming %s and nothing is written', async (catalog, field, values) => {
    const before = await eventCount();
    for (const body of [values, { ...values, [field]: '  ' }]) {
      const r = await office.post(`/api/settings/${catalog}/`, body);
      expect(r.status).toBe(400);
      expect(r.body.fields).toHaveProperty(field);
    }
    expect(await eventCount()).toBe(before);
  });

  it.each([
    ['customers', 'name'],
    ['vendors', 'name'],
    ['raw_materials', 'name'],
    ['our_products', 'item_name'],
    ['jobs/sva_coordinators', 'coordinator'],
  ])('given a %s record, when its name is blanked by PUT, then 400 naming %s and nothing is written', async (catalog, field) => {
    const rec = await add(catalog, { [field]: `Blank me ${catalog}` });
    const before = await eventCount();
    const r = await office.put(`/api/settings/${catalog}/${rec.id}/`, { [field]: '' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty(field);
    expect(await eventCount()).toBe(before);
  });

  it('given a customer, when added, edited, listed, filtered and deleted, then each call answers as the contract says', async () => {
    const c = await add('customers', { name: 'Acme Fiber', address: '1 Main', city: 'Tulsa', state: 'OK', zip: '74101', email: 'ap@acme.example', phone: '555-0100' });
    expect(c).toMatchObject({ name: 'Acme Fiber', city: 'Tulsa', active: true, version: 1 });
    const other = await add('customers', { name: 'Borealis Civil', city: 'Tulsa' });
    const e = await office.put(`/api/settings/customers/${c.id}/`, { ...c, phone: '555-0199', created_at: 'x', version: 1 });
    expect(e.status).toBe(200);
    expect(e.body).toMatchObject({ phone: '555-0199', name: 'Acme Fiber', version: 2 });
    const byWords = (await office.list('/api/settings/customers/?q=tulsa%20acme')).body;
    expect(ids(byWords)).toEqual([c.id]);
    expect(ids((await office.list('/api/settings/customers/?q=TULSA')).body)).toEqual(expect.arrayContaining([c.id, other.id]));
    expect((await office.list('/api/settings/customers/?q=nowhere-at-all')).body).toEqual([]);
    expect((await office.del(`/api/settings/customers/${c.id}/`)).status).toBe(200);
    expect(ids((await office.list('/api/settings/customers/?all=t')).body)).not.toContain(c.id);
  });

  it('given a customer, when saved with a bad e-mail, then 400 naming email and nothing is written', async () => {
    const c = await add('customers', { name: 'Email Check Co' });
    const before = await eventCount();
    expect((await office.post('/api/settings/customers/', { name: 'X', email: 'nope' })).body.fields).toHaveProperty('email');
    const r = await office.put(`/api/settings/customers/${c.id}/`, { email: 'still nope' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('email');
    expect(await eventCount()).toBe(before);
  });

  it('given inactive vendors and raw materials, when listed, then hidden unless ?all=t', async () => {
    for (const catalog of ['vendors', 'raw_materials']) {
      const on = await add(catalog, { name: `On ${catalog}`, code: 'C1', item_name: 'Conduit', uom: 'ft' });
      const off = await add(catalog, { name: `Off ${catalog}`, active: false });
      const active = ids((await office.list(`/api/settings/${catalog}/`)).body);
      expect(active).toContain(on.id);
      expect(active).not.toContain(off.id);
      expect(ids((await office.list(`/api/settings/${catalog}/?all=t`)).body)).toEqual(expect.arrayContaining([on.id, off.id]));
      expect(ids((await office.list(`/api/settings/${catalog}/?q=conduit`)).body)).toContain(on.id);
    }
  });

  it('given a product, when saved with a unit outside the spec\'s list, then 400 naming uom; a numeric price string is a number', async () => {
    const before = await eventCount();
    const bad = await office.post('/api/settings/our_products/', { item_name: 'Growler', uom: 'litre' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('uom');
    expect((await office.post('/api/settings/our_products/', { item_name: 'Growler', price: 'cheap' })).body.fields).toHaveProperty('price');
    expect(await eventCount()).toBe(before);
    const p = await add('our_products', { item_name: 'Growler', uom: 'btl', price: '12.50', barcode_1: '0123' });
    expect(p).toMatchObject({ item_name: 'Growler', uom: 'btl', price: 12.5, barcode_1: '0123', active: true });
    const off = await add('our_products', { item_name: 'Old Keg', uom: 'keg', active: false });
    expect(ids((await office.list('/api/settings/our_products/')).body)).not.toContain(off.id);
    expect(ids((await office.list('/api/settings/our_products/?all=t')).body)).toEqual(expect.arrayContaining([p.id, off.id]));
  });

  it('given an SVA coordinator, when another is added with the same code in other case, then 409 naming coordinator_code; a deleted one frees its code', async () => {
    const a = await add('jobs/sva_coordinators', { coordinator_code: 'CO-7', coordinator: 'Lee Ames', coord_phone1: '555-0107', coordinator_email: 'lee@att.example' });
    expect(a).toMatchObject({ coordinator_code: 'CO-7', coordinator: 'Lee Ames', coordinator_email: 'lee@att.example' });
    const before = await eventCount();
    const dup = await office.post('/api/settings/jobs/sva_coordinators/', { coordinator_code: ' co-7 ', coordinator: 'Someone Else' });
    expect(dup.status).toBe(409);
    expect(dup.body.fields).toHaveProperty('coordinator_code');
    expect(await eventCount()).toBe(before);
    expect(ids((await office.list('/api/settings/jobs/sva_coordinators/')).body)).toContain(a.id);
    expect((await office.del(`/api/settings/jobs/sva_coordinators/${a.id}/`)).status).toBe(200);
    expect((await office.post('/api/settings/jobs/sva_coordinators/', { coordinator_code: 'CO-7', coordinator: 'Someone Else' })).status).toBe(201);
  });

  it.each(['customers', 'vendors', 'raw_materials', 'our_products', 'jobs/sva_coordinators'])(
    'given another account\'s %s record, when read, edited, deleted or its history asked for, then 404 and nothing is written',
    async (catalog) => {
      const field = catalog === 'our_products' ? 'item_name' : catalog === 'jobs/sva_coordinators' ? 'coordinator' : 'name';
      const rec = await add(catalog, { [field]: `Private ${catalog}` });
      const before = await eventCount();
      expect((await rival.get(`/api/settings/${catalog}/${rec.id}/`)).status).toBe(404);
      expect((await rival.put(`/api/settings/${catalog}/${rec.id}/`, { [field]: 'Stolen' })).status).toBe(404);
      expect((await rival.del(`/api/settings/${catalog}/${rec.id}/`)).status).toBe(404);
      expect((await rival.get(`/api/settings/${catalog}/${rec.id}/history/`)).status).toBe(404);
      expect(await eventCount()).toBe(before);
      expect(ids((await rival.list(`/api/settings/${catalog}/?all=t`)).body)).not.toContain(rec.id);
    },
  );

  it('given a customer changed over time, when its history and as_of are read, then old and new values, and the record as it stood', async () => {
    const c = await add('customers', { name: 'History Co', city: 'Enid' });
    await pause(20);
    const between = new Date().toISOString();
    await pause(20);
    await office.put(`/api/settings/customers/${c.id}/`, { city: 'Ada' });
    const h = (await office.get(`/api/settings/customers/${c.id}/history/`)).body;
    expect(h.map((e: { type: string }) => e.type)).toEqual(['CustomerAdded', 'CustomerRevised']);
    expect(h[1].changes).toEqual([{ field: 'city', old: 'Enid', new: 'Ada' }]);
    expect((await office.get(`/api/settings/customers/${c.id}/?as_of=${encodeURIComponent(between)}`)).body).toMatchObject({ city: 'Enid', version: 1 });
  });
});

describe('product raw materials', () => {
  it('given a product, when raw materials are added, listed, edited and deleted, then the list path and the line path agree', async () => {
    const p = await add('our_products', { item_name: 'Lager Keg', uom: 'keg' });
    const rm = await add('raw_materials', { name: 'Malt', code: 'MALT', item_name: 'Pale malt', uom: 'lb' });
    const a = await office.post(`/api/settings/our_products/${p.id}/raw_materials/`, { product: p.id, raw_material: rm.id, code: 'MALT', item_name: 'Pale malt', qty: '12', uom: 'lb' });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ product: p.id, raw_material: rm.id, code: 'MALT', item_name: 'Pale malt', qty: 12, version: 2 });
    const b = (await office.post(`/api/settings/our_products/${p.id}/raw_materials/`, { code: 'HOP', item_name: 'Hops', qty: 1 })).body;
    expect((await office.get(`/api/settings/our_products/${p.id}/raw_materials/`)).body.map((x: { code: string }) => x.code)).toEqual(['MALT', 'HOP']);
    const e = await office.put(`/api/settings/our_products/raw_materials/${b.id}/`, { qty: 2.5 });
    expect(e.status).toBe(200);
    expect(e.body).toMatchObject({ id: b.id, qty: 2.5, code: 'HOP' });
    expect((await office.get(`/api/settings/our_products/${p.id}/`)).body.raw_materials).toEqual([
      expect.objectContaining({ code: 'MALT', qty: 12 }),
      expect.objectContaining({ code: 'HOP', qty: 2.5 }),
    ]);
    expect((await office.del(`/api/settings/our_products/raw_materials/${a.body.id}/`)).status).toBe(200);
    expect((await office.get(`/api/settings/our_products/${p.id}/raw_materials/`)).body.map((x: { code: string }) => x.code)).toEqual(['HOP']);
    expect((await office.del(`/api/settings/our_products/raw_materials/${a.body.id}/`)).status).toBe(410);
    const h = (await office.get(`/api/settings/our_products/${p.id}/history/`)).body;
    expect(h.map((x: { type: string }) => x.type)).toEqual(['ProductAdded', 'ProductRawMaterialAdded', 'ProductRawMaterialAdded', 'ProductRawMaterialRevised', 'ProductRawMaterialRemoved']);
  });

  it('given a product, when a raw material is added or edited with a bad qty, then 400 naming qty and nothing is written', async () => {
    const p = await add('our_products', { item_name: 'Stout' });
    const line = (await office.post(`/api/settings/our_products/${p.id}/raw_materials/`, { code: 'OAT', qty: 1 })).body;
    const before = await eventCount();
    const r = await office.post(`/api/settings/our_products/${p.id}/raw_materials/`, { code: 'BAD', qty: 'lots' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('qty');
    expect((await office.put(`/api/settings/our_products/raw_materials/${line.id}/`, { qty: 'lots' })).body.fields).toHaveProperty('qty');
    expect((await office.post(`/api/settings/our_products/${p.id}/raw_materials/`, { raw_material: 'not-an-id' })).body.fields).toHaveProperty('raw_material');
    expect(await eventCount()).toBe(before);
  });

  it('given another account\'s product and its raw material, when listed, added to, edited or deleted, then 404 and nothing is written', async () => {
    const p = await add('our_products', { item_name: 'Secret Sour' });
    const line = (await office.post(`/api/settings/our_products/${p.id}/raw_materials/`, { code: 'CHERRY', qty: 3 })).body;
    const before = await eventCount();
    expect((await rival.get(`/api/settings/our_products/${p.id}/raw_materials/`)).status).toBe(404);
    expect((await rival.post(`/api/settings/our_products/${p.id}/raw_materials/`, { code: 'SNEAKY' })).status).toBe(404);
    expect((await rival.put(`/api/settings/our_products/raw_materials/${line.id}/`, { qty: 99 })).status).toBe(404);
    expect((await rival.del(`/api/settings/our_products/raw_materials/${line.id}/`)).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('given ids of other kinds of record, when used on these paths, then 404 and nothing is written', async () => {
    const crew = await add('crews', { crew_name: 'Kind Check Crew' });
    const customer = await add('customers', { name: 'Kind Check Customer' });
    const p = await add('our_products', { item_name: 'Kind Check Product' });
    const line = (await office.post(`/api/settings/our_products/${p.id}/raw_materials/`, { code: 'KC' })).body;
    const code = (await office.post('/api/settings/jobs/sva_codes/', { code: 'KIND-1', description: 'Kind' })).body;
    const before = await eventCount();
    expect((await office.get(`/api/settings/crews/${customer.id}/`)).status).toBe(404);
    expect((await office.put(`/api/settings/crews/${customer.id}/`, { crew_name: 'Not a crew' })).status).toBe(404);
    expect((await office.del(`/api/settings/customers/${crew.id}/`)).status).toBe(404);
    expect((await office.get(`/api/settings/our_products/${crew.id}/raw_materials/`)).status).toBe(404);
    expect((await office.post(`/api/settings/our_products/${crew.id}/raw_materials/`, { code: 'X' })).status).toBe(404);
    expect((await office.put(`/api/settings/our_products/raw_materials/${code.id}/`, { qty: 1 })).status).toBe(404);
    expect((await office.put(`/api/settings/jobs/sva_codes/${line.id}/`, { rate: 1 })).status).toBe(404);
    expect((await office.del(`/api/settings/jobs/sva_codes/${p.id}/`)).status).toBe(404);
    expect((await office.get(`/api/files/${code.id}/x.csv`)).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('given a deleted product, when a raw material is added to it, then 404', async () => {
    const p = await add('our_products', { item_name: 'Gone Gose' });
    await office.del(`/api/settings/our_products/${p.id}/`);
    expect((await office.post(`/api/settings/our_products/${p.id}/raw_materials/`, { code: 'SALT' })).status).toBe(404);
  });
});

describe('SVA codes', () => {
  it('given a user, when an SVA code is added, then 201 with {id, code, description, uom, rate, provisions} and it is listed', async () => {
    const r = await office.post('/api/settings/jobs/sva_codes/', { code: 'ADD-1', description: 'Bore 2 inch', uom: 'ft', rate: '18.25', provisions: 'Includes restoration' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ code: 'ADD-1', description: 'Bore 2 inch', uom: 'ft', rate: 18.25, provisions: 'Includes restoration' });
    expect(r.body.id).toMatch(/^\d+$/);
    const list = (await office.get('/api/settings/jobs/sva_codes/')).body;
    expect(list.find((c: { id: string }) => c.id === r.body.id)).toMatchObject({ code: 'ADD-1', rate: 18.25 });
  });

  it('given an SVA code, when another is added with the same code in other case and spacing, then 409 naming code and nothing is written', async () => {
    await office.post('/api/settings/jobs/sva_codes/', { code: 'DUP-1', description: 'First' });
    const before = await eventCount();
    const r = await office.post('/api/settings/jobs/sva_codes/', { code: ' dup-1 ', description: 'Second' });
    expect(r.status).toBe(409);
    expect(r.body.fields).toHaveProperty('code');
    expect(await eventCount()).toBe(before);
  });

  it.each([
    [{ code: 'NEG-1', rate: -1 }, 'rate'],
    [{ code: 'NAN-1', rate: 'twelve' }, 'rate'],
    [{ code: '   ' }, 'code'],
    [{ code: 'X'.repeat(51) }, 'code'],
    [{ description: 'No code at all', rate: 5 }, 'code'],
  ])('given a user, when an SVA code is added with %j, then 400 naming %s and nothing is written', async (body, field) => {
    await office.get('/api/settings/jobs/sva_codes/'); // the sheet exists before counting
    const before = await eventCount();
    const r = await office.post('/api/settings/jobs/sva_codes/', body);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty(field);
    expect(await eventCount()).toBe(before);
  });

  it('given SVA codes, when one is edited, then 200; taking another\'s code is 409 and nothing is written', async () => {
    const a = (await office.post('/api/settings/jobs/sva_codes/', { code: 'PUT-1', description: 'A', rate: 1 })).body;
    await office.post('/api/settings/jobs/sva_codes/', { code: 'PUT-2', description: 'B', rate: 2 });
    const e = await office.put(`/api/settings/jobs/sva_codes/${a.id}/`, { rate: 1.75, description: 'A revised' });
    expect(e.status).toBe(200);
    expect(e.body).toMatchObject({ id: a.id, code: 'PUT-1', rate: 1.75, description: 'A revised' });
    const before = await eventCount();
    const clash = await office.put(`/api/settings/jobs/sva_codes/${a.id}/`, { code: 'put-2' });
    expect(clash.status).toBe(409);
    expect(clash.body.fields).toHaveProperty('code');
    expect((await office.put(`/api/settings/jobs/sva_codes/${a.id}/`, { rate: 'x' })).body.fields).toHaveProperty('rate');
    expect(await eventCount()).toBe(before);
  });

  it('given an SVA code, when deleted, then it is gone and deleting it again is 410', async () => {
    const a = (await office.post('/api/settings/jobs/sva_codes/', { code: 'DEL-1', description: 'Gone', rate: 1 })).body;
    expect((await office.del(`/api/settings/jobs/sva_codes/${a.id}/`)).status).toBe(200);
    expect(ids((await office.get('/api/settings/jobs/sva_codes/')).body)).not.toContain(a.id);
    expect((await office.del(`/api/settings/jobs/sva_codes/${a.id}/`)).status).toBe(410);
    expect((await office.post('/api/settings/jobs/sva_codes/', { code: 'DEL-1', description: 'Back', rate: 1 })).status).toBe(201);
  });

  it('given another account\'s SVA code, when edited or deleted, then 404 and nothing is written; its list never shows it', async () => {
    const a = (await office.post('/api/settings/jobs/sva_codes/', { code: 'MINE-1', description: 'Private', rate: 9 })).body;
    await rival.get('/api/settings/jobs/sva_codes/');
    const before = await eventCount();
    expect((await rival.put(`/api/settings/jobs/sva_codes/${a.id}/`, { rate: 0 })).status).toBe(404);
    expect((await rival.del(`/api/settings/jobs/sva_codes/${a.id}/`)).status).toBe(404);
    expect(await eventCount()).toBe(before);
    expect((await rival.get('/api/settings/jobs/sva_codes/')).body.map((c: { code: string }) => c.code)).not.toContain('MINE-1');
  });

  it('given a CSV, when previewed, then the plan is answered and nothing is written', async () => {
    await office.get('/api/settings/jobs/sva_rate_sheet/');
    const before = await eventCount();
    const r = await office.post('/api/settings/jobs/sva_codes/import/?preview=t', csv('Code,Description,UOM,Rate,Provisions\nPRE-1,Preview one,ft,2.50,\nPRE-2,Preview two,ea,"$1,234.50",Quoted\n'));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, preview: true, fileErrors: [], counts: { add: 2, update: 0, unchanged: 0, error: 0 } });
    expect(r.body.rows[1]).toMatchObject({ line: 3, code: 'PRE-2', action: 'add', values: { rate: 1234.5, provisions: 'Quoted' } });
    expect(await eventCount()).toBe(before);
    expect((await office.get('/api/settings/jobs/sva_codes/')).body.map((c: { code: string }) => c.code)).not.toContain('PRE-1');
  });

  it('given a CSV with a bad row, when imported, then 400 with the plan naming the line and column, and nothing is written', async () => {
    await office.get('/api/settings/jobs/sva_rate_sheet/');
    const before = await eventCount();
    const r = await office.post('/api/settings/jobs/sva_codes/import/', csv('code,description,rate\nBADF-1,Fine,1\nBADF-2,Broken,ten\nBADF-3,Unquoted,$1,200.00\n'));
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid');
    expect(r.body.fields).toHaveProperty('file');
    expect(r.body.message).toMatch(/Nothing imported/);
    expect(r.body.plan).toMatchObject({ ok: false, counts: { add: 1, error: 2 } });
    expect(r.body.plan.rows[1]).toMatchObject({ line: 3, action: 'error', errors: { rate: expect.stringMatching(/not an amount/) } });
    expect(r.body.plan.rows[2]).toMatchObject({ line: 4, action: 'error', errors: { row: expect.stringMatching(/double quotes/) } });
    expect(await eventCount()).toBe(before);
    expect((await office.get('/api/settings/jobs/sva_codes/')).body.map((c: { code: string }) => c.code)).not.toContain('BADF-1');
  });

  it('given a CSV with a code twice, when previewed, then the second row names the line of the first', async () => {
    const r = await office.post('/api/settings/jobs/sva_codes/import/?preview=t', csv('code,description,rate\nTWICE,One,1\nOTHER,Two,2\ntwice,Three,3\n'));
    expect(r.body.rows[2]).toMatchObject({ line: 4, action: 'error' });
    expect(r.body.rows[2].errors.code).toMatch(/also line 2/);
  });

  it('given a CSV with a blank line before a bad row, when previewed, then the bad row is named by its line in the file', async () => {
    const r = await office.post('/api/settings/jobs/sva_codes/import/?preview=t', csv('code,description,rate\nBLANK-1,One,1\n\nBLANK-2,Two,oops\n'));
    expect(r.status).toBe(200);
    expect(r.body.rows.map((x: { line: number; code: string }) => [x.line, x.code])).toEqual([
      [2, 'BLANK-1'],
      [4, 'BLANK-2'],
    ]);
  });

  it.each([
    ['no file', () => { const f = new FormData(); f.set('note', 'x'); return f; }],
    ['an empty file', () => csv('')],
  ])('given %s, when imported, then 400 naming file and nothing is written', async (_what, body) => {
    await office.get('/api/settings/jobs/sva_rate_sheet/');
    const before = await eventCount();
    const r = await office.post('/api/settings/jobs/sva_codes/import/', body());
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('file');
    expect(await eventCount()).toBe(before);
  });

  it('given a file that is not readable CSV (an unclosed quote), when imported, then 400 naming file and nothing is written', async () => {
    const before = await eventCount();
    const r = await office.post('/api/settings/jobs/sva_codes/import/', csv('code,description,rate\n"UNCLOSED,Broken,1\n'));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('file');
    expect(await eventCount()).toBe(before);
  });

  it('given a CSV without the rate column, when imported, then 400 with the file error and nothing is written', async () => {
    const before = await eventCount();
    const r = await office.post('/api/settings/jobs/sva_codes/import/', csv('code,description\nNR-1,No rate\n'));
    expect(r.status).toBe(400);
    expect(r.body.plan.fileErrors[0]).toMatch(/Missing column: rate/);
    expect(await eventCount()).toBe(before);
  });

  it('given a good import, when the file is imported again with changes, then the changes are counted as updates and the sheet shows the last import', async () => {
    const first = await office.post('/api/settings/jobs/sva_codes/import/', csv('code,description,uom,rate,provisions\nIMP-1,Trench 12 in,ft,3.25,\nIMP-2,Pothole,ea,80,\nIMP-3,Splice,ea,"$1,200.00",Per case\n', 'first.csv'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, counts: { add: 3, update: 0, unchanged: 0, error: 0 }, imported: { added: 3, updated: 0, unchanged: 0 } });
    expect(first.body.version).toEqual(expect.any(Number));
    const codes = () => office.get('/api/settings/jobs/sva_codes/').then((r) => (r.body as { id: string; code: string | null; rate: number }[]).map((c) => ({ ...c, code: c.code ?? '' })));
    const imported = (await codes()).filter((c) => c.code.startsWith('IMP-'));
    expect(imported.map((c) => [c.code, c.rate])).toEqual([
      ['IMP-1', 3.25],
      ['IMP-2', 80],
      ['IMP-3', 1200],
    ]);

    const before = await eventCount();
    const second = await office.post('/api/settings/jobs/sva_codes/import/', csv('RATE, code ,Description,Provisions,UOM\n3.50,imp-1,Trench 12 in,,ft\n80,IMP-2,Pothole 2x2,,ea\n"$1,200.00",IMP-3,Splice,Per case,ea\n9,IMP-4,New one,,ea\n', 'second.csv'));
    expect(second.status).toBe(200);
    expect(second.body.counts).toEqual({ add: 1, update: 2, unchanged: 1, error: 0 });
    expect(second.body.rows[0]).toMatchObject({ action: 'update', changes: { rate: { old: 3.25, new: 3.5 } } });
    // One import, one event, however many codes it touches.
    expect(await eventCount()).toBe(before + 1);
    const after = (await codes()).filter((c) => c.code.toLowerCase().startsWith('imp-'));
    expect(after.map((c) => [c.code, c.rate])).toEqual([
      ['imp-1', 3.5],
      ['IMP-2', 80],
      ['IMP-3', 1200],
      ['IMP-4', 9],
    ]);
    expect(after[0].id).toBe(imported[0].id);

    const sheet = (await office.get('/api/settings/jobs/sva_rate_sheet/')).body;
    expect(sheet).toMatchObject({ last_import: { file_name: 'second.csv', added: 1, updated: 2, unchanged: 1, by: 'Office User' } });
    expect(sheet.code_count).toBe(sheet.sva_codes.length);
    expect(sheet.sva_codes.map((c: { code: string }) => c.code)).toContain('IMP-4');

    const h = (await office.get('/api/settings/jobs/sva_rate_sheet/history/')).body;
    expect(h[0].type).toBe('SvaRateSheetOpened');
    expect(h.filter((e: { type: string }) => e.type === 'SvaCodesImported').map((e: { changes: { field: string; new: unknown }[] }) => e.changes.find((c) => c.field === 'file_name')?.new)).toEqual(
      expect.arrayContaining(['first.csv', 'second.csv']),
    );
    expect(h.some((e: { type: string; collection?: string }) => e.type === 'SvaCodeAdded' && e.collection === 'sva_codes')).toBe(true);

    const again = await office.post('/api/settings/jobs/sva_codes/import/', csv('rate,code,description,uom,provisions\n3.50,imp-1,Trench 12 in,ft,\n'));
    expect(again.status).toBe(200);
    expect(again.body.counts).toEqual({ add: 0, update: 0, unchanged: 1, error: 0 });

    // Imported codes are codes like any other: edited and deleted by their own id.
    const imp4 = after.find((c) => c.code === 'IMP-4')!;
    expect((await office.put(`/api/settings/jobs/sva_codes/${imp4.id}/`, { rate: 9.5 })).body).toMatchObject({ id: imp4.id, code: 'IMP-4', rate: 9.5 });
    expect((await office.del(`/api/settings/jobs/sva_codes/${imp4.id}/`)).status).toBe(200);
    expect((await rival.put(`/api/settings/jobs/sva_codes/${after[0].id}/`, { rate: 0 })).status).toBe(404);
  });

  it('given codes with a unit and provisions, when a file without those optional columns is imported, then they are kept, not blanked', async () => {
    expect((await office.post('/api/settings/jobs/sva_codes/import/', csv('code,description,uom,rate,provisions\nOPT-1,Handhole,ea,150,Includes lid\n'))).status).toBe(200);
    const r = await office.post('/api/settings/jobs/sva_codes/import/', csv('code,description,rate\nOPT-1,Handhole,175\n'));
    expect(r.status).toBe(200);
    expect(r.body.rows[0].changes).toEqual({ rate: { old: 150, new: 175 } });
    const code = (await office.get('/api/settings/jobs/sva_codes/')).body.find((c: { code: string }) => c.code === 'OPT-1');
    expect(code).toMatchObject({ uom: 'ea', provisions: 'Includes lid', rate: 175 });
  });

  it('given another account, when it previews the same file, then every code is new to it (sheets are per account)', async () => {
    const r = await rival.post('/api/settings/jobs/sva_codes/import/?preview=t', csv('code,description,rate\nIMP-1,Trench,3.5\n'));
    expect(r.body.rows[0]).toMatchObject({ action: 'add' });
    expect((await rival.get('/api/settings/jobs/sva_rate_sheet/')).body.last_import).toBeNull();
  });

  it('given the rate sheet, when read as of before any code, then it had none', async () => {
    const sheet = (await office.get('/api/settings/jobs/sva_rate_sheet/')).body;
    const h = (await office.get('/api/settings/jobs/sva_rate_sheet/history/')).body;
    const then = await office.get(`/api/settings/jobs/sva_rate_sheet/?as_of=${encodeURIComponent(h[0].at)}`);
    expect(then.status).toBe(200);
    expect(then.body).toMatchObject({ id: sheet.id, sva_codes: [], version: 1 });
  });
});

describe('document numbers', () => {
  const KINDS = [
    ['invoice', 'invoice', 'Invoice'],
    ['ticket', 'ticket', 'Ticket'],
    ['order', 'order', 'Order'],
    ['job', 'job', 'Job'],
    ['job/work_order', 'work_order', 'Work order'],
    ['rfq', 'rfq', 'RFQ'],
  ] as const;

  it('given numbers handed out before and after a moment, when the counter is read as of that moment, then it shows the number then', async () => {
    const c = await Client.signUp(app.url, 'AsOf'); // its own counters: the others start from 0
    const base = '/api/settings/current_number/order';
    await c.post(`${base}/issue/`);
    const then = (await c.post(`${base}/issue/`)).body;
    await pause(20);
    const moment = new Date().toISOString();
    await pause(20);
    await c.post(`${base}/issue/`);
    const asOf = await c.get(`${base}/?as_of=${encodeURIComponent(moment)}`);
    expect(asOf.status).toBe(200);
    expect(asOf.body).toMatchObject({ number: then.number, highest_issued: then.number, as_of: moment });
    expect((await c.get(`${base}/`)).body.number).toBe(then.number + 1);
    expect((await c.get(`${base}/?as_of=yesterday`)).body.fields).toHaveProperty('as_of');
  });

  it.each(KINDS)('given the %s counter, when read, issued, set and issued again, then numbers follow and its history says who did what', async (path, kind, label) => {
    const base = `/api/settings/current_number/${path}`;
    const c = await office.get(`${base}/`);
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ kind, path, label, number: 0, highest_issued: 0, suggested_number: 1 });
    expect(c.body.id).toMatch(/^\d+$/);
    expect(typeof c.body.version).toBe('number');

    const i1 = await office.post(`${base}/issue/`);
    expect(i1.status).toBe(201);
    expect(i1.body).toMatchObject({ id: c.body.id, kind, number: 1, highest_issued: 1, suggested_number: 2 });
    expect((await office.post(`${base}/issue`)).body.number).toBe(2);

    const s = await office.put(`${base}/${c.body.id}/`, { number: 500 });
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ number: 500, highest_issued: 2, suggested_number: 501 });
    expect((await office.get(`${base}/`)).body).toMatchObject({ number: 500, suggested_number: 501 });
    expect((await office.post(`${base}/issue/`)).body.number).toBe(501);

    const h = (await office.get(`${base}/history/`)).body;
    expect(h.map((e: { type: string }) => e.type)).toEqual(['DocumentCounterOpened', 'DocumentNumberIssued', 'DocumentNumberIssued', 'CurrentNumberSet', 'DocumentNumberIssued']);
    expect(h[3]).toMatchObject({ user_name: 'Office User', changes: expect.arrayContaining([{ field: 'number', old: 2, new: 500 }]) });
  });

  it('given every counter, when the list is read, then all six kinds with their paths', async () => {
    const r = await office.get('/api/settings/current_number/');
    expect(r.status).toBe(200);
    expect(r.body.map((c: { path: string }) => c.path)).toEqual(KINDS.map((k) => k[0]));
  });

  it('given numbers handed out up to 3, when the counter is set below 3, then 400 naming number, nothing is written, and the next number is still new', async () => {
    const base = '/api/settings/current_number/rfq';
    const { id } = (await office.get(`${base}/`)).body;
    // Whatever the counter is at, hand out three more and try to go back below them.
    const issued = [];
    for (let i = 0; i < 3; i++) issued.push((await office.post(`${base}/issue/`)).body.number);
    const before = await eventCount();
    const r = await office.put(`${base}/${id}/`, { number: issued[2] - 1 });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('number');
    expect(await eventCount()).toBe(before);
    expect((await office.put(`${base}/${id}/`, { number: issued[2] })).status).toBe(200);
    expect((await office.post(`${base}/issue/`)).body.number).toBe(issued[2] + 1);
  });

  it.each([[{ number: 'abc' }], [{ number: -1 }], [{ number: 2.5 }], [{}], [{ number: null }]])('given a counter, when it is set with %j, then 400 naming number and nothing is written', async (body) => {
    const { id } = (await office.get('/api/settings/current_number/order/')).body;
    const before = await eventCount();
    const r = await office.put(`/api/settings/current_number/order/${id}/`, body);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('number');
    expect(await eventCount()).toBe(before);
  });

  it('given a counter, when the number is sent as a numeric string, then it is accepted', async () => {
    const { id, number } = (await office.get('/api/settings/current_number/ticket/')).body;
    const r = await office.put(`/api/settings/current_number/ticket/${id}/`, { number: String(number + 10) });
    expect(r.status).toBe(200);
    expect(r.body.number).toBe(number + 10);
  });

  it('given another account\'s counter id, or another kind\'s, when set, then 404 and nothing is written', async () => {
    const theirs = (await rival.get('/api/settings/current_number/job/')).body;
    const mine = (await office.get('/api/settings/current_number/job/')).body;
    const invoice = (await office.get('/api/settings/current_number/invoice/')).body;
    expect(theirs.id).not.toBe(mine.id);
    const before = await eventCount();
    expect((await office.put(`/api/settings/current_number/job/${theirs.id}/`, { number: 900 })).status).toBe(404);
    expect((await rival.put(`/api/settings/current_number/job/${mine.id}/`, { number: 900 })).status).toBe(404);
    expect((await office.put(`/api/settings/current_number/job/${invoice.id}/`, { number: 900 })).status).toBe(404);
    expect((await office.put('/api/settings/current_number/job/abc/', { number: 900 })).status).toBe(404);
    expect(await eventCount()).toBe(before);
    expect((await rival.get('/api/settings/current_number/job/')).body.number).toBe(theirs.number);
  });

  it('given two accounts, when each issues job numbers, then each has its own sequence', async () => {
    const r0 = (await rival.get('/api/settings/current_number/invoice/')).body.number;
    const o0 = (await office.get('/api/settings/current_number/invoice/')).body.number;
    await rival.post('/api/settings/current_number/invoice/issue/');
    expect((await rival.get('/api/settings/current_number/invoice/')).body.number).toBe(r0 + 1);
    expect((await office.get('/api/settings/current_number/invoice/')).body.number).toBe(o0);
  });

  it('given another user handed out a number since, when the counter is set from the old version, then 409 naming number and nothing is written', async () => {
    const c = (await office.get('/api/settings/current_number/job/')).body;
    const frank = await office.addColleague('Frank Field');
    await frank.post('/api/settings/current_number/job/issue/');
    const before = await eventCount();
    const r = await office.put(`/api/settings/current_number/job/${c.id}/`, { number: c.number + 100 }, { 'If-Match': `"${c.version}"` });
    expect(r.status).toBe(409);
    expect(r.body.conflicts).toMatchObject([{ field: 'number', yours: c.number + 100, theirs: c.number + 1, by: 'Frank Field' }]);
    expect(await eventCount()).toBe(before);
  });
});

describe('background picture and training video', () => {
  it('given no picture, when read, then url null', async () => {
    const r = await rival.get('/api/settings/background_picture/');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: null, url: null, file: null, file_name: null });
  });

  it('given a picture, when uploaded then replaced, then one picture remains, the new one downloads for the owner and nobody else, and the old one is gone', async () => {
    const first = await office.put('/api/settings/background_picture/', multipart(picture('PNG-ONE'), 'image/png', 'yard.png', { background_picture_file_name: 'Yard photo.png' }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ file_name: 'Yard photo.png', content_type: 'image/png', size: picture('PNG-ONE').length });
    expect(first.body.url).toBe(`/api/files/${first.body.id}/${encodeURIComponent('Yard photo.png')}`);
    expect(first.body.file).toBe(first.body.url);
    const dl1 = await office.download(first.body.url);
    expect(dl1.status).toBe(200);
    expect(dl1.bytes).toEqual(picture('PNG-ONE'));
    expect(dl1.headers.get('content-type')).toContain('image/png');

    const second = await office.put('/api/settings/background_picture/', multipart(jpegPicture('JPEG-TWO!'), 'image/jpeg', 'crew.jpg'));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ file_name: 'crew.jpg', content_type: 'image/jpeg', size: jpegPicture('JPEG-TWO!').length });
    expect((await office.get('/api/settings/background_picture/')).body).toMatchObject({ id: second.body.id, url: second.body.url });
    expect((await office.download(second.body.url)).bytes).toEqual(jpegPicture('JPEG-TWO!'));
    expect((await office.get(first.body.url)).status).toBe(404);
    expect((await rival.get(second.body.url)).status).toBe(404);
    const account = (await office.get('/api/settings/account/')).body;
    expect(account.files.filter((f: { purpose: string }) => f.purpose === 'background_picture')).toHaveLength(1);
    expect(account.background_picture).toMatchObject({ id: second.body.id });
  });

  it.each([
    ['a text file', () => multipart('hello', 'text/plain', 'notes.txt')],
    ['a video', () => multipart('MP4', 'video/mp4', 'clip.mp4')],
    ['no file', () => { const f = new FormData(); f.set('background_picture_file_name', 'x.png'); return f; }],
  ])('given %s, when uploaded as the background picture, then 400 naming file and nothing is written', async (_what, body) => {
    await office.get('/api/settings/background_picture/');
    const before = await eventCount();
    const r = await office.put('/api/settings/background_picture/', body());
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('file');
    expect(await eventCount()).toBe(before);
  });

  it('given a training video, when uploaded then replaced, then one video remains and it downloads only for the owner; the picture is untouched', async () => {
    const picture = (await office.get('/api/settings/background_picture/')).body;
    const before = (await office.get('/api/settings/how2s/videos/1/')).body;
    expect(before).toHaveProperty('url');
    const v1 = await office.put('/api/settings/how2s/videos/1/', multipart('MP4-ONE', 'video/mp4', 'howto.mp4', { file_name: 'How to.mp4' }));
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({ file_name: 'How to.mp4', content_type: 'video/mp4' });
    const v2 = await office.put('/api/settings/how2s/videos/1/', multipart('WEBM-TWO', 'video/webm', 'howto2.webm'));
    expect(v2.status).toBe(200);
    const now = (await office.get('/api/settings/how2s/videos/1/')).body;
    expect(now).toMatchObject({ id: v2.body.id, file: v2.body.url, file_name: 'howto2.webm' });
    expect((await office.get(v2.body.url)).body).toBe('WEBM-TWO');
    expect((await office.get(v1.body.url)).status).toBe(404);
    expect((await rival.get(v2.body.url)).status).toBe(404);
    expect((await rival.get('/api/settings/how2s/videos/1/')).body.url).toBeNull();
    expect((await office.get('/api/settings/background_picture/')).body).toMatchObject({ id: picture.id });
    const account = (await office.get('/api/settings/account/')).body;
    expect(account.files.filter((f: { purpose: string }) => f.purpose === 'training_video')).toHaveLength(1);
  });

  it('given a picture, when uploaded as the training video, then 400 naming file and nothing is written', async () => {
    const before = await eventCount();
    const r = await office.put('/api/settings/how2s/videos/1/', multipart('PNG', 'image/png', 'x.png'));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('file');
    expect(await eventCount()).toBe(before);
  });
});

describe('form types', () => {
  it.each(['job', 'ticket', 'locate', 'rfq'])('given nav=%s, when form types are read, then only that screen\'s, each with name, ux_name and form_title', async (nav) => {
    const r = await office.get(`/api/settings/form_types/?nav=${nav}`);
    expect(r.status).toBe(200);
    expect(r.body.length).toBeGreaterThan(0);
    for (const f of r.body) expect(f).toEqual({ id: expect.any(Number), nav, name: expect.any(String), ux_name: expect.any(String), form_title: expect.any(String) });
  });

  it('given no nav, when form types are read, then every one; job has attorca, attfiber and base', async () => {
    const all = (await office.get('/api/settings/form_types/')).body;
    expect(new Set(all.map((f: { nav: string }) => f.nav))).toEqual(new Set(['job', 'ticket', 'locate', 'rfq']));
    expect((await office.get('/api/settings/form_types/?nav=job')).body.map((f: { name: string }) => f.name)).toEqual(['attorca', 'attfiber', 'base']);
  });

  it('given an unknown nav, when form types are read, then 400 naming nav', async () => {
    const r = await office.get('/api/settings/form_types/?nav=bids');
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('nav');
  });
});

describe('how-to tips', () => {
  it('given a user, when the job screens\' tips are read, then each page has its own, none opted out; an unknown page is 404', async () => {
    const detail = (await office.get('/api/jobs/how2s/detail/')).body;
    const dashboard = (await office.get('/api/jobs/how2s/dashboard/')).body;
    expect(detail.length).toBeGreaterThan(0);
    expect(dashboard.length).toBeGreaterThan(0);
    expect(detail.every((s: { page: string; opted_out: boolean }) => s.page === 'detail' && s.opted_out === false)).toBe(true);
    expect(dashboard.every((s: { page: string }) => s.page === 'dashboard')).toBe(true);
    const all = (await office.get('/api/settings/how2s/')).body;
    expect(all.length).toBeGreaterThanOrEqual(detail.length + dashboard.length);
    expect((await office.get('/api/jobs/how2s/nowhere/')).status).toBe(404);
  });

  it('given a tip, when the user opts out, then it is hidden for them only; DELETE shows it again', async () => {
    const tip = (await office.get('/api/jobs/how2s/detail/')).body[0];
    const other = await colleague('Olive Optin');
    const out = await office.post(`/api/settings/how2s/sections/${tip.id}/opt_out/`);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ id: tip.id, opted_out: true });
    expect((await office.get('/api/jobs/how2s/detail/')).body.find((s: { id: number }) => s.id === tip.id).opted_out).toBe(true);
    expect((await office.get('/api/settings/how2s/')).body.find((s: { id: number }) => s.id === tip.id).opted_out).toBe(true);
    expect((await other.get('/api/jobs/how2s/detail/')).body.find((s: { id: number }) => s.id === tip.id).opted_out).toBe(false);
    expect((await rival.get('/api/jobs/how2s/detail/')).body.find((s: { id: number }) => s.id === tip.id).opted_out).toBe(false);
    // Opting out twice is harmless.
    expect((await office.post(`/api/settings/how2s/sections/${tip.id}/opt_out/`)).status).toBe(200);
    const back = await office.del(`/api/settings/how2s/sections/${tip.id}/opt_out/`);
    expect(back.status).toBe(200);
    expect(back.body.opted_out).toBe(false);
    expect((await office.get('/api/jobs/how2s/detail/')).body.find((s: { id: number }) => s.id === tip.id).opted_out).toBe(false);
  });

  it.each(['999', 'abc', '0'])('given an unknown section %s, when opted out of or back in, then 404', async (id) => {
    expect((await office.post(`/api/settings/how2s/sections/${id}/opt_out/`)).status).toBe(404);
    expect((await office.del(`/api/settings/how2s/sections/${id}/opt_out/`)).status).toBe(404);
  });
});

describe('subscription catalogue', () => {
  it('given a new account, when the catalogue is read, then every item at quantity 0, a zero total, not cancelled', async () => {
    const r = await rival.get('/api/settings/catalog/');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ monthly_total: 0, cancelled_at: null, version: expect.any(Number) });
    expect(r.body.items.length).toBeGreaterThan(0);
    for (const i of r.body.items) {
      expect(i).toMatchObject({ id: expect.any(String), code: expect.any(String), name: expect.any(String), description: expect.any(String), price: expect.any(Number), quantity: 0, subscribed: false });
      expect(['user', 'account']).toContain(i.unit);
    }
  });

  it('given the catalogue, when quantities are set, then the item and the monthly total follow, and the history shows old and new quantity', async () => {
    const items = (await office.get('/api/settings/catalog/')).body.items as { id: string; price: number; unit: string }[];
    const perUser = items.find((i) => i.unit === 'user')!;
    const wide = items.find((i) => i.unit === 'account')!;
    const a = await office.put(`/api/settings/catalog/${perUser.id}/`, { quantity: 3 });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ id: perUser.id, quantity: 3, subscribed: true, monthly_total: 3 * perUser.price });
    const b = await office.put(`/api/settings/catalog/${wide.id}/`, { quantity: '1' });
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({ quantity: 1, monthly_total: 3 * perUser.price + wide.price });
    expect((await office.get(`/api/settings/catalog/${perUser.id}/`)).body).toMatchObject({ id: perUser.id, quantity: 3, subscribed: true });
    expect((await office.get('/api/settings/catalog/')).body.monthly_total).toBe(3 * perUser.price + wide.price);
    const c = await office.put(`/api/settings/catalog/${perUser.id}/`, { quantity: 0 });
    expect(c.body).toMatchObject({ quantity: 0, subscribed: false, monthly_total: wide.price });
    const h = (await office.get('/api/settings/account/history/')).body.filter((e: { type: string }) => e.type === 'SubscriptionChanged');
    expect(h.at(-1).changes).toContainEqual({ field: 'quantity', old: 3, new: 0 });
    expect((await rival.get('/api/settings/catalog/')).body.monthly_total).toBe(0);
  });

  it.each([[{ quantity: -1 }], [{ quantity: 1.5 }], [{ quantity: 'many' }], [{}], [{ quantity: 10_001 }]])('given a per-user item, when the quantity is %j, then 400 naming quantity and nothing is written', async (body) => {
    await office.get('/api/settings/catalog/');
    const before = await eventCount();
    const r = await office.put('/api/settings/catalog/1/', body);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('quantity');
    expect(await eventCount()).toBe(before);
  });

  it('given an account-wide item, when the quantity is 2, then 400 naming quantity and nothing is written', async () => {
    const wide = ((await office.get('/api/settings/catalog/')).body.items as { id: string; unit: string }[]).find((i) => i.unit === 'account')!;
    const before = await eventCount();
    const r = await office.put(`/api/settings/catalog/${wide.id}/`, { quantity: 2 });
    expect(r.status).toBe(400);
    expect(r.body.fields.quantity).toMatch(/0 to 1/);
    expect(await eventCount()).toBe(before);
  });

  it('given an unknown item, when read or set, then 404 and nothing is written', async () => {
    const before = await eventCount();
    expect((await office.get('/api/settings/catalog/99/')).status).toBe(404);
    expect((await office.put('/api/settings/catalog/99/', { quantity: 1 })).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});

describe('the settings record', () => {
  it('given a new account, when the settings screen loads everything at once, then each one-of record is opened once', async () => {
    const fresh = await Client.signUp(app.url, 'Fresh');
    const paths = [
      '/api/settings/account/',
      '/api/settings/catalog/',
      '/api/settings/background_picture/',
      '/api/settings/how2s/videos/1/',
      '/api/settings/account/history/',
      '/api/settings/jobs/sva_rate_sheet/',
      '/api/settings/jobs/sva_codes/',
      '/api/settings/current_number/',
      '/api/settings/current_number/job/',
      '/api/settings/current_number/job/work_order/',
    ];
    const results = await Promise.all(paths.map((p) => fresh.get(p)));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const accountId = (await fresh.get('/api/auth/me')).body.user.account_id;
    const { rows } = await db.query('select count(*)::int as n from account_records where account_id = $1', [accountId]);
    expect(rows[0].n).toBe(8); // settings, rate sheet, six counters
    // A request that lost the race to open a record wrote nothing: one opening event per record.
    const opened = await db.query(
      `select type, count(*)::int as n from events where account_id = $1 and type in ('AccountSettingsOpened', 'SvaRateSheetOpened', 'DocumentCounterOpened') group by type order by type`,
      [accountId],
    );
    expect(opened.rows).toEqual([
      { type: 'AccountSettingsOpened', n: 1 },
      { type: 'DocumentCounterOpened', n: 6 },
      { type: 'SvaRateSheetOpened', n: 1 },
    ]);
  });

  it('given an account, when its settings are read, then files, subscriptions and its version; its history and as_of work', async () => {
    const r = await office.get('/api/settings/account/');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^\d+$/), cancelled_at: null, monthly_total: expect.any(Number), version: expect.any(Number) });
    expect(r.body).toHaveProperty('background_picture');
    expect(r.body).toHaveProperty('training_video');
    expect(Array.isArray(r.body.items)).toBe(true);
    expect(r.headers.get('etag')).toBe(`"${r.body.version}"`);
    const h = (await office.get('/api/settings/account/history/')).body;
    expect(h[0]).toMatchObject({ type: 'AccountSettingsOpened', version: 1 });
    const then = await office.get(`/api/settings/account/?as_of=${encodeURIComponent(h[0].at)}`);
    expect(then.body).toMatchObject({ version: 1, files: [], monthly_total: 0 });
    expect((await office.get('/api/settings/account/?as_of=soon')).status).toBe(400);
  });

  it('given two accounts, when each reads its settings, then each has its own record', async () => {
    const mine = (await office.get('/api/settings/account/')).body;
    const theirs = (await rival.get('/api/settings/account/')).body;
    expect(mine.id).not.toBe(theirs.id);
    expect((await rival.get('/api/settings/account/history/')).body.every((e: { type: string }) => e.type !== 'AccountFileAdded')).toBe(true);
  });
});

describe('user app activities', () => {
  const activity = (over: Record<string, unknown> = {}) => ({
    generated_cibe_email: true,
    job_id_text: 'JOB-100',
    app_name: 'ORCA',
    function: 'generate_cibe',
    url: '/job/100',
    job_number: 'J-100',
    amount: '125.50',
    ...over,
  });

  it('given a user, when an activity is recorded, then 201 with who and when', async () => {
    const r = await office.post('/api/settings/user_app_activities/', activity());
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ app_name: 'ORCA', function: 'generate_cibe', job_number: 'J-100', amount: 125.5, user_name: 'Office User', generated_cibe_email: true });
    expect(r.body.id).toEqual(expect.any(String));
    expect(r.body.at).toEqual(expect.any(String));
  });

  it.each([
    [{ app_name: undefined }, 'app_name'],
    [{ app_name: '  ' }, 'app_name'],
    [{ function: undefined }, 'function'],
    [{ amount: 'a lot' }, 'amount'],
  ])('given an activity with %j, when recorded, then 400 naming %s and nothing is written', async (over, field) => {
    const before = await eventCount();
    const r = await office.post('/api/settings/user_app_activities/', activity(over));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty(field);
    expect(await eventCount()).toBe(before);
  });

  it('given several activities, when listed with a limit, then the newest first, only this account\'s', async () => {
    for (const n of [1, 2, 3]) {
      expect((await office.post('/api/settings/user_app_activities/', activity({ app_name: `Order-${n}` }))).status).toBe(201);
      await pause(5);
    }
    await rival.post('/api/settings/user_app_activities/', activity({ app_name: 'Rival-app' }));
    const r = await office.list('/api/settings/user_app_activities/?limit=2');
    expect(r.status).toBe(200);
    expect(r.body.map((a: { app_name: string }) => a.app_name)).toEqual(['Order-3', 'Order-2']);
    const all = (await office.list('/api/settings/user_app_activities/')).body;
    expect(all.map((a: { app_name: string }) => a.app_name)).not.toContain('Rival-app');
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect((await office.get('/api/settings/user_app_activities/?limit=0')).status).toBe(400);
    expect((await office.get('/api/settings/user_app_activities/?limit=abc')).body.fields).toHaveProperty('limit');
  });
});

describe('many writes at once', () => {
  it('given 30 crews, when all are renamed at once (five times over), then every rename is answered (writes do not exhaust the API\'s own database connections)', async () => {
    // Its own app: if the API's pool locks up, only this app is affected.
    const busy = await startTestApp('api_settings_load', { projector: false });
    try {
      const c = await Client.signUp(busy.url, 'Load');
      const crews: { id: string }[] = [];
      for (let i = 0; i < 30; i++) crews.push(await add('crews', { crew_name: `Load Crew ${i}` }, c));
      for (let round = 1; round <= 5; round++) {
        const renames = Promise.all(crews.map((x, i) => c.put(`/api/settings/crews/${x.id}/`, { crew_name: `Load Crew ${round}-${i}` })));
        const answered = await Promise.race([renames.then((rs) => rs.map((r) => r.status)), pause(5000).then(() => `round ${round}: no answer within 5 s` as const)]);
        if (typeof answered === 'string') {
          // Unblock the stuck requests (give the pool room for the connections they wait for) so the app can stop.
          const pool = busy.api.ctx.pool;
          pool.options.max = 40;
          (await pool.connect()).release();
          await renames;
        }
        expect(answered).toEqual(crews.map(() => 200));
      }
    } finally {
      await busy.stop();
    }
  });
});
