/**
 * A list's saved preferences on the server (GET/PUT <url>, e.g. /api/projects/search_dates/): read
 * made whole (lib/listPrefs prefsOf), saved, and the saved answer put in the cache so the next visit
 * starts from it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from './http';
import { prefsOf, type ListPrefs } from './listPrefs';

export function searchDatesCalls(url: string, key: readonly unknown[]) {
  /** The caller's saved list preferences (their defaults when never saved). */
  const fetchSearchDates = async (signal?: AbortSignal) => prefsOf(await http.get<Partial<ListPrefs>>(url, { signal }));
  /** Save the list preferences; the answer is what was saved. */
  const saveSearchDates = async (prefs: ListPrefs) => prefsOf(await http.put<Partial<ListPrefs>>(url, prefs));
  const searchDatesQuery = () => queryOptions({ queryKey: key, queryFn: ({ signal }) => fetchSearchDates(signal), staleTime: 0 });
  const useSearchDates = () => useQuery(searchDatesQuery());
  function useSaveSearchDates() {
    const qc = useQueryClient();
    return useMutation({ mutationFn: saveSearchDates, onSuccess: (saved) => qc.setQueryData(key, saved) });
  }
  return { fetchSearchDates, saveSearchDates, searchDatesQuery, useSearchDates, useSaveSearchDates };
}

export type SearchDatesCalls = ReturnType<typeof searchDatesCalls>;
