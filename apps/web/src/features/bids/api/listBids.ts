import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { bidsKey, type BidRow } from './types';

/** Active (archived=f) or archived (archived=t) bids; waits for this client's own writes. */
export const fetchBids = (archived: boolean, signal?: AbortSignal) =>
  http.list<BidRow[]>(`/api/bids/?archived=${archived ? 't' : 'f'}`, { signal });

/**
 * The key's filter ({ archived }) is what realtime.ts matches live rows against. Live events only
 * arrive while the list is on screen, so the list is refetched every time it is opened (the cached
 * rows show meanwhile).
 */
export const bidsQuery = (archived: boolean) =>
  queryOptions({ queryKey: bidsKey(archived), queryFn: ({ signal }) => fetchBids(archived, signal), staleTime: 0 });

export const useBids = (archived: boolean) => useQuery(bidsQuery(archived));
