import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ticketKey, type TicketDetail, type TicketValues } from './ticketDetailTypes';

export interface SaveTicketInput {
  id: string;
  /** The ticket's changed fields; lines ride along under their keys (ticket_productions, equipment ...), each with its own version. */
  values: Partial<TicketValues> & Record<string, unknown>;
  /** The version the user loaded: a field someone else changed since too is a 409, never overwritten. */
  version?: number;
}

/** PUT ticket_with_related_update: the ticket and its lines in one write, merged by field from the versions seen. */
export const saveTicket = ({ id, values, version }: SaveTicketInput) =>
  http.put<TicketDetail & { message?: string }>(`/api/tickets/ticket_with_related_update/${encodeURIComponent(id)}/`, values, { ifMatch: version ?? null });

export function useSaveTicket() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveTicket, onSuccess: (_a, input) => qc.invalidateQueries({ queryKey: ticketKey(input.id) }) });
}

export const deleteTicket = (id: string) => http.del<{ id: string; deleted: boolean }>(`/api/tickets/${encodeURIComponent(id)}/`);

export function useDeleteTicket() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTicket, onSuccess: (_a, id) => qc.removeQueries({ queryKey: ticketKey(id) }) });
}
