/** Connection settings, read once from the environment (README lists them). */
import { createHash } from 'node:crypto';

export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/trenchline';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Where uploaded files and generated reports are kept (the API and the worker share it). */
export const FILES_DIR = process.env.FILES_DIR ?? '.data/files';

/** The server URL with another database name (tests, benchmarks and replays make their own). */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
export const databaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** A whole number from the environment, or the default when it is unset or not a positive integer. */
export function positiveIntFromEnv(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * The Postgres connections one deployment (one api, one projector, one worker) may hold at most, split
 * by poolSizes. Two of each process then hold twice this: 60 of Postgres' default 100 (docs/architecture.md, "One connection budget").
 */
export const PG_CONNECTIONS = positiveIntFromEnv('PG_CONNECTIONS', 30);

/** The most connections of each pool of each process, from one budget: api half, projector 30 %, worker the rest. */
export function poolSizes(budget = PG_CONNECTIONS) {
  const api = Math.max(3, Math.floor(budget / 2));
  const projector = Math.max(4, Math.floor(budget * 0.3));
  const worker = Math.max(2, budget - api - projector);
  const apiDb = Math.ceil(api * 0.45);
  const apiWrite = Math.max(1, Math.floor((api - apiDb) / 2));
  // The projector's leader-lock and LISTEN connections are one each, outside its pools.
  const projectorDb = Math.max(1, Math.ceil((projector - 2) * 0.7));
  return {
    /** Read models and sessions' knex; the write side's id allocation and transactions; the event store. */
    api: { total: api, db: apiDb, write: apiWrite, store: Math.max(1, api - apiDb - apiWrite) },
    /** Runner transactions; reads of `$all`; plus 2 single connections (leader locks, LISTEN). */
    projector: { total: projector, db: projectorDb, store: Math.max(1, projector - 2 - projectorDb), single: 2 },
    /** Report reads; the event store (two thirds: a bulk action's records each hold one for a transaction, docs/bulk.md). */
    worker: { total: worker, db: Math.max(1, Math.floor(worker / 3)), store: Math.max(1, worker - Math.max(1, Math.floor(worker / 3))) },
  };
}

/**
 * This deployment's name in Redis, from where its database lives (host, port, database; hashed so no
 * name or password shows): deployments sharing one Redis server never cross, whatever its db number.
 */
const LOOPBACK = new Set(['localhost', '::1', '[::1]']);

export function deploymentKey(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  const named = (u.hostname || u.searchParams.get('host') || 'localhost').toLowerCase();
  // Every spelling of this machine's loopback is one server: 'localhost' and '127.0.0.1' must not split a deployment.
  const host = LOOPBACK.has(named) || named.startsWith('127.') ? 'localhost' : named;
  const where = `${host}:${u.port || '5432'}/${databaseOf(databaseUrl)}`;
  return `trenchline-${createHash('sha256').update(where).digest('hex').slice(0, 16)}`;
}

/** Redis channel prefix of live updates (api, projector, worker must agree); LIVE_KEY overrides. */
export const liveKeyOf = (databaseUrl: string) => process.env.LIVE_KEY || `${deploymentKey(databaseUrl)}:live`;
/** Redis key prefix of the report queue (api and worker must agree); QUEUE_PREFIX overrides. */
export const queuePrefixOf = (databaseUrl: string) => process.env.QUEUE_PREFIX || `${deploymentKey(databaseUrl)}:bull`;
