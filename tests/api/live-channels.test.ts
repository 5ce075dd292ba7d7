/**
 * Live channels that can't be crossed or missed: two deployments on one Redis server keep their rows
 * and report jobs apart with the default keys; a lost Redis connection (only this app's own, killed
 * with CLIENT KILL ID: the shared Redis is never restarted or flushed) makes open sockets refetch;
 * every room's messages carry an epoch and a sequence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { Redis } from 'ioredis';
import { REDIS_URL, deploymentKey } from '@trenchline/read-model';
import { connectionName } from '@trenchline/platform';
import { createQueue } from '@trenchline/platform/queue.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/client.ts';

let a: TestApp;
let b: TestApp;
let officeA: Client;
let officeB: Client;
let redis: Redis;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Both with the keys a deployment derives from its database: no liveKey or queuePrefix given.
  a = await startTestApp('api_live_channels_a', { defaultKeys: true, reportWaitMs: 200 });
  b = await startTestApp('api_live_channels_b', { defaultKeys: true, worker: true, reportWaitMs: 20_000 });
  officeA = await Client.signUp(a.url, 'Alpha');
  officeB = await Client.signUp(b.url, 'Bravo');
  redis = new Redis(REDIS_URL, { connectionName: 'live-channels-test' });
}, 60_000);
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await redis?.quit();
  await b?.stop();
  await a?.stop();
});

type Row = { list: string; op: string; id: string; row: Record<string, any> | null; epoch: string; seq: number };

async function connect(app: TestApp, c: Client, subscribe: Record<string, string>) {
  const s = io(app.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  sockets.push(s);
  const rows: Row[] = [];
  s.on('row', (r: Row) => rows.push(r));
  const ack = await new Promise<{ ok: boolean }>((resolve, reject) => {
    s.on('connect_error', reject);
    s.on('connect', () => s.emit('subscribe', subscribe, resolve));
  });
  expect(ack.ok).toBe(true);
  return { s, rows };
}

/** The next `event` that matches; fails naming what it waited for rather than at the test's timeout. */
const next = <T>(s: Socket, event: string, match: (x: T) => boolean = () => true) =>
  new Promise<T>((resolve, reject) => {
    const give = setTimeout(() => {
      s.off(event, h);
      reject(new Error(`no '${event}' came`));
    }, 10_000);
    const h = (x: T) => {
      if (match(x)) {
        clearTimeout(give);
        s.off(event, h);
        resolve(x);
      }
    };
    s.on(event, h);
  });

/** The id of this app's own Redis connection with that role, from CLIENT LIST. */
async function clientId(liveKey: string, role: string): Promise<string> {
  const name = connectionName(liveKey, role);
  const list = (await redis.client('LIST')) as string;
  const line = list.split('\n').find((l) => l.includes(` name=${name} `));
  if (!line) throw new Error(`no Redis connection named ${name}`);
  return /\bid=(\d+)/.exec(line)![1];
}

const accountOf = async (c: Client) => (await c.get('/api/auth/me')).body.user.account_id as string;

describe('two deployments on one Redis server, with default keys', () => {
  it('given two databases, when their keys are derived, then each has its own live channel and queue', () => {
    expect(a.liveKey).not.toBe(b.liveKey);
    expect(a.queuePrefix).not.toBe(b.queuePrefix);
    expect(a.liveKey).toContain(deploymentKey(a.databaseUrl));
  });

  it("given the same account and room names in both, when each writes a bid, then each socket hears only its own deployment's rows", async () => {
    // Fresh databases hand out the same account ids: only the namespace keeps the rooms apart.
    expect(await accountOf(officeA)).toBe(await accountOf(officeB));
    const watchA = await connect(a, officeA, { list: 'bids' });
    const watchB = await connect(b, officeB, { list: 'bids' });
    const heardA1 = next<Row>(watchA.s, 'row', (r) => r.row?.work_request === 'ALPHA-1');
    await officeA.post('/api/bids/', { work_request: 'ALPHA-1' });
    await heardA1;
    const heardB = next<Row>(watchB.s, 'row', (r) => r.row?.work_request === 'BRAVO-1');
    await officeB.post('/api/bids/', { work_request: 'BRAVO-1' });
    await heardB;
    // A row of B's published before this one would have reached A's subscriber first.
    const heardA2 = next<Row>(watchA.s, 'row', (r) => r.row?.work_request === 'ALPHA-2');
    await officeA.post('/api/bids/', { work_request: 'ALPHA-2' });
    await heardA2;
    expect(watchA.rows.map((r) => r.row?.work_request)).toEqual(['ALPHA-1', 'ALPHA-2']);
    expect(watchB.rows.map((r) => r.row?.work_request)).toEqual(['BRAVO-1']);
  });

  it("given a worker for B only, when both ask for a report, then B's worker builds B's and A's job waits in A's own queue", async () => {
    const makeProject = async (c: Client, name: string) => (await c.post('/api/projects/', { name, status: 'New' })).body.id as string;
    const projectA = await makeProject(officeA, 'Alpha yard');
    const projectB = await makeProject(officeB, 'Bravo yard');
    await officeA.list('/api/projects/?active=t');
    await officeB.list('/api/projects/?active=t');
    const askedA = await officeA.get(`/api/projects/report/management/?ids=${projectA}`);
    expect(askedA.status).toBe(202);
    // Asked after A's job was queued: a worker sharing A's queue would have taken A's first.
    const fileB = await officeB.download(`/api/projects/report/management/?ids=${projectB}`);
    expect(fileB.status).toBe(200);
    const queueA = createQueue(REDIS_URL, { prefix: a.queuePrefix });
    const queueB = createQueue(REDIS_URL, { prefix: b.queuePrefix });
    try {
      const jobA = await queueA.queue.getJob(`report-${askedA.body.id}`);
      // Queued, not taken: heavy jobs wait at their account's fair place (a BullMQ priority: 'prioritized').
      expect(['waiting', 'prioritized']).toContain(await jobA?.getState());
      expect(jobA?.data.accountId).toBe(await accountOf(officeA));
      expect(await queueB.queue.getJobCountByTypes('waiting', 'prioritized')).toBe(0);
      expect((await officeA.get(`/api/reports/${askedA.body.id}/`)).body.state).toBe('queued');
    } finally {
      await queueA.close();
      await queueB.close();
    }
  });
});

