/**
 * Another account's record or line is a 404 before anything else (issue 28). The sweep walks every
 * route of the registry whose path (or body) names a record or line, with the kinds each route
 * declares (RouteDef.ids, bodyIds), on the demo account's data: as a second account, every call is 404
 * and nothing is written, not an event and not an id; as the demo account itself, the same call gets
 * past the check (and stops at a body that cannot be stored: 400), which proves each declared kind is
 * the one the route serves.
 */
import { describe, expect, it } from 'vitest';
import { areaRoutes } from '@trenchline/api/areas/index.ts';
import { fileRoutes } from '@trenchline/api/platform/files.ts';
import { withOwnedIds } from '@trenchline/api/platform/owned-ids.ts';
import type { RouteDef } from '@trenchline/api/platform/routes.ts';
import { Client } from '../support/client.ts';
import { demoAccountApp, addWhatTheDemoLacks } from './support.ts';

let stranger: Client;
let idsOfKind: Map<string, string>;

/** Text Postgres cannot store: any route that reads the body or query refuses it (400), so a 404 shows the ownership check came first. */
const UNSTORABLE = 'a\u0000b';

const counts = async () => (await sweep.get().db.query('select (select count(*) from events)::int as events, (select count(*) from record_index)::int as ids')).rows[0] as { events: number; ids: number };

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

/** Every call of the sweep as `client`; those answered other than `status`, with what they answered. */
async function answersOtherThan(client: Client, status: number): Promise<string[]> {
  const other: string[] = [];
  for (const r of routesNamingIds()) {
    const c = callOf(r);
    if ('missing' in c) continue;
    const res = await client.request(r.method.toUpperCase(), c.url, c.body);
    if (res.status !== status) other.push(`${r.method.toUpperCase()} ${c.url}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
  }
  return other;
}

const sweep = demoAccountApp('security_other_account', { reportWaitMs: 10 }, async (made) => {
  const { app, db, accountId } = made;
  await addWhatTheDemoLacks(made);
  // The newest id of each kind the demo holds: its records and lines as they stand (the seed deletes none of its last ones).
  const rows = (await db.query<{ kind: string; id: string }>('select kind, max(id)::text as id from record_index where account_id = $1 group by kind', [accountId])).rows;
  idsOfKind = new Map(rows.map((r) => [r.kind, r.id]));
  stranger = await Client.signUp(app.url, 'Stranger');
  await app.caughtUp();
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
    expect(await answersOtherThan(stranger, 404)).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('given the demo account itself, when it makes the same calls, then each gets past the check to the body it cannot store (400): the declared kinds are the ones each route serves', { timeout: 120_000 }, async () => {
    const before = await counts();
    expect(await answersOtherThan(sweep.get().demo, 400)).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
