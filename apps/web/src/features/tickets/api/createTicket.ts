import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { NEW_TICKET_STATUS } from '@trenchline/domain';
import { newIdempotencyKey } from '../../../lib/http';
import { tempId, type Command } from '../../../lib/offline/outboxLogic';
import { isQueued, queuedWrite } from '../../../lib/offline/queuedWrite';
import { ticketLookupQuery } from './lookupTicket';
import { localTicket, madeLabel } from './offlineTicket';
import { ticketKey } from './ticketDetailTypes';
import { jobTicketsKey, pagedTicketsKey, type TicketRow } from './types';

/** A new ticket: its form type, title and job (from a job screen, the task too); New, numbered by the server's ticket counter. */
export interface NewTicket {
  form_type: string;
  title?: string;
  job?: string;
  job_task_ref?: string;
}

/**
 * Offline the ticket is made on the device under a temporary id: its page opens on it (its look-up and
 * detail in the cache), its job's and task's ticket lists show it, and what is added to it names the
 * temporary id until the sync's create answers the real one.
 */
function keepLocal(qc: QueryClient, id: string, body: Record<string, unknown>): TicketRow {
  const ticket = localTicket(id, body);
  qc.setQueryData(ticketKey(id), ticket);
  qc.setQueryData(ticketLookupQuery(id).queryKey, { id, account_ticket_number: null });
  const mine = (k: unknown) => (k as { job?: unknown; task?: unknown } | undefined)?.job === body.job || (k as { task?: unknown } | undefined)?.task === body.job_task_ref;
  for (const [key] of qc.getQueriesData<TicketRow[]>({ queryKey: jobTicketsKey })) if (mine(key[2])) qc.setQueryData<TicketRow[]>(key, (rows) => (Array.isArray(rows) ? [...rows, ticket as unknown as TicketRow] : rows));
  return ticket as unknown as TicketRow;
}

/** A new ticket: the list's pages and the job screens' tickets are read again. */
export function useCreateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: NewTicket) => {
      const id = tempId(newIdempotencyKey());
      const body = { ticket_status: NEW_TICKET_STATUS, ...values };
      // POST /api/tickets/ (201, the ticket with its number).
      const command: Command = { method: 'POST', url: '/api/tickets/', body, label: madeLabel(values), makes: [id], noun: 'ticket' };
      return queuedWrite<TicketRow>(qc, command, () => keepLocal(qc, id, body));
    },
    onSuccess: (a) => (isQueued(a) ? undefined : Promise.all([qc.invalidateQueries({ queryKey: [...pagedTicketsKey()] }), qc.invalidateQueries({ queryKey: jobTicketsKey })])),
  });
}
