import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { asOfKey, asOfParam, type AsOf, type SvaRateSheetDetail } from './types';

/** The SVA rate sheet with its codes as it stood at `at` (an ISO time). */
export const fetchSvaRateSheetAsOf = (at: string, signal?: AbortSignal) =>
  http.get<AsOf<SvaRateSheetDetail>>(`/api/settings/jobs/sva_rate_sheet/${asOfParam(at)}`, { signal });

export const svaRateSheetAsOfQuery = (at: string) =>
  queryOptions({ queryKey: asOfKey('sva_rate_sheet', at), queryFn: ({ signal }) => fetchSvaRateSheetAsOf(at, signal), staleTime: Infinity });

export const useSvaRateSheetAsOf = (at: string) => useQuery(svaRateSheetAsOfQuery(at));
