import { queryOptions } from '@tanstack/react-query';
import type { HistoryEntry } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { jobKey, jobUrl } from './getJob';

export type JobHistoryEntry = Omit<HistoryEntry, 'user_id'> & { user_id?: string };

/** The job's events, oldest first; live record events refresh it (its key starts with the job's). */
export const fetchJobHistory = (id: string, signal?: AbortSignal) => http.get<JobHistoryEntry[]>(`${jobUrl(id)}history/`, { signal });

export const jobHistoryQuery = (id: string) => queryOptions({ queryKey: [...jobKey(id), 'history'], queryFn: ({ signal }) => fetchJobHistory(id, signal) });
