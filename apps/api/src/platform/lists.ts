/** Reading a record list read model: scoped to the account, tombstones left out, rows refreshed for today. */
import type { Knex } from 'knex';
import { z } from 'zod';
import { aggregateDef } from '@trenchline/domain';
import { BadCursor, COUNT_EXACT_UP_TO, parseOrdering } from '@trenchline/platform';
import { countMatchingAbout, listDef, listFilterShape, matchingPage } from '@trenchline/read-model';
import { today, type Actor, type ApiContext } from './context.ts';
import { explicitFilter } from './list-range.ts';
import { badRequest } from './errors.ts';
import type { OwnedKinds } from './owned-ids.ts';
import { reply, type Reply, type RouteDef } from './routes.ts';

/**
 * The lists not declared to the list engine (routines, reports, catalogs) read here.
 * `omit`: view fields a list does not show (long texts, nested roll-ups), dropped in Postgres so a
 * large list sends only what its table needs.
 */
export async function listRecords(ctx: ApiContext, actor: Actor, aggregate: string, narrow: (q: Knex.QueryBuilder) => void, o: { omit?: readonly string[] } = {}) {
  const def = aggregateDef(aggregate);
  if (!def.list) throw new Error(`${aggregate} has no list`);
  const view = o.omit?.length ? ctx.db.raw(`view ${o.omit.map(() => '- ?').join(' ')} as view`, [...o.omit]) : 'view';
  const q = ctx.db(def.list).where({ account_id: actor.accountId, deleted: false }).select(view, 'version');
  narrow(q);
  const rows: { view: Record<string, unknown>; version: number }[] = await q;
  const day = today(ctx);
  return rows.map((r) => ({ ...def.listRow(r.view, day), id: String(r.view.id), version: r.version }));
}

/** `as_of`: a date-time with its offset (or Z); the list as it stood then (docs/as-of.md). */
export const asOfParam = z.iso.datetime({ offset: true, message: 'must be a date-time with its offset, e.g. 2026-10-31T23:59:00-05:00 or 2026-11-01T04:59:00Z' });

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 100;

