import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { awaitingCountKey, type AwaitingCount } from './types';

/** How many open help tickets await the caller (GET /api/help/awaiting/count/). */
export const fetchAwaitingCount = (signal?: AbortSignal) => http.list<AwaitingCount>('/api/help/awaiting/count/', { signal });

export const awaitingCountQuery = () => queryOptions({ queryKey: awaitingCountKey, queryFn: ({ signal }) => fetchAwaitingCount(signal), staleTime: 0 });

export const useAwaitingCountQuery = () => useQuery(awaitingCountQuery());
