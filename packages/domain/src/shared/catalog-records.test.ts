import { describe, expect, it } from 'vitest';
import { catalogDecider, catalogEvents, catalogSavedMessage, catalogUniqueKey, catalogView, parseCatalogValues, uniqueKeyOf, type CatalogEvent } from './catalog-records.ts';
import { given, meta, refusedWith } from './testing.ts';
import { DomainError } from './decider.ts';
import { linesOfCollection } from './collections.ts';
import { productRawMaterials } from '../settings/collections.ts';
import { crews, customers, products, rawMaterials, svaCoordinators, vendors } from '../settings/catalogs.ts';
import { catalogRecords } from '../registry.ts';

const crewDecider = catalogDecider(crews);
const added: CatalogEvent = { type: 'CrewAdded', data: { id: '5', values: { crew_name: 'North Crew', active: true } } };
const deleted: CatalogEvent = { type: 'CrewDeleted', data: {} };


describe('catalog declarations', () => {
  it('given the settings catalogs, when listed, then each is declared once with its list, path and event names', () => {
    const byList = Object.fromEntries(catalogRecords().map((c) => [c.list, c.path]));
    expect(byList).toMatchObject({
      crews: '/settings/crews',
      customers: '/settings/customers',
      vendors: '/settings/vendors',
      raw_materials: '/settings/raw_materials',
      our_products: '/settings/our_products',
      sva_coordinators: '/settings/jobs/sva_coordinators',
    });
    expect(catalogEvents(rawMaterials)).toEqual({ added: 'RawMaterialAdded', revised: 'RawMaterialRevised', deleted: 'RawMaterialDeleted' });
  });
});

