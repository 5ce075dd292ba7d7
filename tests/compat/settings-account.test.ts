/**
 * The spec's client on the settings screen's account sections, call by call as spec 3 section 7 lists
 * them ("Settings") and spec 2 section 7 ("Supporting"). Calls exercised: 10: GET and PUT (multipart)
 * settings/background_picture/; GET settings/current_number/{invoice, ticket, order, job,
 * job/work_order, rfq}/ and PUT .../{id} with number; GET settings/catalog/, GET and PUT
 * settings/catalog/{id}; GET settings/form_types/?nav={job, ticket, locate, rfq}; GET
 * settings/jobs/sva_codes/; GET settings/how2s/videos/1/ (a POST to sva_codes/ only sets up a code to
 * list: the spec's client never posts one). The lists are in tests/api/settings-*.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { picture as pngPicture } from '../support/files.ts';
import { SpecClient, copyOf, expectConflict, expectInvalid, missingNames, type Obj } from './specClient.ts';

const { office, eventCount } = apiTest('compat_settings_account');
const spec = new SpecClient(office);
let frank: SpecClient;
beforeAll(async () => {
  frank = await spec.colleague('Frank Field');
});

const KINDS = ['invoice', 'ticket', 'order', 'job', 'job/work_order', 'rfq'];

describe('the background picture and the training video', () => {
  it('given no picture, when one is PUT (multipart file, background_picture_file_name) and then replaced, then GET answers the newest one\'s url', async () => {
    expect(await spec.load('/api/settings/background_picture/')).toHaveProperty('url');
    const one = await spec.upload('/api/settings/background_picture/', { background_picture_file_name: 'yard.png' }, { name: 'yard.png', type: 'image/png', content: pngPicture('PNG one') }, 'PUT');
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    const two = await spec.upload('/api/settings/background_picture/', { background_picture_file_name: 'crew.png' }, { name: 'crew.png', type: 'image/png', content: pngPicture('PNG two') }, 'PUT');
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    const picture = await spec.load('/api/settings/background_picture/');
    expect(picture).toMatchObject({ url: two.body.url, file_name: 'crew.png' });
    expect(missingNames(picture, 'url file')).toBe('');
    expect(two.body.url).not.toBe(one.body.url);
  });

  it('given a file that is not a picture, when it is PUT as the background, then 400 names file and nothing is written', async () => {
    const before = await eventCount();
    expectInvalid(await spec.upload('/api/settings/background_picture/', { background_picture_file_name: 'notes.txt' }, { name: 'notes.txt', type: 'text/plain', content: 'hello' }, 'PUT'), 'file');
    expect(await eventCount()).toBe(before);
  });

  it('given the help pages, when the training video is asked for, then it answers its file field', async () => {
    expect(await spec.load('/api/settings/how2s/videos/1/')).toHaveProperty('file');
  });
});

describe('document numbering', () => {
  it.each(KINDS)('given the %s counter, when the screen PUTs the kept object back with the suggested number and then again with another, then 200 each and the last one stands', async (kind) => {
    const counter = await spec.load(`/api/settings/current_number/${kind}/`);
    expect(counter).toMatchObject({ id: expect.stringMatching(/^\d+$/), number: expect.any(Number) });
    expect(missingNames(counter, 'id number')).toBe('');
    const current: number = counter.number;
    // The new value defaults to current plus one (spec 3 section 7); the input holds it as text.
    const first = await spec.save(`/api/settings/current_number/${kind}/${counter.id}`, counter, { number: String(current + 1) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.number).toBe(current + 1);
    const second = await spec.save(`/api/settings/current_number/${kind}/${counter.id}`, counter, { number: String(current + 100) });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((await spec.load(`/api/settings/current_number/${kind}/`)).number).toBe(current + 100);
  });

  it('given two users holding the same job counter, when both set its number, then the client is 409 naming number and nothing is written', async () => {
    const counter = await spec.load('/api/settings/current_number/job/');
    const current: number = counter.number;
    expect((await frank.save(`/api/settings/current_number/job/${counter.id}`, copyOf(counter), { number: String(current + 500) })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/settings/current_number/job/${counter.id}`, counter, { number: String(current + 700) }), 'number', { yours: current + 700, theirs: current + 500, by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
  });

  it('given a counter, when its number is saved in words, then 400 names number and nothing is written', async () => {
    const counter = await spec.load('/api/settings/current_number/invoice/');
    const before = await eventCount();
    expectInvalid(await spec.save(`/api/settings/current_number/invoice/${counter.id}`, counter, { number: 'ten' }), 'number');
    expect(await eventCount()).toBe(before);
  });
});

describe('the subscription catalogue', () => {
  it('given the catalogue, when an item is PUT back twice with a quantity from the kept object, then 200 each and the catalogue shows the last quantity', async () => {
    const catalog = await spec.load('/api/settings/catalog/');
    expect(catalog.items.length).toBeGreaterThan(0);
    const item = await spec.load(`/api/settings/catalog/${catalog.items[0].id}`);
    expect((await spec.save(`/api/settings/catalog/${item.id}`, item, { quantity: '2' })).status).toBe(200);
    const second = await spec.save(`/api/settings/catalog/${item.id}`, item, { quantity: '3' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((await spec.load('/api/settings/catalog/')).items.find((i: Obj) => i.id === item.id).quantity).toBe(3);
  });

  it('given two users holding the same catalogue item, when both set its quantity, then the client is 409 naming quantity and nothing is written', async () => {
    const item = await spec.load('/api/settings/catalog/2');
    const quantity: number = item.quantity;
    expect((await frank.save('/api/settings/catalog/2', copyOf(item), { quantity: String(quantity + 4) })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save('/api/settings/catalog/2', item, { quantity: String(quantity + 6) }), 'quantity', { yours: quantity + 6, theirs: quantity + 4, by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
  });

  it('given a catalogue item, when a quantity in words is saved, then 400 names quantity and nothing is written', async () => {
    const item = await spec.load('/api/settings/catalog/1');
    const before = await eventCount();
    expectInvalid(await spec.save('/api/settings/catalog/1', item, { quantity: 'a few' }), 'quantity');
    expect(await eventCount()).toBe(before);
  });
});

describe('form types and SVA codes', () => {
  it.each(['job', 'ticket', 'locate', 'rfq'])('given the %s screen, when it asks for its form types, then each has name, ux_name and form_title', async (nav) => {
    const types = await spec.load<Obj[]>(`/api/settings/form_types/?nav=${nav}`);
    expect(types.length).toBeGreaterThan(0);
    for (const t of types) expect(t).toMatchObject({ name: expect.any(String), ux_name: expect.any(String), form_title: expect.any(String) });
  });

  it('given the SVA rate sheet with a code, when its codes are listed, then it answers them with the names of spec 2 section 3', async () => {
    // Codes come from the rate sheet's import; one is added here directly so the list has one to show.
    expect((await spec.post('/api/settings/jobs/sva_codes/', { code: 'SVA-1', description: 'Bore', uom: 'FT', rate: '12.50', provisions: 'p' })).status).toBe(201);
    const codes = await spec.load<Obj[]>('/api/settings/jobs/sva_codes/');
    expect(missingNames(codes[0], 'code description uom rate provisions')).toBe('');
  });
});
