import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { isTempId, type Command } from '../../../lib/offline/outboxLogic';
import { isQueued, KEPT_MESSAGE, queuedWrite } from '../../../lib/offline/queuedWrite';
import { savedLabel, savedOver, withoutTempVersions } from './offlineTicket';
import { ticketKey, type TicketDetail, type TicketValues } from './ticketDetailTypes';

export interface SaveTicketInput {
  id: string;
  /** The ticket's changed fields; lines ride along under their keys (ticket_productions, equipment ...), each with its own version. */
  values: Partial<TicketValues> & Record<string, unknown>;
  /** The version the user loaded: a field someone else changed since too is a 409, never overwritten. */
  version?: number;
}

/**
 * The save as a command, PUT ticket_with_related_update: the ticket and its lines in one write, merged
 * by field from the versions seen; sent at once online, kept in the outbox offline (lib/offline/queuedWrite).
 */
const saveCommand = ({ id, values, version }: SaveTicketInput, kept: TicketDetail | undefined): Command => ({
  method: 'PUT',
  url: `/api/tickets/ticket_with_related_update/${encodeURIComponent(id)}/`,
  body: withoutTempVersions(values),
  // A ticket made offline: the server has no version of it this user saw.
  ifMatch: isTempId(id) ? null : (version ?? null),
  label: savedLabel(kept, values),
  noun: 'ticket',
});

/** Online, the ticket is read again; offline, the screen shows the save laid over the kept ticket at once. */
export function useSaveTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveTicketInput) => {
      const kept = qc.getQueryData<TicketDetail>(ticketKey(input.id));
      return queuedWrite<TicketDetail & { message?: string }>(qc, saveCommand(input, kept), () => {
        const shown = kept && savedOver(kept, input.values);
        if (shown) qc.setQueryData(ticketKey(input.id), shown);
        return { ...(shown ?? kept), message: KEPT_MESSAGE } as TicketDetail & { message?: string };
      });
    },
    onSuccess: (a, input) => (isQueued(a) ? undefined : qc.invalidateQueries({ queryKey: ticketKey(input.id) })),
  });
}

export const deleteTicket = (id: string) => http.del<{ id: string; deleted: boolean }>(`/api/tickets/${encodeURIComponent(id)}/`);

export function useDeleteTicket() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTicket, onSuccess: (_a, id) => qc.removeQueries({ queryKey: ticketKey(id) }) });
}
