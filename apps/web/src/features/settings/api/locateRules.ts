import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Line } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { settingsKey } from './types';

/** GET /api/settings/locates/: the account's locate rules and its holidays. */
export interface LocateRulesAnswer {
  id: string;
  version?: number;
  ticket_life_days: number;
  ticket_life_basis: 'calendar' | 'working';
  work_wait_days: number;
  reup_lead_days: number;
  holidays: Line[];
  last_updated?: string | null;
  last_updated_by?: string | null;
}

/** Under the settings key: a live change of the account's settings refetches it (useLiveSettings). */
export const locateRulesKey = [...settingsKey, 'locates'] as const;

export const fetchLocateRules = (signal?: AbortSignal) => http.get<LocateRulesAnswer>('/api/settings/locates/', { signal });

export const locateRulesQuery = () => queryOptions({ queryKey: locateRulesKey, queryFn: ({ signal }) => fetchLocateRules(signal), staleTime: 0 });

export const useLocateRules = () => useQuery(locateRulesQuery());
