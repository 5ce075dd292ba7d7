import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { prefsOf, type ListPrefs } from '../listLogic';
import { searchDatesKey } from './types';

/** Save the list preferences; the answer is what was saved. */
export const saveSearchDates = async (prefs: ListPrefs) => prefsOf(await http.put<Partial<ListPrefs>>('/api/projects/search_dates/', prefs));

export function useSaveSearchDates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveSearchDates,
    onSuccess: (saved) => qc.setQueryData(searchDatesKey, saved),
  });
}
