import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { settingsKey, type SubscriptionCatalog } from './types';

export const subscriptionKey = [...settingsKey, 'catalog'] as const;

/** The subscription catalogue with the account's quantities and monthly total. */
export const fetchSubscriptionCatalog = (signal?: AbortSignal) => http.get<SubscriptionCatalog>('/api/settings/catalog/', { signal });

export const subscriptionQuery = () => queryOptions({ queryKey: subscriptionKey, queryFn: ({ signal }) => fetchSubscriptionCatalog(signal) });

export const useSubscriptionCatalog = () => useQuery(subscriptionQuery());
