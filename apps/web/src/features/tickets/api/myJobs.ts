import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { TicketJob, TicketPage } from './types';

/** The jobs the caller may write tickets for, found by `q` (number, title, customer): GET /api/tickets/my_jobs/. */
export const fetchMyJobs = (q: string, signal?: AbortSignal) =>
  http.list<TicketPage<TicketJob>>(`/api/tickets/my_jobs/?page=1&page_size=50${q ? `&q=${encodeURIComponent(q)}` : ''}`, { signal });

/** The New ticket menu's jobs; with no words, the user's jobs the field sync keeps. */
export const myJobsQuery = (q: string) => queryOptions({ queryKey: ['tickets', 'my_jobs', q], queryFn: ({ signal }) => fetchMyJobs(q, signal) });

export const useMyJobs = (q: string, enabled: boolean) => useQuery({ ...myJobsQuery(q), enabled, placeholderData: keepPreviousData });
