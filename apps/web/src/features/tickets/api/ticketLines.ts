import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Line } from '@trenchline/domain';
import { http, newIdempotencyKey, upload } from '../../../lib/http';
import { tempId, type Command } from '../../../lib/offline/outboxLogic';
import { isQueued, queuedWrite } from '../../../lib/offline/queuedWrite';
import { addedLabel, localProductions } from './offlineTicket';
import { linesOf, ticketKey, type TicketDetail } from './ticketDetailTypes';

/** The CIBE lines of a job, to pick production lines from (a field user's come without prices); the field sync keeps them too. */
export const jobCibeItemsQuery = (job: string) =>
  queryOptions({
    queryKey: ['jobs', job, 'cibeitems'],
    queryFn: ({ signal }) => http.get<Line[] | { results: Line[] }>(`/api/jobs/${encodeURIComponent(job)}/cibeitems/`, { signal }),
  });

export const useJobCibeItems = (job: string | null) =>
  useQuery({
    ...jobCibeItemsQuery(job ?? ''),
    enabled: Boolean(job),
    select: (a) => (Array.isArray(a) ? a : a.results),
  });

/** Production lines added: one typed line, or several picked from CIBE items posted as {ticket_productions: [...]}. */
const productionsUrl = (id: string) => `/api/tickets/${encodeURIComponent(id)}/productions/`;
const productionsBody = (lines: Record<string, unknown>[]) => (lines.length === 1 ? lines[0] : { ticket_productions: lines });

/** Offline the lines show at once under temporary ids; the sync's answer gives their real ones. */
export function useAddProductions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, lines }: { id: string; lines: Record<string, unknown>[] }) => {
      const kept = qc.getQueryData<TicketDetail>(ticketKey(id));
      const ids = lines.map(() => tempId(newIdempotencyKey()));
      const command: Command = { method: 'POST', url: productionsUrl(id), body: productionsBody(lines), label: addedLabel(kept, lines.length), makes: ids };
      return queuedWrite<Line | { ticket_productions: Line[] }, { ticket_productions: Line[] }>(qc, command, () => {
        const added = kept ? localProductions(kept, lines, ids) : [];
        if (kept) qc.setQueryData(ticketKey(id), { ...kept, ticket_productions: [...linesOf(kept, 'ticket_productions'), ...added] });
        return { ticket_productions: added };
      });
    },
    onSuccess: (a, { id }) => (isQueued(a) ? undefined : qc.invalidateQueries({ queryKey: ticketKey(id) })),
  });
}

/** The PDF a tablet made of the ticket: one is kept, a new one replaces it. */
export const uploadTabletPdf = ({ id, file }: { id: string; file: File }) => {
  const form = new FormData();
  form.append('file', file);
  form.append('ticket', id);
  form.append('file_name', file.name);
  return upload<Line>(`/api/tickets/${encodeURIComponent(id)}/ticket_pdf_from_tablet/`, form);
};

export function useUploadTabletPdf() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: uploadTabletPdf, onSuccess: (_a, { id }) => qc.invalidateQueries({ queryKey: ticketKey(id) }) });
}
