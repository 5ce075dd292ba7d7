/**
 * The user's saved search dates of a date-ranged list (projects, jobs): read, merged, saved, and
 * resolved into an explicit filter. The narrowing itself is the list engine's
 * (@trenchline/platform lists/engine.ts); this file holds only what depends on the user.
 *
 * - When a list query names no range (`start_date`, `end_date`|`stop_date`, `live_and_future`), the
 *   user's saved search dates apply: `explicitFilter` writes them into the filter, so a bulk action
 *   or report queued with it needs no preference.
 * - The toggles are written out too: `active` (default t) and `archived` (default f).
 */
import { dayOfInstant, type ListFilter } from '@trenchline/platform';
import { listDef, listDefs, listFilterSchema } from '@trenchline/read-model';
import { addDays, DEFAULT_PROJECT_LIST_PREFERENCES, projectListPreferences, type ProjectListPreferences } from '@trenchline/domain';
import type { Actor, ApiContext } from './context.ts';
import { preferenceSet, savePreferenceSet } from './preferences.ts';
import type { RouteDef } from './routes.ts';
import { today } from './context.ts';

/** A list's saved preferences (spec 1 and 2: start_date, end_date, active, archived, live_and_future, public_mode). */
export const listPreferences = projectListPreferences;
export type ListPreferences = ProjectListPreferences;
export type SearchDates = Required<{ [K in keyof ListPreferences]: NonNullable<ListPreferences[K]> | null }>;
export const DEFAULT_LIST_PREFERENCES: SearchDates = DEFAULT_PROJECT_LIST_PREFERENCES;

/** The saved dates before the user saves any: none, or the last `defaultDays` to today when the list whose dates they are declares it (the help list's 90). */
function defaultsOf(ctx: ApiContext, preference: string, day = today(ctx)): SearchDates {
  const days = Object.values(listDefs).find((d) => d.filters.range?.preference === preference)?.filters.range?.defaultDays;
  return days ? { ...DEFAULT_LIST_PREFERENCES, start_date: addDays(day, 1 - days), end_date: day } : DEFAULT_LIST_PREFERENCES;
}

const searchDatesOf = (ctx: ApiContext, actor: Actor, preference: string, day?: string): Promise<SearchDates> => preferenceSet(ctx, actor, preference, defaultsOf(ctx, preference, day));

/**
 * The filter a list call applies, explicit: the query's own params, the saved search dates when the
 * query names no range, and the toggles' defaults. The bulk actions call this before queuing.
 */
export async function explicitFilter(ctx: ApiContext, actor: Actor, listName: string, query: unknown, asOf?: string): Promise<ListFilter> {
  const d = listDef(listName);
  const f: ListFilter = { ...listFilterSchema(listName).parse(query ?? {}) };
  if (d.filters.toggles === 'active_archived') {
    f.active = f.active ?? true;
    f.archived = f.archived ?? false;
  } else f.archived = f.archived ?? false;
  const range = d.filters.range;
  if (range) {
    const named = f.start_date !== undefined || f.end_date !== undefined || f.live_and_future !== undefined;
    if (!named) {
      // As of a moment, a default range ends on that moment's day.
      const saved = await searchDatesOf(ctx, actor, range.preference, asOf ? dayOfInstant(asOf) : undefined);
      Object.assign(f, { start_date: saved.start_date ?? null, end_date: saved.end_date ?? null, live_and_future: Boolean(saved.live_and_future) });
    } else Object.assign(f, { start_date: f.start_date ?? null, end_date: f.end_date ?? null, live_and_future: Boolean(f.live_and_future) });
  }
  return f;
}

/** GET and PUT of the caller's saved search dates of a list (declared with its preference name). */
export function listRange(o: { preference: string }) {
  const searchDates = (ctx: ApiContext, actor: Actor) => searchDatesOf(ctx, actor, o.preference);

  /** Save the given preferences; the others are kept. */
  const saveSearchDates = (ctx: ApiContext, actor: Actor, body: ListPreferences): Promise<SearchDates> => savePreferenceSet(ctx, actor, o.preference, defaultsOf(ctx, o.preference), body as Partial<SearchDates>);

  /** GET and PUT of the caller's saved search dates at `path` (e.g. '/jobs/search_dates'). */
  const searchDatesRoutes = (path: string, listLabel: string): RouteDef[] => [
    {
      method: 'get',
      path,
      summary: `The caller's ${listLabel} preferences: start_date, end_date, active, archived, live_and_future, public_mode`,
      handle: ({ actor }, ctx) => searchDates(ctx, actor),
    },
    {
      method: 'put',
      path,
      summary: `Save the caller's ${listLabel} preferences (any of them; the others are kept)`,
      body: listPreferences,
      handle: ({ actor, body }, ctx) => saveSearchDates(ctx, actor, body),
    },
  ];

  return { preferences: listPreferences, searchDates, saveSearchDates, searchDatesRoutes };
}
