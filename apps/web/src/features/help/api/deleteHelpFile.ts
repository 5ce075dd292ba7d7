import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { helpKey } from './types';

/** DELETE /api/help/files/{id}/. */
export const deleteHelpFile = (fileId: string) => http.del(`/api/help/files/${encodeURIComponent(fileId)}/`);

export function useDeleteHelpFile(ticketId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteHelpFile,
    // Also after a failure: a file someone deleted first leaves the screen.
    onSettled: () => qc.invalidateQueries({ queryKey: helpKey(ticketId) }),
  });
}
