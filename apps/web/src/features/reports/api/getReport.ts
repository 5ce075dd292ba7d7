import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isApiError } from '../../../lib/http';
import { reportKey, type ReportRow } from './types';

const isFinished = (r: ReportRow | undefined) => r?.state === 'ready' || r?.state === 'failed';

export const fetchReport = (id: string, signal?: AbortSignal) => http.get<ReportRow>(`/api/reports/${encodeURIComponent(id)}/`, { signal });

/** Unfinished reports are re-read every few seconds too, in case a live event is missed. */
export const REPORT_POLL_MS = 5000;

export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: reportKey(id),
    queryFn: ({ signal }) => fetchReport(id, signal),
    staleTime: 0,
    retry: (count, e) => !(isApiError(e) && e.status === 404) && count < 2,
    refetchInterval: (q) => (q.state.status === 'error' || isFinished(q.state.data) ? false : REPORT_POLL_MS),
  });

/** One report (the one /report/?id= points at); nothing is fetched without an id. */
export const useReport = (id: string | null) => useQuery({ ...reportQuery(id ?? ''), enabled: Boolean(id) });
