/**
 * Scale-out: 2 api, 2 projector and 2 worker processes on one database (a Postgres and a Redis of this
 * file's own, max_connections at its default 100). A socket on api #2 sees a row written through
 * api #1; the projector leading the bids list is killed and its standby takes over with no hole; the
 * six processes' connections stay within twice PG_CONNECTIONS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { PG_CONNECTIONS } from '@trenchline/read-model';
import { Client } from '../support/client.ts';
import { startPostgres, startRedis, type PostgresServer, type RedisServer } from './support/servers.ts';
import { startDeployment, type Deployment } from './support/deployment.ts';
import { connectionSampler, missingAcks, newTally, projectionsCaughtUp, readModelHoles, startWriters, timeUntil, within, type Tally } from './support/writers.ts';

const NAMES = ['api', 'api-2', 'projector', 'projector-2', 'worker', 'worker-2'] as const;
const kindOf = (name: string) => name.replace(/-2$/, '') as 'api' | 'projector' | 'worker';

let postgres: PostgresServer;
let redis: RedisServer;
let app: Deployment;
let db: pg.Pool;
let sampler: ReturnType<typeof connectionSampler>;
let writers: ReturnType<typeof startWriters> | null = null;
let office: Client;
let socket: Socket;
const tally: Tally = newTally();
const figures: string[] = [];

/** Which projector process leads a projection, from the heartbeats health reports. */
async function leaderOf(projection: string): Promise<number | null> {
  const r = await within(new Client(app.url()).get('/api/health'), 2500);
  const leader = (r?.body?.processes?.projector?.instances ?? []).find((p: { leading?: string[] }) => p.leading?.includes(projection));
  return leader?.pid ?? null;
}

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const databaseUrl = postgres.url('trenchline');
  app = await startDeployment({ databaseUrl, redisUrl: redis.url, processes: NAMES.map((n) => [n, kindOf(n)]), env: { HEARTBEAT_MS: '500' } });
  await Promise.all(NAMES.map((n) => app.ready(n)));
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  sampler = connectionSampler(postgres.url('postgres'));
  office = await Client.signUp(app.url('api'), 'Scale');
}, 120_000);

afterAll(async () => {
  await writers?.stop();
  socket?.close();
  await sampler?.stop();
  const peak = sampler?.peak;
  figures.push(`[scale-out] peak Postgres connections (2 api, 2 projectors, 2 workers; PG_CONNECTIONS ${PG_CONNECTIONS}): ${peak?.total} ${JSON.stringify(peak?.by)}`);
  figures.push(`[scale-out] writes acknowledged ${tally.acks.length}; answers ${JSON.stringify(tally.statuses)}`);
  console.log(figures.join('\n'));
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
      console.error(`[scale-out] process output:\n${app.tail()}`);
      throw e;
    }
  };
}

describe('two of each process on one database', () => {
  it(
    'given a socket on api #2 watching the bid list, when a bid is written through api #1, then its row arrives on api #2',
    showLogsOnFailure(async () => {
      socket = io(app.url('api-2'), { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: [...office.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
      const subscribed = await new Promise<{ ok: boolean }>((resolve, reject) => {
        socket.on('connect_error', reject);
        socket.on('connect', () => socket.emit('subscribe', { list: 'bids' }, resolve));
      });
      expect(subscribed.ok).toBe(true);
      const arrived = new Promise<{ id: string; row: { work_request: string } }>((resolve) => socket.on('row', (r) => r.row?.work_request === 'ACROSS-APIS' && resolve(r)));
      const bid = await office.post('/api/bids/', { work_request: 'ACROSS-APIS' });
      expect(bid.status).toBe(201);
      expect((await arrived).id).toBe(bid.body.id);
    }),
    30_000,
  );

  it(
    'given writers on both apis, when the projector leading the bid list is killed, then the standby takes over and the read model equals the store with no hole',
    showLogsOnFailure(async () => {
      const clients = await Promise.all(Array.from({ length: 8 }, (_, i) => Client.signUp(app.url(i % 2 ? 'api-2' : 'api'), `Scaler ${i}`)));
      writers = startWriters(clients, tally);
      await timeUntil('the writers writing', async () => tally.acks.length > 40);
      const leaderPid = await leaderOf('bids_list');
      expect(leaderPid).not.toBeNull();
      const leader = ['projector', 'projector-2'].find((n) => app.supervisor.pid(n) === leaderPid)!;
      const standby = leader === 'projector' ? 'projector-2' : 'projector';
      const acksBefore = tally.acks.length;
      await app.supervisor.pause(leader); // killed with SIGKILL and kept down: only the standby can carry on
      const t0 = performance.now();
      await timeUntil('the standby leading the bid list', async () => (await leaderOf('bids_list')) === app.supervisor.pid(standby));
      // One fixed write made after the kill: chasing the latest ack would race the writers on a loaded machine.
      let madeAfterKill: string | undefined;
      await timeUntil('a bid written after the kill', async () => (madeAfterKill = tally.acks.slice(acksBefore).find((a) => a.kind === 'bid')?.id) !== undefined);
      await timeUntil('writes made after the kill projected', async () => (await db.query('select 1 from bids where id = $1', [madeAfterKill])).rows.length === 1, 20_000);
      figures.push(`[scale-out] standby projector took over in ${((performance.now() - t0) / 1000).toFixed(1)} s (to the first write made after the kill projected)`);
      await writers.stop();
      writers = null;
      await timeUntil('projections caught up', () => projectionsCaughtUp(db), 20_000);
      expect(await missingAcks(db, tally.acks)).toEqual([]);
      expect(await readModelHoles(db)).toEqual([]);
      expect(Object.keys(tally.statuses).filter((s) => s !== '201')).toEqual([]); // no fault here: every write is taken
      app.supervisor.resume(leader);
    }),
    60_000,
  );

  it('given two of each process, when the peak of their Postgres connections is taken, then it is within twice PG_CONNECTIONS, well under the default 100', () => {
    const { total, by } = sampler.peak;
    const ours = Object.entries(by).filter(([app]) => app.startsWith('trenchline-')).reduce((s, [, n]) => s + n, 0);
    expect(ours).toBeGreaterThan(0);
    expect(ours).toBeLessThanOrEqual(2 * PG_CONNECTIONS);
    expect(total).toBeLessThan(80);
  });
});
