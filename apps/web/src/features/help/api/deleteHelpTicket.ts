import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { helpKey, helpUrl } from './types';

/** DELETE /api/help/{id}/. */
export const deleteHelpTicket = (id: string) => http.del<{ id: string; deleted: boolean }>(helpUrl(id));

export function useDeleteHelpTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteHelpTicket,
    onSuccess: (_a, id) => qc.removeQueries({ queryKey: helpKey(id) }),
  });
}
