/**
 * /api/health tells the truth: the public only up or down; a signed-in user or a local probe each
 * process kind's live instances and each projection's lag, degraded while a process kind is missing
 * or a projection stalls. (Postgres going away is in tests/faults/.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { Client } from '../support/client.ts';
import type { TestApp } from '../support/app.ts';

// This file's app beats and stalls fast; the settings go with it (test files share a process).
vi.hoisted(() => {
  process.env.PROJECTION_STALL_MS = '400';
  process.env.HEARTBEAT_MS = '200';
});

let app: TestApp;
let office: Client;
const PROXIED = { 'X-Forwarded-For': '203.0.113.9' };

beforeAll(async () => {
  const { startTestApp } = await import('../support/app.ts');
  app = await startTestApp('api_health', { worker: true });
  office = await Client.signUp(app.url, 'Health');
});
afterAll(async () => {
  await app?.stop();
  delete process.env.PROJECTION_STALL_MS;
  delete process.env.HEARTBEAT_MS;
});

describe('health', () => {
  it('given a visitor through a proxy, when health is asked, then only "up" is said', async () => {
    const r = await new Client(app.url).get('/api/health', PROXIED);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'up' });
  });

  it('given a signed-in user through a proxy, when health is asked, then the details are given', async () => {
    const r = await office.get('/api/health', PROXIED);
    expect(r.body).toMatchObject({ database: 'ok', redis: 'ok', processes: { api: { live: 1 }, projector: { live: 1 }, worker: { live: 1 } } });
  });

  it('given api, projector and worker running and caught up, when a local probe asks, then it is ok with each process and projection', async () => {
    await office.post('/api/bids/', { work_request: 'HEALTH-1' });
    await app.caughtUp();
    const local = new Client(app.url);
    // What a projector leads is as fresh as its last heartbeat.
    await expect.poll(async () => (await local.get('/api/health')).body.processes.projector.instances[0]?.leading, { timeout: 5000, interval: 100 }).toContain('bids_list');
    // caughtUp() can return while another test file's open transaction still hides the bid from $all
    // (the xmin horizon is server-wide): wait until the projection has it, as a reader would.
    const bidsList = (body: { projections: { projection: string }[] }) => body.projections.find((p) => p.projection === 'bids_list');
    await expect.poll(async () => bidsList((await local.get('/api/health')).body), { timeout: 10_000, interval: 100 }).toMatchObject({ caught_up: true, events_behind: 0 });
    const r = await local.get('/api/health');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', problems: [], database: 'ok', redis: 'ok' });
    expect(r.body.processes.projector.instances[0]).toMatchObject({ pid: process.pid });
    expect(bidsList(r.body)).toMatchObject({ caught_up: true, events_behind: 0, stalled: false });
  });

  it('given the projector stopped, when a write waits unprojected, then health is degraded naming the missing process and the stalled projection', async () => {
    await app.stopProjector();
    const bid = await office.post('/api/bids/', { work_request: 'HEALTH-2' });
    expect(bid.status).toBe(201); // writes are still taken: they are in the store, and projected once a projector runs
    const local = new Client(app.url);
    await expect
      .poll(async () => (await local.get('/api/health')).body.projections?.find((p: { projection: string }) => p.projection === 'bids_list')?.stalled, { timeout: 10_000, interval: 100 })
      .toBe(true);
    const r = await local.get('/api/health');
    expect(r.status).toBe(200); // the api itself still serves
    expect(r.body.status).toBe('degraded');
    expect(r.body.processes.projector.live).toBe(0);
    expect(r.body.problems).toContain('no projector process is running');
    expect(r.body.problems.some((p: string) => /^projection bids_list is \d+ events behind and not moving$/.test(p))).toBe(true);
    expect((await new Client(app.url).get('/api/health', PROXIED)).body).toEqual({ status: 'up' });
  });

  it('given a heartbeat of this machine whose process is gone (killed before it could say so), when health is asked, then that process is not counted live', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid!; // a pid that existed and has exited
    await app.api.ctx.db('process_heartbeats').insert({ id: `worker:${hostname()}:${dead}:gone`, kind: 'worker', host: hostname(), pid: dead, interval_ms: 60_000, started_at: new Date(), beat_at: new Date(), info: {} });
    const r = await new Client(app.url).get('/api/health');
    expect(r.body.processes.worker.instances.map((i: { pid: number }) => i.pid)).not.toContain(dead);
    await app.api.ctx.db('process_heartbeats').where({ pid: dead }).delete();
  });
});
