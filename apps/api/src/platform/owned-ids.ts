/**
 * Where another account's ids stop, in one place for every route: a path parameter declared as a record
 * or line id (RouteDef.ids), and a body field naming the parent of a line (RouteDef.bodyIds), must name
 * an id of the caller's account of a declared kind. Otherwise the request is a 404 before its upload is
 * read or its body validated, so a stranger learns nothing from a 400 and nothing is spent or written.
 * The record index holds every id handed out with its account and kind, deleted ones included, so a
 * line deleted since is still found here and its route answers 410 as before.
 */
import type { Request } from 'express';
import { aggregates, collection } from '@trenchline/domain';
import type { Actor, ApiContext } from './context.ts';
import { notFound } from './errors.ts';

const ID = /^\d{1,18}$/;

/** The kinds of record-index ids a parameter may name: an aggregate ('job') or a collection ('job_items'). */
export type OwnedKinds = string | readonly string[];

/** What a route declares of the ids it names (RouteDef's `ids` and `bodyIds`; routes.ts explains them). */
export interface NamesIds {
  method: string;
  path: string;
  public?: boolean;
  ids?: Record<string, OwnedKinds | null>;
  bodyIds?: Record<string, OwnedKinds>;
}

export const hasOwnedIds = (ids: NamesIds['ids']) => Object.values(ids ?? {}).some((k) => k !== null);

const kindsOf = (k: OwnedKinds): readonly string[] => (typeof k === 'string' ? [k] : k);

/** What the 404 calls the thing: 'Job not found', 'Job item not found'. */
function nounOf(kind: string): string {
  if (aggregates[kind]) return aggregates[kind].label;
  const noun = collection(kind).noun;
  return noun.charAt(0).toUpperCase() + noun.slice(1);
}

interface Wanted {
  id: string;
  kinds: readonly string[];
}

function wantedIds(r: NamesIds, req: Request): Wanted[] {
  const out: Wanted[] = [];
  for (const [param, kinds] of Object.entries(r.ids ?? {})) {
    if (kinds === null) continue;
    const id = req.params[param];
    // No id at all ('abc') names no one's record: the route answers it as it always has (404, or a 400 naming it).
    if (typeof id === 'string' && ID.test(id)) out.push({ id, kinds: kindsOf(kinds) });
  }
  // A parent named in the body (or a GET's query): a value that is no id at all is left to the body's own 400.
  const given = { ...(req.query as Record<string, unknown>), ...((req.body ?? {}) as Record<string, unknown>) };
  for (const [field, kinds] of Object.entries(r.bodyIds ?? {})) {
    const v = given[field];
    const id = typeof v === 'number' ? String(v) : v;
    if (typeof id === 'string' && ID.test(id.trim())) out.push({ id: id.trim(), kinds: kindsOf(kinds) });
  }
  return out;
}

/** Throws a 404 naming the first declared kind unless every declared id is the caller's, of its kind. */
export async function refuseOthersIds(ctx: ApiContext, r: NamesIds, req: Request, actorOf: () => Promise<Actor>): Promise<void> {
  const wanted = wantedIds(r, req);
  if (!wanted.length) return;
  const actor = await actorOf();
  const { rows } = await ctx.pool.query<{ id: string; kind: string }>('select id::text as id, kind from record_index where account_id = $1 and id = any($2::bigint[])', [
    actor.accountId,
    wanted.map((w) => w.id),
  ]);
  const kindOfId = new Map(rows.map((row) => [row.id, row.kind]));
  const refused = wanted.find((w) => !w.kinds.includes(kindOfId.get(w.id) ?? ''));
  if (refused) throw notFound(nounOf(refused.kinds[0]));
}

const paramsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
/** The path up to and including parameter `p`: '/tickets/:id/approve' -> '/tickets/:id'. */
const pathThrough = (path: string, p: string) => path.slice(0, path.indexOf(`:${p}`) + p.length + 1);

/**
 * Every route with each path parameter declared. A parameter a route leaves out means what the same
 * path means where it is declared: '/tickets/:id/approve' and a hand-written PUT of '/tickets/:id' name
 * a ticket because the generic '/tickets/:id' routes say so. A parameter declared nowhere stops the
 * server at start, so no route can forget the check.
 */
export function withOwnedIds<R extends NamesIds, A extends { area: string; routes: R[] }>(areas: A[]): A[] {
  const declared = new Map<string, OwnedKinds | null>();
  for (const { routes } of areas)
    for (const r of routes)
      for (const [p, kinds] of Object.entries(r.ids ?? {})) {
        if (!r.path.includes(`:${p}`)) throw new Error(`${r.method.toUpperCase()} ${r.path}: ids names :${p}, which the path has not`);
        const at = pathThrough(r.path, p);
        if (declared.has(at) && JSON.stringify(declared.get(at)) !== JSON.stringify(kinds)) throw new Error(`${at}: :${p} is declared as two kinds (${JSON.stringify(declared.get(at))}, ${JSON.stringify(kinds)})`);
        declared.set(at, kinds);
      }
  return areas.map((a) => ({
    ...a,
    routes: a.routes.map((r) => {
      const missing = paramsOf(r.path).filter((p) => !(p in (r.ids ?? {})));
      if (!missing.length) return r;
      const ids = { ...r.ids };
      for (const p of missing) {
        const kinds = declared.get(pathThrough(r.path, p));
        if (kinds === undefined) throw new Error(`${r.method.toUpperCase()} ${r.path}: say what :${p} names (RouteDef.ids: a record or line kind, or null)`);
        ids[p] = kinds;
      }
      return { ...r, ids };
    }),
  }));
}
