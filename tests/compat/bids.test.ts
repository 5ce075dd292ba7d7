/**
 * The spec's client on the bid screens, call by call as spec 1 section 7 lists them (Shared, Bids,
 * Creating a job from a bid). Calls exercised: 26 of 26.
 *   Shared (2): GET settings/background_picture/, GET settings/customers/.
 *   Bids (21): GET bids/?archived=f|t; POST bids/; GET, PUT, DELETE bids/{id}; GET supplier_code/{code},
 *     work_request/{wr}, award_bid/?supplier_code&work_request; GET and POST {id}/customer_data/, PUT
 *     customer_data/{id}; GET and POST {id}/items/, PUT and DELETE items/{id}; GET and POST {id}/notes/,
 *     PUT notes/{id}; GET and POST (multipart) {id}/files/, DELETE files/{id}.
 *   Creating a job from a bid (3): POST jobs/, PUT jobs/{id}, POST jobs/{id}/items/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { SpecClient, copyOf, expectConflict, expectGone, expectInvalid, missingNames, type Obj, readOwnWrite } from './specClient.ts';

const { office, eventCount } = apiTest('compat_bids');
const spec = new SpecClient(office);
let frank: SpecClient;
beforeAll(async () => {
  frank = await spec.colleague('Frank Field');
});

const pdf = (name: string) => ({ name, type: 'application/pdf', content: `%PDF-1.4 ${name}` });

/** POST /api/bids/ with bid_status (the answer's id), then the bid screen's GET of it. */
async function openNewBid(values: Obj = {}): Promise<Obj> {
  const created = await spec.create('/api/bids/', { bid_status: 'A', ...values });
  expect(created.id).toMatch(/^\d+$/);
  return spec.load(`/api/bids/${created.id}`);
}

describe('the bid list screen', () => {
  it('given a signed-in user, when the list screen loads, then the background picture, the customers and both bid lists answer', async () => {
    const picture = await spec.get('/api/settings/background_picture/');
    expect(picture.status).toBe(200);
    expect(picture.body).toHaveProperty('url');
    const customers = await spec.get('/api/settings/customers/');
    expect(customers.status).toBe(200);
    expect(Array.isArray(customers.body)).toBe(true);
    for (const archived of ['f', 't']) {
      const r = await spec.get(`/api/bids/?archived=${archived}`);
      expect(r.status).toBe(200);
      expect(Array.isArray(r.body)).toBe(true);
    }
  });

  it('given a saved bid, when the user finds it by supplier code and by work request and awards it, then each answers that bid', async () => {
    const bid = await openNewBid({ supplier_code: 'SC-7781', work_request: 'WR-7781' });
    // The list is a read model: the user looks a bid up after it shows in the list, never before.
    await readOwnWrite(() => spec.get('/api/bids/?archived=f'), (r) => r.body.some((b: Obj) => b.id === bid.id), 'the new bid in the list');
    const bySupplier = await spec.get('/api/bids/supplier_code/SC-7781');
    expect(bySupplier.status).toBe(200);
    expect(bySupplier.body).toMatchObject({ id: bid.id, supplier_code: 'SC-7781' });
    const byRequest = await spec.get('/api/bids/work_request/WR-7781');
    expect(byRequest.status).toBe(200);
    expect(byRequest.body).toMatchObject({ id: bid.id, work_request: 'WR-7781' });
    const award = await spec.get('/api/bids/award_bid/?supplier_code=SC-7781&work_request=WR-7781');
    expect(award.status).toBe(200);
    expect(award.body.message).toBe('Bid Awarded Successfully.');
  });
});

