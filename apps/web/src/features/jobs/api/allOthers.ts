import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { listQuery, rangedListKey, rowFilter, type ListPrefs } from '../../../lib/listPrefs';
import type { JobRow } from './listJobs';

/**
 * The all-other-jobs dashboard's key: a 'jobs' list (live rows patch it) told apart from the job list
 * by its last element. An ORCA job arriving live is left out on screen (listLogic othersOnly).
 */
export const allOthersKey = (p: ListPrefs) => rangedListKey('jobs', p, 'all_others');

/** Every job whose form_type is not attorca, with its segment roll-ups. */
export const fetchAllOthers = (prefs: ListPrefs, signal?: AbortSignal) => http.list<JobRow[]>(`/api/jobs/all_others/?${listQuery(prefs, 'stop_date')}`, { signal });

export const allOthersQuery = (prefs: ListPrefs) =>
  queryOptions({ queryKey: allOthersKey(prefs), queryFn: ({ signal }) => fetchAllOthers(prefs, signal), staleTime: 0 });

export const useAllOthers = (prefs: ListPrefs | null) => useQuery({ ...allOthersQuery(prefs ?? ({} as ListPrefs)), enabled: Boolean(prefs && rowFilter(prefs)) });

/** The dashboard's call; paged (contract §1) when asked with page and page_size. */
export const ALL_OTHERS_PATH = '/api/jobs/all_others/';