describe('catalog decider', () => {
  it('given no crew, when one is added, then CrewAdded with the defaults (active) and the trimmed name', () => {
    const { events, state } = given(crewDecider, []).then({ type: 'AddCatalogRecord', id: '5', values: { crew_name: '  North Crew  ' } });
    expect(events).toEqual([{ type: 'CrewAdded', data: { id: '5', values: { active: true, crew_name: 'North Crew' } } }]);
    expect(catalogView(crews, state)).toEqual({ id: '5', crew_name: 'North Crew', active: true, created_at: meta().at, last_updated: meta().at });
  });

  it('given no crew, when one is added with unknown keys, then they are dropped', () => {
    const [e] = given(crewDecider, []).when({ type: 'AddCatalogRecord', id: '5', values: { crew_name: 'A', colour: 'red', account_id: '99' } });
    expect((e.data as { values: Record<string, unknown> }).values).toEqual({ active: true, crew_name: 'A' });
  });

  it.each([[{}], [{ crew_name: '' }], [{ crew_name: '   ' }], [{ crew_name: null }]])('given no crew, when one is added with %j, then invalid naming crew_name', (values) => {
    const e = refusedWith(() => given(crewDecider, []).when({ type: 'AddCatalogRecord', id: '5', values }));
    expect(e.code).toBe('invalid');
    // Spec 3 section 5's words for a crew.
    expect(e.fields).toEqual({ crew_name: 'Please type a crew name to assign' });
    expect(e.message).toBe('Please type a crew name to assign');
  });

  it('given no customer, when one is added without a name, then invalid naming name', () => {
    const e = refusedWith(() => given(catalogDecider(customers), []).when({ type: 'AddCatalogRecord', id: '6', values: { city: 'Tulsa' } }));
    expect(e.fields).toEqual({ name: 'is required' });
    expect(e.message).toBe('Customer name is required');
  });

  it.each([
    [vendors, 'name'],
    [rawMaterials, 'name'],
    [products, 'item_name'],
    [svaCoordinators, 'coordinator'],
  ])('given a catalog, when a record is added without its name, then invalid naming its name field', (def, field) => {
    const e = refusedWith(() => given(catalogDecider(def), []).when({ type: 'AddCatalogRecord', id: '6', values: {} }));
    expect(Object.keys(e.fields)).toEqual([field]);
  });

  it('given a crew, when added again under its id, then already_exists', () => {
    expect(refusedWith(() => given(crewDecider, [added]).when({ type: 'AddCatalogRecord', id: '5', values: { crew_name: 'X' } })).code).toBe('already_exists');
  });

  it('given a crew, when revised, then CrewRevised carries only changed, trimmed fields', () => {
    const [e] = given(crewDecider, [added]).when({ type: 'ReviseCatalogRecord', values: { crew_name: ' South Crew ', active: true, junk: 1 } });
    expect(e).toEqual({ type: 'CrewRevised', data: { changes: { crew_name: { old: 'North Crew', new: 'South Crew' } } } });
  });

  it('given a crew, when revised with the same values, then no event', () => {
    expect(given(crewDecider, [added]).when({ type: 'ReviseCatalogRecord', values: { crew_name: 'North Crew ' } })).toEqual([]);
  });

  it('given a crew, when its name is revised to blank, then invalid naming crew_name', () => {
    const e = refusedWith(() => given(crewDecider, [added]).when({ type: 'ReviseCatalogRecord', values: { crew_name: '  ' } }));
    expect(e.fields).toEqual({ crew_name: 'Please type a crew name to assign' });
  });

  it('given a crew, when revised without its name, then the name is kept', () => {
    const { state } = given(crewDecider, [added]).then({ type: 'ReviseCatalogRecord', values: { active: false } });
    expect(state.fields).toEqual({ crew_name: 'North Crew', active: false });
  });

  it('given a crew, when revised with a wrong type, then invalid naming the field', () => {
    const e = refusedWith(() => given(crewDecider, [added]).when({ type: 'ReviseCatalogRecord', values: { active: 'yes' } }));
    expect(e.fields).toHaveProperty('active');
  });

  it('given a crew, when deleted, then CrewDeleted; then revising or deleting again is not_found', () => {
    const g = given(crewDecider, [added]).then({ type: 'DeleteCatalogRecord' });
    expect(g.events).toEqual([{ type: 'CrewDeleted', data: {} }]);
    expect(g.state.deleted).toBe(true);
    const after = given(crewDecider, [added, deleted]);
    expect(refusedWith(() => after.when({ type: 'ReviseCatalogRecord', values: { crew_name: 'X' } })).code).toBe('not_found');
    expect(refusedWith(() => after.when({ type: 'DeleteCatalogRecord' })).message).toBe('Crew not found');
  });

  it('given no crew, when revised or deleted, then not_found', () => {
    expect(refusedWith(() => given(crewDecider, []).when({ type: 'ReviseCatalogRecord', values: {} })).code).toBe('not_found');
    expect(refusedWith(() => given(crewDecider, []).when({ type: 'DeleteCatalogRecord' })).code).toBe('not_found');
  });

  it('given a customer, when a bad e-mail is saved, then invalid naming email; a blank one is allowed', () => {
    const c = catalogDecider(customers);
    const g = given(c, [{ type: 'CustomerAdded', data: { id: '6', values: { name: 'Acme', active: true } } }]);
    expect(refusedWith(() => g.when({ type: 'ReviseCatalogRecord', values: { email: 'not-an-email' } })).fields).toHaveProperty('email');
    // A blank e-mail over none is no change at all ('' and null are both empty).
    expect(g.when({ type: 'ReviseCatalogRecord', values: { email: '' } })).toEqual([]);
    expect(g.when({ type: 'ReviseCatalogRecord', values: { email: 'ap@acme.example' } })).toHaveLength(1);
  });

  it('given a product, when saved with a unit outside oz, g, btl, gr, keg, %, hr, then invalid naming uom; a price string becomes a number', () => {
    const p = catalogDecider(products);
    const g = given(p, [{ type: 'ProductAdded', data: { id: '7', values: { item_name: 'IPA', active: true } } }]);
    expect(refusedWith(() => g.when({ type: 'ReviseCatalogRecord', values: { uom: 'litre' } })).fields).toHaveProperty('uom');
    expect(g.when({ type: 'ReviseCatalogRecord', values: { uom: 'keg', price: '120.50' } })[0].data).toEqual({ changes: { uom: { old: null, new: 'keg' }, price: { old: null, new: 120.5 } } });
  });

  it('given a product, when a raw material line is added, then ProductRawMaterialAdded under the product; a deleted product takes no lines', () => {
    const p = catalogDecider(products);
    const productAdded: CatalogEvent = { type: 'ProductAdded', data: { id: '7', values: { item_name: 'IPA', active: true } } };
    const { events, state } = given(p, [productAdded]).then({ type: 'AddLine', collection: 'product_raw_materials', lineId: '8', values: { code: 'HOP', item_name: 'Hops', qty: '2' } });
    expect(events.map((e) => e.type)).toEqual(['ProductRawMaterialAdded']);
    expect(linesOfCollection(state.lines, productRawMaterials)).toEqual([{ id: '8', product: '7', raw_material: null, code: 'HOP', item_name: 'Hops', qty: 2, uom: null }]);
    expect(refusedWith(() => given(p, [productAdded, { type: 'ProductDeleted', data: {} }]).when({ type: 'AddLine', collection: 'product_raw_materials', lineId: '9', values: {} })).code).toBe('not_found');
  });

  it('given a crew, when a product line is added to it, then it is refused', () => {
    expect(() => given(crewDecider, [added]).when({ type: 'AddLine', collection: 'product_raw_materials', lineId: '9', values: {} })).toThrow(DomainError);
  });

  it('given parseCatalogValues, when values come in, then they are validated, trimmed and unknown keys dropped', () => {
    expect(parseCatalogValues(vendors, { name: ' Ditch Supply ', code: 'DS', extra: true })).toEqual({ name: 'Ditch Supply', code: 'DS' });
    expect(() => parseCatalogValues(vendors, { name: true })).toThrow(/name/);
  });
});

