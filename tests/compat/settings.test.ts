/**
 * The spec's client on the settings screen's lists, call by call as spec 3 section 7 lists them
 * ("Settings") and spec 2 section 7 ("Supporting"). Calls exercised: 26:
 *   crews (4): GET and POST settings/crews/, PUT and DELETE settings/crews/{id};
 *   customers, vendors, raw_materials, our_products (16): GET ?all=t, POST, PUT /{id}, DELETE /{id};
 *   a product's raw materials (4): GET and POST settings/our_products/{id}/raw_materials/, PUT and
 *     DELETE settings/our_products/raw_materials/{id}/;
 *   SVA coordinators (2): GET and POST settings/jobs/sva_coordinators/.
 * The account's own settings (files, counters, subscriptions, form types, SVA codes) are in
 * settings-account.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { SpecClient, copyOf, expectConflict, expectGone, expectInvalid, missingNames, type Obj, readOwnWrite } from './specClient.ts';

const { office, eventCount } = apiTest('compat_settings');
const spec = new SpecClient(office);
let frank: SpecClient;
beforeAll(async () => {
  frank = await spec.colleague('Frank Field');
});

let unique = 0;
/** Names are unique per account for some catalogs (crews): each test makes its own. */
const named = (s: string) => `${s} ${++unique}`;

interface Catalog {
  path: string;
  /** The list as the screen asks for it. */
  list: string;
  post: () => Obj;
  posted: Obj;
  edits: () => [Obj, Obj];
  /** What the second save answers, both edits in (computed fields sent back are ignored). */
  saved: (edits: [Obj, Obj]) => Obj;
  conflict: { field: string; theirs: unknown; yours: unknown; theirsKept?: unknown; yoursKept?: unknown };
  wrong: [string, unknown];
  /** The names spec 3 section 3 gives a record of the list. */
  names: string;
}

const CATALOGS: Catalog[] = [
  {
    path: '/api/settings/crews',
    names: 'id crew_name active',
    list: '/api/settings/crews/',
    post: () => ({ crew_name: named('Bore Crew') }),
    posted: { active: true },
    edits: () => [{ crew_name: named('Bore Crew One') }, { last_updated: '1999-01-01T00:00:00Z' }],
    saved: ([first]) => ({ crew_name: first.crew_name, active: true }),
    conflict: { field: 'crew_name', theirs: 'Frank\'s crew', yours: 'Office crew' },
    wrong: ['active', 'maybe'],
  },
  {
    path: '/api/settings/customers',
    names: 'id name address city state zip email phone',
    list: '/api/settings/customers/?all=t',
    post: () => ({ name: named('AT&T'), zip: 74103, phone: 9185550100 }),
    posted: { zip: '74103', phone: '9185550100', active: true },
    edits: () => [{ city: 'Tulsa' }, { email: 'ap@att.example.com', last_updated: '1999-01-01T00:00:00Z' }],
    saved: () => ({ city: 'Tulsa', email: 'ap@att.example.com' }),
    conflict: { field: 'city', theirs: 'Jenks', yours: 'Owasso' },
    wrong: ['email', 'accounts payable'],
  },
  {
    path: '/api/settings/vendors',
    names: 'id name code item_name uom active',
    list: '/api/settings/vendors/?all=t',
    post: () => ({ name: named('Graybar'), code: 101, item_name: 'Duct', uom: 'FT' }),
    posted: { code: '101', active: true },
    edits: () => [{ item_name: '2" duct' }, { active: 'f' }],
    saved: () => ({ item_name: '2" duct', active: false }),
    conflict: { field: 'item_name', theirs: 'Conduit', yours: 'Innerduct' },
    wrong: ['active', 'perhaps'],
  },
  {
    path: '/api/settings/raw_materials',
    names: 'id name code item_name uom active',
    list: '/api/settings/raw_materials/?all=t',
    post: () => ({ name: named('Bentonite'), code: 7, item_name: 'Drilling mud', uom: 'BAG' }),
    posted: { code: '7', active: true },
    edits: () => [{ uom: 'PAL' }, { code: 8 }],
    saved: () => ({ uom: 'PAL', code: '8' }),
    conflict: { field: 'uom', theirs: 'LB', yours: 'KG' },
    wrong: ['active', 'perhaps'],
  },
  {
    path: '/api/settings/our_products',
    names: 'code item_name uom price barcode_1 active',
    list: '/api/settings/our_products/?all=t',
    post: () => ({ code: named('IPA'), item_name: named('Pale ale'), uom: 'oz', price: '4.50', barcode_1: 12345 }),
    posted: { price: 4.5, barcode_1: '12345', active: true },
    edits: () => [{ price: '5.25' }, { uom: 'btl' }],
    saved: () => ({ price: 5.25, uom: 'btl' }),
    conflict: { field: 'price', theirs: '6', yours: '7.5', theirsKept: 6, yoursKept: 7.5 },
    wrong: ['price', 'cheap'],
  },
];

