import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { reportsKey, type ReportRow } from './types';

/** The caller's reports, or (all) the whole account's, newest first. */
export const fetchReports = (all: boolean, signal?: AbortSignal) => http.list<ReportRow[]>(`/api/reports/${all ? '?all=t' : ''}`, { signal });

/** Refetched whenever the page opens: live rows only arrive while it is on screen. */
export const reportsQuery = (all: boolean) =>
  queryOptions({ queryKey: reportsKey(all), queryFn: ({ signal }) => fetchReports(all, signal), staleTime: 0 });

export const useReports = (all: boolean) => useQuery(reportsQuery(all));
