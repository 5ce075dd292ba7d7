import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { expiringCountKey, type ExpiringCount } from './types';

/** How many locates are expiring, and by which date (GET /api/locates/expiring/count/). */
export const fetchExpiringCount = (signal?: AbortSignal) => http.list<ExpiringCount>('/api/locates/expiring/count/', { signal });

export const expiringCountQuery = () => queryOptions({ queryKey: expiringCountKey, queryFn: ({ signal }) => fetchExpiringCount(signal), staleTime: 0 });

export const useExpiringCountQuery = () => useQuery(expiringCountQuery());
