/** Helpers the security tests share: client addresses of their own, unique emails, row counts, waiting, the demo account. */
import { afterAll, beforeAll, expect } from 'vitest';
import pg from 'pg';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '@trenchline/api/seed.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/client.ts';

/**
 * Client addresses in one documentation range (e.g. '192.0.2.'), one per call, sent as X-Forwarded-For
 * (trusted from loopback only): each test's requests count against addresses no other test uses.
 */
export function addressesIn(range: string): () => string {
  let n = 0;
  return () => `${range}${++n}`;
}

export const uniqueEmail = (who: string) => `${who}.${Math.random().toString(36).slice(2, 8)}@example.com`;

export const rowCount = async (db: pg.Pool, table: string) => Number((await db.query(`select count(*) from ${table}`)).rows[0].count);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * An app with the demo account (npm start's seed) signed in, for the sweeps that walk every route on
 * data of every kind. It registers its own beforeAll and afterAll (see tests/support/apiTest.ts); `ready`
 * runs last in the beforeAll, for what a sweep adds to the demo data.
 */
export function demoAccountApp(label: string, options: Parameters<typeof startTestApp>[1], ready: (demo: DemoAccount) => Promise<void>): { get(): DemoAccount } {
  let made: DemoAccount | undefined;
  let app: TestApp | undefined;
  let db: pg.Pool | undefined;
  beforeAll(async () => {
    app = await startTestApp(label, options);
    db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    db.on('error', () => undefined);
    expect(await seedDemo(app.api.ctx)).toEqual({ created: true });
    const demo = new Client(app.url);
    await demo.get('/api/auth/me');
    expect((await demo.post('/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).status).toBe(200);
    const accountId = String((await db.query('select account_id from users where email = $1', [DEMO_EMAIL])).rows[0].account_id);
    const pool = db;
    const idOf = (pick: 'min' | 'max') => async (kind: string) => (await pool.query(`select ${pick}(id)::text as id from record_index where account_id = $1 and kind = $2`, [accountId, kind])).rows[0].id as string;
    made = { app, db, demo, accountId, firstOf: idOf('min'), lastOf: idOf('max') };
    await ready(made);
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await app?.stop();
  });
  return {
    get() {
      if (!made) throw new Error('the demo account is used before beforeAll made it');
      return made;
    },
  };
}

export interface DemoAccount {
  app: TestApp;
  db: pg.Pool;
  /** The demo user, signed in. */
  demo: Client;
  accountId: string;
  /** The oldest and the newest id of a kind (an aggregate or a collection) in the demo account. */
  firstOf(kind: string): Promise<string>;
  lastOf(kind: string): Promise<string>;
}

/**
 * What the demo data has none of, added for the sweeps that walk every route: a bid's customer data and
 * PDF bundle, a project's and an RFQ's file, a product's raw material, a bulk operation (queued: these
 * apps run no worker) and a report.
 */
export async function addWhatTheDemoLacks({ demo, lastOf }: DemoAccount) {
  const pdf = (field: string, id: string) => {
    const f = new FormData();
    f.set('file', new Blob(['%PDF-1.4 sweep'], { type: 'application/pdf' }), 'sweep.pdf');
    f.set(field, id);
    f.set('file_type', 'pdf_bundle');
    return f;
  };
  const made = [
    await demo.post(`/api/bids/${await lastOf('bid')}/customer_data/`, { job_ref: 'JR-1' }),
    await demo.post(`/api/bids/${await lastOf('bid')}/files/`, pdf('bid', await lastOf('bid'))),
    await demo.post(`/api/project/${await lastOf('project')}/files/`, pdf('project', await lastOf('project'))),
    await demo.post(`/api/rfqs/${await lastOf('rfq')}/pdf_bundles/`, pdf('rfq', await lastOf('rfq'))),
    await demo.post(`/api/settings/our_products/${await lastOf('product')}/raw_materials/`, { code: 'MALT', item_name: 'Pale malt', qty: 1 }),
    await demo.post('/api/bulk/', { list: 'jobs', action: 'archive', ids: [await lastOf('job')] }),
    // Turned off: nothing is sent to the outside address.
    await demo.post('/api/webhooks/', { url: 'https://erp.example/trenchline', topics: ['BidCreated'], active: false }),
  ];
  expect(made.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 202, 201]);
  expect([200, 202]).toContain((await demo.get(`/api/projects/report/management/?ids=${await lastOf('project')}`)).status);
}
