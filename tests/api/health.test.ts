/**
 * /api/health tells the truth: the public only up or down; a signed-in user or a local probe each
 * process kind's live instances and each projection's lag (events and seconds), degraded while a
 * process kind is missing, a projection stalls or a transaction holds the store back, which it names.
 * (Postgres going away is in tests/faults/.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { withDatabase } from '@trenchline/read-model';
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

  it('given a transaction holding a transaction id in another database of the server, when a bid is saved, then health names it, says not caught up and turns degraded; once it ends, caught up and ok again', async () => {
    const local = new Client(app.url);
    const bidsList = (body: { projections: { projection: string }[] }) => body.projections.find((p) => p.projection === 'bids_list') as Record<string, unknown>;
    // The probe's case: an import left a transaction idle; here a session of the 'postgres' database.
    const holder = new pg.Client({ connectionString: withDatabase(app.databaseUrl, 'postgres'), application_name: 'health-test-holder' });
    holder.on('error', () => undefined);
    await holder.connect();
    try {
      await holder.query('begin');
      const { rows } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid, txid_current()');
      const pid = rows[0].pid;
      const bid = await office.post('/api/bids/', { work_request: 'HEALTH-HELD' });
      expect(bid.status).toBe(201); // writes are still taken
      // Another engineer's older transaction on the shared server would be named while it runs: wait for ours.
      await expect.poll(async () => (await local.get('/api/health')).body.held_back_by?.pid, { timeout: 15_000, interval: 100 }).toBe(pid);
      let r = await local.get('/api/health');
      expect(r.body.held_back_by).toMatchObject({ pid, database: 'postgres', application: 'health-test-holder', state: 'idle in transaction' });
      expect(r.body.held_back_by.age_s).toBeGreaterThanOrEqual(0);
      expect(r.body.held_back_by.holding_s).toBeGreaterThanOrEqual(0);
      expect(r.body.held_back_by.query).toContain('txid_current()');
      expect(r.body.caught_up).toBe(false);
      expect(bidsList(r.body)).toMatchObject({ caught_up: false, stalled: false });
      expect(bidsList(r.body).events_held_back).toBeGreaterThanOrEqual(1);
      expect(bidsList(r.body).events_behind).toBeGreaterThanOrEqual(1);
      expect(r.body.last_position).not.toBe(r.body.head_position);
      // A signed-in user through a proxy is told who holds the store back, but not another session's statement.
      const remote = await office.get('/api/health', PROXIED);
      expect(remote.body.held_back_by).toMatchObject({ query: null });
      expect(typeof remote.body.held_back_by.pid).toBe('number');
      // Held longer than PROJECTION_STALL_MS (400 ms here): degraded, with what to do.
      await expect.poll(async () => (await local.get('/api/health')).body.status, { timeout: 15_000, interval: 100 }).toBe('degraded');
      r = await local.get('/api/health');
      expect(r.status).toBe(200);
      expect(r.body.problems.some((p: string) => p.includes(`pid ${pid}`) && p.includes(`pg_terminate_backend(${pid})`) && p.includes('application health-test-holder'))).toBe(true);
      await holder.query('rollback');
      await expect.poll(async () => bidsList((await local.get('/api/health')).body), { timeout: 15_000, interval: 100 }).toMatchObject({ caught_up: true, events_behind: 0, events_held_back: 0, lag_s: 0 });
      await expect.poll(async () => (await local.get('/api/health')).body, { timeout: 15_000, interval: 100 }).toMatchObject({ status: 'ok', caught_up: true, held_back_by: null });
    } finally {
      await holder.end().catch(() => undefined);
    }
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

  it('given the projector stopped and an unprojected event stored two minutes ago, when health is asked, then that projection\'s lag is two minutes, from the event\'s stored time', async () => {
    await app.stopProjector(); // stopped by the test before; stopping again is harmless
    const bid = await office.post('/api/bids/', { work_request: 'HEALTH-LAG' });
    expect(bid.status).toBe(201);
    await app.api.ctx.pool.query(`update events set recorded_at = now() - interval '120 seconds' where stream_id = $1`, [`bid-${bid.body.id}`]);
    const bidsList = async () => (await new Client(app.url).get('/api/health')).body.projections.find((p: { projection: string }) => p.projection === 'bids_list');
    await expect.poll(async () => (await bidsList()).lag_s, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(120);
    const lag = await bidsList();
    expect(lag.lag_s).toBeLessThan(600);
    expect(lag.waiting_ms).toBeGreaterThanOrEqual(120_000);
    expect(lag.events_behind).toBeGreaterThanOrEqual(1);
    expect(lag.caught_up).toBe(false);
  });

  it('given a heartbeat of this machine whose process is gone (killed before it could say so), when health is asked, then that process is not counted live', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid!; // a pid that existed and has exited
    await app.api.ctx.db('process_heartbeats').insert({ id: `worker:${hostname()}:${dead}:gone`, kind: 'worker', host: hostname(), pid: dead, interval_ms: 60_000, started_at: new Date(), beat_at: new Date(), info: {} });
    const r = await new Client(app.url).get('/api/health');
    expect(r.body.processes.worker.instances.map((i: { pid: number }) => i.pid)).not.toContain(dead);
    await app.api.ctx.db('process_heartbeats').where({ pid: dead }).delete();
  });
});
