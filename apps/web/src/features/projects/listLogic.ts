/**
 * The project list's own logic (sort and selection are lib/listLogic.ts): the filter, default sort, the
 * date-range presets, the saved preferences and what they ask of the API, the distance from the
 * device to a project, and the zip's entries. Tested in listLogic.test.ts.
 */
import { DATE_RANGE_PRESETS, presetRange, splitRangeText, type DateRangePreset } from '@trenchline/domain';
import { zipEntriesOf, type ZipEntry } from '../../lib/bundleZip';
import { matchesText, type Sort } from '../../lib/listLogic';
import type { PdfBundleRef } from './api/types';

/** Spec 1: projects sort by project_days_left ascending by default (no due date last). */
export const DEFAULT_SORT: Sort = { key: 'project_days_left', dir: 'asc' };

/** Every word typed must appear somewhere in the row (any text or number column, case-insensitive). */
export function filterProjects<T extends Record<string, unknown>>(rows: T[], text: string): T[] {
  return rows.filter((r) => matchesText(r, text));
}

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
  return DATE_RANGE_PRESETS.find((p) => {
    const r = rangeOfPreset(p, today);
    return r.start_date === range.start_date && r.end_date === range.end_date;
  }) ?? null;
}

/** The picker's text: 'YYYY-MM-DD - YYYY-MM-DD', or '' for no range. */
export function rangeText(range: Range): string {
  if (!range.start_date) return '';
  return `${range.start_date} - ${range.end_date ?? range.start_date}`;
}

/** The picker's text back to a range: split on ' - ' (spec 1 section 2). */
export const parseRangeText = (text: string): Range => splitRangeText(text);

// ---- the saved preferences ----------------------------------------------------------------------

/** The user's list preferences (GET/PUT /api/projects/search_dates/). */
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

/** The list request's query: the flags as t/f and the range when there is one. */
export function listQuery(p: ListPrefs): string {
  const q = new URLSearchParams({ active: p.active ? 't' : 'f', archived: p.archived ? 't' : 'f', live_and_future: p.live_and_future ? 't' : 'f' });
  if (p.start_date) q.set('start_date', p.start_date);
  if (p.end_date) q.set('end_date', p.end_date);
  return q.toString();
}

// ---- distance from the device ---------------------------------------------------------------

export interface LatLon {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.7613;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function haversineMiles(a: LatLon, b: LatLon): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

const coordinate = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Miles from the device to the project's first location, one decimal; null without coordinates. */
export function distanceMiles(device: LatLon | null, location: { latitude?: unknown; longitude?: unknown } | null | undefined): number | null {
  if (!device || !location) return null;
  const latitude = coordinate(location.latitude);
  const longitude = coordinate(location.longitude);
  if (latitude === null || longitude === null) return null;
  return Math.round(haversineMiles(device, { latitude, longitude }) * 10) / 10;
}

// ---- bulk actions -----------------------------------------------------------------------------

/** The selected visible projects' PDF bundles, each named after its project. */
export const projectZipEntries = (
  visible: { id: string; name?: string | null; pdf_bundle?: PdfBundleRef | null }[],
  selected: ReadonlySet<string>,
): ZipEntry[] => zipEntriesOf(visible, selected, (row) => row.name?.trim() || `Project ${row.id}`);

// ---- money ------------------------------------------------------------------------------------

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A PO amount with 2 decimals ('$12,500.00'); '' for none. */
export function showMoney(v: unknown): string {
  const n = coordinate(v);
  return n === null ? '' : dollars.format(n);
}