describe('a bid, saved whole from the object its GET answered', () => {
  it('given a loaded bid, when it is PUT back with a change, and again with another change on the same kept object, then both saves are 200 and both changes are kept', async () => {
    const bid = await openNewBid({ description: 'Bore under Main' });
    const first = await spec.save(`/api/bids/${bid.id}`, bid, { city: 'Tulsa' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.city).toBe('Tulsa');
    await spec.create(`/api/bids/${bid.id}/items/`, { bid: bid.id, item: 'Added between the saves' });
    // Same kept object (its version is still the GET's): the client's own earlier save is no conflict.
    const second = await spec.save(`/api/bids/${bid.id}`, bid, { county: 'Tulsa County', bid_due_date: '2031-03-04' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((await spec.load(`/api/bids/${bid.id}`))).toMatchObject({ description: 'Bore under Main', city: 'Tulsa', county: 'Tulsa County', bid_due_date: '2031-03-04' });
  });

  it('given a loaded bid, when the user changes the city, saves, changes it back and saves again from the same kept object, then the second save puts the city back', async () => {
    const bid = await openNewBid({ city: 'Tulsa' });
    expect((await spec.save(`/api/bids/${bid.id}`, bid, { city: 'Jenks' })).body.city).toBe('Jenks');
    const back = await spec.save(`/api/bids/${bid.id}`, bid, { city: 'Tulsa' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await spec.load(`/api/bids/${bid.id}`)).city).toBe('Tulsa');
  });

  it('given a loaded bid with items, when the computed fields come back changed, then they are ignored: 200, nothing written', async () => {
    const bid = await openNewBid({ bid_due_date: '2031-05-06' });
    await spec.create(`/api/bids/${bid.id}/items/`, { bid: bid.id, item: 'Plow 2"', bid_percent: '40' });
    const loaded = await spec.load(`/api/bids/${bid.id}`);
    const shown = copyOf(loaded);
    const before = await eventCount();
    const r = await spec.save(`/api/bids/${bid.id}`, loaded, {
      bid_days_away: -3, actual_days_away: 99, bid_days_colour: 'red', itemString: 'Not an item', bid_percent_total: 100, bid_percent_colour: 'green',
      pdf_bundle: { id: '1', file: '/x.pdf', file_name: 'x.pdf' }, items: [], notes: [{ id: '1' }], last_updated: '1999-01-01T00:00:00Z', created_at: '1999-01-01T00:00:00Z',
      position: '0:0', selected: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await eventCount()).toBe(before);
    const now = await spec.load(`/api/bids/${bid.id}`);
    expect(now).toMatchObject({ itemString: 'Plow 2"', bid_percent_total: 40, pdf_bundle: null, last_updated: shown.last_updated, version: shown.version });
    expect(now.items).toEqual(shown.items);
  });

  it('given numbers as the inputs send them, when the bid is saved, then text fields take numbers, flags take t/f, an empty input empties a date and a choice, and a wrong date is a 400 naming it with nothing written', async () => {
    const bid = await openNewBid({ request_start: '2031-01-01', region: 'SW' });
    const r = await spec.http.put(`/api/bids/${bid.id}`, { ...bid, job_number: 4471, ticket_number: 90210, archived: 'f', request_start: '', region: '' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ job_number: '4471', ticket_number: '90210', archived: false, request_start: null, region: null });
    const before = await eventCount();
    expectInvalid(await spec.save(`/api/bids/${bid.id}`, bid, { bid_due_date: 'next Friday' }), 'bid_due_date');
    expect(await eventCount()).toBe(before);
  });

  it('given two users holding the same loaded bid, when Frank changes the city and the client another city, then the client is 409 naming city (yours, theirs, by, at) and nothing is written', async () => {
    const bid = await openNewBid({ city: 'Tulsa' });
    const franks = copyOf(bid);
    expect((await frank.save(`/api/bids/${bid.id}`, franks, { city: 'Jenks' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/bids/${bid.id}`, bid, { city: 'Owasso' }), 'city', { yours: 'Owasso', theirs: 'Jenks', by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
    expect((await spec.load(`/api/bids/${bid.id}`)).city).toBe('Jenks');
  });

  it('given two users holding the same loaded bid, when they change different fields, then both saves are 200 and both changes are kept', async () => {
    const bid = await openNewBid();
    expect((await frank.save(`/api/bids/${bid.id}`, copyOf(bid), { crossroads: 'Main & 3rd' })).status).toBe(200);
    expect((await spec.save(`/api/bids/${bid.id}`, bid, { summary_description: 'Two bores' })).status).toBe(200);
    expect(await spec.load(`/api/bids/${bid.id}`)).toMatchObject({ crossroads: 'Main & 3rd', summary_description: 'Two bores' });
  });
});

describe('bid lines, each saved with the object its POST answered', () => {
  it('given three items posted, when each is PUT with its POST answer after the others were added and changed, then every save is 200 and bid_percent comes back as a number', async () => {
    const bid = await openNewBid();
    const items: Obj[] = [];
    for (const [i, pct] of ['25', '25.5', '49.5'].entries()) items.push(await spec.create(`/api/bids/${bid.id}/items/`, { bid: bid.id, item: `Item ${i}`, bid_percent: pct, job_number: 100 + i }));
    expect(items.map((i) => i.bid_percent)).toEqual([25, 25.5, 49.5]);
    expect(items.map((i) => i.job_number)).toEqual(['100', '101', '102']);
    for (const [i, item] of items.entries()) {
      const r = await spec.save(`/api/bids/items/${item.id}`, item, { frc: `FRC-${i}`, modified_from_bid_sheet: 't' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ frc: `FRC-${i}`, modified_from_bid_sheet: true, bid_percent: item.bid_percent });
    }
    // Each item again, from the same kept POST answer: its own earlier save is no conflict.
    for (const item of items) expect((await spec.save(`/api/bids/items/${item.id}`, item, { vd: 'VD-1' })).status).toBe(200);
    const listed = await spec.load(`/api/bids/${bid.id}/items/`);
    expect(listed.map((i: Obj) => [i.frc, i.vd])).toEqual([['FRC-0', 'VD-1'], ['FRC-1', 'VD-1'], ['FRC-2', 'VD-1']]);
    expect((await spec.load(`/api/bids/${bid.id}`)).bid_percent_total).toBe(100);
  });

  it('given an item, when the user ticks modified_from_bid_sheet, saves, unticks it and saves again from its POST answer, then it is unticked', async () => {
    const bid = await openNewBid();
    const item = await spec.create(`/api/bids/${bid.id}/items/`, { bid: bid.id, item: 'Bore' });
    expect((await spec.save(`/api/bids/items/${item.id}`, item, { modified_from_bid_sheet: true })).body.modified_from_bid_sheet).toBe(true);
    const back = await spec.save(`/api/bids/items/${item.id}`, item, { modified_from_bid_sheet: false });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await spec.load<Obj[]>(`/api/bids/${bid.id}/items/`))[0].modified_from_bid_sheet).toBe(false);
  });

  it('given an item, when a percent that is not a number is saved, then 400 names bid_percent and nothing is written', async () => {
    const bid = await openNewBid();
    const item = await spec.create(`/api/bids/${bid.id}/items/`, { bid: bid.id, item: 'Trench' });
    const before = await eventCount();
    expectInvalid(await spec.save(`/api/bids/items/${item.id}`, item, { bid_percent: 'a lot' }), 'bid_percent');
    expect(await eventCount()).toBe(before);
  });

  it('given an item Frank changed since the client\'s POST answer, when the client changes the same field, then 409 names bid_percent and nothing is written', async () => {
    const bid = await openNewBid();
    const item = await spec.create(`/api/bids/${bid.id}/items/`, { bid: bid.id, item: 'Bore', bid_percent: '10' });
    expect((await frank.save(`/api/bids/items/${item.id}`, copyOf(item), { bid_percent: '40' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/bids/items/${item.id}`, item, { bid_percent: '45' }), 'bid_percent', { yours: 45, theirs: 40, by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
  });

  it('given notes, when each is saved twice with created_date dropped (spec 1 section 3), then 200 and the author stays the poster', async () => {
    const bid = await openNewBid();
    const notes = [await spec.create(`/api/bids/${bid.id}/notes/`, { bid: bid.id, note: 'Called the coordinator' }), await spec.create(`/api/bids/${bid.id}/notes/`, { bid: bid.id, note: 'Site visit Tuesday' })];
    expect(notes[0]).toMatchObject({ note_status: 'Update', created_by: 'Office User' });
    for (const note of notes) {
      expect((await spec.save(`/api/bids/notes/${note.id}`, note, { note_status: 'Called' }, ['created_date'])).status).toBe(200);
      const again = await spec.save(`/api/bids/notes/${note.id}`, note, { note: `${note.note} (done)` }, ['created_date']);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body).toMatchObject({ note_status: 'Called', created_by: 'Office User' });
    }
    expect((await spec.load(`/api/bids/${bid.id}/notes/`)).map((n: Obj) => n.note)).toEqual(['Called the coordinator (done)', 'Site visit Tuesday (done)']);
  });

  it('given no customer data, when the screen posts one and saves its first entry twice, then 200 and GET answers it first', async () => {
    const bid = await openNewBid();
    expect(await spec.load(`/api/bids/${bid.id}/customer_data/`)).toEqual([]);
    const data = await spec.create(`/api/bids/${bid.id}/customer_data/`, { bid: bid.id, job_ref: 'ATT-1' });
    expect((await spec.save(`/api/bids/customer_data/${data.id}`, data, { job_ref: 'ATT-2' })).status).toBe(200);
    expect((await spec.save(`/api/bids/customer_data/${data.id}`, data, { customer: 'AT&T' })).status).toBe(200);
    const [first] = await spec.load(`/api/bids/${bid.id}/customer_data/`);
    expect(first).toMatchObject({ id: data.id, job_ref: 'ATT-2', customer: 'AT&T' });
  });

  it('given a PDF bundle, when a new one is uploaded after the screen deletes the old one, then the bid has one bundle: the new one', async () => {
    const bid = await openNewBid();
    const fields = { bid: bid.id, file_name: 'bundle-1.pdf', file_type: 'pdf_bundle' };
    const one = await spec.upload(`/api/bids/${bid.id}/files/`, fields, pdf('bundle-1.pdf'));
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect((await spec.del(`/api/bids/files/${one.body.id}`)).status).toBe(200);
    const two = await spec.upload(`/api/bids/${bid.id}/files/`, { ...fields, file_name: 'bundle-2.pdf' }, pdf('bundle-2.pdf'));
    expect(two.status, JSON.stringify(two.body)).toBe(201);
    const files = await spec.load(`/api/bids/${bid.id}/files/`);
    expect(files.map((f: Obj) => [f.file_name, f.file_type])).toEqual([['bundle-2.pdf', 'pdf_bundle']]);
    expect((await spec.load(`/api/bids/${bid.id}`)).pdf_bundle).toMatchObject({ id: two.body.id, file_name: 'bundle-2.pdf' });
  });

  it('given deleted lines, when the kept item is PUT or deleted again and a file is deleted again, then 410 or 404 says so and nothing is made again', async () => {
    const bid = await openNewBid();
    const [a, b] = [await spec.create(`/api/bids/${bid.id}/items/`, { bid: bid.id, item: 'A' }), await spec.create(`/api/bids/${bid.id}/items/`, { bid: bid.id, item: 'B' })];
    const file = (await spec.upload(`/api/bids/${bid.id}/files/`, { bid: bid.id, file_name: 'x.pdf', file_type: 'other' }, pdf('x.pdf'))).body;
    expect((await spec.del(`/api/bids/items/${a.id}`)).status).toBe(200);
    expect((await spec.del(`/api/bids/files/${file.id}`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.save(`/api/bids/items/${a.id}`, a, { item: 'A again' }));
    expectGone(await spec.del(`/api/bids/items/${a.id}`));
    expectGone(await spec.del(`/api/bids/files/${file.id}`));
    expect(await eventCount()).toBe(before);
    expect((await spec.load(`/api/bids/${bid.id}/items/`)).map((i: Obj) => i.id)).toEqual([b.id]);
  });
});

describe('creating a job from a bid (spec 1 section 7, steps 1-3)', () => {
  it('given a bid with items, when the screen posts the job, PUTs the bid\'s job fields and posts each item, then the job has the fields and the items', async () => {
    const bid = await openNewBid({ work_request: 'WR-55', coordinator: 'Dana Coord', phone_1: '918-555-0100', request_start: '2031-01-05', bid_completion: '2031-02-05', job_number: 'JN-55', location: '12 Main St', city: 'Tulsa' });
    const items = [await spec.create(`/api/bids/${bid.id}/items/`, { bid: bid.id, item: 'Plow', job_number: 'J-1', bid_percent: '60', frc: 'F1', vd: 'V1' }), await spec.create(`/api/bids/${bid.id}/items/`, { bid: bid.id, item: 'Bore', bid_percent: '40' })];
    const job = await spec.create('/api/jobs/', { bid_ref: bid.id, work_status: 'New', form_type: 'attfiber' });
    expect(job.id).toMatch(/^\d+$/);
    const put = await spec.save(`/api/jobs/${job.id}`, job, {
      bid_ref: bid.id, work_status: 'New', form_type: 'attfiber', work_req_num: bid.work_request, task_completion: bid.task_completion, coordinator: bid.coordinator, coord_phone1: bid.phone_1,
      ticket_number: bid.ticket_number, description: bid.description, start_date: bid.request_start, completion_date: bid.bid_completion, job_number: bid.job_number, geo_loc: items[0].geographic_location,
      bid_area: items[0].bid_area, address: bid.location, city: bid.city, county: bid.county, crossroads: bid.crossroads, summary_description: bid.summary_description, job_summary: bid.job_summary,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    for (const i of items) {
      const r = await spec.post(`/api/jobs/${job.id}/items/`, { job: job.id, item: i.item, col1: i.job_number, job_percent: i.bid_percent, col4: i.frc, col6: i.vd, modified_from_bid_sheet: i.modified_from_bid_sheet });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const detail = await spec.load(`/api/jobs/${job.id}/`);
    expect(detail).toMatchObject({ bid_ref: bid.id, form_type: 'attfiber', work_status: 'New', work_req_num: 'WR-55', coord_phone1: '918-555-0100', start_date: '2031-01-05', completion_date: '2031-02-05', address: '12 Main St' });
    expect(detail.items.map((i: Obj) => [i.item, i.col1 ?? null, i.job_percent, i.col4 ?? null])).toEqual([['Plow', 'J-1', 60, 'F1'], ['Bore', null, 40, null]]);
  });

  it('given the screen posting the job with the job number it read (step 1), when another job took that number meanwhile, then 409 naming account_job_number and no job is made', async () => {
    const bid = await openNewBid({ work_request: 'WR-56' });
    const taken = await spec.create('/api/jobs/new/', { form_type: 'base', work_status: 'New' });
    const before = await eventCount();
    const r = await spec.post('/api/jobs/', { bid_ref: bid.id, work_status: 'New', form_type: 'attfiber', account_job_number: taken.account_job_number });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(Object.keys(r.body.fields)).toEqual(['account_job_number']);
    expect(await eventCount()).toBe(before);
  });
});

describe("other readings of a bid's lists", () => {
  it("given spec 2's award source 'C.N.A' and divisions by number (spec 3: 1 to 5), when the client saves its kept bid, then CNA and the division's name are answered and kept", async () => {
    const b = await openNewBid({ work_request: 'WR-CNA', award_source: 'C.N.A', division: 2 });
    expect(b).toMatchObject({ award_source: 'CNA', division: 'IR' });
    const r = await spec.save(`/api/bids/${b.id}`, b, { division: 5 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ award_source: 'CNA', division: 'LEGACY' });
    expect((await spec.save(`/api/bids/${b.id}`, b, { award_source: 'BID', division: '3' })).body).toMatchObject({ award_source: 'BID', division: 'NON-IR MR' });
    const before = await eventCount();
    expectInvalid(await spec.save(`/api/bids/${b.id}`, b, { division: 6 }), 'division');
    expect(await eventCount()).toBe(before);
  });
});

describe('deleting a bid', () => {
  it('given a deleted bid, when the kept object is loaded, PUT or deleted again, then 404 or 410 says so and nothing is written', async () => {
    const bid = await openNewBid({ description: 'To delete' });
    expect((await spec.del(`/api/bids/${bid.id}`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.get(`/api/bids/${bid.id}`));
    expectGone(await spec.save(`/api/bids/${bid.id}`, bid, { description: 'Back?' }));
    expectGone(await spec.del(`/api/bids/${bid.id}`));
    expect(await eventCount()).toBe(before);
  });
});

describe('the names of spec 1 section 3', () => {
  it('given a bid with an item, a note, customer data and a file, when the screens load them, then each carries every field the spec names', async () => {
    const bid = await openNewBid({ supplier_code: 'SC-1', work_request: 'WR-1' });
    await spec.create(`/api/bids/${bid.id}/items/`, { bid: bid.id, item: 'Plow', job_number: 'J', geographic_location: 'G', bid_area: 'A', bid_percent: '1', frc: 'F', vd: 'V', modified_from_bid_sheet: 'f' });
    await spec.create(`/api/bids/${bid.id}/notes/`, { bid: bid.id, note: 'N' });
    await spec.create(`/api/bids/${bid.id}/customer_data/`, { bid: bid.id, job_ref: 'R' });
    await spec.upload(`/api/bids/${bid.id}/files/`, { bid: bid.id, file_name: 'b.pdf', file_type: 'pdf_bundle' }, pdf('b.pdf'));
    const loaded = await spec.load(`/api/bids/${bid.id}`);
    const names = (o: Obj, keys: string) => expect.soft(missingNames(o, keys), `${JSON.stringify(o)} lacks`).toBe('');
    names(loaded, 'id work_request task_completion coordinator phone_1 ticket_number description request_start bid_completion bid_due_date job_number location city county crossroads summary_description job_summary last_updated archived bid_status supplier_code bid_days_away actual_days_away itemString pdf_bundle');
    const row = (await readOwnWrite(() => spec.load<Obj[]>('/api/bids/?archived=f'), (all) => all.some((b) => b.id === bid.id && b.pdf_bundle), 'the bid row with its bundle')).find((b) => b.id === bid.id)!;
    names(row, 'id bid_days_away actual_days_away itemString pdf_bundle');
    names((await spec.load<Obj[]>(`/api/bids/${bid.id}/items/`))[0], 'id bid item job_number geographic_location bid_area bid_percent frc vd modified_from_bid_sheet');
    names((await spec.load<Obj[]>(`/api/bids/${bid.id}/notes/`))[0], 'id bid created_by note_status created_date');
    names((await spec.load<Obj[]>(`/api/bids/${bid.id}/customer_data/`))[0], 'id bid job_ref');
    names((await spec.load<Obj[]>(`/api/bids/${bid.id}/files/`))[0], 'id bid file_name file_type file');
  });
});
