/**
 * Who may call a route (docs/roles.md), checked in one place: the route registry asks `accessCheck`
 * before the upload or body is read. What each role may do is declared, not written into handlers:
 * a policy gives each area a rule for reads and one for writes, with rules for paths that differ
 * (apps/api/src/areas/access.ts). An admin may call every route. A refusal is 403
 * `{error: 'forbidden', message: 'A field user cannot ...', role}` through the one error path.
 * A field user's answers leave out money, by the domain's field kinds (`withoutMoney`).
 */
import type { Request } from 'express';
import { z } from 'zod';
import { isMoney, moneyFieldNames, type Role } from '@trenchline/domain';
import { whereAny } from '@trenchline/platform';
import type { Actor, ApiContext } from './context.ts';
import { HttpError } from './errors.ts';

/** What a field user may reach: nothing, everything, or only what is theirs (`Theirs`). */
export type FieldGrant = boolean | 'theirs';

/** Who besides an admin may make one kind of call. */
export interface Grant {
  office: boolean;
  field: FieldGrant;
  auditor: boolean;
}

/** A path whose rule differs from its area's (for reads, writes or both). `narrow`: see `AccessPolicy.theirs`. */
export interface PathRule {
  path: RegExp;
  read?: Grant;
  write?: Grant;
  /** What the refusal says the role cannot do ('see crew payouts'); default from the verb and the area. */
  what?: string;
  /** For a list a field user may read ('theirs'): the list's query parameter that keeps it to their records, set to their id. */
  narrow?: string;
}

export interface AreaAccess {
  /** What the refusal calls the area ('bids', 'settings'). */
  noun: string;
  /** The refusal's verbs: 'see' and 'change' unless said ('ask for' a report). */
  verbs?: { read: string; write: string };
  /** GETs that change nothing. */
  read: Grant;
  /** Every other method, and GETs that write (report requests). */
  write: Grant;
  paths?: PathRule[];
}

/**
 * What a field user's 'theirs' means: every record a path names must be of an `open` aggregate
 * (tickets, locates) or a record of `assigned.aggregate` whose list row names them in `assigned.column`
 * (',12,15,': a job's assigned users). A route naming no record is theirs only when its rule narrows it.
 */
export interface Theirs {
  open: readonly string[];
  assigned: { aggregate: string; table: string; column: string };
}

export interface AccessPolicy {
  areas: Record<string, AreaAccess>;
  /** Rules for paths of any area (a user's own preferences), after the area's own path rules. */
  everywhere: PathRule[];
  /** An area the policy does not name (the role sweep fails on it, naming it): office and auditor read, office writes. */
  fallback: AreaAccess;
  theirs: Theirs;
}

/** What a route needs to be judged: its area, method, path and whether a GET of it writes. */
export interface Judged {
  method: string;
  path: string;
  writes?: true | 'page';
}

export interface Decision {
  grant: Grant;
  what: string;
  narrow?: string;
}

/** The rule a route falls under: the area's path rule, else one of `everywhere`, else the area's. */
export function decide(policy: AccessPolicy, area: string, r: Judged): Decision {
  const a = policy.areas[area] ?? policy.fallback;
  const verb = r.method !== 'get' || r.writes ? 'write' : 'read';
  const rule = [...(a.paths ?? []), ...policy.everywhere].find((p) => p.path.test(r.path) && p[verb]);
  const what = rule?.what ?? `${(a.verbs ?? { read: 'see', write: 'change' })[verb]} ${a.noun}`;
  return { grant: rule?.[verb] ?? a[verb], what, narrow: rule?.narrow };
}

export const ROLE_WORDS: Record<Role, string> = { admin: 'An admin', office: 'An office user', field: 'A field user', auditor: 'An auditor' };

export const forbidden = (role: Role, what: string) => new HttpError(403, 'forbidden', `${ROLE_WORDS[role]} cannot ${what}.`, { role });

const ID = /^\d{1,18}$/;

/** Whether every record the path names is the field user's: a ticket, a locate, or a job they are assigned to. */
async function allTheirs(ctx: ApiContext, theirs: Theirs, actor: Actor, r: { ids?: Record<string, unknown> }, req: Request): Promise<boolean> {
  const ids = Object.entries(r.ids ?? {})
    .filter(([, kinds]) => kinds !== null)
    .map(([p]) => req.params[p])
    .filter((id): id is string => typeof id === 'string' && ID.test(id));
  if (!ids.length) return false;
  const { rows } = await ctx.pool.query<{ stream_id: string }>('select stream_id from record_index where account_id = $1 and id = any($2::bigint[])', [actor.accountId, ids]);
  if (rows.length < new Set(ids).size) return false;
  const assigned: string[] = [];
  for (const { stream_id } of rows) {
    const [aggregate, id] = [stream_id.slice(0, stream_id.lastIndexOf('-')), stream_id.slice(stream_id.lastIndexOf('-') + 1)];
    if (theirs.open.includes(aggregate)) continue;
    if (aggregate !== theirs.assigned.aggregate) return false;
    assigned.push(id);
  }
  if (!assigned.length) return true;
  const { table, column } = theirs.assigned;
  const q = ctx.db(table).where('account_id', actor.accountId).andWhere(column, 'like', `%,${actor.userId},%`);
  const found = await whereAny(q, 'id', [...new Set(assigned)]).count<{ n: string }[]>({ n: '*' });
  return Number(found[0].n) === new Set(assigned).size;
}

/**
 * The route's access check, for the registry to run before the upload or body is read; it answers
 * the query a field user's list must be narrowed with (their id in `narrow`), or nothing.
 */
export function accessCheck(policy: AccessPolicy, area: string, r: Judged & { ids?: Record<string, unknown> }) {
  const { grant, what, narrow } = decide(policy, area, r);
  return async (ctx: ApiContext, actor: Actor, req: Request): Promise<Record<string, string> | undefined> => {
    if (actor.role === 'admin' || (actor.role !== 'field' && grant[actor.role])) return undefined;
    if (actor.role !== 'field' || grant.field === false) throw forbidden(actor.role, what);
    if (grant.field === true) return undefined;
    if (narrow) return { [narrow]: actor.userId };
    if (await allTheirs(ctx, policy.theirs, actor, r, req)) return undefined;
    throw forbidden(actor.role, `${what} of jobs they are not assigned to`);
  };
}

/** Every money name: the domain's, and the money fields of any route's body (a record's own fields). */
export function moneyNamesOf(bodies: (z.ZodType | undefined)[]): ReadonlySet<string> {
  const names = new Set(moneyFieldNames());
  for (const b of bodies) if (b instanceof z.ZodObject) for (const [k, s] of Object.entries(b.shape)) if (isMoney(s as z.ZodType)) names.add(k);
  return names;
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
/** A history entry's change of one field ({field, old, new}). */
const isChangeOf = (v: unknown, names: ReadonlySet<string>) => isPlain(v) && typeof v.field === 'string' && names.has(v.field) && 'old' in v && 'new' in v;

/** An answer as a field user gets it: no money field at any depth, and no history change of one. */
export function withoutMoney(v: unknown, names: ReadonlySet<string>): unknown {
  if (Array.isArray(v)) return v.filter((x) => !isChangeOf(x, names)).map((x) => withoutMoney(x, names));
  if (!isPlain(v)) return v;
  return Object.fromEntries(Object.entries(v).filter(([k]) => !names.has(k)).map(([k, x]) => [k, withoutMoney(x, names)]));
}
