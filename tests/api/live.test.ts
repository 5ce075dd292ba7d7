/** Live updates: a bid changed by one user reaches another user's open list through Socket.IO. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/client.ts';

let app: TestApp;
let office: Client;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await startTestApp('api_live');
  office = await Client.signUp(app.url, 'Live');
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await app?.stop();
});

async function connect(c: Client, subscribe: Record<string, string>) {
  const s = io(app.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  sockets.push(s);
  const ack = await new Promise<{ ok: boolean }>((resolve, reject) => {
    s.on('connect_error', reject);
    s.on('connect', () => s.emit('subscribe', subscribe, resolve));
  });
  return { s, ack };
}

const next = <T>(s: Socket, event: string, match: (x: T) => boolean) =>
  new Promise<T>((resolve) => {
    const h = (x: T) => {
      if (match(x)) {
        s.off(event, h);
        resolve(x);
      }
    };
    s.on(event, h);
  });

describe('live updates', () => {
  it('given a second user watching the bid list, when a bid is changed, then the changed row arrives without a reload', async () => {
    const watcher = await connect(office, { list: 'bids' });
    expect(watcher.ack.ok).toBe(true);
    const b = (await office.post('/api/bids/', { work_request: 'LIVE-1' })).body;
    const created = await next<{ op: string; id: string; row: Record<string, unknown> }>(watcher.s, 'row', (r) => r.id === b.id);
    expect(created).toMatchObject({ list: 'bids', op: 'upsert', row: { work_request: 'LIVE-1', version: 1 } });
    const changed = next<{ row: Record<string, unknown> }>(watcher.s, 'row', (r: any) => r.id === b.id && r.row?.version === 2);
    await office.put(`/api/bids/${b.id}`, { city: 'Live City' });
    expect((await changed).row).toMatchObject({ city: 'Live City', version: 2 });
    const removed = next<{ op: string }>(watcher.s, 'row', (r: any) => r.id === b.id && r.op === 'remove');
    await office.del(`/api/bids/${b.id}`);
    expect((await removed).op).toBe('remove');
  });

  it('given a user watching one bid, when it changes, then a record event names its new version', async () => {
    const b = (await office.post('/api/bids/', { work_request: 'LIVE-2' })).body;
    const watcher = await connect(office, { record: `bid-${b.id}` });
    expect(watcher.ack.ok).toBe(true);
    // The creation's own record event may still be on its way: wait for the note's version.
    const rec = next<{ version: number; position: string }>(watcher.s, 'record', (r: any) => r.stream === `bid-${b.id}` && r.version === 2);
    const note = await office.post(`/api/bids/${b.id}/notes/`, { note: 'hi' });
    expect((await rec).position).toBe(note.body.position);
  });

  it('given another account, when it asks to watch this account\'s bid, then it is refused and hears nothing', async () => {
    const b = (await office.post('/api/bids/', { work_request: 'LIVE-3' })).body;
    const rival = await Client.signUp(app.url, 'Spy');
    const spy = await connect(rival, { record: `bid-${b.id}` });
    expect(spy.ack.ok).toBe(false);
    const spyList = await connect(rival, { list: 'bids' });
    let heard = false;
    spyList.s.on('row', (r: any) => (heard ||= r.id === b.id));
    spy.s.on('record', () => (heard = true));
    await office.put(`/api/bids/${b.id}`, { city: 'Secret' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(heard).toBe(false);
  });

  it('given no session, when a socket connects, then it is refused', async () => {
    const s = io(app.url, { path: '/socket.io', transports: ['websocket'] });
    sockets.push(s);
    const err = await new Promise<Error>((resolve) => s.on('connect_error', resolve));
    expect(err.message).toBe('unauthenticated');
  });
});

describe('the ORCA dashboards live', () => {
  it('given a coordinator watching the job rows, when a colleague adds a task, a CIBE line and an invoice, then the ORCA row arrives with the new figures and the colleague\'s name', async () => {
    const colleague = await office.addColleague('Pat Coordinator');
    const j = (await office.post('/api/jobs/new/', { form_type: 'attorca', title: 'Live orca' })).body;
    const watcher = await connect(office, { list: 'jobs' });
    expect(watcher.ack.ok).toBe(true);
    const tasked = next<{ row: Record<string, unknown> }>(watcher.s, 'row', (r: any) => r.id === j.id && r.row?.task_count === 1);
    const t = (await colleague.post(`/api/jobs/${j.id}/tasks/`, { job: j.id })).body;
    expect((await tasked).row).toMatchObject({ form_type: 'attorca', task_count: 1, last_updated_by: 'Pat Coordinator' });
    const cibe = next<{ row: Record<string, unknown> }>(watcher.s, 'row', (r: any) => r.id === j.id && r.row?.CIBE_job_grand_total_difference === 10);
    await colleague.post(`/api/jobs/${j.id}/cibeitems/`, { job_task: t.id, issued_item_code: 'L1', issued_item_qty: '1', issued_item_price: '10', CIBE_item_qty: '2' });
    expect((await cibe).row).toMatchObject({ CIBE_job_grand_total: 20 });
    const invoiced = next<{ row: Record<string, unknown> }>(watcher.s, 'row', (r: any) => r.id === j.id && r.row?.total_job_invoiced_actual === 75);
    await office.post(`/api/jobs/${j.id}/invoices/`, { job_task: t.id, invoice_number: 'LIVE-INV', invoice_amount: '75' });
    expect((await invoiced).row).toMatchObject({ last_updated_by: 'Live User' });
  });
});
