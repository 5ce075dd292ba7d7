/**
 * The ORCA dashboard's pure logic (contract sections 1 and 2): its saved preference set made whole,
 * the sort, find box, selection and page it restores from them and saves back, the list query it
 * sends explicitly, what public mode hides, the days-left colour, the delete message, and who changed
 * a row how long ago. Tested in dashboard.test.ts.
 */
import { DEFAULT_PREFS, listFilter, prefsOf, type ListPrefs } from '../../../lib/listPrefs';
import type { Sort } from '../../../lib/listLogic';
import { NO_SELECTION, PAGE_SIZE, withSearch, type ListFilter, type Selection } from '../../../components/table/pagedList';

/** Spec 2 section 2: what the ORCA dashboard says when it has no job. */
export const NO_ORCA_JOBS = 'No ORCA Jobs to Display.  Please upload a .csv or create a new job';
/** Said after a header click changed the sort (spec 2, shared behaviours). */
export const SORT_UPDATED = 'Sort column preference updated, please wait...';

/** The dashboard's list call (contract section 1) and its saved preferences (section 2). */
export const ORCA_API_PATH = '/api/jobs/orcas/';
/** The billing dashboard's page (a tab of the ORCA dashboard). */
export const ORCA_BILLING_PAGE = '/job/orca/billing/';
export const ORCA_PREFS_PATH = '/api/jobs/orcas/dashboard_prefs/';

/** The server keeps at most this many ids per list of the preference set. */
export const MAX_PREF_IDS = 1000;

/** GET/PUT /api/jobs/orcas/dashboard_prefs/: the list choices plus the dashboard's own state. */
export interface OrcaDashboardPrefs extends ListPrefs {
  nav: string;
  findbox: string;
  page_number: number;
  sortType: string;
  sortReverse: boolean;
  select_all: boolean;
  selected_job_ids: string[];
  deselected_job_ids: string[];
}

export const DEFAULT_DASHBOARD_PREFS: OrcaDashboardPrefs = {
  ...DEFAULT_PREFS,
  nav: 'orca',
  findbox: '',
  page_number: 1,
  sortType: '',
  sortReverse: true,
  select_all: false,
  selected_job_ids: [],
  deselected_job_ids: [],
};

const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => x !== null && x !== undefined && x !== '').map(String) : []);

/** The server's answer made whole: a missing or odd value takes its default. */
export function dashboardPrefsOf(answer: Record<string, unknown> | null | undefined): OrcaDashboardPrefs {
  const a = answer ?? {};
  const page = Number(a.page_number);
  return {
    ...prefsOf(a),
    nav: typeof a.nav === 'string' && a.nav ? a.nav : 'orca',
    findbox: typeof a.findbox === 'string' ? a.findbox : '',
    page_number: Number.isInteger(page) && page >= 1 ? page : 1,
    sortType: typeof a.sortType === 'string' ? a.sortType : '',
    sortReverse: typeof a.sortReverse === 'boolean' ? a.sortReverse : true,
    select_all: a.select_all === true,
    selected_job_ids: ids(a.selected_job_ids),
    deselected_job_ids: ids(a.deselected_job_ids),
  };
}

// ---- sort -------------------------------------------------------------------------------------

/** The saved sort as the table shows it: an empty sort type is the id, so the default is newest first. */
export const sortOfPrefs = (p: Pick<OrcaDashboardPrefs, 'sortType' | 'sortReverse'>): Sort => ({ key: p.sortType || 'id', dir: p.sortReverse ? 'desc' : 'asc' });

export const prefsOfSort = (s: Sort): Pick<OrcaDashboardPrefs, 'sortType' | 'sortReverse'> => ({ sortType: s.key, sortReverse: s.dir === 'desc' });

// ---- selection --------------------------------------------------------------------------------

/** The saved selection: select_all is every match less the deselected ids, else the selected ids. */
export function selectionOfPrefs(p: Pick<OrcaDashboardPrefs, 'select_all' | 'selected_job_ids' | 'deselected_job_ids'>): Selection {
  if (p.select_all) return { all: true, ids: new Set(), except: new Set(p.deselected_job_ids) };
  if (p.selected_job_ids.length === 0) return NO_SELECTION;
  return { all: false, ids: new Set(p.selected_job_ids), except: new Set() };
}

