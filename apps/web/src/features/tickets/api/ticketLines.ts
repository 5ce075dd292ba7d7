import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Line } from '@trenchline/domain';
import { http, upload } from '../../../lib/http';
import { ticketKey } from './ticketDetailTypes';

/** The CIBE lines of the ticket's job, to pick production lines from. */
export const useJobCibeItems = (job: string | null) =>
  useQuery({
    queryKey: ['jobs', job, 'cibeitems'],
    queryFn: ({ signal }) => http.get<Line[] | { results: Line[] }>(`/api/jobs/${encodeURIComponent(job ?? '')}/cibeitems/`, { signal }),
    enabled: Boolean(job),
    select: (a) => (Array.isArray(a) ? a : a.results),
  });

/** Production lines added: one typed line, or several picked from CIBE items posted as {ticket_productions: [...]}. */
export const addProductions = ({ id, lines }: { id: string; lines: Record<string, unknown>[] }) =>
  http.post<Line | { ticket_productions: Line[] }>(`/api/tickets/${encodeURIComponent(id)}/productions/`, lines.length === 1 ? lines[0] : { ticket_productions: lines });

export function useAddProductions() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addProductions, onSuccess: (_a, { id }) => qc.invalidateQueries({ queryKey: ticketKey(id) }) });
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
