/**
 * createPool survives Postgres ending its connections, idle or checked out; every connection of the
 * app's pools carries the session settings, and the server ends a transaction of ours left idle
 * (real server, real pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DATABASE_URL, migrationSettings, nameConnections, withDatabase } from './config.ts';
import { createDb, createPool } from './db.ts';

const url = withDatabase(DATABASE_URL, 'postgres');
const admin = new pg.Client({ connectionString: url });
const pool = createPool(url, 2, 'db test pool');
beforeAll(async () => {
  await admin.connect();
});
afterAll(async () => {
  await pool.end();
  await admin.end();
});

const terminate = (pid: number) => admin.query('select pg_terminate_backend($1)', [pid]);

describe('createPool', () => {
  it('given an idle connection ended by the server, when the pool is used again, then it connects anew and answers', async () => {
    const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
    await terminate(rows[0].pid);
    await expect.poll(async () => (await pool.query<{ pid: number }>('select pg_backend_pid() as pid').catch(() => ({ rows: [{ pid: rows[0].pid }] }))).rows[0].pid, { timeout: 5000 }).not.toBe(rows[0].pid);
  });

  it('given a checked-out connection ended by the server between two queries, when the next query runs, then it fails and the process lives on', async () => {
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    await terminate(rows[0].pid);
    await new Promise((r) => setTimeout(r, 100)); // the loss reaches the client as an 'error' event while nothing runs on it
    await expect(client.query('select 1')).rejects.toThrow();
    client.release(true);
    expect((await pool.query('select 1 as ok')).rows[0].ok).toBe(1);
  });
});

/** Runs `work` with the variables set, then puts the environment back (test files share a process). */
async function withEnv<T>(vars: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    return await work();
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

const settingsOf = async (q: { query: (sql: string) => Promise<{ rows: Record<string, string>[] }> }) =>
  (await q.query(`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle, current_setting('application_name') as app`)).rows[0];

describe('session settings', () => {
  it('given the defaults, when a pool and a knex connect, then each connection has a one-minute statement and idle-in-transaction limit and a name', async () => {
    const knex = createDb(url, { max: 1 });
    try {
      const fromKnex = (await knex.raw(`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle, current_setting('application_name') as app`)).rows[0];
      const fromPool = await settingsOf(pool);
      for (const got of [fromKnex, fromPool]) {
        expect(got.statement).toBe('1min');
        expect(got.idle).toBe('1min');
        // PGAPPNAME (the supervisor's) names it when set, else the process's own name.
        expect(got.app).toBe(process.env.PGAPPNAME || 'trenchline');
      }
      expect((await pool.query('show idle_in_transaction_session_timeout')).rows[0].idle_in_transaction_session_timeout).toBe('1min');
    } finally {
      await knex.destroy();
    }
  });

  it('given the limits set in the environment and a process name, when a pool is made, then its connections carry them', async () => {
    const named = await withEnv({ PG_STATEMENT_TIMEOUT_MS: '2500', PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: '0', PGAPPNAME: '' }, async () => {
      nameConnections('trenchline-test');
      try {
        return createPool(url, 1, 'named pool');
      } finally {
        nameConnections('trenchline');
      }
    });
    try {
      const got = await settingsOf(named);
      expect(got.statement).toBe('2500ms');
      expect(got.idle).toBe('0'); // 0: nothing is sent and the server's own setting (off) holds
      expect(got.app).toBe('trenchline-test');
    } finally {
      await named.end();
    }
  });

  it('given the migration runner, when it connects, then it is named trenchline-migrate and its statements may run an hour', async () => {
    const migrating = createPool(url, 1, 'migrate pool', migrationSettings());
    try {
      const got = await settingsOf(migrating);
      expect(got.statement).toBe('1h');
      expect(got.idle).toBe('1min');
      expect(got.app).toBe(process.env.PGAPPNAME || 'trenchline-migrate');
    } finally {
      await migrating.end();
    }
  });

  it('given a statement longer than the limit, when it runs, then Postgres cancels it', async () => {
    const short = createPool(url, 1, 'short statements', { statementTimeoutMs: 200 });
    try {
      await expect(short.query('select pg_sleep(5)')).rejects.toMatchObject({ code: '57014' }); // query_canceled
      expect((await short.query('select 1 as ok')).rows[0].ok).toBe(1); // the connection serves on
    } finally {
      await short.end();
    }
  });

  it('given a transaction left idle past the (shortened) limit, when the server notices, then it ends the connection and the pool serves on with a new one', async () => {
    const idle = createPool(url, 1, 'idle transactions', { idleInTransactionTimeoutMs: 300 });
    try {
      const client = await idle.connect();
      await client.query('begin');
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid, txid_current()');
      const pid = rows[0].pid;
      // The server ends the session: it leaves pg_stat_activity, and the next query on it fails.
      await expect
        .poll(async () => (await admin.query('select count(*)::int as n from pg_stat_activity where pid = $1', [pid])).rows[0].n, { timeout: 15_000, interval: 100 })
        .toBe(0);
      await expect(client.query('select 1')).rejects.toThrow();
      client.release(true);
      const again = await idle.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(again.rows[0].pid).not.toBe(pid);
    } finally {
      await idle.end();
    }
  });
});
