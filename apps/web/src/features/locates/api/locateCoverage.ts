import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { jobLocatesKey } from './locateTypes';

/** The expiry watch on a job and each of its tasks (GET /api/locates/coverage/{job}/). */
export interface LocateCoverage {
  job_id: string;
  work_planned: boolean;
  locates: number;
  locate_warning: string | null;
  tasks: { job_task_ref: string; task_id: string | null; work_planned: boolean; locates: number; locate_warning: string | null }[];
}

/**
 * Among the job screens' locate queries (a locate's change refreshes it), and read again for each
 * version of the job (a crew planned). Not under the job's record key: a job write awaits that key's
 * refetches, and a page leaving after its write (a task deleted) must not wait on this one.
 */
export const coverageKey = (jobId: string, jobVersion?: number) => [...jobLocatesKey, 'coverage', jobId, ...(jobVersion === undefined ? [] : [jobVersion])] as const;

export const fetchCoverage = (jobId: string, signal?: AbortSignal) => http.list<LocateCoverage>(`/api/locates/coverage/${encodeURIComponent(jobId)}/`, { signal });

export const coverageQuery = (jobId: string, jobVersion: number) => queryOptions({ queryKey: coverageKey(jobId, jobVersion), queryFn: ({ signal }) => fetchCoverage(jobId, signal) });

export const useLocateCoverage = (jobId: string, jobVersion: number) => useQuery({ ...coverageQuery(jobId, jobVersion), placeholderData: keepPreviousData });
