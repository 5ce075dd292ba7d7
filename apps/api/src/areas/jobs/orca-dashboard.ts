/**
 * The ORCA dashboards' calls (spec 2 sections 2, 3 and 7; docs/jobs.md "ORCA dashboards"): the paged
 * ORCA job list, which applies the caller's kept dashboard preferences to whatever its query does not
 * name (so `?page=n` alone is the dashboard as the user left it), the preferences themselves, and the
 * billing dashboard with its totals per status. The lists are the list engine's (`orca_jobs`,
 * `orca_billings`); bulk actions on them go through /api/bulk/.
 */
import { billingGrandTotal, billingTotals, DEFAULT_ORCA_DASHBOARD_PREFERENCES, orcaDashboardPreferences, orderingOfSort, type OrcaDashboardSettings } from '@trenchline/domain';
import { parseOrdering } from '@trenchline/platform';
import { listDef, matchingGroups, matchingIds, ORCA_DASHBOARD_PREFERENCE } from '@trenchline/read-model';
import type { RouteDef } from '../../platform/routes.ts';
import { DEFAULT_PAGE_SIZE, isUnpaged, listAnswer, listQuery, type ListQuery } from '../../platform/lists.ts';
import { explicitFilter } from '../../platform/list-range.ts';
import { preferenceSet, savePreferenceSet } from '../../platform/preferences.ts';
import { notFound } from '../../platform/errors.ts';
import { today, type Actor, type ApiContext } from '../../platform/context.ts';

type GenericRoute = (method: RouteDef['method'], path: string) => RouteDef;

const ORCA_LIST = 'orca_jobs';
const BILLING_LIST = 'orca_billings';

const dashboardSettings = (ctx: ApiContext, actor: Actor): Promise<OrcaDashboardSettings> => preferenceSet(ctx, actor, ORCA_DASHBOARD_PREFERENCE, DEFAULT_ORCA_DASHBOARD_PREFERENCES);

const sortKeys = () => Object.keys(listDef(ORCA_LIST).sorts);

/** The kept sort type must be a column the dashboard sorts by (or empty: the default order). */
const preferencesBody = orcaDashboardPreferences.superRefine((p, c) => {
  if (p.sortType && !sortKeys().includes(p.sortType)) c.addIssue({ code: 'custom', path: ['sortType'], message: `must be empty or one of ${sortKeys().join(', ')}` });
});

const named = (v: unknown) => v !== undefined;

/** The dashboard call's query with the kept preferences in what it leaves out. */
function withPreferences(query: ListQuery, saved: OrcaDashboardSettings): ListQuery {
  const q = { ...query } as Record<string, unknown>;
  if (![q.start_date, q.end_date, q.stop_date, q.live_and_future].some(named)) Object.assign(q, { start_date: saved.start_date, end_date: saved.end_date, live_and_future: saved.live_and_future });
  if (!named(q.active) && !named(q.archived)) Object.assign(q, { active: saved.active, archived: saved.archived });
  if (!named(q.q) && saved.findbox) q.q = saved.findbox;
  if (!named(q.ordering)) {
    const kept = orderingOfSort(saved.sortType, saved.sortReverse);
    // A sort kept under a column the dashboard no longer has falls back to the default.
    q.ordering = parseOrdering(listDef(ORCA_LIST), kept) ? kept : listDef(ORCA_LIST).defaultOrdering;
  }
  return q as ListQuery;
}

/**
 * The ORCA dashboard as the caller keeps it (spec 2 section 7's report calls without ids): its ticked
 * rows (select all: every job its filter matches less the rows unticked after), else, with nothing
 * ticked, every job its filter matches (range, toggles, find box). The reports keep their own order.
 */
export async function orcaDashboardSelection(ctx: ApiContext, actor: Actor, asOf?: string): Promise<string[]> {
  const saved = await dashboardSettings(ctx, actor);
  if (!saved.select_all && saved.selected_job_ids.length) return saved.selected_job_ids.map(String);
  const { ordering: _o, page: _p, page_size: _s, ...params } = withPreferences({} as ListQuery, saved);
  const filter = await explicitFilter(ctx, actor, ORCA_LIST, params, asOf);
  const ids: string[] = [];
  for await (const batch of matchingIds(ctx.db, ORCA_LIST, actor.accountId, filter, { today: today(ctx), except: saved.select_all ? saved.deselected_job_ids.map(String) : [], asOf })) ids.push(...batch);
  return ids;
}

