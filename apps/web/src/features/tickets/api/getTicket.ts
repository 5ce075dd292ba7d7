import { queryOptions, useQuery } from '@tanstack/react-query';
import { streamRecord } from '../../../components/record/recordRef';
import { http } from '../../../lib/http';
import { isTempId } from '../../../lib/offline/outboxLogic';
import { ticketKey, ticketStream, ticketUrl, type TicketDetail } from './ticketDetailTypes';

/** One ticket with every collection. */
export const fetchTicket = (id: string, signal?: AbortSignal) => http.get<TicketDetail>(ticketUrl(id), { signal });

/** A ticket made offline (a temporary id) is only on the device until the sync sends it: never asked of the server. */
export const ticketQuery = (id: string) => queryOptions({ queryKey: ticketKey(id), queryFn: ({ signal }) => fetchTicket(id, signal), enabled: id !== '' && !isTempId(id) });

export const useTicket = (id: string) => useQuery(ticketQuery(id));

/** The ticket's history and its past (as of an instant). */
export const ticketRecord = (id: string) => streamRecord(ticketUrl(id), ticketStream(id));
