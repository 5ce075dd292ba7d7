import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { isTempId } from '../../../lib/offline/outboxLogic';

/** /ticket/{account_ticket_number}: the ticket's id for its number (or for an id typed instead). */
export const lookupTicket = (key: string, signal?: AbortSignal) =>
  http.get<{ id: string; account_ticket_number: string | null }>(`/api/tickets/lookup/${encodeURIComponent(key)}`, { signal });

export const ticketLookupQuery = (key: string) =>
  queryOptions({ queryKey: ['tickets', 'lookup', key], queryFn: ({ signal }) => lookupTicket(key, signal), enabled: key !== '' && !isTempId(key), retry: false, staleTime: Infinity });

export const useTicketLookup = (key: string) => useQuery(ticketLookupQuery(key));
