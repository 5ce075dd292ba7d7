import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { helpKey, helpUrl, type HelpUpdate } from './types';

export interface NewUpdate {
  update: string;
  update_status: string;
}

/** POST /api/help/{id}/updates/: the server stamps who and when. */
export const postUpdate = (ticketId: string, values: NewUpdate) => http.post<HelpUpdate>(`${helpUrl(ticketId)}updates/`, values);

/** The ticket is read again so the update appears (others see it by the record room). */
export function usePostUpdate(ticketId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: NewUpdate) => postUpdate(ticketId, values),
    onSuccess: () => qc.invalidateQueries({ queryKey: helpKey(ticketId) }),
  });
}
