/**
 * The saved choices of a date-ranged record list (projects, jobs, the all-other-jobs dashboard): the
 * date-range presets, the preferences GET/PUT at the list's search_dates call, what changed since the
 * last Refresh, which rows a list holds (for live rows) and the list request's query. Tested in
 * listPrefs.test.ts.
 */
import { DATE_RANGE_PRESETS, inDateRange, presetRange, splitRangeText, type DateRangePreset } from '@trenchline/domain';
import { rowMatches } from './realtime';

// ---- the date range ---------------------------------------------------------------------------

export { DATE_RANGE_PRESETS, type DateRangePreset };

/** What the picker's preset buttons say (spec 1 section 9: 'Two Weeks (14 days)'). */
export const presetLabel = (p: DateRangePreset) => (p === 'Two Weeks' ? 'Two Weeks (14 days)' : p);

export interface Range {
  start_date: string | null;
  end_date: string | null;
}

/**
 * The range of a preset on `today` (YYYY-MM-DD): every range ends today ('7 Days' is today-6 to
 * today, 'Two Weeks' today-13 to today), except 'This Month', the 1st to the last day of the month.
 */
export const rangeOfPreset = (preset: DateRangePreset, today: string): Range => presetRange(preset, today);

/** The presets as the range picker takes them. */
export const pickerPresets = (today: string) =>
  DATE_RANGE_PRESETS.map((p) => {
    const r = rangeOfPreset(p, today);
    return { label: presetLabel(p), value: [r.start_date, r.end_date] as [string, string] };
  });

/** Which preset a range is on `today`, if any (the first match: 'Today' before a one-day month). */
export function presetOf(range: Range, today: string): DateRangePreset | null {
  if (!range.start_date || !range.end_date) return null;
  return (
    DATE_RANGE_PRESETS.find((p) => {
      const r = rangeOfPreset(p, today);
      return r.start_date === range.start_date && r.end_date === range.end_date;
    }) ?? null
  );
}

/** The picker's text: 'YYYY-MM-DD - YYYY-MM-DD', or '' for no range. */
export function rangeText(range: Range): string {
  if (!range.start_date) return '';
  return `${range.start_date} - ${range.end_date ?? range.start_date}`;
}

/** The picker's text back to a range: split on ' - ' (spec 1 section 2). */
export const parseRangeText = (text: string): Range => splitRangeText(text);

// ---- the saved preferences ----------------------------------------------------------------------

/** A user's list preferences (GET/PUT /api/projects/search_dates/, /api/jobs/search_dates/). */
export interface ListPrefs extends Range {
  active: boolean;
  archived: boolean;
  live_and_future: boolean;
  public_mode: boolean;
}

export const DEFAULT_PREFS: ListPrefs = {
  start_date: null,
  end_date: null,
  active: true,
  archived: false,
  live_and_future: false,
  public_mode: false,
};

/** The server's answer made whole: a missing flag takes its default, a missing date is null. */
export function prefsOf(answer: Partial<Record<keyof ListPrefs, unknown>> | null | undefined): ListPrefs {
  const a = answer ?? {};
  const flag = (k: 'active' | 'archived' | 'live_and_future' | 'public_mode') => (typeof a[k] === 'boolean' ? (a[k] as boolean) : DEFAULT_PREFS[k]);
  const day = (k: 'start_date' | 'end_date') => (typeof a[k] === 'string' && a[k] ? (a[k] as string).slice(0, 10) : null);
  return {
    start_date: day('start_date'),
    end_date: day('end_date'),
    active: flag('active'),
    archived: flag('archived'),
    live_and_future: flag('live_and_future'),
    public_mode: flag('public_mode'),
  };
}

const PREF_KEYS: (keyof ListPrefs)[] = ['start_date', 'end_date', 'active', 'archived', 'live_and_future', 'public_mode'];

/** The preferences the user changed since the list was last refreshed: non-empty lights Refresh. */
export const changedPrefs = (applied: ListPrefs, draft: ListPrefs) => PREF_KEYS.filter((k) => applied[k] !== draft[k]);

/**
 * Which rows a list of these preferences holds, in row terms (lib/realtime.ts drops a live row that
 * no longer matches): active only is { archived: false }, archived only { archived: true }, both
 * every row. Neither shows nothing: null.
 */
export function rowFilter(p: Pick<ListPrefs, 'active' | 'archived'>): Record<string, boolean> | null {
  if (p.active && p.archived) return {};
  if (p.active) return { archived: false };
  if (p.archived) return { archived: true };
  return null;
}

/**
 * The list request's query: the flags as t/f and the range when there is one. The range's end is
 * `end_date` on projects and `stop_date` on the job screens (docs/jobs.md).
 */
export function listQuery(p: ListPrefs, endParam: 'end_date' | 'stop_date' = 'end_date'): string {
  const q = new URLSearchParams({ active: p.active ? 't' : 'f', archived: p.archived ? 't' : 'f', live_and_future: p.live_and_future ? 't' : 'f' });
  if (p.start_date) q.set('start_date', p.start_date);
  if (p.end_date) q.set(endParam, p.end_date);
  return q.toString();
}

/**
 * A ranged list's cache key: ['list', <list>, <its rows in row terms>, <the range asked for>, ...more].
 * realtime.ts matches live rows against the third element, so it holds only what rows themselves say.
 */
export const rangedListKey = (list: string, p: ListPrefs, ...more: unknown[]) =>
  ['list', list, rowFilter(p) ?? { none: true }, { start_date: p.start_date, end_date: p.end_date, live_and_future: p.live_and_future }, ...more] as const;

/** The paged list call's explicit filter (contract §1): listQuery as params; null asks for nothing. */
export function listFilter(p: ListPrefs | null, endParam: 'end_date' | 'stop_date' = 'end_date'): Record<string, string> | null {
  if (!p || rowFilter(p) === null) return null;
  return Object.fromEntries(new URLSearchParams(listQuery(p, endParam)));
}

/** Whether a live row belongs in a list of these preferences: active/archived and the range, as the server would. */
export function rowFitOf(p: ListPrefs | null): ((row: Record<string, unknown>) => boolean) | null {
  if (!p) return null;
  const rows = rowFilter(p);
  const range = { from: p.start_date, to: p.end_date, liveAndFuture: p.live_and_future };
  return (row) => rows !== null && rowMatches(row, rows) && inDateRange(row, range);
}

/** The status filter's choice for every status (the locate, order and ticket lists). */
export const ALL_STATUSES = 'All statuses';

/** A list call's filter with the status asked for under `param` (none for every status). */
export function withStatusParam<F extends object>(filter: F | null, param: string, status: string): F | null {
  if (!filter || status === ALL_STATUSES) return filter;
  return { ...filter, [param]: status };
}

/**
 * Whether a live row belongs in a list of these choices, as the server would say: active or archived,
 * its span (`span`: its start and due dates) against the range, and its status (`field`) the one asked for.
 */
export function statusRowFit(
  p: ListPrefs | null,
  o: { field: string; status: string; span: (row: Record<string, unknown>) => { start_date: unknown; due_date: unknown } },
): ((row: Record<string, unknown>) => boolean) | null {
  if (!p) return null;
  const rows = rowFilter(p);
  const range = { from: p.start_date, to: p.end_date, liveAndFuture: p.live_and_future };
  return (row) => rows !== null && rowMatches(row, rows) && (o.status === ALL_STATUSES || row[o.field] === o.status) && inDateRange({ ...o.span(row), created_at: row.created_at } as Parameters<typeof inDateRange>[0], range);
}
