import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ticketKey } from './ticketDetailTypes';

export type SignatureKind = 'customer_signatures' | 'worker_signatures';

export interface SignInput {
  id: string;
  kind: SignatureKind;
  signer_name: string;
  signer_title?: string;
  /** The drawn pad as 'data:image/png;base64,...'. */
  signature_image: string;
}

/** A signature: the server stamps who took it, when, and the fingerprint of the ticket as it stands. */
export const signTicket = ({ id, kind, ...body }: SignInput) => http.post<Record<string, unknown>>(`/api/tickets/${encodeURIComponent(id)}/${kind}/`, body);

export function useSignTicket() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: signTicket, onSuccess: (_a, { id }) => qc.invalidateQueries({ queryKey: ticketKey(id) }) });
}
