import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { settingsKey, type SvaRateSheet } from './types';

export const svaRateSheetKey = [...settingsKey, 'sva_rate_sheet'] as const;
export const SVA_RATE_SHEET_HISTORY_URL = '/api/settings/jobs/sva_rate_sheet/history/';

/** The sheet: how many codes, and the last import. */
export const fetchSvaRateSheet = (signal?: AbortSignal) => http.get<SvaRateSheet>('/api/settings/jobs/sva_rate_sheet/', { signal });

export const svaRateSheetQuery = () => queryOptions({ queryKey: svaRateSheetKey, queryFn: ({ signal }) => fetchSvaRateSheet(signal) });

export const useSvaRateSheet = () => useQuery(svaRateSheetQuery());
