import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { helpKey, helpUrl, type HelpTicketDetail, type HelpTicketValues } from './types';

export interface SaveHelpTicketInput {
  id: string;
  values: Partial<HelpTicketValues>;
  /** The version the user loaded: a field someone else changed since too is a 409, never overwritten. */
  version?: number;
}

/** PUT /api/help/{id}/ with the fields changed; closing it (either status Closed) answers it archived. */
export const saveHelpTicket = ({ id, values, version }: SaveHelpTicketInput) => http.put<HelpTicketDetail>(helpUrl(id), values, { ifMatch: version ?? null });

export function useSaveHelpTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveHelpTicket,
    onSuccess: (_answer, input) => qc.invalidateQueries({ queryKey: helpKey(input.id) }),
  });
}
