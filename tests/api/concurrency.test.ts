/**
 * Concurrency by field, against the real Postgres: writes from the versions their authors saw merge
 * field by field; only a field two users changed to different values is a 409, and nothing is lost.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import type { Client } from '../support/client.ts';

const { office, eventCount } = apiTest('api_concurrency');

type Row = Record<string, any>;

async function newBid(values: Row = {}) {
  const r = await office.post('/api/bids/', { bid_status: 'A', ...values });
  expect(r.status).toBe(201);
  return r.body as Row;
}

describe('two users, one bid, one base version', () => {
  it('given two users changing different fields from the same version, when both save the whole object, then both changes are kept', async () => {
    const frank = await office.addColleague('Frank Field');
    const loaded = (await office.get(`/api/bids/${(await newBid({ description: 'Bore under Main', city: 'Tulsa' })).id}`)).body;
    const [a, b] = await Promise.all([
      office.put(`/api/bids/${loaded.id}`, { ...loaded, description: 'Bore under Main St' }),
      frank.put(`/api/bids/${loaded.id}`, { ...loaded, city: 'Broken Arrow' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const now = (await office.get(`/api/bids/${loaded.id}`)).body;
    expect(now).toMatchObject({ description: 'Bore under Main St', city: 'Broken Arrow', version: 3 });
  });

  it('given two users changing the same field from the same version at once, then exactly one 409 naming it with both values, and the saved value is not lost', async () => {
    const frank = await office.addColleague('Frank Field');
    const loaded = (await office.get(`/api/bids/${(await newBid({ city: 'Tulsa' })).id}`)).body;
    const results = await Promise.all([office.put(`/api/bids/${loaded.id}`, { ...loaded, city: 'Owasso' }), frank.put(`/api/bids/${loaded.id}`, { ...loaded, city: 'Jenks' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = results.find((r) => r.status === 409)!;
    const won = results.find((r) => r.status === 200)!;
    expect(lost.body.conflicts).toHaveLength(1);
    expect(lost.body.conflicts[0]).toMatchObject({ field: 'city', base: 'Tulsa', theirs: won.body.city, at: expect.any(String) });
    expect(lost.body.conflicts[0].yours).not.toBe(won.body.city);
    expect(lost.body.message).toMatch(/changed city since you opened it/);
    expect((await office.get(`/api/bids/${loaded.id}`)).body.city).toBe(won.body.city);
    // The loser keeps theirs, saving again from the version the 409 answered: it applies.
    const loser = lost === results[0] ? office : frank;
    const again = await loser.put(`/api/bids/${loaded.id}`, { ...lost.body.current, city: lost.body.conflicts[0].yours });
    expect(again.status).toBe(200);
    expect(again.body.city).toBe(lost.body.conflicts[0].yours);
  });

  it('given a user who saved twice from the object one GET answered, then neither save fails (their own save is no conflict)', async () => {
    const loaded = (await office.get(`/api/bids/${(await newBid()).id}`)).body;
    expect((await office.put(`/api/bids/${loaded.id}`, { ...loaded, description: 'One' })).status).toBe(200);
    const second = await office.put(`/api/bids/${loaded.id}`, { ...loaded, description: 'Two' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ description: 'Two', version: 3 });
  });

  it('given a PUT without a version, then only the fields that differ from the bid as it stands are written', async () => {
    const b = await newBid({ description: 'Keep', city: 'Tulsa' });
    const frank = await office.addColleague('Frank Field');
    await frank.put(`/api/bids/${b.id}`, { county: 'Tulsa County' });
    const r = await office.put(`/api/bids/${b.id}`, { description: 'Keep', city: 'Sand Springs' });
    expect(r.body).toMatchObject({ description: 'Keep', city: 'Sand Springs', county: 'Tulsa County' });
    const last = (await office.get(`/api/bids/${b.id}/history/`)).body.at(-1);
    expect(last.changes).toEqual([{ field: 'city', old: 'Tulsa', new: 'Sand Springs' }]);
  });
});

describe('lines have their own versions', () => {
  async function jobWithItems(n: number) {
    const job = (await office.post('/api/jobs/new/', { form_type: 'base', title: 'Lines' })).body as Row;
    const items: Row[] = [];
    for (let i = 0; i < n; i++) {
      const r = await office.post(`/api/jobs/${job.id}/items/`, { job: job.id, item: `Item ${i}`, qty: '1', price: '10' });
      expect(r.status).toBe(201);
      items.push(r.body);
    }
    return { job, items };
  }

  it('given lines added after a line, when that line is saved with the object its POST answered, then 200', async () => {
    const { items } = await jobWithItems(3);
    const first = items[0];
    expect(first.version).toBeLessThan(items[2].version);
    const r = await office.put(`/api/jobs/items/${first.id}`, { ...first, qty: '4' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: first.id, qty: 4, total_price: 40 });
    expect(r.headers.get('etag')).toBe(`"${r.body.version}"`);
  });

  it('given 8 users each editing a different line of one job from stale objects at once, then all 8 edits are kept', async () => {
    const { job, items } = await jobWithItems(8);
    const users: Client[] = await Promise.all(items.map((_, i) => office.addColleague(`Crew Lead ${i}`)));
    const before = await eventCount();
    const results = await Promise.all(items.map((item, i) => users[i].put(`/api/jobs/items/${item.id}`, { ...item, description: `Edited by ${i}`, qty: String(i + 2) })));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await eventCount()).toBe(before + 8);
    const detail = (await office.get(`/api/jobs/${job.id}/`)).body;
    expect(detail.items.map((l: Row) => [l.description, l.qty])).toEqual(items.map((_, i) => [`Edited by ${i}`, i + 2]));
    expect(detail.total_po_item_amounts).toBe(items.reduce((s, _, i) => s + (i + 2) * 10, 0));
  });

  it('given another user changed the same field of the line since, then 409 names it and answers the line as it stands', async () => {
    const { items } = await jobWithItems(1);
    const frank = await office.addColleague('Frank Field');
    expect((await frank.put(`/api/jobs/items/${items[0].id}`, { ...items[0], price: '12' })).status).toBe(200);
    const r = await office.put(`/api/jobs/items/${items[0].id}`, { ...items[0], price: '15' });
    expect(r.status).toBe(409);
    expect(r.body.conflicts).toMatchObject([{ field: 'price', yours: 15, theirs: 12, base: 10, by: 'Frank Field' }]);
    expect(r.body.current).toMatchObject({ id: items[0].id, price: 12, total_price: 12 });
  });

  it('given a line another user removed, when it is saved, then 410 says who removed it and nothing is made again', async () => {
    const { job, items } = await jobWithItems(2);
    const frank = await office.addColleague('Frank Field');
    expect((await frank.del(`/api/jobs/items/${items[0].id}`)).status).toBe(200);
    const before = await eventCount();
    const r = await office.put(`/api/jobs/items/${items[0].id}`, { ...items[0], qty: '9' });
    expect(r.status).toBe(410);
    expect(r.body).toMatchObject({ error: 'gone', message: expect.stringMatching(/item was deleted by Frank Field at .+ Nothing was saved/) });
    expect(await eventCount()).toBe(before);
    expect((await office.get(`/api/jobs/${job.id}/items/`)).body.map((l: Row) => l.id)).toEqual([items[1].id]);
  });

  it('given the job detail, then each line carries its own version, and the record its own', async () => {
    const { job, items } = await jobWithItems(2);
    const detail = (await office.get(`/api/jobs/${job.id}/`)).body;
    expect(detail.items.map((l: Row) => l.version)).toEqual(items.map((l) => l.version));
    expect(detail.version).toBe(items[1].version);
  });
});
