import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { locateRulesKey } from './locateRules';

/** DELETE /api/settings/locates/holidays/{id}/. */
export const deleteHoliday = (id: string) => http.del<unknown>(`/api/settings/locates/holidays/${encodeURIComponent(id)}/`);

export function useDeleteHoliday() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteHoliday, onSettled: () => qc.invalidateQueries({ queryKey: locateRulesKey }) });
}
