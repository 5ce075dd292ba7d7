import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { settingsKey, type SettingsHistoryEntry } from './types';

/** Any settings record's events, oldest first: `url` is its `.../history/` path. */
export const fetchHistory = (url: string, signal?: AbortSignal) => http.get<SettingsHistoryEntry[]>(url, { signal });

/** Fetched fresh each time the drawer opens: catalog records change without a 'settings' event. */
export const historyQuery = (url: string) =>
  queryOptions({ queryKey: [...settingsKey, 'history', url], queryFn: ({ signal }) => fetchHistory(url, signal), staleTime: 0 });

export const useHistory = (url: string | null) => useQuery({ ...historyQuery(url ?? ''), enabled: Boolean(url) });
