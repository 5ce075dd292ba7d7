import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface JobRef {
  id: string;
  account_job_number: string | null;
}

/**
 * /job/{key}: the job whose account_job_number is key, else the job whose id is key. The API looks
 * numbers up in the job list, so this is a list read: a job this client just made is found.
 */
export const lookupJob = (key: string, signal?: AbortSignal) => http.list<JobRef>(`/api/jobs/lookup/${encodeURIComponent(key)}/`, { signal });

/** A job's number may change (its form), so the look-up is asked again when the page is opened again. */
export const jobLookupQuery = (key: string) =>
  queryOptions({ queryKey: ['jobs', 'lookup', key], queryFn: ({ signal }) => lookupJob(key, signal), staleTime: 30_000, retry: false });

export const useJobLookup = (key: string) => useQuery(jobLookupQuery(key));