/** The selection as saved; each id list is cut to what the server keeps. */
export function prefsOfSelection(s: Selection): Pick<OrcaDashboardPrefs, 'select_all' | 'selected_job_ids' | 'deselected_job_ids'> {
  return {
    select_all: s.all,
    selected_job_ids: s.all ? [] : [...s.ids].slice(0, MAX_PREF_IDS),
    deselected_job_ids: s.all ? [...s.except].slice(0, MAX_PREF_IDS) : [],
  };
}

// ---- the list query ---------------------------------------------------------------------------

/**
 * The list call's explicit filter (everything but paging and ordering): the toggles as t/f, the range
 * and an empty q (the find box's words replace it), so the server takes nothing from the saved set and
 * a live refetch asks exactly what is shown; null asks for nothing.
 */
export function dashboardFilter(p: ListPrefs | null): ListFilter | null {
  const f = listFilter(p, 'end_date');
  return f && { ...f, q: '' };
}

/** The bulk body's filter: the list's filter with the find box's words. */
export const bulkFilterOf = (p: ListPrefs | null, findbox: string): ListFilter => withSearch(dashboardFilter(p) ?? {}, findbox);

/** The page (1-based, of PAGE_SIZE rows) holding row `index`, and the first row of a page. */
export const pageOfIndex = (index: number) => Math.floor(Math.max(0, index) / PAGE_SIZE) + 1;
export const firstIndexOfPage = (page: number) => (Math.max(1, Math.floor(page)) - 1) * PAGE_SIZE;

/** The preference keys the dashboard's own state writes (the toggles and dates are Refresh's). */
export type DashboardState = Pick<OrcaDashboardPrefs, 'findbox' | 'page_number' | 'sortType' | 'sortReverse' | 'select_all' | 'selected_job_ids' | 'deselected_job_ids'>;

/** What changed of the dashboard's state since it was last saved (nothing: an empty object). */
export function changedState(saved: DashboardState, now: DashboardState): Partial<DashboardState> {
  const out: Partial<DashboardState> = {};
  for (const k of Object.keys(now) as (keyof DashboardState)[]) {
    if (JSON.stringify(saved[k]) !== JSON.stringify(now[k])) (out as Record<string, unknown>)[k] = now[k];
  }
  return out;
}

// ---- columns and rows -------------------------------------------------------------------------

/** The money columns public mode hides (for showing the dashboard to a customer). */
export const ORCA_MONEY_COLUMNS = ['CIBE_job_grand_total_difference', 'total_job', 'total_job_invoiced_actual', 'total_gross_profit'] as const;

export const publicColumns = <C extends { key: string }>(columns: C[], publicMode: boolean): C[] =>
  publicMode ? columns.filter((c) => !(ORCA_MONEY_COLUMNS as readonly string[]).includes(c.key)) : columns;

/** Days left on their colour: red under 4, orange under 7 (as the server's job_days_colour). */
export function daysColour(days: number | null | undefined): 'red' | 'orange' | null {
  if (days === null || days === undefined || !Number.isFinite(days)) return null;
  if (days < 4) return 'red';
  if (days < 7) return 'orange';
  return null;
}

/** What a bulk delete says when done: the job's number for one, else the spec's words for many. */
export function deletedMessage(count: number, oneNumber: string | null): string {
  return count === 1 && oneNumber ? `Orca job ${oneNumber} deleted` : 'Selected jobs deleted';
}

// ---- who changed a row ------------------------------------------------------------------------

/** A change this recent is told on the row (who, how long ago). */
export const RECENT_CHANGE_MS = 5 * 60_000;

/** Whether `lastUpdated` (ISO) is within five minutes before `now`. */
export function changedRecently(lastUpdated: string | null | undefined, now: Date): boolean {
  if (!lastUpdated) return false;
  const at = Date.parse(lastUpdated);
  if (Number.isNaN(at)) return false;
  const age = now.getTime() - at;
  return age >= -60_000 && age <= RECENT_CHANGE_MS;
}

/** 'just now', '1 min ago', '4 min ago'. */
export function agoText(lastUpdated: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - Date.parse(lastUpdated)) / 60_000);
  return minutes < 1 ? 'just now' : `${minutes} min ago`;
}

/** The row's tooltip: 'changed by Pat Office, 2 min ago' (null when the change is not recent or has no name). */
export function changedByText(by: string | null | undefined, lastUpdated: string | null | undefined, now: Date): string | null {
  if (!by || !lastUpdated || !changedRecently(lastUpdated, now)) return null;
  return `changed by ${by}, ${agoText(lastUpdated, now)}`;
}
