/**
 * Bulk actions (docs/bulk.md) over HTTP with the real BullMQ worker: archive and delete by ids and by
 * "all that match" (a filter minus except), one event per record, refused records counted as failed,
 * progress live on the account's `bulk_operations` list, and 400s that write nothing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { apiTest } from '../support/apiTest.ts';
import type { Client } from '../support/client.ts';

const { app, office, rival, db, eventCount } = apiTest('api_bulk', { worker: true });
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

const job = async (c: Client, values: Record<string, unknown>) => {
  const r = await c.post('/api/jobs/', { form_type: 'base', work_status: 'New', ...values });
  if (r.status !== 201) throw new Error(`job: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as string;
};

/** Ask for a bulk action and wait (polling GET, as the web may) until it ends. */
async function bulk(c: Client, body: Record<string, unknown>) {
  const asked = await c.post('/api/bulk/', body);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  expect(asked.body).toMatchObject({ list: body.list, action: body.action, status: 'queued', total: null, done: 0, failed: 0, file_url: null });
  await expect.poll(async () => (await c.get(`/api/bulk/${asked.body.id}/`)).body.status, { timeout: 20_000, interval: 100 }).toMatch(/done|failed/);
  return (await c.get(`/api/bulk/${asked.body.id}/`)).body;
}

/** Waits until the job list shows these ids for the search (the projector has them): `caughtUp` alone may pass before an event is visible. */
async function shownInList(c: Client, q: string, ids: string[]) {
  const path = `/api/jobs/?q=${encodeURIComponent(q)}&live_and_future=t&page_size=500`;
  await expect.poll(async () => ((await c.list(path)).body.results as { id: string }[]).map((r) => r.id), { timeout: 10_000, interval: 50 }).toEqual(expect.arrayContaining(ids));
}

const eventsOf = async (id: string) => (await db.query('select type, data from events where stream_id = $1 order by stream_version', [`job-${id}`])).rows as { type: string; data: Record<string, any> }[];
const archiveEvents = async (id: string) => (await eventsOf(id)).filter((e) => e.type === 'JobRevised' && e.data.changes?.archived);

