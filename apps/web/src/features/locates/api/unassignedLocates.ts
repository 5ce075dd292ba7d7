import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { jobLocatesKey, type LocateView } from './locateTypes';

export interface UnassignedPage {
  results: LocateView[];
  count: number;
}

/** Locates no job holds yet, soonest expiry first, found by `q` (ticket numbers, customer, crews ...): GET /api/locates/unassigned/. */
export const fetchUnassignedLocates = (q: string, signal?: AbortSignal) =>
  http.list<UnassignedPage>(`/api/locates/unassigned/?page=1&page_size=50${q ? `&q=${encodeURIComponent(q)}` : ''}`, { signal });

export const useUnassignedLocates = (q: string, enabled: boolean) =>
  useQuery({ queryKey: [...jobLocatesKey, 'unassigned', q], queryFn: ({ signal }) => fetchUnassignedLocates(q, signal), enabled, placeholderData: keepPreviousData });
