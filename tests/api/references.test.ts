/**
 * References between records over HTTP (issue 11): a field declared with `ref(...)` (a job's bid_ref,
 * a crew or crew_ref, a segment_ref, a work order's job_item_ref, a material's job_work_order, a
 * product's raw_material) must name a record of the caller's account, and a line reference a line of
 * the same record; otherwise a 400 names the field and nothing is written, not even a counter number.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';

const { office, rival, eventCount } = apiTest('api_references');

type Row = { id: string } & Record<string, unknown>;
async function created(c: typeof office, path: string, values: Record<string, unknown> = {}) {
  const r = await c.post(path, values);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(201);
  return r.body as Row;
}
const counter = async (kind: string) => (await office.get(`/api/settings/current_number/${kind}/`)).body.number as number;

/** The answer to a write that must be refused, and that nothing was written. */
async function refused(write: () => Promise<{ status: number; body: any }>) {
  const before = await eventCount();
  const r = await write();
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(await eventCount()).toBe(before);
  return r.body.fields as Record<string, string>;
}

let ownBid: Row;
let rivalBid: Row;
let ownCrew: Row;
let rivalCrew: Row;
beforeAll(async () => {
  ownBid = await created(office, '/api/bids/', { work_request: 'WR-OWN' });
  rivalBid = await created(rival, '/api/bids/', { work_request: 'WR-THEIRS' });
  ownCrew = await created(office, '/api/settings/crews/', { crew_name: 'Own Crew' });
  rivalCrew = await created(rival, '/api/settings/crews/', { crew_name: 'Their Crew' });
});

describe('a job\'s bid_ref', () => {
  it('given another account\'s bid, when a job names it (with a new coordinator), then 400 names bid_ref, and no job number or coordinator is spent', async () => {
    const number = await counter('job');
    const coordinators = (await office.get('/api/settings/jobs/sva_coordinators/')).body.length;
    for (const bid_ref of [rivalBid.id, Number(rivalBid.id)]) {
      const fields = await refused(() => office.post('/api/jobs/', { form_type: 'base', bid_ref, coordinator_code: 'NEW1', coordinator: 'New Coordinator' }));
      expect(fields).toEqual({ bid_ref: 'no such bid in your account' });
    }
    expect(await refused(() => office.post('/api/jobs/new/', { form_type: 'base', bid_ref: rivalBid.id }))).toEqual({ bid_ref: 'no such bid in your account' });
    expect(await counter('job')).toBe(number);
    expect((await office.get('/api/settings/jobs/sva_coordinators/')).body).toHaveLength(coordinators);
  });

  it('given an id of the account that is no bid (a crew) or no record at all, when a job names it, then 400 names bid_ref', async () => {
    expect(await refused(() => office.post('/api/jobs/', { form_type: 'base', bid_ref: ownCrew.id }))).toEqual({ bid_ref: 'no such bid in your account' });
    expect(await refused(() => office.post('/api/jobs/', { form_type: 'base', bid_ref: '999999999999' }))).toEqual({ bid_ref: 'no such bid in your account' });
  });

  it('given a job of the account\'s own bid, when saved pointing at another account\'s bid, then 400 and the job keeps its bid', async () => {
    const job = await created(office, '/api/jobs/', { form_type: 'base', bid_ref: ownBid.id });
    expect(job.bid_ref).toBe(ownBid.id);
    expect(await refused(() => office.put(`/api/jobs/${job.id}`, { ...job, bid_ref: rivalBid.id }))).toEqual({ bid_ref: 'no such bid in your account' });
    expect(await refused(() => office.put(`/api/jobs/job_with_related_update/${job.id}/`, { bid_ref: rivalBid.id }))).toEqual({ bid_ref: 'no such bid in your account' });
    expect((await office.get(`/api/jobs/${job.id}`)).body.bid_ref).toBe(ownBid.id);
  });

  it('given a job whose bid was deleted since, when the job is sent back whole with a change, then it saves', async () => {
    const bid = await created(office, '/api/bids/', { work_request: 'WR-GONE' });
    const job = await created(office, '/api/jobs/', { form_type: 'base', bid_ref: bid.id });
    expect((await office.del(`/api/bids/${bid.id}`)).status).toBe(200);
    const r = await office.put(`/api/jobs/${job.id}`, { ...job, title: 'Still here' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ bid_ref: bid.id, title: 'Still here' });
  });
});