describe('catalog unique keys', () => {
  it.each([
    ['North Crew', 'north crew'],
    ['  NORTH   crew ', 'north crew'],
    ['North\tCrew', 'north crew'],
    ['', null],
    ['   ', null],
    [null, null],
    [42, null],
  ])('given the value %j, when its unique key is taken, then %j', (value, key) => {
    expect(uniqueKeyOf(value)).toBe(key);
  });

  it('given a live crew, when its key is asked for, then its name trimmed, lower case, inner spaces collapsed', () => {
    const state = given(crewDecider, [{ type: 'CrewAdded', data: { id: '5', values: { crew_name: 'North  Crew', active: true } } }]).state;
    expect(catalogUniqueKey(crews, state)).toBe('north crew');
  });

  it('given a deleted crew, when its key is asked for, then none (its name is free again)', () => {
    expect(catalogUniqueKey(crews, given(crewDecider, [added, deleted]).state)).toBeNull();
  });

  it('given an inactive crew, when its key is asked for, then it still holds its name', () => {
    const state = given(crewDecider, [added, { type: 'CrewRevised', data: { changes: { active: { old: true, new: false } } } }]).state;
    expect(catalogUniqueKey(crews, state)).toBe('north crew');
  });

  it('given a catalog without a unique field, when its key is asked for, then none', () => {
    const state = given(catalogDecider(customers), [{ type: 'CustomerAdded', data: { id: '6', values: { name: 'Acme' } } }]).state;
    expect(catalogUniqueKey(customers, state)).toBeNull();
  });

  it('given an SVA coordinator, when its key is asked for, then its code (not its name)', () => {
    const state = given(catalogDecider(svaCoordinators), [{ type: 'SvaCoordinatorAdded', data: { id: '7', values: { coordinator: 'Lee Ames', coordinator_code: ' C-12 ' } } }]).state;
    expect(catalogUniqueKey(svaCoordinators, state)).toBe('c-12');
  });

  it('given no record yet, when its key is asked for, then none', () => {
    expect(catalogUniqueKey(crews, crewDecider.initialState)).toBeNull();
  });
});

describe('what a save says (spec 3 section 8)', () => {
  it('given a product, then it is saved by its code; without one, and for other catalogs, Saved successfully!', () => {
    expect(catalogSavedMessage(products, { code: ' PA-K ', item_name: 'Pale ale keg' })).toBe('PA-K saved successfully');
    expect(catalogSavedMessage(products, { code: '', item_name: 'Pale ale keg' })).toBe('Saved successfully!');
    expect(catalogSavedMessage(crews, { crew_name: 'North', code: 'X' })).toBe('Saved successfully!');
  });
});

