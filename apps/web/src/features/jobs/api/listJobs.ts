import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { listQuery, rangedListKey, rowFilter, type ListPrefs } from '../../../lib/listPrefs';
import type { JobDetail } from './getJob';

export type { SegmentRollup } from './getJob';

/**
 * A row of GET /api/jobs/ and /api/jobs/all_others/ (and of live 'row' events of the 'jobs' list): the
 * job's fields and what the API computes on every read, without its lines (docs/jobs.md).
 */
export type JobRow = Omit<JobDetail, 'version' | 'position' | 'as_of'> & {
  version?: number;
  /** Work planned and no live locate (the list's page annotation; live row patches keep the old row's). */
  locate_warning?: string | null;
};

/** The job list's cache key (lib/listPrefs rangedListKey): live rows patch it in place. */
export const jobsKey = (p: ListPrefs) => rangedListKey('jobs', p);

/** The jobs of these preferences; the job screens name the range's end `stop_date` (docs/jobs.md). */
export const fetchJobs = (prefs: ListPrefs, signal?: AbortSignal) => http.list<JobRow[]>(`/api/jobs/?${listQuery(prefs, 'stop_date')}`, { signal });

/** Refetched every time the list opens (live events only arrive while it is on screen). Neither active nor archived asks for nothing. */
export const jobsQuery = (prefs: ListPrefs) => queryOptions({ queryKey: jobsKey(prefs), queryFn: ({ signal }) => fetchJobs(prefs, signal), staleTime: 0 });

export const useJobs = (prefs: ListPrefs | null) => useQuery({ ...jobsQuery(prefs ?? ({} as ListPrefs)), enabled: Boolean(prefs && rowFilter(prefs)) });

/** The job list's call; paged (contract §1) when asked with page and page_size. */
export const JOBS_PATH = '/api/jobs/';

/** Every page of the paged job screens (components/table/usePagedList): Refresh refetches them. */
export const pagedJobsKey = () => ['paged', 'jobs'] as const;
