/** Help read models: the help ticket list, its columns and search words from its declaration (packages/read-model/src/help/list.ts). */
import { projected } from '@trenchline/platform';
import { helpTicketsList } from '@trenchline/read-model';
import { recordListProjection } from '../shared/record-list.ts';

export const helpTicketList = recordListProjection({ aggregate: 'help_ticket', table: 'help_tickets', ...projected(helpTicketsList) });

export const helpProjections = [helpTicketList];
