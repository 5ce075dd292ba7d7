/** Connection settings, read once from the environment (README lists them). */
import { createHash } from 'node:crypto';

export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/trenchline';
/**
 * A streaming replica of DATABASE_URL's server (docs/scaling.md): when set, the api's list reads go
 * there and a read that must see a write waits for the replica's checkpoints; unset, all reads use the primary.
 */
export const READ_DATABASE_URL = process.env.READ_DATABASE_URL || null;
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

/** A whole number from the environment, 0 included (Postgres reads 0 as "no limit"), or the default. */
export function nonNegativeIntFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
}

/**
 * What every connection the app opens tells Postgres at connect (docs/architecture.md, "When a
 * transaction holds the store back"): a transaction of the app may not sit idle, nor a statement run,
 * longer than a minute, so no forgotten transaction of ours holds `$all` back (the xmin horizon is the
 * whole server's) for long. Read when a pool is made; 0 sends nothing, leaving the server's own setting.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 60_000;
export const DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
/** Migrations build indexes and rewrite tables: their statements may run this long (PG_MIGRATION_STATEMENT_TIMEOUT_MS). */
export const DEFAULT_MIGRATION_STATEMENT_TIMEOUT_MS = 3_600_000;

export interface SessionSettings {
  /** `application_name` (pg_stat_activity's): PGAPPNAME wins when set (the supervisor names each child), else this. */
  applicationName?: string;
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
}

/** The name a process gives its connections when PGAPPNAME is unset (each main names itself: `trenchline-api` ...). */
let processAppName = 'trenchline';
export function nameConnections(name: string): void {
  processAppName = name;
}

/**
 * node-postgres connection options (a pg.Pool's, a pg.Client's, knex's `connection`) carrying the
 * settings: sent in the startup packet, so they hold on every new connection, before any query.
 */
export function sessionSettings(o: SessionSettings = {}) {
  return {
    fallback_application_name: o.applicationName ?? processAppName,
    statement_timeout: o.statementTimeoutMs ?? nonNegativeIntFromEnv('PG_STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS),
    idle_in_transaction_session_timeout: o.idleInTransactionTimeoutMs ?? nonNegativeIntFromEnv('PG_IDLE_IN_TRANSACTION_TIMEOUT_MS', DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS),
  };
}

/** The migration runner's: its own name, and the longer statement limit its index builds need. */
export const migrationSettings = (): SessionSettings => ({
  applicationName: 'trenchline-migrate',
  statementTimeoutMs: nonNegativeIntFromEnv('PG_MIGRATION_STATEMENT_TIMEOUT_MS', DEFAULT_MIGRATION_STATEMENT_TIMEOUT_MS),
});

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
    /**
     * Read models and sessions' knex; the write side's id allocation and transactions; the event store.
     * `replica`: the list reads' knex on READ_DATABASE_URL, as large as the read share it relieves; it is
     * held on the replica's server, so it is outside this budget (`total`), which counts the primary's.
     */
    api: { total: api, db: apiDb, write: apiWrite, store: Math.max(1, api - apiDb - apiWrite), replica: apiDb },
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