/** The paged answer with the page it is and how many there are (pages = count / page size, rounded up). */
const paged = <A extends { count: number }>(answer: A, query: ListQuery) => {
  const page_size = query.page_size ?? DEFAULT_PAGE_SIZE;
  return { ...answer, page: query.page ?? 1, page_size, pages: Math.ceil(answer.count / page_size) };
};

export function orcaDashboardRoutes(genericRoute: GenericRoute): RouteDef[] {
  const deleteInvoice = genericRoute('delete', '/jobs/invoices/:id');
  return [
    {
      method: 'get',
      path: '/jobs/orcas/dashboard_prefs',
      summary: "The caller's ORCA dashboard preferences: nav, start_date, end_date, active, archived, live_and_future, public_mode, findbox, page_number, sortType, sortReverse, select_all, selected_job_ids, deselected_job_ids, all_job_ids",
      handle: ({ actor }, ctx) => dashboardSettings(ctx, actor),
    },
    {
      method: 'put',
      path: '/jobs/orcas/dashboard_prefs',
      summary: "Save any of the caller's ORCA dashboard preferences (the others are kept); answers them all",
      body: preferencesBody,
      handle: ({ actor, body }, ctx) => savePreferenceSet(ctx, actor, ORCA_DASHBOARD_PREFERENCE, DEFAULT_ORCA_DASHBOARD_PREFERENCES, body as Partial<OrcaDashboardSettings>),
    },
    {
      method: 'get',
      path: '/jobs/orcas',
      summary:
        'The ORCA dashboard: ORCA jobs a page at a time {results, count, next, previous, page, page_size, pages}; ?page (default 1), page_size, ordering, q, active, archived, start_date, end_date, live_and_future, each taken from the dashboard preferences when not given (default order: newest first)',
      query: listQuery(ORCA_LIST),
      readsLists: ['jobs'],
      handle: async ({ actor, query, raw }, ctx) => {
        const q = withPreferences(query as ListQuery, await dashboardSettings(ctx, actor));
        const withPage = { ...q, page: q.page ?? 1 };
        return paged((await listAnswer(ctx, actor, ORCA_LIST, withPage, raw)) as { count: number }, withPage);
      },
    },
    {
      method: 'get',
      path: '/jobs/orcas/billings',
      summary:
        'The billing dashboard: every invoice of every ORCA job and task (?active, archived, status, q, ordering); with ?page also {count, next, previous, page, page_size, pages, totals: [{status, count, amount, paid_stage}] in pipeline order, grand_total: {count, amount}}',
      query: listQuery(BILLING_LIST),
      readsLists: ['jobs'],
      handle: async ({ actor, query, raw }, ctx) => {
        const q = query as ListQuery;
        const answer = await listAnswer(ctx, actor, BILLING_LIST, q, raw);
        if (isUnpaged(answer)) return answer;
        const { page: _p, page_size: _s, ordering: _o, as_of: asOf, ...params } = q;
        const filter = await explicitFilter(ctx, actor, BILLING_LIST, params, asOf);
        const groups = await matchingGroups(ctx.db, BILLING_LIST, actor.accountId, filter, { by: 'status', sum: 'invoice_amount', asOf });
        const totals = billingTotals(groups.map((g) => ({ status: g.value as string | null, count: g.count, amount: g.sum })));
        return { ...paged(answer, q), totals, grand_total: billingGrandTotal(totals) };
      },
    },
    {
      method: 'delete',
      path: '/jobs/orcas/billings/:id',
      ids: { id: 'job_invoices' },
      summary: "Delete one invoice from the billing dashboard (its job's invoice line); for many at once POST /api/bulk/ {list: 'orca_billings', action: 'delete'}",
      handle: async (req, ctx) => {
        if (!/^\d{1,18}$/.test(req.params.id)) throw notFound('Invoice');
        return deleteInvoice.handle(req, ctx);
      },
    },
  ];
}

