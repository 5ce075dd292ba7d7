import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { jobTicketsKey, pagedTicketsKey, type TicketRow } from './types';

/** What assigns a ticket: the job and its number, and for an ORCA task its line. */
export interface TicketAssignment {
  job: string;
  account_job_number: string | null;
  job_task_ref?: string;
}

/** PUT /api/ticket/{id}/ with the assignment alone (spec 2; the server checks the task is the job's and fills the task id). */
export const assignTicket = ({ id, assignment }: { id: string; assignment: TicketAssignment }) => http.put<TicketRow>(`/api/ticket/${encodeURIComponent(id)}/`, assignment);

export function useAssignTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: assignTicket,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: jobTicketsKey }), qc.invalidateQueries({ queryKey: [...pagedTicketsKey()] })]),
  });
}
