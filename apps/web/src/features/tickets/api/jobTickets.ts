import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { jobTicketsKey, type TicketRow } from './types';

/** A base job's tickets: GET /api/tickets/job_tickets/{job}. */
export const fetchJobTickets = (jobId: string, signal?: AbortSignal) => http.list<TicketRow[]>(`/api/tickets/job_tickets/${encodeURIComponent(jobId)}`, { signal });

/** An ORCA task's tickets (the id of its job_tasks line): GET /api/tickets/task_tickets/{task}. */
export const fetchTaskTickets = (taskRef: string, signal?: AbortSignal) => http.list<TicketRow[]>(`/api/tickets/task_tickets/${encodeURIComponent(taskRef)}`, { signal });

/** The tickets of a job, or of one of its tasks when `taskRef` is given (the job screens' section, and the field sync). */
export const jobTicketsQuery = (jobId: string, taskRef?: string) =>
  queryOptions({
    queryKey: [...jobTicketsKey, taskRef ? { task: taskRef } : { job: jobId }],
    queryFn: ({ signal }) => (taskRef ? fetchTaskTickets(taskRef, signal) : fetchJobTickets(jobId, signal)),
  });

export const useJobTickets = (jobId: string, taskRef?: string) => useQuery(jobTicketsQuery(jobId, taskRef));
