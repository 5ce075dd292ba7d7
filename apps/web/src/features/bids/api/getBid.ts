import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { bidKey, bidStream, type BidDetail } from './types';

/** One bid with its lines; with `asOf` (an ISO time), the bid as it stood then. */
export const fetchBid = (id: string, asOf?: string | null, signal?: AbortSignal) =>
  http.get<BidDetail>(`/api/bids/${encodeURIComponent(id)}${asOf ? `?as_of=${encodeURIComponent(asOf)}` : ''}`, { signal });

export const bidQuery = (id: string) => queryOptions({ queryKey: bidKey(id), queryFn: ({ signal }) => fetchBid(id, null, signal) });

/** The past never changes: cached for good, and outside ['record', ...] so live events leave it alone. */
export const bidAsOfQuery = (id: string, asOf: string) =>
  queryOptions({
    queryKey: ['as_of', bidStream(id), asOf],
    queryFn: ({ signal }) => fetchBid(id, asOf, signal),
    staleTime: Infinity,
  });

export const useBid = (id: string) => useQuery(bidQuery(id));

export const useBidAsOf = (id: string, asOf: string | null) => useQuery({ ...bidAsOfQuery(id, asOf ?? ''), enabled: Boolean(asOf) });
