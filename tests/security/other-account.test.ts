/**
 * Another account's record or line is a 404 before anything else (issue 28). The sweep walks every
 * route of the registry whose path (or body) names a record or line, with the kinds each route
 * declares (RouteDef.ids, bodyIds), on the demo account's data: as a second account, every call is 404
 * and nothing is written, not an event and not an id; as the demo account itself, the same call gets
 * past the check (and stops at a body that cannot be stored: 400), which proves each declared kind is
 * the one the route serves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '@trenchline/api/seed.ts';
import { areaRoutes } from '@trenchline/api/areas/index.ts';
import { fileRoutes } from '@trenchline/api/platform/files.ts';
import { withOwnedIds } from '@trenchline/api/platform/owned-ids.ts';
import type { RouteDef } from '@trenchline/api/platform/routes.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/client.ts';

let app: TestApp;
let db: pg.Pool;
let demo: Client;
let stranger: Client;
let idsOfKind: Map<string, string>;

/** Text Postgres cannot store: any route that reads the body or query refuses it (400), so a 404 shows the ownership check came first. */
const UNSTORABLE = 'a\u0000b';

const counts = async () => (await db.query('select (select count(*) from events)::int as events, (select count(*) from record_index)::int as ids')).rows[0] as { events: number; ids: number };

const kindsOf = (k: string | readonly string[]) => (typeof k === 'string' ? [k] : k);

/** The call with the demo account's ids in the path (and body), or the kinds the demo data lacks. */
function callOf(r: RouteDef): { url: string; body?: Record<string, unknown> } | { missing: string[] } {
  let url = `/api${r.path.replace('{/:name}', '')}`;
  const missing: string[] = [];
  for (const [param, kinds] of Object.entries(r.ids ?? {})) {
    if (kinds === null) {
      url = url.replace(`:${param}`, 'x');
      continue;
    }
    const id = kindsOf(kinds).map((k) => idsOfKind.get(k)).find(Boolean);
    if (!id) missing.push(kindsOf(kinds).join('|'));
    url = url.replace(`:${param}`, id ?? '0');
  }
  const parents: Record<string, unknown> = {};
  for (const [field, kinds] of Object.entries(r.bodyIds ?? {})) {
    const id = kindsOf(kinds).map((k) => idsOfKind.get(k)).find(Boolean);
    if (!id) missing.push(kindsOf(kinds).join('|'));
    parents[field] = id;
  }
  if (missing.length) return { missing };
  if (r.method === 'get' || r.method === 'delete') return { url: `${url}/?${new URLSearchParams({ ...(parents as Record<string, string>), bad: UNSTORABLE })}` };
  return { url: `${url}/?${new URLSearchParams({ bad: UNSTORABLE })}`, body: { ...parents, bad: UNSTORABLE } };
}

const routesNamingIds = () =>
  withOwnedIds([...areaRoutes, fileRoutes])
    .flatMap((a) => a.routes)
    .filter((r) => !r.public && (Object.values(r.ids ?? {}).some((k) => k !== null) || r.bodyIds));

beforeAll(async () => {
  app = await startTestApp('security_other_account', { reportWaitMs: 10 });
  db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  db.on('error', () => undefined);
  expect(await seedDemo(app.api.ctx)).toEqual({ created: true });
  demo = new Client(app.url);
  await demo.get('/api/auth/me');
  expect((await demo.post('/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).status).toBe(200);
  const account = (await db.query('select account_id from users where email = $1', [DEMO_EMAIL])).rows[0].account_id;
  const first = async (kind: string) => (await db.query('select max(id)::text as id from record_index where account_id = $1 and kind = $2', [account, kind])).rows[0].id as string;
  // What the demo data has none of: a bid's customer data and PDF bundle, a project's and an RFQ's file,
  // a product's raw material, a report and a bulk operation (queued: this app runs no worker).
  const pdf = (field: string, id: string) => {
    const f = new FormData();
    f.set('file', new Blob(['%PDF-1.4 sweep'], { type: 'application/pdf' }), 'sweep.pdf');
    f.set(field, id);
    f.set('file_type', 'pdf_bundle');
    return f;
  };
  const made = [
    await demo.post(`/api/bids/${await first('bid')}/customer_data/`, { job_ref: 'JR-1' }),
    await demo.post(`/api/bids/${await first('bid')}/files/`, pdf('bid', await first('bid'))),
    await demo.post(`/api/project/${await first('project')}/files/`, pdf('project', await first('project'))),
    await demo.post(`/api/rfqs/${await first('rfq')}/pdf_bundles/`, pdf('rfq', await first('rfq'))),
    await demo.post(`/api/settings/our_products/${await first('product')}/raw_materials/`, { code: 'MALT', item_name: 'Pale malt', qty: 1 }),
    await demo.post('/api/bulk/', { list: 'jobs', action: 'archive', ids: [await first('job')] }),
  ];
  expect(made.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 202]);
  expect([200, 202]).toContain((await demo.get(`/api/projects/report/management/?ids=${await first('project')}`)).status);
  // The newest id of each kind the demo holds: its records and lines as they stand (the seed deletes none of its last ones).
  const rows = (await db.query<{ kind: string; id: string }>('select kind, max(id)::text as id from record_index where account_id = $1 group by kind', [account])).rows;
  idsOfKind = new Map(rows.map((r) => [r.kind, r.id]));
  stranger = await Client.signUp(app.url, 'Stranger');
  await app.caughtUp();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await app?.stop();
});

describe('another account on every route that names a record or line', () => {
  it('given the demo data, then every kind a route names has a record or line to try', () => {
    const missing = routesNamingIds().flatMap((r) => {
      const c = callOf(r);
      return 'missing' in c ? [`${r.method.toUpperCase()} ${r.path}: ${c.missing.join(', ')}`] : [];
    });
    expect(missing).toEqual([]);
  });

  it('given a second account, when it calls each of them with the demo account\'s ids and a body that cannot be stored, then every call is 404 and nothing is written', { timeout: 120_000 }, async () => {
    const before = await counts();
    const answered: string[] = [];
    for (const r of routesNamingIds()) {
      const c = callOf(r);
      if ('missing' in c) continue;
      const res = await stranger.request(r.method.toUpperCase(), c.url, c.body);
      if (res.status !== 404) answered.push(`${r.method.toUpperCase()} ${c.url}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    }
    expect(answered).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('given the demo account itself, when it makes the same calls, then each gets past the check to the body it cannot store (400): the declared kinds are the ones each route serves', { timeout: 120_000 }, async () => {
    const before = await counts();
    const refused: string[] = [];
    for (const r of routesNamingIds()) {
      const c = callOf(r);
      if ('missing' in c) continue;
      const res = await demo.request(r.method.toUpperCase(), c.url, c.body);
      if (res.status !== 400) refused.push(`${r.method.toUpperCase()} ${c.url}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    }
    expect(refused).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