describe('bulk archive and delete', () => {
  it('given three jobs, when two are archived by ids, then each has one archive event and the third is untouched', async () => {
    const [a, b, c] = [await job(office, { job_number: 'A-1' }), await job(office, { job_number: 'A-2' }), await job(office, { job_number: 'A-3' })];
    const op = await bulk(office, { list: 'jobs', action: 'archive', ids: [a, b] });
    expect(op).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0, label: 'Done', file_url: null, message: null });
    for (const id of [a, b]) expect(await archiveEvents(id)).toHaveLength(1);
    expect(await archiveEvents(c)).toHaveLength(0);
    // The list shows them once the projector has the worker's events.
    const archived = async () => (await office.list('/api/jobs/?active=f&archived=t&live_and_future=t')).body.map((r: { id: string }) => r.id);
    await expect.poll(archived, { timeout: 10_000, interval: 50 }).toEqual(expect.arrayContaining([a, b]));
    expect(await archived()).not.toContain(c);
  });

  it('given jobs matching a search, when all that match except one are archived, then exactly those are, and another account is never touched', async () => {
    const matching = [await job(office, { job_number: 'F-1', title: 'Filter fibre one' }), await job(office, { job_number: 'F-2', title: 'Filter fibre two' }), await job(office, { job_number: 'F-3', title: 'Filter fibre three' })];
    const other = await job(office, { job_number: 'F-4', title: 'Unrelated' });
    const rivals = await job(rival, { job_number: 'F-9', title: 'Filter fibre rival' });
    await shownInList(office, 'filter fibre', matching);
    const op = await bulk(office, { list: 'jobs', action: 'archive', filter: { q: 'filter fibre', active: 't', archived: 'f', live_and_future: 't' }, except: [matching[1]] });
    expect(op).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    expect(await archiveEvents(matching[0])).toHaveLength(1);
    expect(await archiveEvents(matching[2])).toHaveLength(1);
    for (const id of [matching[1], other, rivals]) expect(await archiveEvents(id)).toHaveLength(0);
  });

  it('given a filter naming no range, when archived, then the saved search dates apply as they do on the list', async () => {
    await office.put('/api/jobs/search_dates/', { start_date: '2026-06-01', end_date: '2026-06-30', live_and_future: false });
    const june = await job(office, { job_number: 'S-1', title: 'Saved range june', start_date: '2026-06-02', completion_date: '2026-06-20' });
    const later = await job(office, { job_number: 'S-2', title: 'Saved range later', start_date: '2027-02-01', completion_date: '2027-03-01' });
    await shownInList(office, 'saved range', [june, later]);
    const listed = (await office.list('/api/jobs/?q=saved+range')).body.map((r: { id: string }) => r.id);
    expect(listed).toEqual([june]);
    const op = await bulk(office, { list: 'jobs', action: 'archive', filter: { q: 'saved range' } });
    expect(op).toMatchObject({ status: 'done', total: 1, done: 1 });
    expect(await archiveEvents(june)).toHaveLength(1);
    expect(await archiveEvents(later)).toHaveLength(0);
    await office.put('/api/jobs/search_dates/', { start_date: null, end_date: null, live_and_future: true });
  });

  it('given ids of a deleted job and of another account, when deleted in bulk, then those fail with a message and the rest are deleted once', async () => {
    const [a, b, gone] = [await job(office, { job_number: 'D-1' }), await job(office, { job_number: 'D-2' }), await job(office, { job_number: 'D-3' })];
    const rivals = await job(rival, { job_number: 'D-9' });
    expect((await office.del(`/api/jobs/${gone}/`)).status).toBe(200);
    const op = await bulk(office, { list: 'jobs', action: 'delete', ids: [a, gone, rivals, b] });
    expect(op).toMatchObject({ status: 'done', total: 4, done: 2, failed: 2 });
    for (const id of [a, b, gone]) expect((await eventsOf(id)).filter((e) => e.type === 'JobDeleted')).toHaveLength(1);
    expect((await eventsOf(rivals)).map((e) => e.type)).toEqual(['JobCreated']);
    const failed = (await db.query(`select r.record_id, r.message from bulk_operation_records r where operation_id = $1 and state = 'failed' order by position`, [op.id])).rows;
    expect(failed).toEqual([{ record_id: gone, message: 'Job not found' }, { record_id: rivals, message: 'Job not found' }]);
    expect((await office.get(`/api/jobs/${a}/`)).status).toBe(404);
  });

  it('given archived jobs matching a search, when all that match on the archived list except one are deleted, then exactly those are deleted once', async () => {
    const made = [await job(office, { job_number: 'X-1', title: 'Delete sweep one' }), await job(office, { job_number: 'X-2', title: 'Delete sweep two' }), await job(office, { job_number: 'X-3', title: 'Delete sweep three' })];
    const active = await job(office, { job_number: 'X-4', title: 'Delete sweep active' });
    expect(await bulk(office, { list: 'jobs', action: 'archive', ids: made })).toMatchObject({ status: 'done', done: 3 });
    const archivedList = async () => (await office.list('/api/jobs/?q=delete+sweep&active=f&archived=t&live_and_future=t')).body.map((r: { id: string }) => r.id);
    await expect.poll(archivedList, { timeout: 10_000, interval: 50 }).toHaveLength(3);
    const op = await bulk(office, { list: 'jobs', action: 'delete', filter: { q: 'delete sweep', active: false, archived: true, live_and_future: true }, except: [made[0]] });
    expect(op).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    const deletions = async (id: string) => (await eventsOf(id)).filter((e) => e.type === 'JobDeleted').length;
    expect([await deletions(made[0]), await deletions(made[1]), await deletions(made[2]), await deletions(active)]).toEqual([0, 1, 1, 0]);
  });

  it('given the all-other-jobs dashboard, when all that match are archived, then its ORCA jobs are not', async () => {
    const base = await job(office, { job_number: 'O-1', title: 'Others sweep base' });
    const orca = await job(office, { job_number: 'O-2', title: 'Others sweep orca', form_type: 'attorca' });
    await shownInList(office, 'others sweep', [base, orca]);
    const op = await bulk(office, { list: 'all_other_jobs', action: 'archive', filter: { q: 'others sweep', live_and_future: 't' } });
    expect(op).toMatchObject({ list: 'all_other_jobs', status: 'done', total: 1, done: 1 });
    expect(await archiveEvents(base)).toHaveLength(1);
    expect(await archiveEvents(orca)).toHaveLength(0);
  });

  it('given bids and projects, when archived by ids, then their own archive command is appended', async () => {
    const bid = (await office.post('/api/bids/', { work_request: 'BULK-BID' })).body.id;
    const project = (await office.post('/api/projects/', { name: 'Bulk project' })).body.id;
    expect(await bulk(office, { list: 'bids', action: 'archive', ids: [bid] })).toMatchObject({ status: 'done', done: 1 });
    expect(await bulk(office, { list: 'projects', action: 'archive', ids: [project] })).toMatchObject({ status: 'done', done: 1 });
    expect((await office.get(`/api/bids/${bid}/`)).body.archived).toBe(true);
    expect((await office.get(`/api/projects/${project}/`)).body.archived).toBe(true);
  });
});

