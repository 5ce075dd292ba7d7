import { queryOptions, useQuery } from '@tanstack/react-query';
import { streamRecord } from '../../../components/record/recordRef';
import { http } from '../../../lib/http';
import { bidKey, bidStream, type BidDetail } from './types';

export const bidUrl = (id: string) => `/api/bids/${encodeURIComponent(id)}`;

/** One bid with its lines. */
export const fetchBid = (id: string, signal?: AbortSignal) => http.get<BidDetail>(bidUrl(id), { signal });

export const bidQuery = (id: string) => queryOptions({ queryKey: bidKey(id), queryFn: ({ signal }) => fetchBid(id, signal) });

export const useBid = (id: string) => useQuery(bidQuery(id));

/** The bid's history and its past (as of an instant). */
export const bidRecord = (id: string) => streamRecord(bidUrl(id), bidStream(id));
