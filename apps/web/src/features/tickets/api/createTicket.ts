import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NEW_TICKET_STATUS } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { jobTicketsKey, pagedTicketsKey, type TicketRow } from './types';

/** A new ticket: its form type, title and job (from a job screen, the task too); New, numbered by the server's ticket counter. */
export interface NewTicket {
  form_type: string;
  title?: string;
  job?: string;
  job_task_ref?: string;
}

/** POST /api/tickets/ (201, the ticket with its number). */
export const createTicket = (values: NewTicket) => http.post<TicketRow>('/api/tickets/', { ticket_status: NEW_TICKET_STATUS, ...values });

/** A new ticket: the list's pages and the job screens' tickets are read again. */
export function useCreateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: [...pagedTicketsKey()] }), qc.invalidateQueries({ queryKey: jobTicketsKey })]),
  });
}
