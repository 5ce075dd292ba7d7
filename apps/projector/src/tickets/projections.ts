/** Ticket read models: the ticket list, its columns and search words from its declarations (packages/read-model/src/tickets/list.ts). */
import { projected } from '@trenchline/platform';
import { ticketsList, unassignedTicketsList } from '@trenchline/read-model';
import { recordListProjection } from '../shared/record-list.ts';

export const ticketList = recordListProjection({ aggregate: 'ticket', table: 'tickets', ...projected(ticketsList, unassignedTicketsList) });

export const ticketProjections = [ticketList];