describe('what the user chose', () => {
  it('given a filter resolved at the start, when a job starts matching and another stops matching while it runs, then exactly the resolved ones are archived', async () => {
    const chosen = [await job(office, { job_number: 'R-1', title: 'Resolved once one' }), await job(office, { job_number: 'R-2', title: 'Resolved once two' }), await job(office, { job_number: 'R-3', title: 'Resolved once three' })];
    await shownInList(office, 'resolved once', chosen);
    process.env.BULK_STEP_DELAY_MS = '300';
    try {
      const asked = await office.post('/api/bulk/', { list: 'jobs', action: 'archive', filter: { q: 'resolved once', live_and_future: 't' } });
      await expect.poll(async () => (await office.get(`/api/bulk/${asked.body.id}/`)).body.total, { timeout: 10_000, interval: 20 }).toBe(3);
      const late = await job(office, { job_number: 'R-4', title: 'Resolved once late' });
      expect((await office.put(`/api/jobs/${chosen[2]}/`, { title: 'Renamed meanwhile' })).status).toBe(200);
      await expect.poll(async () => (await office.get(`/api/bulk/${asked.body.id}/`)).body.status, { timeout: 20_000, interval: 100 }).toBe('done');
      for (const id of chosen) expect(await archiveEvents(id)).toHaveLength(1);
      expect(await archiveEvents(late)).toHaveLength(0);
    } finally {
      delete process.env.BULK_STEP_DELAY_MS;
    }
  });
});

describe('bulk progress', () => {
  it('given a user watching bulk_operations, when an archive runs, then its rows arrive live, ending done with the counts; another account cannot read it', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await job(office, { job_number: `P-${i}` }));
    const s = io(app.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: [...office.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    sockets.push(s);
    const ack = await new Promise<{ ok: boolean }>((ok, fail) => {
      s.on('connect_error', fail);
      s.on('connect', () => s.emit('subscribe', { list: 'bulk_operations' }, ok));
    });
    expect(ack.ok).toBe(true);
    const rows: Record<string, any>[] = [];
    s.on('row', (r: { list: string; op: string; row: Record<string, any> }) => r.list === 'bulk_operations' && r.op === 'upsert' && rows.push(r.row));
    const op = await bulk(office, { list: 'jobs', action: 'archive', ids });
    await expect.poll(() => rows.filter((r) => r.id === op.id && r.status === 'done').length, { timeout: 5000 }).toBeGreaterThan(0);
    const mine = rows.filter((r) => r.id === op.id);
    expect(mine[0]).toMatchObject({ list: 'jobs', action: 'archive', status: 'running', label: 'Archiving...' });
    expect(mine.some((r) => r.total === 6)).toBe(true);
    expect(mine.at(-1)).toMatchObject({ status: 'done', total: 6, done: 6, failed: 0 });
    // Done counts only grow.
    const dones = mine.map((r) => r.done);
    expect(dones).toEqual([...dones].sort((x, y) => x - y));
    expect((await rival.get(`/api/bulk/${op.id}/`)).status).toBe(404);
  });
});

describe('bad bulk requests', () => {
  it.each([
    [{ action: 'archive', ids: ['1'] }, 'list'],
    [{ list: 'crews', action: 'archive', ids: ['1'] }, 'list'],
    [{ list: 'jobs', action: 'burn', ids: ['1'] }, 'action'],
    [{ list: 'jobs', action: 'archive' }, 'ids'],
    [{ list: 'jobs', action: 'archive', ids: [] }, 'ids'],
    [{ list: 'jobs', action: 'archive', ids: ['x1'] }, 'ids.0'],
    [{ list: 'jobs', action: 'archive', ids: Array.from({ length: 1001 }, (_, i) => String(i + 1)) }, 'ids'],
    [{ list: 'jobs', action: 'archive', ids: ['1'], filter: {} }, 'ids'],
    [{ list: 'jobs', action: 'archive', filter: { start_date: 'June' } }, 'filter.start_date'],
    [{ list: 'jobs', action: 'archive', filter: { archived: 'maybe' } }, 'filter.archived'],
    [{ list: 'jobs', action: 'archive', filter: {}, except: ['a'] }, 'except.0'],
    [{ list: 'jobs', action: 'report', filter: {} }, 'report'],
    [{ list: 'jobs', action: 'report', report: 'payroll', filter: {} }, 'report'],
    [{ list: 'jobs', action: 'report', report: 'management', format: 'docx', filter: {} }, 'format'],
    [{ list: 'bids', action: 'report', report: 'management', filter: {} }, 'report'],
  ])('given %j, then 400 naming %s and nothing is written', async (body, field) => {
    const before = await eventCount();
    const ops = Number((await db.query('select count(*) from bulk_operations')).rows[0].count);
    const r = await office.post('/api/bulk/', body);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields ?? {}).some((k) => k === field || k.startsWith(`${field}.`) || k.startsWith(`${field}`)), JSON.stringify(r.body)).toBe(true);
    expect(await eventCount()).toBe(before);
    expect(Number((await db.query('select count(*) from bulk_operations')).rows[0].count)).toBe(ops);
  });

  it('given an unknown operation, then 404', async () => {
    expect((await office.get('/api/bulk/999999/')).status).toBe(404);
  });
});