describe.each(CATALOGS)('$path', (c) => {
  const one = (id: string, slash = '') => `${c.path}/${id}${slash}`;

  it('given two records posted, when each is PUT twice with its POST answer after the other changed, then 200 each, changes kept, and the list shows them', async () => {
    const rows = [await spec.create(`${c.path}/`, c.post()), await spec.create(`${c.path}/`, c.post())];
    for (const r of rows) expect(r).toMatchObject(c.posted);
    const edits = rows.map(() => c.edits());
    for (const [i, r] of rows.entries()) expect((await spec.save(one(r.id), r, edits[i][0])).status).toBe(200);
    const versions: number[] = [];
    for (const [i, r] of rows.entries()) {
      const second = await spec.save(one(r.id, '/'), r, edits[i][1]);
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect(second.body).toMatchObject(c.saved(edits[i]));
      versions.push(second.body.version);
    }
    const listed = await readOwnWrite(() => spec.load<Obj[]>(c.list), (all) => rows.every((r, i) => all.find((l) => l.id === r.id)?.version === versions[i]), 'both records saved twice in the list');
    for (const [i, r] of rows.entries()) expect(listed.find((l) => l.id === r.id)).toMatchObject(c.saved(edits[i]));
  });

  it('given a record posted with every field, when the list loads it, then it carries the names of spec 3 section 3', async () => {
    const posted = await spec.create(`${c.path}/`, { ...c.post(), ...Object.fromEntries(c.names.split(' ').filter((n) => n !== 'id' && !(n in c.post())).map((n) => [n, n === 'email' ? 'x@example.com' : n === 'active' ? 't' : n === 'price' ? '1' : n === 'uom' ? 'oz' : n])) });
    const listed = await readOwnWrite(() => spec.load<Obj[]>(c.list), (all) => all.some((l) => l.id === posted.id), 'the record in the list');
    expect(missingNames(listed.find((l) => l.id === posted.id), c.names)).toBe('');
  });

  it(`given a record Frank changed since the client's POST answer, when the client changes ${c.conflict.field} too, then 409 names it and nothing is written`, async () => {
    const r = await spec.create(`${c.path}/`, c.post());
    const { field, theirs, yours, theirsKept = theirs, yoursKept = yours } = c.conflict;
    expect((await frank.save(one(r.id), copyOf(r), { [field]: theirs })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(one(r.id), r, { [field]: yours }), field, { yours: yoursKept, theirs: theirsKept, by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
  });

  it(`given a record, when ${c.wrong[0]} is saved as ${JSON.stringify(c.wrong[1])}, then 400 names it and nothing is written`, async () => {
    const r = await spec.create(`${c.path}/`, c.post());
    const before = await eventCount();
    expectInvalid(await spec.save(one(r.id), r, { [c.wrong[0]]: c.wrong[1] }), c.wrong[0]);
    expect(await eventCount()).toBe(before);
  });

  it('given a record deleted, when the kept record is PUT or deleted again, then 404 or 410 says so and nothing is written', async () => {
    const r = await spec.create(`${c.path}/`, c.post());
    expect((await spec.del(one(r.id))).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.save(one(r.id), r, c.edits()[0]));
    expectGone(await spec.del(one(r.id)));
    expect(await eventCount()).toBe(before);
  });
});

describe('a product\'s raw materials', () => {
  it('given two raw materials posted with only product, when each is PUT twice with its POST answer, then 200 each and the product lists them', async () => {
    const product = await spec.create('/api/settings/our_products/', { code: named('P'), item_name: named('Stout'), uom: 'oz' });
    const path = `/api/settings/our_products/${product.id}/raw_materials/`;
    const lines = [await spec.create(path, { product: product.id }), await spec.create(path, { product: product.id })];
    for (const [i, l] of lines.entries()) expect((await spec.save(`/api/settings/our_products/raw_materials/${l.id}/`, l, { code: `M${i}`, item_name: `Malt ${i}` })).status).toBe(200);
    for (const l of lines) {
      const r = await spec.save(`/api/settings/our_products/raw_materials/${l.id}/`, l, { qty: '2.5' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.qty).toBe(2.5);
    }
    expect((await spec.load<Obj[]>(path)).map((l) => [l.code, l.qty])).toEqual([['M0', 2.5], ['M1', 2.5]]);
  });

  it('given a raw material Frank changed, when the client changes its qty too, then 409 names qty; a qty in words is a 400; nothing is written', async () => {
    const product = await spec.create('/api/settings/our_products/', { code: named('P'), item_name: named('Porter'), uom: 'oz' });
    const line = await spec.create(`/api/settings/our_products/${product.id}/raw_materials/`, { product: product.id, qty: '1' });
    expect((await frank.save(`/api/settings/our_products/raw_materials/${line.id}/`, copyOf(line), { qty: '2' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/settings/our_products/raw_materials/${line.id}/`, copyOf(line), { qty: '3' }), 'qty', { yours: 3, theirs: 2, by: 'Frank Field' });
    expectInvalid(await spec.save(`/api/settings/our_products/raw_materials/${line.id}/`, copyOf(line), { qty: 'two' }), 'qty');
    expect(await eventCount()).toBe(before);
  });

  it('given a raw material deleted, when the kept line is PUT or deleted again, then 410 or 404 says so and nothing is written', async () => {
    const product = await spec.create('/api/settings/our_products/', { code: named('P'), item_name: named('Lager'), uom: 'oz' });
    const line = await spec.create(`/api/settings/our_products/${product.id}/raw_materials/`, { product: product.id });
    expect((await spec.del(`/api/settings/our_products/raw_materials/${line.id}/`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.save(`/api/settings/our_products/raw_materials/${line.id}/`, line, { qty: '1' }));
    expectGone(await spec.del(`/api/settings/our_products/raw_materials/${line.id}/`));
    expect(await eventCount()).toBe(before);
    expect(await spec.load(`/api/settings/our_products/${product.id}/raw_materials/`)).toEqual([]);
  });
});

describe('the names of spec 3 section 3 on a product\'s raw materials', () => {
  it('given a raw material posted with its code and name, when the product\'s list loads it, then it carries product, code and item_name', async () => {
    const product = await spec.create('/api/settings/our_products/', { code: named('P'), item_name: named('Bock'), uom: 'oz' });
    await spec.create(`/api/settings/our_products/${product.id}/raw_materials/`, { product: product.id, code: 'M', item_name: 'Malt' });
    expect(missingNames((await spec.load<Obj[]>(`/api/settings/our_products/${product.id}/raw_materials/`))[0], 'product code item_name')).toBe('');
  });
});

describe('crews (spec 3 section 5)', () => {
  it("given the crews screen, when a crew is posted with an empty name, then 400 'Please type a crew name to assign' naming crew_name and nothing is written", async () => {
    const before = await eventCount();
    const r = await spec.post('/api/settings/crews/', { crew_name: '' });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body).toMatchObject({ message: 'Please type a crew name to assign', fields: { crew_name: 'Please type a crew name to assign' } });
    expect(await eventCount()).toBe(before);
  });
});

describe('SVA coordinators (spec 2 section 7, Supporting)', () => {
  it('given the coordinators list, when one is posted with the coordinator fields (phones as numbers), then 201 and the list shows it', async () => {
    expect(Array.isArray(await spec.load('/api/settings/jobs/sva_coordinators/'))).toBe(true);
    const code = named('PL');
    const r = await spec.post('/api/settings/jobs/sva_coordinators/', { coordinator_code: code, coordinator: 'Pat Lee', coord_phone1: 9185550100, coord_phone2: '', coordinator_email: 'pat@att.example.com' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ coordinator_code: code, coord_phone1: '9185550100' });
    await readOwnWrite(() => spec.load<Obj[]>('/api/settings/jobs/sva_coordinators/'), (all) => all.some((x) => x.coordinator_code === code), 'the new coordinator in the list');
  });

  it('given a coordinator e-mail that is not an address, when it is posted, then 400 names coordinator_email and nothing is written', async () => {
    const before = await eventCount();
    expectInvalid(await spec.post('/api/settings/jobs/sva_coordinators/', { coordinator_code: named('X'), coordinator: 'Sam', coordinator_email: 'sam at att' }), 'coordinator_email');
    expect(await eventCount()).toBe(before);
  });
});
