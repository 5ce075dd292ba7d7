import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { HolidayValues } from './addHoliday';
import { locateRulesKey } from './locateRules';

/** PUT /api/settings/locates/holidays/{id}/: a holiday's date or name. */
export const saveHoliday = ({ id, values, version }: { id: string; values: Partial<HolidayValues>; version?: number }) =>
  http.put<Record<string, unknown>>(`/api/settings/locates/holidays/${encodeURIComponent(id)}/`, values, { ifMatch: version ?? null });

export function useSaveHoliday() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveHoliday, onSettled: () => qc.invalidateQueries({ queryKey: locateRulesKey }) });
}
