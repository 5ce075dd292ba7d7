/**
 * `npm start`: checks Postgres and Redis (starting redis-server when it is installed but not running),
 * creates and migrates the database, seeds the demo account on first run, builds the web app when its
 * build is missing or stale, then runs the api, projector and worker (each its bundle, built when stale:
 * processes.ts) under a supervisor (a crashed one
 * is restarted with backoff, the others keep serving) and serves http://localhost:3000.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { DATABASE_URL, REDIS_URL, createDb, ensureDatabase, isBeating, migrateAll, withDatabase, type ProcessKind } from '@trenchline/read-model';
import { Supervisor } from './supervisor.ts';
import { deploymentSpecs } from './processes.ts';

const root = new URL('..', import.meta.url).pathname;
const log = (m: string) => console.log(`[start] ${m}`);

async function checkPostgres() {
  const c = new pg.Client({ connectionString: withDatabase(DATABASE_URL, 'postgres'), connectionTimeoutMillis: 3000 });
  c.on('error', () => undefined); // a refused or lost connection is reported below, not thrown as an event
  try {
    await c.connect();
    await c.end();
  } catch (e) {
    console.error(`[start] Cannot reach Postgres at ${DATABASE_URL} (${(e as Error).message}).
Start a PostgreSQL 13+ server there, or set DATABASE_URL (see README: Configuration).`);
    process.exit(1);
  }
}

async function redisUp(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2000 });
  r.on('error', () => undefined);
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

async function checkRedis() {
  if (await redisUp()) return;
  const u = new URL(REDIS_URL);
  const isLocal = ['127.0.0.1', 'localhost', '::1'].includes(u.hostname);
  const found = spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;
  if (isLocal && found) {
    log('Redis is not running; starting redis-server');
    spawnSync('redis-server', ['--daemonize', 'yes', '--port', u.port || '6379', '--save', '', '--appendonly', 'no'], { stdio: 'inherit' });
    for (let i = 0; i < 50 && !(await redisUp()); i++) await new Promise((r) => setTimeout(r, 100));
    if (await redisUp()) return;
  }
  console.error(`[start] Cannot reach Redis at ${REDIS_URL}. Install it (Debian: apt-get install redis-server) or set REDIS_URL.`);
  process.exit(1);
}

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function buildWebIfStale() {
  const index = join(root, 'apps/web/dist/index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(newest(join(root, 'apps/web')), newest(join(root, 'packages/domain/src')));
  if (built >= sources) return;
  log('building the web app');
  const r = spawnSync('npm', ['run', 'build', '-w', '@trenchline/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await checkPostgres();
await checkRedis();
await ensureDatabase(DATABASE_URL);
await migrateAll(DATABASE_URL);
buildWebIfStale();

{
  const { seedDemoAccount } = await import('./seed-demo.ts');
  const { DEMO_EMAIL, DEMO_PASSWORD } = await import('../apps/api/src/seed.ts');
  const seeded = await seedDemoAccount({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL });
  log(`${seeded.created ? 'demo account created' : 'demo account ready'}: log in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
}

// Supervised: a crashed process is restarted with backoff while the others keep serving.
// The worker is also restarted when its heartbeat stops (a job stuck in its main loop): read from its row.
const heartbeats = createDb(DATABASE_URL, { max: 1 });
const beating = isBeating(heartbeats);
const supervisor = new Supervisor(deploymentSpecs(root), { log: (m) => log(m), alive: (name, pid) => beating(name.split('-')[0] as ProcessKind, pid) }).start();
log(`Trenchline is starting at http://localhost:${process.env.PORT ?? 3000} (Ctrl-C stops it)`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await supervisor.stop();
  await heartbeats.destroy().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
