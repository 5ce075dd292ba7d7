import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { jobTicketsKey, type TicketPage, type TicketRow } from './types';

/** Tickets no job holds yet, found by `q` (number, title, customer, crew ...): GET /api/tickets/unassigned/. */
export const fetchUnassignedTickets = (q: string, signal?: AbortSignal) =>
  http.list<TicketPage<TicketRow>>(`/api/tickets/unassigned/?page=1&page_size=50${q ? `&q=${encodeURIComponent(q)}` : ''}`, { signal });

export const useUnassignedTickets = (q: string, enabled: boolean) =>
  useQuery({ queryKey: [...jobTicketsKey, 'unassigned', q], queryFn: ({ signal }) => fetchUnassignedTickets(q, signal), enabled, placeholderData: keepPreviousData });