describe('messages that may be lost', () => {
  it('given a socket on a list, when rows arrive, then they carry one epoch and a sequence counting up by one', async () => {
    const watch = await connect(a, officeA, { list: 'bids' });
    const third = next<Row>(watch.s, 'row', (r) => r.row?.work_request === 'SEQ-3');
    for (const n of [1, 2, 3]) await officeA.post('/api/bids/', { work_request: `SEQ-${n}` });
    await third;
    const ours = watch.rows.filter((r) => String(r.row?.work_request).startsWith('SEQ-'));
    expect(new Set(ours.map((r) => r.epoch)).size).toBe(1);
    expect(ours.map((r) => r.seq - ours[0].seq)).toEqual([0, 1, 2]);
  });

  it("given open sockets, when the api's Redis subscriber connection is killed, then they are told to refetch and rows flow again", async () => {
    const watch = await connect(a, officeA, { list: 'bids' });
    const refetch = next<{ reason: string }>(watch.s, 'refetch');
    await redis.client('KILL', 'ID', await clientId(a.liveKey, 'api-sub'));
    expect(await refetch).toEqual({ reason: expect.any(String) });
    const heard = next<Row>(watch.s, 'row', (r) => r.row?.work_request === 'AFTER-SUB');
    await officeA.post('/api/bids/', { work_request: 'AFTER-SUB' });
    expect((await heard).op).toBe('upsert');
  });

  it("given open sockets, when the projector's Redis connection is killed, then they are told to refetch and its rows start a new epoch", async () => {
    const watch = await connect(a, officeA, { list: 'bids' });
    const before = next<Row>(watch.s, 'row', (r) => r.row?.work_request === 'BEFORE-PUB');
    await officeA.post('/api/bids/', { work_request: 'BEFORE-PUB' });
    const old = await before;
    const refetch = next<{ reason: string }>(watch.s, 'refetch');
    await redis.client('KILL', 'ID', await clientId(a.liveKey, 'publisher'));
    expect(await refetch).toEqual({ reason: expect.any(String) });
    const after = next<Row>(watch.s, 'row', (r) => r.row?.work_request === 'AFTER-PUB');
    await officeA.post('/api/bids/', { work_request: 'AFTER-PUB' });
    const fresh = await after;
    expect(fresh.epoch).not.toBe(old.epoch);
    expect(fresh.seq).toBe(1);
  });

  it("given two deployments, when one's projector regains its Redis connection, then only that deployment's sockets are told to refetch", async () => {
    const watchA = await connect(a, officeA, { list: 'bids' });
    const watchB = await connect(b, officeB, { list: 'bids' });
    let bTold = false;
    watchB.s.on('refetch', () => (bTold = true));
    const aTold = next(watchA.s, 'refetch');
    await redis.client('KILL', 'ID', await clientId(a.liveKey, 'publisher'));
    await aTold;
    // The broadcast reached every subscriber of its channel at once: B's row, written after, comes later.
    const heardB = next<Row>(watchB.s, 'row', (r) => r.row?.work_request === 'BRAVO-AFTER');
    await officeB.post('/api/bids/', { work_request: 'BRAVO-AFTER' });
    await heardB;
    expect(bTold).toBe(false);
  });
});

describe("a field user's live rooms", () => {
  /** What the server answers a subscription. */
  async function subscribeAs(c: Client, what: Record<string, string>) {
    const s = io(a.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    sockets.push(s);
    return new Promise<{ ok: boolean }>((resolve, reject) => {
      s.on('connect_error', reject);
      s.on('connect', () => s.emit('subscribe', what, resolve));
    });
  }

  it('given a field user, when they follow lists and records, then only tickets and locates are theirs to follow (live rows carry money and every job)', async () => {
    const field = await officeA.addColleague('Frank Field', 'field');
    const job = (await officeA.post('/api/jobs/', { title: 'Live job' })).body.id as string;
    expect((await subscribeAs(field, { list: 'tickets' })).ok).toBe(true);
    expect((await subscribeAs(field, { list: 'locates' })).ok).toBe(true);
    expect((await subscribeAs(field, { list: 'jobs' })).ok).toBe(false);
    expect((await subscribeAs(field, { list: 'orca_billings' })).ok).toBe(false);
    expect((await subscribeAs(field, { record: `job-${job}` })).ok).toBe(false);
    // An office user follows the same rooms.
    expect((await subscribeAs(officeA, { list: 'jobs' })).ok).toBe(true);
    expect((await subscribeAs(officeA, { record: `job-${job}` })).ok).toBe(true);
  });
});
