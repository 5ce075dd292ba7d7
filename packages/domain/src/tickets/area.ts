/** What the tickets area declares; packages/domain/src/registry.ts composes every area. */
import type { AggregateDef, Area } from '../shared/aggregates.ts';
import { ticketAlongside, ticketDecider, type TicketState } from './ticket.ts';
import { ticketCollections } from './collections.ts';
import { ticketLinesAsShown, ticketView, withTicketDays } from './view.ts';
import { stampedTicketReport } from './reports.ts';
import { bulkEntryNamed } from '../shared/bulk-lists.ts';

export const ticketAggregate = {
  name: 'ticket',
  label: 'Ticket',
  decider: ticketDecider,
  view: ticketView,
  listRow: withTicketDays,
  list: 'tickets',
  shownAs: { page: '/ticket/:id' },
  number: { counter: 'ticket', field: 'ticketNumber' },
  presentLines: ticketLinesAsShown,
  alongside: ticketAlongside,
} satisfies AggregateDef<TicketState>;

export const ticketsArea: Area = {
  aggregates: [ticketAggregate],
  collections: ticketCollections,
  reports: [stampedTicketReport],
  // A zip of their photos (the ticket's, its production lines' and damage reports').
  bulk: { tickets: { aggregate: 'ticket', zipPrefix: 'Ticket', zipOf: 'photos', entryPrefix: bulkEntryNamed('account_ticket_number', 'Ticket'), actions: ['archive', 'delete', 'zip'] } },
};
