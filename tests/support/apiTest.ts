/**
 * The setup every API test file shares: its own test app, two signed-up accounts (office and rival),
 * a small pg pool on the app's database, and the event count. It registers its own beforeAll and
 * afterAll, so a file declares it once at the top:
 *
 *   const { app, office, rival, db, eventCount } = apiTest('api_bids');
 *
 * A file's own beforeAll and afterAll, declared after it, run after the setup and before the
 * teardown (vitest runs after-hooks in reverse).
 */
import { afterAll, beforeAll } from 'vitest';
import pg from 'pg';
import { startTestApp, type TestApp } from './app.ts';
import { Client } from './client.ts';

type AppOptions = NonNullable<Parameters<typeof startTestApp>[1]>;

/**
 * A stand-in for what beforeAll makes, so it can be named at the top of a file: every use (a
 * property, a method, a write) goes to the real thing once it is there.
 */
function late<T extends object>(what: string, get: () => T | undefined): T {
  const real = () => {
    const t = get();
    if (t === undefined) throw new Error(`${what} is used before beforeAll made it`);
    return t;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const t = real();
      const v = Reflect.get(t, key, t);
      return typeof v === 'function' ? v.bind(t) : v;
    },
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(real(), key);
      return d && { ...d, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}

export function apiTest(label: string, options: AppOptions = {}) {
  let app: TestApp | undefined;
  let office: Client | undefined;
  let rival: Client | undefined;
  let db: pg.Pool | undefined;

  beforeAll(async () => {
    app = await startTestApp(label, options);
    office = await Client.signUp(app.url, 'Office');
    rival = await Client.signUp(app.url, 'Rival');
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    // The database is dropped (forcibly) at the end: a connection still closing then must not crash the run.
    db.on('error', () => undefined);
  });
  afterAll(async () => {
    await db?.end();
    await app?.stop();
  });

  const pool = late('db', () => db);
  return {
    app: late('app', () => app),
    office: late('office', () => office),
    rival: late('rival', () => rival),
    db: pool,
    /** How many events the store holds: a refused write adds none. */
    eventCount: async () => Number((await pool.query('select count(*) from events')).rows[0].count),
  };
}
