/** Lost or refused database connections are a 503 with Retry-After; real failures of real pg and knex clients. */
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import pg from 'pg';
import { createDb, DATABASE_URL, withDatabase } from '@trenchline/read-model';
import { toHttpError } from './errors.ts';

const serverUrl = withDatabase(DATABASE_URL, 'postgres');
const pools: pg.Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
});

/** A port nothing listens on (taken from the OS, then released). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const failure = (work: Promise<unknown>) => work.then(() => expect.unreachable('should have failed'), (e: unknown) => e);

describe('the error path when the database is away', () => {
  it('given Postgres refusing connections, when a query runs, then the answer is 503 unavailable with Retry-After', async () => {
    const u = new URL(serverUrl);
    u.port = String(await closedPort());
    const pool = new pg.Pool({ connectionString: u.toString() });
    pools.push(pool);
    const h = toHttpError(await failure(pool.query('select 1')));
    expect(h).toMatchObject({ status: 503, error: 'unavailable' });
    expect(h.headers['Retry-After']).toBe('2');
  });

  it('given a connection the server ends (a restart), when its query fails, then the answer is 503', async () => {
    const pool = new pg.Pool({ connectionString: serverUrl, max: 1 });
    pool.on('error', () => undefined);
    pools.push(pool);
    const h = toHttpError(await failure(pool.query('select pg_terminate_backend(pg_backend_pid())')));
    expect(h.status).toBe(503);
  });

  it('given a knex connection the server ends, when its query fails, then the answer is 503 although knex put the SQL in the message', async () => {
    const db = createDb(serverUrl, { max: 1 });
    try {
      const e = await failure(db.raw('select pg_terminate_backend(pg_backend_pid())'));
      expect(toHttpError(e).status).toBe(503);
    } finally {
      await db.destroy();
    }
  });

  it('given a query that is simply wrong, when it fails, then it stays a 500 (not a reason to retry)', async () => {
    const pool = new pg.Pool({ connectionString: serverUrl, max: 1 });
    pools.push(pool);
    expect(toHttpError(await failure(pool.query('select * from no_such_table'))).status).toBe(500);
  });
});
