import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketDetailContent, type Line } from '@trenchline/domain';
import { newIdempotencyKey } from '../../../lib/http';
import { tempId, type Command } from '../../../lib/offline/outboxLogic';
import { isQueued, queuedWrite } from '../../../lib/offline/queuedWrite';
import { ME_KEY } from '../../../lib/offline/owner';
import { localSignature, signedLabel } from './offlineTicket';
import { linesOf, ticketKey, type TicketDetail } from './ticketDetailTypes';

export type SignatureKind = 'customer_signatures' | 'worker_signatures';

export interface SignInput {
  id: string;
  kind: SignatureKind;
  signer_name: string;
  signer_title?: string;
  /** The drawn pad as 'data:image/png;base64,...'. */
  signature_image: string;
}

const signaturesUrl = (id: string, kind: SignatureKind) => `/api/tickets/${encodeURIComponent(id)}/${kind}/`;

/**
 * A signature as a command (lib/offline): sent at once online; offline kept in the outbox and shown at
 * once, waiting. Either way it carries what the signer saw (`signed_content`, from the ticket as this
 * screen holds it, offline edits included: docs/tickets.md "Signed on a device"), so a change that
 * reaches the server first marks it signed an earlier version instead of being taken as signed.
 */
export function useSignTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, ...signed }: SignInput) => {
      const kept = qc.getQueryData<TicketDetail>(ticketKey(id));
      const lineId = tempId(newIdempotencyKey());
      const body = { ...signed, ...(kept ? { signed_content: ticketDetailContent(kept) } : {}) };
      const command: Command = { method: 'POST', url: signaturesUrl(id, kind), body, label: signedLabel(kept, kind, signed.signer_name), makes: [lineId], noun: 'signature' };
      return queuedWrite<Line>(qc, command, () => {
        const me = qc.getQueryData<{ display_name?: string }>(ME_KEY);
        const line = localSignature(lineId, signed, me?.display_name ?? null, new Date().toISOString());
        if (kept) qc.setQueryData(ticketKey(id), { ...kept, [kind]: [...linesOf(kept, kind), line] });
        return line;
      });
    },
    onSuccess: (a, { id }) => (isQueued(a) ? undefined : qc.invalidateQueries({ queryKey: ticketKey(id) })),
  });
}
