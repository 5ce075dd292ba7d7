/**
 * The app keeps running through faults, as `npm start` runs it (api, projector and worker processes
 * under the supervisor) on a Postgres and a Redis of this file's own. While 8 writers write, Postgres
 * restarts, Redis restarts, and each process is killed with SIGKILL in turn. Every acknowledged write
 * must be in the event store and the read models afterwards, the app must answer again within 10 s
 * without a person, and open sockets must hear 'refetch' after Redis comes back. The time to recover
 * from each fault and the peak connection count are printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { Client } from '../support/client.ts';
import { startPostgres, startRedis, type PostgresServer, type RedisServer } from './support/servers.ts';
import { startDeployment, type Deployment } from './support/deployment.ts';
import { connectionSampler, missingAcks, newTally, projectionsCaughtUp, readModelHoles, startWriters, timeUntil, within, write, type Tally } from './support/writers.ts';

const WRITERS = 8;
const PROCESSES = ['api', 'projector', 'worker'] as const;

let postgres: PostgresServer;
let redis: RedisServer;
let app: Deployment;
let db: pg.Pool;
let sampler: ReturnType<typeof connectionSampler>;
let writers: ReturnType<typeof startWriters> | null = null;
let watcher: Client;
const tally: Tally = newTally();
const recovery: Record<string, number> = {};
const sockets: Socket[] = [];
const heard = { refetch: [] as { reason: string }[], rows: 0, connects: 0 };

const pids = () => Object.fromEntries(PROCESSES.map((p) => [p, app.supervisor.pid(p)]));
const probe = async () => (await write(watcher, tally, { label: 'PROBE' })) !== null;
const health = async (headers: Record<string, string> = {}) => within(new Client(app.url()).get('/api/health', headers), 2500);

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const databaseUrl = postgres.url('trenchline');
  app = await startDeployment({
    databaseUrl,
    redisUrl: redis.url,
    processes: PROCESSES.map((p) => [p, p]),
    env: { HEARTBEAT_MS: '500', PROJECTION_STALL_MS: '1500', REPORT_WAIT_MS: '200' },
  });
  await Promise.all(PROCESSES.map((p) => app.ready(p)));
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => undefined); // Postgres restarts under it
  sampler = connectionSampler(postgres.url('postgres'));
  const clients = await Promise.all(Array.from({ length: WRITERS }, (_, i) => Client.signUp(app.url(), `Writer ${i}`)));
  watcher = await Client.signUp(app.url(), 'Watcher');
  for (let i = 0; i < 2; i++) {
    const s = io(app.url(), { path: '/socket.io', transports: ['websocket'], reconnectionDelay: 100, reconnectionDelayMax: 500, extraHeaders: { cookie: [...watcher.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    s.on('connect', () => {
      heard.connects++;
      s.emit('subscribe', { list: 'bids' });
    });
    s.on('row', () => heard.rows++);
    s.on('refetch', (p: { reason: string }) => heard.refetch.push(p));
    sockets.push(s);
  }
  await timeUntil('sockets connected', async () => heard.connects === 2);
  writers = startWriters(clients, tally);
  await timeUntil('the writers writing', async () => tally.acks.length > WRITERS);
}, 120_000);

afterAll(async () => {
  await writers?.stop();
  sockets.forEach((s) => s.close());
  await sampler?.stop();
  const peak = sampler?.peak;
  console.log(
    [
      `[faults] time to recover: ${Object.entries(recovery).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')}`,
      `[faults] peak Postgres connections (1 api, 1 projector, 1 worker): ${peak?.total} ${JSON.stringify(peak?.by)}`,
      `[faults] writes acknowledged ${tally.acks.length}; answers ${JSON.stringify(tally.statuses)}`,
    ].join('\n'),
  );
  await db?.end();
  await app?.stop();
  await redis?.destroy();
  postgres?.destroy();
}, 60_000);

function showLogsOnFailure<T>(work: () => Promise<T>) {
  return async () => {
    try {
      return await work();
    } catch (e) {
      console.error(`[faults] process output:\n${app.tail()}`);
      throw e;
    }
  };
}

describe('faults while 8 writers write', () => {
  it(
    'given Postgres restarts, when it is down, then requests get 503 with Retry-After and public health says down; when it returns, writes succeed again within 10 s and no process died',
    showLogsOnFailure(async () => {
      const before = pids();
      postgres.stop();
      const during = await within(watcher.post('/api/bids/', { work_request: 'DURING' }));
      expect(during?.status).toBe(503);
      expect(during?.headers.get('retry-after')).toBe('2');
      expect(during?.body).toMatchObject({ error: 'unavailable' });
      const publicHealth = await health({ 'X-Forwarded-For': '203.0.113.9' });
      expect(publicHealth?.status).toBe(503);
      expect(publicHealth?.body).toEqual({ status: 'down' });
      await new Promise((r) => setTimeout(r, 500));
      postgres.start();
      recovery['Postgres restart'] = await timeUntil('writes after Postgres returned', probe);
      expect(pids()).toEqual(before);
      await expect.poll(async () => (await health())?.body?.status, { timeout: 10_000, interval: 200 }).toBe('ok');
    }),
    45_000,
  );

  it(
    'given Redis restarts, when it returns, then open sockets hear refetch, live rows flow again within 10 s and no process died',
    showLogsOnFailure(async () => {
      const before = pids();
      const refetchesBefore = heard.refetch.length;
      await redis.stop();
      await new Promise((r) => setTimeout(r, 500));
      await redis.start();
      const rowsBefore = heard.rows;
      recovery['Redis restart'] = await timeUntil('live rows after Redis returned', async () => {
        await probe();
        await new Promise((r) => setTimeout(r, 150));
        return heard.rows > rowsBefore;
      });
      await expect.poll(() => heard.refetch.length, { timeout: 10_000 }).toBeGreaterThan(refetchesBefore);
      expect(heard.refetch.at(-1)).toEqual({ reason: expect.any(String) });
      expect(pids()).toEqual(before);
    }),
    45_000,
  );

  it(
    'given the api killed with SIGKILL, when the supervisor restarts it, then writes succeed again within 10 s and sockets reconnect',
    showLogsOnFailure(async () => {
      const connects = heard.connects;
      const readies = app.readyCount('api');
      app.supervisor.kill('api');
      recovery['api kill -9'] = await timeUntil('writes after the api was killed', probe);
      await app.ready('api', readies + 1);
      await expect.poll(() => heard.connects, { timeout: 10_000 }).toBeGreaterThanOrEqual(connects + 2);
    }),
    45_000,
  );

  it(
    'given the projector killed with SIGKILL, when the supervisor restarts it, then a write made meanwhile is projected within 10 s',
    showLogsOnFailure(async () => {
      app.supervisor.kill('projector');
      const t0 = performance.now();
      const ack = await write(watcher, tally, { label: 'WHILE-PROJECTOR-DEAD' });
      expect(ack).not.toBeNull(); // the api keeps taking writes
      await timeUntil('the projector back', async () => {
        const { rows } = await db.query(`select 1 from bids where id = $1`, [ack!.id]);
        return rows.length === 1;
      });
      recovery['projector kill -9'] = Math.round(performance.now() - t0);
    }),
    45_000,
  );

  it(
    'given the projector down, when health is asked locally, then it says degraded and names the missing projector until it is back',
    showLogsOnFailure(async () => {
      await app.supervisor.pause('projector');
      await write(watcher, tally, { label: 'WHILE-PROJECTOR-PAUSED' });
      await expect.poll(async () => (await health())?.body?.problems ?? [], { timeout: 10_000, interval: 200 }).toContain('no projector process is running');
      await expect.poll(async () => (await health())?.body?.problems?.some((p: string) => p.startsWith('projection bids_list is')), { timeout: 10_000, interval: 200 }).toBe(true);
      expect((await health())?.body?.status).toBe('degraded');
      app.supervisor.resume('projector');
      await expect.poll(async () => (await health())?.body?.status, { timeout: 15_000, interval: 200 }).toBe('ok');
    }),
    45_000,
  );

  it(
    'given the worker killed with SIGKILL, when the supervisor restarts it, then a report is generated again',
    showLogsOnFailure(async () => {
      const readies = app.readyCount('worker');
      app.supervisor.kill('worker');
      const t0 = performance.now();
      await app.ready('worker', readies + 1);
      const project = await watcher.post('/api/projects/', { name: 'After the faults', due_date: '2026-12-01', po_amount: 100 });
      expect(project.status).toBe(201);
      await watcher.list('/api/projects/?active=t');
      const asked = await watcher.get(`/api/projects/report/management/?ids=${project.body.id}&format=pdf`);
      expect([200, 202]).toContain(asked.status);
      if (asked.status === 202)
        await timeUntil('a report from the restarted worker', async () => (await watcher.get(`/api/reports/${asked.body.id}/`)).body.state === 'ready', 20_000);
      recovery['worker kill -9 (to a finished report)'] = Math.round(performance.now() - t0);
    }),
    45_000,
  );

  it(
    'given all the faults, when the writers stop and the projections catch up, then every acknowledged write is in the event store and the read models',
    showLogsOnFailure(async () => {
      await writers!.stop();
      writers = null;
      await expect.poll(() => projectionsCaughtUp(db), { timeout: 20_000, interval: 200 }).toBe(true);
      expect(tally.acks.length).toBeGreaterThan(50);
      expect(await missingAcks(db, tally.acks)).toEqual([]);
      expect(await readModelHoles(db)).toEqual([]);
      // Every answer was a success, a 503 with Retry-After, or no answer from a killed api: never a 500.
      expect(Object.keys(tally.statuses).filter((s) => !['200', '201', '503', 'network'].includes(s))).toEqual([]);
      expect(tally.unavailableWithoutRetryAfter).toBe(0);
      expect(sampler.peak.total).toBeLessThan(50);
    }),
    45_000,
  );
});
