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

export interface ReplicaState {
  /** The primary's WAL not yet replayed on the replica (0: it has everything the primary wrote). */
  bytes_behind: number;
  /** Time since the replica replayed its last transaction while it is behind (0 when it has everything). */
  lag_s: number;
  /** Replay paused (`select pg_wal_replay_pause()`): reads that must see a write wait for it to resume. */
  paused: boolean;
}

/** How far a streaming replica (READ_DATABASE_URL) is behind its primary, from the primary's WAL position and the replica's replay. */
export async function replicaState(primary: Knex, replica: Knex): Promise<ReplicaState> {
  const { rows: [wal] } = await primary.raw<{ rows: { lsn: string }[] }>('select pg_current_wal_lsn()::text as lsn');
  const { rows: [r] } = await replica.raw<{ rows: { standby: boolean; behind: string | null; since: number | null; paused: boolean | null }[] }>(
    `select pg_is_in_recovery() as standby,
            pg_wal_lsn_diff(?::pg_lsn, pg_last_wal_replay_lsn())::text as behind,
            extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as since,
            case when pg_is_in_recovery() then pg_is_wal_replay_paused() end as paused`,
    [wal.lsn],
  );
  if (!r.standby) throw new Error('READ_DATABASE_URL is not a standby (pg_is_in_recovery() is false)');
  const behind = Math.max(0, Number(r.behind ?? 0));
  return { bytes_behind: behind, lag_s: behind === 0 ? 0 : Math.round((r.since ?? 0) * 10) / 10, paused: r.paused === true };
}
