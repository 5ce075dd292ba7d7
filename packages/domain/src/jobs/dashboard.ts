/**
 * The ORCA dashboard's preferences (spec 2 section 3, "Dashboard preferences"), kept per user on the
 * server: the range and toggles, the find box, the page, the sort and the selection. The list call
 * applies what it does not name from here, so the spec's client asks only `?page=n`.
 */
import { z } from 'zod';
import { flag, id, text } from '../shared/fields.ts';
import { listRangeAndToggles } from '../shared/list-preferences.ts';

/** At most this many ids per kept list (the bulk actions' limit: more is "all that match"). */
export const DASHBOARD_MAX_IDS = 1000;

const ids = (what: string) =>
  z
    .array(id(), { message: 'must be a list of record ids' })
    .max(DASHBOARD_MAX_IDS, `at most ${DASHBOARD_MAX_IDS} ${what}; use select_all for all that match`)
    .optional();

const pageNumber = z
  .preprocess((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : v), z.number({ message: 'must be a page number from 1' }).int('must be a page number from 1').min(1, 'must be a page number from 1').max(1e9, 'must be a page number from 1'))
  .optional();

export const orcaDashboardPreferences = z.object({
  nav: text(50),
  ...listRangeAndToggles,
  findbox: text(200),
  page_number: pageNumber,
  sortType: text(100),
  sortReverse: flag(),
  select_all: flag(),
  selected_job_ids: ids('selected jobs'),
  /** Rows unticked after Select all (select_all then means all that match less these). */
  deselected_job_ids: ids('deselected jobs'),
  all_job_ids: ids('job ids'),
});
export type OrcaDashboardPreferences = z.infer<typeof orcaDashboardPreferences>;

export const DEFAULT_ORCA_DASHBOARD_PREFERENCES = {
  nav: 'orca',
  start_date: null as string | null,
  end_date: null as string | null,
  active: true,
  archived: false,
  live_and_future: false,
  public_mode: false,
  findbox: '',
  page_number: 1,
  // The spec's default: an empty sort type, reversed (newest first).
  sortType: '',
  sortReverse: true,
  select_all: false,
  selected_job_ids: [] as string[],
  deselected_job_ids: [] as string[],
  all_job_ids: [] as string[],
};
export type OrcaDashboardSettings = typeof DEFAULT_ORCA_DASHBOARD_PREFERENCES;

/** The list's ordering from the kept sort: the column, '-' before it when reversed; no column is by id. */
export const orderingOfSort = (sortType: string | null | undefined, sortReverse: boolean | null | undefined) => `${sortReverse ? '-' : ''}${sortType || 'id'}`;
