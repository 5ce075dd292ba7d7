import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { jobLocatesKey, type LocateView } from './locateTypes';

/** A base job's locates: GET /api/locates/{job}/assigned/. */
export const fetchJobLocates = (jobId: string, signal?: AbortSignal) => http.list<LocateView[]>(`/api/locates/${encodeURIComponent(jobId)}/assigned/`, { signal });

/** An ORCA task's locates (the id of its job_tasks line): GET /api/locates/tasks/{task}/assigned/. */
export const fetchTaskLocates = (taskRef: string, signal?: AbortSignal) => http.list<LocateView[]>(`/api/locates/tasks/${encodeURIComponent(taskRef)}/assigned/`, { signal });

/** The locates of a job, or of one of its tasks when `taskRef` is given (the job screens' section, and the field sync). */
export const assignedLocatesQuery = (jobId: string, taskRef?: string) =>
  queryOptions({
    queryKey: [...jobLocatesKey, taskRef ? { task: taskRef } : { job: jobId }],
    queryFn: ({ signal }) => (taskRef ? fetchTaskLocates(taskRef, signal) : fetchJobLocates(jobId, signal)),
  });

export const useAssignedLocates = (jobId: string, taskRef?: string) => useQuery(assignedLocatesQuery(jobId, taskRef));