/** The params of a declared list's call: its filter, paging and ordering. */
const whole = (max: number, what: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `must be ${what}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `must be ${what}`)
    .optional();

/** `page` and `page_size` of any paged call (page_size 1..MAX_PAGE_SIZE). */
export const pagingShape = {
  page: whole(1e9, 'a page number from 1'),
  page_size: whole(MAX_PAGE_SIZE, `a number from 1 to ${MAX_PAGE_SIZE}`),
};

export function listQuery(name: string) {
  const d = listDef(name);
  return z
    .object({
      ...listFilterShape(name),
      as_of: asOfParam.optional(),
      ...pagingShape,
      // `next` of the page before: the page after its last row (the offset is not used).
      cursor: z.string().min(1).max(4000).optional(),
      ordering: z
        .string()
        .refine((o) => parseOrdering(d, o) !== null, `must be one of ${Object.keys(d.sorts).join(', ')}, or one with - before it (descending)`)
        .optional(),
    })
    .loose();
}

export type ListQuery = z.infer<ReturnType<typeof listQuery>>;

/** The same call with another page (after `cursor` when given, else by offset): a relative URL under /api/. */
export function pageUrl(raw: { originalUrl: string }, page: number, cursor?: string): string {
  const u = new URL(raw.originalUrl, 'http://here');
  u.searchParams.set('page', String(page));
  if (cursor) u.searchParams.set('cursor', cursor);
  else u.searchParams.delete('cursor');
  return `${u.pathname}${u.search}`;
}

/**
 * A declared list's answer: the plain array of rows as before paging came, or with `page`, `page_size`
 * or `cursor` the DRF shape { results, count, next, previous }. `next` carries the cursor of the page's
 * last row (and page + 1, for clients that read the page); `count` is exact up to COUNT_EXACT_UP_TO,
 * past it an estimate with `count_estimated: true`.
 */
export async function listAnswer(ctx: ApiContext, actor: Actor, name: string, query: ListQuery, raw: { originalUrl: string }) {
  const { page, page_size: pageSize, ordering, as_of: asOf, cursor, ...params } = query;
  const filter = await explicitFilter(ctx, actor, name, params, asOf);
  const day = today(ctx);
  if (page === undefined && pageSize === undefined && cursor === undefined) return everyRow(ctx, name, actor.accountId, filter, { today: day, ordering, asOf });
  const p = page ?? 1;
  const size = pageSize ?? DEFAULT_PAGE_SIZE;
  // The page and the count at once, on two connections.
  const [answer, counted] = await Promise.all([
    matchingPage(ctx.readDb, name, actor.accountId, filter, { today: day, ordering, page: p, pageSize: size, after: cursor, asOf }).catch((e: unknown) => {
      throw e instanceof BadCursor ? badRequest({ cursor: `${e.why}: send the next of the page before, with the same ordering and as_of` }) : e;
    }),
    countMatchingAbout(ctx.readDb, name, actor.accountId, filter, { today: day, asOf }),
  ]);
  return {
    results: answer.results,
    count: counted.count,
    ...(counted.estimated ? { count_estimated: true } : {}),
    next: answer.next ? pageUrl(raw, p + 1, answer.next) : null,
    previous: p > 1 ? pageUrl(raw, p - 1) : null,
  };
}

/** Rows per query of an unpaged answer, which is sent a batch at a time. */
export const UNPAGED_BATCH = 1000;

/**
 * The unpaged answer (the spec's `GET /api/jobs/?active=t&archived=f`, every row): the rows in batches
 * by cursor, each sent before the next is read, so 100,000 jobs cost the api one batch of memory. The
 * first batch is read before answering, so a bad ordering is still a 400. Rows changing meanwhile are
 * given once (keyset), as a paging client sees them.
 */
async function everyRow(ctx: ApiContext, name: string, accountId: string, filter: unknown, o: { today: string; ordering?: string; asOf?: string }): Promise<Reply> {
  const batch = (after?: string) => matchingPage(ctx.readDb, name, accountId, filter, { ...o, page: 1, pageSize: UNPAGED_BATCH, after });
  const first = await batch();
  async function* rest() {
    let page = first;
    yield page.results;
    while (page.next) {
      page = await batch(page.next);
      yield page.results;
    }
  }
  return reply({ rows: rest() });
}

/** Whether a list answer is the unpaged one (sent in batches), not a page. */
export const isUnpaged = (answer: unknown): answer is Reply => typeof answer === 'object' && answer !== null && 'rows' in answer;

/** The GET route of a declared list: its filter, `ordering`, `page` and `page_size`. */
export function listRoute(o: { path: string; list: string; summary: string }): RouteDef {
  const d = listDef(o.list);
  const live = aggregateDef(d.aggregate).list;
  return {
    method: 'get',
    path: o.path,
    summary: `${o.summary}; ?ordering=<column>|-<column>, ?page=&page_size= (1..${MAX_PAGE_SIZE}) for {results, count, next, previous} (next: the same call with ?cursor= after the page's last row; count_estimated: true when count is an estimate, past ${COUNT_EXACT_UP_TO.toLocaleString('en-US')}); ?as_of=<date-time> as it stood then`,
    query: listQuery(o.list),
    readsLists: [...new Set([...(live ? [live] : []), ...(d.annotatedFrom ?? [])])],
    handle: ({ actor, query, raw }, ctx) => listAnswer(ctx, actor, o.list, query as ListQuery, raw),
  };
}

/** A job's or a task's records of one aggregate (tickets, locates), oldest first: the path's id is checked here so every such look-up answers a bad id alike. */
export function linkedRecordsRoute(o: { path: string; param: string; kind: OwnedKinds; aggregate: string; field: string; summary: string }): RouteDef {
  const list = aggregateDef(o.aggregate).list;
  return {
    method: 'get',
    path: o.path,
    ids: { [o.param]: o.kind },
    summary: o.summary,
    readsLists: list ? [list] : [],
    handle: ({ actor, params }, ctx) => {
      const id = params[o.param];
      if (!/^\d{1,18}$/.test(id)) throw badRequest({ [o.param]: 'must be a record id' });
      return listRecords(ctx, actor, o.aggregate, (q) => q.where(o.field, id).orderBy('id'));
    },
  };
}
