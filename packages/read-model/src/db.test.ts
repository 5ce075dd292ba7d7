/** createPool survives Postgres ending its connections, idle or checked out (real server, real pg). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DATABASE_URL, withDatabase } from './config.ts';
import { createPool } from './db.ts';

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
