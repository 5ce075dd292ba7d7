import { queryOptions } from '@tanstack/react-query';
import type { HistoryEntry } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { bidKey } from './types';

export type BidHistoryEntry = Omit<HistoryEntry, 'user_id'> & { user_id?: string };

/** The bid's events, oldest first; live record events refresh it (its key starts with the bid's). */
export const fetchBidHistory = (id: string, signal?: AbortSignal) =>
  http.get<BidHistoryEntry[]>(`/api/bids/${encodeURIComponent(id)}/history/`, { signal });

export const bidHistoryQuery = (id: string) =>
  queryOptions({ queryKey: [...bidKey(id), 'history'], queryFn: ({ signal }) => fetchBidHistory(id, signal) });

