/**
 * A Postgres server and a Redis server of the fault tests' own, on free ports in a temporary folder,
 * so restarting them never disturbs the other test files sharing the machine's servers. Postgres runs
 * as the `postgres` user (initdb refuses root); both are stopped by stop() even when a test fails.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A "Postgres" that hangs up on every connection (a server going down); counts the tries made to it. */
export async function hangingUpServer(): Promise<{ port: number; tries(): number; close(): Promise<void> }> {
  let tries = 0;
  const server = createServer((socket) => {
    tries++;
    socket.destroy();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    port: (server.address() as { port: number }).port,
    tries: () => tries,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

const asPostgres = (cmd: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

export interface PostgresServer {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  /** An operator's restart, half one: fast shutdown (sessions are ended, in-flight queries fail). */
  stop(): void;
  start(): void;
  destroy(): void;
}

/**
 * `standbyOf`: a hot standby of that (running) server instead of a new cluster: its copy taken with
 * `pg_basebackup -R`, so it streams the primary's WAL and answers reads (tests/replica).
 */
export async function startPostgres(o: { standbyOf?: PostgresServer } = {}): Promise<PostgresServer> {
  const bin = execFileSync('pg_config', ['--bindir']).toString().trim();
  const dir = mkdtempSync(join(tmpdir(), o.standbyOf ? 'tl-standby-pg-' : 'tl-faults-pg-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
  chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  // initdb's pg_hba lets 127.0.0.1 replicate with trust, and wal_level replica is the default: a primary as made.
  if (o.standbyOf) asPostgres(join(bin, 'pg_basebackup'), ['-h', '127.0.0.1', '-p', String(o.standbyOf.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
  else asPostgres(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  // Defaults otherwise (max_connections 100, synchronous commit): fsync only guards against the OS crashing.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c wal_level=replica -c max_wal_senders=4 -c hot_standby=on`;
  const pgCtl = (...args: string[]) => asPostgres(join(bin, 'pg_ctl'), ['-D', data, ...args]);
  let running = false;
  const server: PostgresServer = {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      pgCtl('-m', 'fast', '-w', 'stop');
      running = false;
    },
    start() {
      pgCtl('-w', '-t', '30', '-l', join(dir, 'postgres.log'), '-o', options, 'start');
      running = true;
    },
    destroy() {
      if (running) pgCtl('-m', 'immediate', '-w', 'stop');
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  server.start();
  return server;
}

export interface RedisServer {
  port: number;
  url: string;
  /** Kills the server (its data goes: it runs without persistence, like docker-compose's). */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const ready = async () => {
    for (let i = 0; i < 100; i++) {
      const r = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      r.on('error', () => undefined);
      const ok = await r.connect().then(() => r.ping(), () => null);
      r.disconnect();
      if (ok === 'PONG') return;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error(`redis-server on ${port} did not start`);
  };
  const server: RedisServer = {
    port,
    url,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await ready();
    },
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      const gone = new Promise((res) => c.once('exit', res));
      c.kill('SIGKILL');
      await gone;
    },
    destroy: () => server.stop(),
  };
  await server.start();
  return server;
}
