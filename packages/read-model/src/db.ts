/**
 * The knex instance every process uses for read models (and the pg pool under it), and plain pg pools.
 * Every connection of either carries the session settings (config.ts `sessionSettings`: its name, the
 * statement and idle-in-transaction limits).
 */
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import './pg-types.ts';
import './tables.ts';
import { DATABASE_URL, sessionSettings, type SessionSettings } from './config.ts';

export type Db = Knex;

/** How long a request waits for a connection before failing (a 503) rather than hanging while Postgres is away. */
const CONNECT_TIMEOUT_MS = 5000;

export function createDb(url = DATABASE_URL, pool: { min?: number; max?: number } = {}, settings: SessionSettings = {}): Db {
  // knex marks a connection that errored and discards it (no 'error' event escapes); a failed connect fails the query at once.
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...sessionSettings(settings) },
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
    acquireConnectionTimeout: 10_000,
  });
}

/** A pg pool that survives Postgres going away: a lost idle connection is logged and replaced on next use. */
export function createPool(url = DATABASE_URL, max = 10, name = 'pg pool', settings: SessionSettings = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...sessionSettings(settings) });
  pool.on('error', (e) => console.warn(`[${name}] lost an idle Postgres connection: ${e.message}`));
  // A checked-out client has no pool listener: its loss would crash the process between two queries of a transaction; the next query fails instead (a 503).
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
