import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { asOfKey, asOfParam, type AccountSettings, type AsOf } from './types';

/** The account's settings record (files, subscriptions, cancellation) as it stood at `at` (an ISO time). */
export const fetchAccountAsOf = (at: string, signal?: AbortSignal) =>
  http.get<AsOf<AccountSettings>>(`/api/settings/account/${asOfParam(at)}`, { signal });

export const accountAsOfQuery = (at: string) =>
  queryOptions({ queryKey: asOfKey('account_settings', at), queryFn: ({ signal }) => fetchAccountAsOf(at, signal), staleTime: Infinity });

export const useAccountAsOf = (at: string) => useQuery(accountAsOfQuery(at));
