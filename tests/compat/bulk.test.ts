/**
 * Bulk actions beside the spec's client: the old client archives and deletes selected rows one
 * request per record (a whole-row PUT with archived true, a DELETE), and keeps doing so; a bulk
 * operation changes each record with the very same event as that single request, and the old client's
 * plain-array list shows the result. The bulk body takes the list call's params as a form sends them (text).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { copyOf, eventually, SpecClient, type Obj } from './specClient.ts';

const { office, db } = apiTest('compat_bulk', { worker: true });
const spec = new SpecClient(office);
const byHand: string[] = [];
const inBulk: string[] = [];
const list = 'start_date=2031-01-01&stop_date=2031-12-31&live_and_future=false&active=true&archived=false';

beforeAll(async () => {
  for (let i = 0; i < 3; i++) byHand.push((await spec.create('/api/jobs/new/', { form_type: 'base', work_status: 'New', title: `Compat bulk by hand ${i}`, completion_date: '2031-03-01' })).id);
  for (let i = 0; i < 3; i++) inBulk.push((await spec.create('/api/jobs/new/', { form_type: 'base', work_status: 'New', title: `Compat bulk in one ${i}`, completion_date: '2031-03-01' })).id);
  // The list shows all six before anything resolves a filter over it.
  await eventually(() => spec.load<Obj[]>(`/api/jobs/?${list}&q=compat+bulk`), (rows) => rows.length === 6, 'the six jobs on the list');
});

const archiveChange = async (id: string) =>
  (await db.query(`select data->'changes'->'archived' as archived from events where stream_id = $1 and type = 'JobRevised'`, [`job-${id}`])).rows.map((r) => r.archived);

async function bulk(body: Obj) {
  const asked = await office.post('/api/bulk/', body);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  return eventually(async () => (await office.get(`/api/bulk/${asked.body.id}/`)).body as Obj, (op) => op.status === 'done' || op.status === 'failed', 'the bulk operation to end');
}

describe('bulk actions and the spec client', () => {
  it('given the old client archiving selected rows one PUT of the whole row each, then each is archived, as before', async () => {
    const rows = await spec.load<Obj[]>(`/api/jobs/?${list}`);
    for (const row of rows.filter((r) => byHand.includes(r.id))) expect((await spec.put(`/api/jobs/${row.id}/`, { ...copyOf(row), archived: true })).status).toBe(200);
    for (const id of byHand) expect(await archiveChange(id)).toHaveLength(1);
  });

  it('given a bulk archive of the rest of that list (filter as the list call, text toggles, except none), then each record has the same archive event a single PUT makes, and the old list no longer shows them', async () => {
    await eventually(() => spec.load<Obj[]>(`/api/jobs/?${list}&q=compat+bulk`), (rows) => rows.length === 3, 'the archived ones to leave the list');
    const op = await bulk({ list: 'jobs', action: 'archive', filter: { start_date: '2031-01-01', stop_date: '2031-12-31', live_and_future: 'false', active: 'true', archived: 'false', q: 'compat bulk' } });
    expect(op).toMatchObject({ status: 'done', total: 3, done: 3, failed: 0 });
    const single = await archiveChange(byHand[0]);
    for (const id of inBulk) expect(await archiveChange(id)).toEqual(single);
    // The old client waits for its list as a user would.
    await eventually(() => spec.load<Obj[]>(`/api/jobs/?${list}`), (rows) => !rows.some((r) => [...byHand, ...inBulk].includes(r.id)), 'the archived jobs to leave the active list');
  });

  it('given the old client deleting one archived job and a bulk delete of the others by ids, then each is deleted once and gone from the archived list', async () => {
    expect((await spec.del(`/api/jobs/${byHand[0]}/`)).status).toBe(200);
    const op = await bulk({ list: 'jobs', action: 'delete', ids: [...byHand.slice(1), ...inBulk] });
    expect(op).toMatchObject({ status: 'done', total: 5, done: 5, failed: 0 });
    const deleted = await db.query(`select stream_id, count(*)::int as n from events where type = 'JobDeleted' and stream_id = any($1) group by stream_id`, [[...byHand, ...inBulk].map((id) => `job-${id}`)]);
    expect(deleted.rows.map((r) => r.n)).toEqual([1, 1, 1, 1, 1, 1]);
    await eventually(() => spec.load<Obj[]>('/api/jobs/?start_date=2031-01-01&stop_date=2031-12-31&active=false&archived=true'), (rows) => !rows.some((r) => [...byHand, ...inBulk].includes(r.id)), 'the deleted jobs to leave the archived list');
  });
});
