/** waitForDatabase: a process booting while Postgres is away or not migrated waits, says so sparingly, and can be stopped (real server, real pg). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { waitForDatabase } from './boot.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('boot');
});
afterAll(async () => {
  await database?.drop();
});

/** Something on a port that hangs up on every connection, like a Postgres going down; counts the tries. */
async function hangingUp(): Promise<{ url: string; tries: () => number; close: () => Promise<void> }> {
  let tries = 0;
  const server: Server = createServer((socket) => {
    tries++;
    socket.destroy();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  return { url: `postgres://postgres@127.0.0.1:${port}/trenchline`, tries: () => tries, close: () => new Promise((ok) => server.close(() => ok())) };
}

describe('waitForDatabase', () => {
  it('given a reachable, migrated database, when a process boots, then it goes on without a word', async () => {
    const said: string[] = [];
    await waitForDatabase(database.url, { log: (m) => said.push(m) });
    expect(said).toEqual([]);
  });

  it('given the last migration not applied, when a process boots, then it waits naming it, and goes on once it is applied', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query(`delete from knex_migrations where name = '010_signups' returning *`);
      const said: string[] = [];
      let ready = false;
      const waiting = waitForDatabase(database.url, { intervalMs: 50, log: (m) => said.push(m) }).then(() => (ready = true));
      await expect.poll(() => said.length).toBe(1);
      expect(said[0]).toMatch(/waiting for the database .*: migrations not applied yet: 010_signups \(npm run migrate\)/);
      expect(ready).toBe(false);
      await client.query(`insert into knex_migrations (id, name, batch, migration_time) values ($1, $2, $3, $4)`, [rows[0].id, rows[0].name, rows[0].batch, rows[0].migration_time]);
      await waiting;
      expect(said.at(-1)).toMatch(/the database .* is ready after/);
    } finally {
      await client.end();
    }
  });

  it('given a server that hangs up on every try, when it has tried many times, then it said so once, and when stopped it gives up with an AbortError', async () => {
    const server = await hangingUp();
    const stop = new AbortController();
    const said: string[] = [];
    try {
      const waiting = waitForDatabase(server.url, { intervalMs: 20, logEveryMs: 60_000, signal: stop.signal, log: (m) => said.push(m) });
      waiting.catch(() => undefined);
      await expect.poll(server.tries, { timeout: 10_000 }).toBeGreaterThan(5);
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/^waiting for the database 127\.0\.0\.1:\d+\/trenchline \(.* s\): .*; trying every 0\.02 s$/);
      stop.abort();
      await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      await server.close();
    }
  });
});
