import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { pagedHelpKey, type HelpTicketDetail } from './types';

/** POST /api/help/ (201, the ticket): New in all three statuses, the caller its submitter. */
export const createHelpTicket = () => http.post<HelpTicketDetail>('/api/help/', {});

/** New help ticket from the list; the list's pages are read again. */
export function useCreateHelpTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createHelpTicket,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...pagedHelpKey()] }),
  });
}
