import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ticketKey, type TicketDetail } from './ticketDetailTypes';

/** Approve (the production counts on the job) or ask for an edit (Edit Requested: it leaves the job again). */
export const approveTicket = ({ id, approve }: { id: string; approve: boolean }) =>
  http.post<TicketDetail & { message?: string }>(`/api/tickets/${encodeURIComponent(id)}/${approve ? 'approve' : 'request_edit'}/`, {});

export function useApproveTicket() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: approveTicket, onSuccess: (_a, { id }) => qc.invalidateQueries({ queryKey: ticketKey(id) }) });
}
