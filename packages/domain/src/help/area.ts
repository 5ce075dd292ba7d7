/** What the help area declares; packages/domain/src/registry.ts composes every area. */
import { sameRow, type AggregateDef, type Area } from '../shared/aggregates.ts';
import { helpTicketDecider, type HelpTicketState } from './help-ticket.ts';
import { helpCollections } from './collections.ts';
import { helpTicketView } from './view.ts';
import { helpManagementReport } from './reports.ts';
import { bulkEntryNamed } from '../shared/bulk-lists.ts';

export const helpTicketAggregate = { name: 'help_ticket', label: 'Help ticket', decider: helpTicketDecider, view: (s) => helpTicketView(s), listRow: sameRow, list: 'help_tickets', shownAs: { page: '/help/:id' } } satisfies AggregateDef<HelpTicketState>;

export const helpArea: Area = {
  aggregates: [helpTicketAggregate],
  collections: helpCollections,
  reports: [helpManagementReport],
  bulk: { help_tickets: { aggregate: 'help_ticket', reports: { management: helpManagementReport.name }, zipPrefix: 'Help', entryPrefix: bulkEntryNamed('subject', 'Help ticket'), actions: ['archive', 'delete', 'report'] } },
};
