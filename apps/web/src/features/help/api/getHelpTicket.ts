import { queryOptions, useQuery } from '@tanstack/react-query';
import { streamRecord } from '../../../components/record/recordRef';
import { http } from '../../../lib/http';
import { helpKey, helpStream, helpUrl, type HelpTicketDetail } from './types';

/** One help ticket with its updates and files (GET /api/help/{id}/). */
export const fetchHelpTicket = (id: string, signal?: AbortSignal) => http.get<HelpTicketDetail>(helpUrl(id), { signal });

export const helpTicketQuery = (id: string) => queryOptions({ queryKey: helpKey(id), queryFn: ({ signal }) => fetchHelpTicket(id, signal) });

export const useHelpTicket = (id: string) => useQuery(helpTicketQuery(id));

/** The ticket's history and its past (as of an instant). */
export const helpRecord = (id: string) => streamRecord(helpUrl(id), helpStream(id));
