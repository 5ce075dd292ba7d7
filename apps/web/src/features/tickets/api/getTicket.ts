import { queryOptions, useQuery } from '@tanstack/react-query';
import { streamRecord } from '../../../components/record/recordRef';
import { http } from '../../../lib/http';
import { ticketKey, ticketStream, ticketUrl, type TicketDetail } from './ticketDetailTypes';

/** One ticket with every collection. */
export const fetchTicket = (id: string, signal?: AbortSignal) => http.get<TicketDetail>(ticketUrl(id), { signal });

export const ticketQuery = (id: string) => queryOptions({ queryKey: ticketKey(id), queryFn: ({ signal }) => fetchTicket(id, signal), enabled: id !== '' });

export const useTicket = (id: string) => useQuery(ticketQuery(id));

/** The ticket's history and its past (as of an instant). */
export const ticketRecord = (id: string) => streamRecord(ticketUrl(id), ticketStream(id));
