/**
 * Project calls of spec 1 section 7 (docs/projects.md). The record, its history, as-of and its child
 * collections come from recordRoutes; the list with its date range and the user's saved search
 * dates are particular to projects. The management report is declared in the domain's report
 * catalogue and routed by the reports area.
 */
import { z } from 'zod';
import { DEFAULT_PROJECT_LIST_PREFERENCES, projectFields, projectListPreferences, type ProjectListPreferences } from '@trenchline/domain';
import { defineRoutes } from '../../platform/routes.ts';
import { recordRoutes } from '../../platform/record-routes.ts';
import { listRecords } from '../../platform/lists.ts';
import { saveUserPreference, userPreference } from '../../platform/preferences.ts';
import type { Actor, ApiContext } from '../../platform/context.ts';

const SEARCH_DATES = 'projects.search_dates';

const bool = z.enum(['t', 'f', 'true', 'false'], { message: 'must be t or f' }).transform((v) => v === 't' || v === 'true');
const day = z.iso.date({ message: 'must be a date YYYY-MM-DD' });

const listQuery = z
  .object({
    active: bool.optional(),
    archived: bool.optional(),
    start_date: day.optional(),
    end_date: day.optional(),
    live_and_future: bool.optional(),
    q: z.string().max(200).optional(),
  })
  .loose();

type SearchDates = Required<{ [K in keyof ProjectListPreferences]: NonNullable<ProjectListPreferences[K]> | null }>;

const searchDatesOf = async (ctx: ApiContext, actor: Actor): Promise<SearchDates> => ({
  ...DEFAULT_PROJECT_LIST_PREFERENCES,
  ...(await userPreference<Partial<SearchDates>>(ctx, actor, SEARCH_DATES, {})),
});

/**
 * Active and archived toggles (both: all; neither: none), and the date range: the one in the query,
 * or else the user's saved search dates. Soonest due first (project_days_left ascending).
 */
async function listProjects(ctx: ApiContext, actor: Actor, query: z.infer<typeof listQuery>) {
  const explicitRange = query.start_date !== undefined || query.end_date !== undefined || query.live_and_future !== undefined;
  const saved = explicitRange ? null : await searchDatesOf(ctx, actor);
  const from = saved ? saved.start_date : (query.start_date ?? null);
  const to = saved ? saved.end_date : (query.end_date ?? null);
  const liveAndFuture = saved ? Boolean(saved.live_and_future) : Boolean(query.live_and_future);
  const active = query.active ?? true;
  const archived = query.archived ?? false;
  return listRecords(ctx, actor, 'project', (q) => {
    q.whereIn('archived', [...(active ? [false] : []), ...(archived ? [true] : [])]);
    // The project's span [start (or creation day), due] overlaps the range (see domain inDateRange).
    if (to && !liveAndFuture) q.whereRaw('coalesce(start_date, created_on) <= ?', [to]);
    if (from) q.where((w) => w.whereNull('due_date').orWhere('due_date', '>=', from));
    if (query.q) for (const word of query.q.toLowerCase().split(/\s+/).filter(Boolean)) q.whereRaw('search like ?', [`%${word.replace(/[%_\\]/g, '\\$&')}%`]);
    q.orderByRaw('due_date asc nulls last, id asc');
  });
}

export const projectRoutes = defineRoutes('projects', [
  {
    method: 'get',
    path: '/projects',
    summary: 'Project list (?active=t|f&archived=t|f; ?start_date&end_date&live_and_future, else the saved search dates; ?q=), by project_days_left',
    query: listQuery,
    readsLists: ['projects'],
    handle: ({ actor, query }, ctx) => listProjects(ctx, actor, query),
  },
  {
    method: 'get',
    path: '/projects/search_dates',
    summary: "The caller's project-list preferences: start_date, end_date, active, archived, live_and_future, public_mode",
    handle: ({ actor }, ctx) => searchDatesOf(ctx, actor),
  },
  {
    method: 'put',
    path: '/projects/search_dates',
    summary: "Save the caller's project-list preferences (any of them; the others are kept)",
    body: projectListPreferences,
    handle: async ({ actor, body }, ctx) => {
      const current = await searchDatesOf(ctx, actor);
      const given = Object.fromEntries(Object.entries(body as ProjectListPreferences).filter(([, v]) => v !== undefined));
      const next = { ...current, ...given };
      await saveUserPreference(ctx, actor, SEARCH_DATES, next);
      return next;
    },
  },
  ...recordRoutes({
    aggregate: 'project',
    base: '/projects/:id',
    fields: projectFields,
    create: { path: '/projects', summary: 'Create a project (empty body, or any fields); a new project is New, colour None', command: (projectId, values) => ({ type: 'CreateProject', projectId, values }) },
    revise: (values) => ({ type: 'ReviseProject', values }),
    remove: () => ({ type: 'DeleteProject' }),
  }),
]);
