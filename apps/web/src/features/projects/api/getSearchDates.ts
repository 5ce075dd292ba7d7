import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { prefsOf, type ListPrefs } from '../listLogic';
import { searchDatesKey } from './types';

/** The caller's saved list preferences (their defaults when never saved). */
export const fetchSearchDates = async (signal?: AbortSignal) => prefsOf(await http.get<Partial<ListPrefs>>('/api/projects/search_dates/', { signal }));

export const searchDatesQuery = () => queryOptions({ queryKey: searchDatesKey, queryFn: ({ signal }) => fetchSearchDates(signal), staleTime: 0 });

export const useSearchDates = () => useQuery(searchDatesQuery());
