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

/**
 * This deployment's name in Redis, from where its database lives (host, port, database; hashed so no
 * name or password shows): deployments sharing one Redis server never cross, whatever its db number.
 */
export function deploymentKey(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  const host = (u.hostname || u.searchParams.get('host') || 'localhost').toLowerCase();
  const where = `${host}:${u.port || '5432'}/${databaseOf(databaseUrl)}`;
  return `trenchline-${createHash('sha256').update(where).digest('hex').slice(0, 16)}`;
}

/** Redis channel prefix of live updates (api, projector, worker must agree); LIVE_KEY overrides. */
export const liveKeyOf = (databaseUrl: string) => process.env.LIVE_KEY || `${deploymentKey(databaseUrl)}:live`;
/** Redis key prefix of the report queue (api and worker must agree); QUEUE_PREFIX overrides. */
export const queuePrefixOf = (databaseUrl: string) => process.env.QUEUE_PREFIX || `${deploymentKey(databaseUrl)}:bull`;
