import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NEW_LOCATE_STATUS, NEW_TICKET_TYPE } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { pagedLocatesKey, type LocateRow } from './types';

/** The new locate as the server answers it (its detail with its version). */
export type NewLocateAnswer = LocateRow & { version: number; position?: string | number };

/** New locate of a form type: POST /api/locates/ {form_type, locate_status: 'Active', current_ticket_type: 'New'}. */
export const createLocateOfType = (formType: string) => http.post<NewLocateAnswer>('/api/locates/', { form_type: formType, locate_status: NEW_LOCATE_STATUS, current_ticket_type: NEW_TICKET_TYPE });

export function useNewLocate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createLocateOfType,
    // Where the new row sorts is the server's: the list's pages are fetched again.
    onSuccess: () => qc.invalidateQueries({ queryKey: [...pagedLocatesKey()] }),
  });
}