describe('crews on work orders and job crews', () => {
  it('given another account\'s crew, when a work order names it as crew_ref, then 400 names crew_ref and no work-order number is spent; the account\'s own crew is taken', async () => {
    const job = await created(office, '/api/jobs/', { form_type: 'base' });
    const number = await counter('job/work_order');
    expect(await refused(() => office.post(`/api/jobs/${job.id}/work_orders/`, { work_description: 'Bore', crew_ref: rivalCrew.id }))).toEqual({ crew_ref: 'no such crew in your account' });
    expect(await counter('job/work_order')).toBe(number);
    const wo = await created(office, `/api/jobs/${job.id}/work_orders/`, { work_description: 'Bore', crew_ref: ownCrew.id });
    expect(wo.crew_ref).toBe(ownCrew.id);
    expect(await refused(() => office.put(`/api/jobs/work_orders/${wo.id}/`, { ...wo, crew_ref: rivalCrew.id }))).toEqual({ crew_ref: 'no such crew in your account' });
  });

  it('given a segment of another job, or of another account, when a crew line names it as segment_ref, then 400 names segment_ref; its own job\'s segment is taken', async () => {
    const job = await created(office, '/api/jobs/', { form_type: 'base' });
    const other = await created(office, '/api/jobs/', { form_type: 'base' });
    const mine = await created(office, `/api/jobs/${job.id}/segments/`, { segment_number: 'S1' });
    const elsewhere = await created(office, `/api/jobs/${other.id}/segments/`, { segment_number: 'S9' });
    const theirJob = await created(rival, '/api/jobs/', { form_type: 'base' });
    const theirs = await created(rival, `/api/jobs/${theirJob.id}/segments/`, { segment_number: 'S1' });
    expect(await refused(() => office.post(`/api/jobs/${job.id}/crews/`, { crew_name: 'Own Crew', segment_ref: theirs.id }))).toEqual({ segment_ref: 'no such segment in your account' });
    expect(await refused(() => office.post(`/api/jobs/${job.id}/crews/`, { crew_name: 'Own Crew', segment_ref: elsewhere.id }))).toEqual({ segment_ref: 'no such segment in this record' });
    const crew = await created(office, `/api/jobs/${job.id}/crews/`, { crew_name: 'Own Crew', segment_ref: mine.id });
    expect(crew).toMatchObject({ crew: ownCrew.id, segment_ref: mine.id });
    expect(await refused(() => office.put(`/api/jobs/crews/${crew.id}`, { ...crew, segment_ref: elsewhere.id }))).toEqual({ segment_ref: 'no such segment in this record' });
    expect(await refused(() => office.put(`/api/jobs/crews/${crew.id}`, { segment_ref: theirs.id, crew: rivalCrew.id }))).toEqual({ crew: 'no such crew in your account', segment_ref: 'no such segment in your account' });
  });
});

describe('an assigned user', () => {
  it('given a user assigned to a job, when the line is PUT naming another account\'s user, then the assignment keeps its user', async () => {
    const job = await created(office, '/api/jobs/', { form_type: 'base' });
    const me = (await office.get('/api/auth/me')).body.user;
    const them = (await rival.get('/api/auth/me')).body.user;
    const line = await created(office, `/api/jobs/${job.id}/assign_users/`, { user_to_be_assigned: me.email });
    const r = await office.put(`/api/jobs/assign_users/${line.id}/`, { ...line, user_id: them.id, email: them.email, display_name: them.display_name });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ user_id: me.id, email: me.email, display_name: me.display_name });
  });
});

describe('lines that name other lines', () => {
  it('given a job item of another job, when a work-order item names it as job_item_ref, then 400 names job_item_ref; the job\'s own item is taken', async () => {
    const job = await created(office, '/api/jobs/', { form_type: 'base' });
    const other = await created(office, '/api/jobs/', { form_type: 'base' });
    const item = await created(office, `/api/jobs/${job.id}/items/`, { item: 'Bore', qty: 10, price: 5 });
    const otherItem = await created(office, `/api/jobs/${other.id}/items/`, { item: 'Splice', qty: 1, price: 5 });
    const wo = await created(office, `/api/jobs/${job.id}/work_orders/`, { work_description: 'Bore' });
    expect(await refused(() => office.post(`/api/jobs/work_orders/${wo.id}/items/`, { job_work_order: wo.id, job_item_ref: otherItem.id, qty: 1 }))).toEqual({ job_item_ref: 'no such item in this record' });
    expect(await refused(() => office.post(`/api/jobs/work_orders/${wo.id}/items/`, { job_work_order: wo.id, job_item_ref: wo.id, qty: 1 }))).toEqual({ job_item_ref: 'no such item in your account' });
    expect((await created(office, `/api/jobs/work_orders/${wo.id}/items/`, { job_work_order: wo.id, job_item_ref: item.id, qty: 1 })).job_item_ref).toBe(item.id);
  });

  it('given another account\'s work order, when a material names it as job_work_order, then 400 names job_work_order', async () => {
    const job = await created(office, '/api/jobs/', { form_type: 'base' });
    const theirJob = await created(rival, '/api/jobs/', { form_type: 'base' });
    const theirWo = await created(rival, `/api/jobs/${theirJob.id}/work_orders/`, { work_description: 'Theirs' });
    expect(await refused(() => office.post(`/api/jobs/${job.id}/materials/`, { item_code: 'HD125', qty: 5, job_work_order: theirWo.id }))).toEqual({ job_work_order: 'no such work order in your account' });
  });

  it('given another account\'s raw material, or a crew, when a product\'s raw material names it, then 400 names raw_material; the account\'s own is taken', async () => {
    const product = await created(office, '/api/settings/our_products/', { item_name: 'Duct kit' });
    const own = await created(office, '/api/settings/raw_materials/', { name: 'HDPE' });
    const theirs = await created(rival, '/api/settings/raw_materials/', { name: 'Steel' });
    const path = `/api/settings/our_products/${product.id}/raw_materials/`;
    expect(await refused(() => office.post(path, { code: 'X', raw_material: theirs.id }))).toEqual({ raw_material: 'no such raw material in your account' });
    expect(await refused(() => office.post(path, { code: 'X', raw_material: ownCrew.id }))).toEqual({ raw_material: 'no such raw material in your account' });
    expect((await created(office, path, { code: 'HD', raw_material: own.id })).raw_material).toBe(own.id);
  });
});
