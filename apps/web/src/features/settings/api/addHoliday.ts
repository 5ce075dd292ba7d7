import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { locateRulesKey } from './locateRules';

export interface HolidayValues {
  date: string;
  name: string;
}

/** POST /api/settings/locates/holidays/: a day no working-day ticket life counts (one per date). */
export const addHoliday = (values: HolidayValues) => http.post<Record<string, unknown>>('/api/settings/locates/holidays/', values);

export function useAddHoliday() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addHoliday, onSettled: () => qc.invalidateQueries({ queryKey: locateRulesKey }) });
}
