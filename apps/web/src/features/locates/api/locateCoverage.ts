import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** The expiry watch on a job and each of its tasks (GET /api/locates/coverage/{job}/). */
export interface LocateCoverage {
  job_id: string;
  work_planned: boolean;
  locates: number;
  locate_warning: string | null;
  tasks: { job_task_ref: string; task_id: string | null; work_planned: boolean; locates: number; locate_warning: string | null }[];
}

/** Under the job's record key: the job's own changes (a crew planned) refresh it, as its locates' do. */
export const coverageKey = (jobId: string) => ['record', `job-${jobId}`, 'locate_coverage'] as const;

export const fetchCoverage = (jobId: string, signal?: AbortSignal) => http.list<LocateCoverage>(`/api/locates/coverage/${encodeURIComponent(jobId)}/`, { signal });

export const useLocateCoverage = (jobId: string) => useQuery({ queryKey: coverageKey(jobId), queryFn: ({ signal }) => fetchCoverage(jobId, signal) });
