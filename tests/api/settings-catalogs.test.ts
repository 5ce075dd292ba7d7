/**
 * The catalogs of settings (docs/settings.md) over HTTP against the real app:
 * sessions and CSRF on settings writes, crews, customers, vendors, raw materials, products and SVA
 * coordinators, a product's raw materials, and many catalog writes at once.
 */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../support/app.ts';
import { Client } from '../support/client.ts';
import { ids, pause, settingsTest } from '../support/settings.ts';

const { app, office, rival, eventCount, add } = settingsTest('api_settings_catalogs');

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

  it("given a user, when a crew is added with an empty name or renamed to one, then 400 'Please type a crew name to assign' (spec 3 section 5) naming crew_name, nothing written", async () => {
    const crew = await add('crews', { crew_name: 'Named Crew' });
    const before = await eventCount();
    for (const r of [await office.post('/api/settings/crews/', { crew_name: ' ' }), await office.put(`/api/settings/crews/${crew.id}/`, { ...crew, crew_name: '' })]) {
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body).toMatchObject({ message: 'Please type a crew name to assign', fields: { crew_name: 'Please type a crew name to assign' } });
    }
    expect(await eventCount()).toBe(before);
  });

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
