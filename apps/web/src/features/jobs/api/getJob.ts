import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Line } from '@trenchline/domain';
import { http } from '../../../lib/http';

export type Job = Record<string, unknown> & { id: string; items?: Line[]; version?: number };

export const jobStream = (id: string) => `job-${id}`;
export const jobKey = (id: string) => ['record', jobStream(id)] as const;

export const fetchJob = (id: string, signal?: AbortSignal) => http.get<Job>(`/api/jobs/${encodeURIComponent(id)}`, { signal });

export const jobQuery = (id: string) => queryOptions({ queryKey: jobKey(id), queryFn: ({ signal }) => fetchJob(id, signal) });

export const useJob = (id: string) => useQuery(jobQuery(id));
