/**
 * The date-ranged record lists (projects, jobs): the query they take, the user's saved search dates
 * (read, merged, saved) and the filter. One declaration per list:
 *
 *   const range = listRange({ preference: 'jobs.search_dates', due: 'completion_date' });
 *
 * - Toggles: `active` (default t) and `archived` (default f); both: all; neither: none.
 * - Range: `start_date` and `end_date` (the job screens send `stop_date`, read the same) and
 *   `live_and_future` from the query; when the query names none of them, the user's saved search
 *   dates apply. A record is in range when its span [start (or creation day), due] overlaps the range
 *   (domain `inDateRange`); live and future drops the range's end.
 * - `q`: every word must be in the row's search text.
 * - Order: soonest due first, undated last.
 */
import { z } from 'zod';
import type { Knex } from 'knex';
import { DEFAULT_PROJECT_LIST_PREFERENCES, projectListPreferences, type ProjectListPreferences } from '@trenchline/domain';
import type { Actor, ApiContext } from './context.ts';
import { saveUserPreference, userPreference } from './preferences.ts';
import type { RouteDef } from './routes.ts';

/** A list's saved preferences (spec 1 and 2: start_date, end_date, active, archived, live_and_future, public_mode). */
export const listPreferences = projectListPreferences;
export type ListPreferences = ProjectListPreferences;
export type SearchDates = Required<{ [K in keyof ListPreferences]: NonNullable<ListPreferences[K]> | null }>;
export const DEFAULT_LIST_PREFERENCES: SearchDates = DEFAULT_PROJECT_LIST_PREFERENCES;

const bool = z.enum(['t', 'f', 'true', 'false'], { message: 'must be t or f' }).transform((v) => v === 't' || v === 'true');
const day = z.iso.date({ message: 'must be a date YYYY-MM-DD' });

export const rangeQuery = z
  .object({
    active: bool.optional(),
    archived: bool.optional(),
    start_date: day.optional(),
    end_date: day.optional(),
    stop_date: day.optional(),
    live_and_future: bool.optional(),
    q: z.string().max(200).optional(),
  })
  .loose();
export type RangeQuery = z.infer<typeof rangeQuery>;

export interface ListRangeOptions {
  /** Name of the user_preferences row, e.g. 'projects.search_dates'. */
  preference: string;
  /** The column of the record's due day (the span's end). */
  due: string;
  /** The column of the span's start; the creation day stands in when it is empty. */
  start?: string;
  created?: string;
}

/** `%`, `_` and `\` stand for themselves in a search word. */
export const likeWord = (word: string) => `%${word.replace(/[%_\\]/g, '\\$&')}%`;

export function listRange(o: ListRangeOptions) {
  const start = o.start ?? 'start_date';
  const created = o.created ?? 'created_on';

  const searchDates = async (ctx: ApiContext, actor: Actor): Promise<SearchDates> => ({
    ...DEFAULT_LIST_PREFERENCES,
    ...(await userPreference<Partial<SearchDates>>(ctx, actor, o.preference, {})),
  });

  /** Save the given preferences; the others are kept. */
  const saveSearchDates = async (ctx: ApiContext, actor: Actor, body: ListPreferences): Promise<SearchDates> => {
    const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const next = { ...(await searchDates(ctx, actor)), ...given };
    await saveUserPreference(ctx, actor, o.preference, next);
    return next;
  };

  /** The toggles, range, words and order of a list query, for `listRecords`. */
  const narrowing = async (ctx: ApiContext, actor: Actor, query: RangeQuery): Promise<(q: Knex.QueryBuilder) => void> => {
    const queryEnd = query.end_date ?? query.stop_date;
    const explicitRange = query.start_date !== undefined || queryEnd !== undefined || query.live_and_future !== undefined;
    const saved = explicitRange ? null : await searchDates(ctx, actor);
    const from = saved ? saved.start_date : (query.start_date ?? null);
    const to = saved ? saved.end_date : (queryEnd ?? null);
    const liveAndFuture = saved ? Boolean(saved.live_and_future) : Boolean(query.live_and_future);
    const active = query.active ?? true;
    const archived = query.archived ?? false;
    return (q) => {
      q.whereIn('archived', [...(active ? [false] : []), ...(archived ? [true] : [])]);
      if (to && !liveAndFuture) q.whereRaw(`coalesce(??, ??) <= ?`, [start, created, to]);
      if (from) q.where((w) => w.whereNull(o.due).orWhere(o.due, '>=', from));
      if (query.q) for (const word of query.q.toLowerCase().split(/\s+/).filter(Boolean)) q.whereRaw('search like ?', [likeWord(word)]);
      q.orderByRaw('?? asc nulls last, id asc', [o.due]);
    };
  };

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

  return { query: rangeQuery, preferences: listPreferences, searchDates, saveSearchDates, narrowing, searchDatesRoutes };
}
