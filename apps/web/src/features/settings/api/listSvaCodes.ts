import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { settingsKey, type SvaCode } from './types';

export const svaCodesKey = [...settingsKey, 'sva_codes'] as const;

/** Every code of the account's SVA rate sheet. */
export const fetchSvaCodes = (signal?: AbortSignal) => http.get<SvaCode[]>('/api/settings/jobs/sva_codes/', { signal });

export const svaCodesQuery = () => queryOptions({ queryKey: svaCodesKey, queryFn: ({ signal }) => fetchSvaCodes(signal) });

export const useSvaCodes = () => useQuery(svaCodesQuery());
