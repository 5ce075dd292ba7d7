import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { asOfKey, asOfParam, type AsOf, type Counter } from './types';

/** A document counter as it stood at `at` (an ISO time): its number and the highest one handed out. */
export const fetchCounterAsOf = (path: string, at: string, signal?: AbortSignal) =>
  http.get<AsOf<Counter>>(`/api/settings/current_number/${path}/${asOfParam(at)}`, { signal });

export const counterAsOfQuery = (path: string, at: string) =>
  queryOptions({ queryKey: asOfKey(`counter:${path}`, at), queryFn: ({ signal }) => fetchCounterAsOf(path, at, signal), staleTime: Infinity });

export const useCounterAsOf = (path: string, at: string) => useQuery(counterAsOfQuery(path, at));
