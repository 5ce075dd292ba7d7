import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { helpKey, type HelpUpdate } from './types';

export interface SaveUpdateInput {
  id: string;
  values: { update_status?: string | null; update?: string };
  /** The update's own version when the user began: a field someone else changed too is a 409. */
  version?: number;
}

/** PUT /api/help/updates/{id}/ (its status, or its text). */
export const saveUpdate = ({ id, values, version }: SaveUpdateInput) => http.put<HelpUpdate>(`/api/help/updates/${encodeURIComponent(id)}/`, values, { ifMatch: version ?? null });

export function useSaveUpdate(ticketId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveUpdate,
    onSettled: () => qc.invalidateQueries({ queryKey: helpKey(ticketId) }),
  });
}
