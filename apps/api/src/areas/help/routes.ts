/**
 * Help calls of spec 3 section 7 (docs/help.md). The ticket, raising it (its submitter is the caller),
 * its history, as-of, edit, delete, updates and files come from recordRoutes; declared here, replacing
 * those of the same method and path: the list with its saved dates, and the navigation's count of the
 * tickets awaiting the caller. The management report is declared in the domain's report catalogue.
 */
import { helpTicketFields } from '@trenchline/domain';
import { defineRoutes, withOverrides, type RouteDef } from '../../platform/routes.ts';
import { recordRoutes } from '../../platform/record-routes.ts';
import { listRoute } from '../../platform/lists.ts';
import { listRange } from '../../platform/list-range.ts';

// Until the user saves dates, the list shows the last 90 days to today (the list declares it: lists/help.ts).
const range = listRange({ preference: 'help.search_dates' });

const generic = recordRoutes({
  aggregate: 'help_ticket',
  base: '/help/:id',
  fields: helpTicketFields,
  create: {
    path: '/help',
    summary: 'Raise a help ticket {subject?, description?, ticket_type?, priority?, submitter_mood?, ...}: New in ticket, submitter and our status; the caller is its submitter; Closed on raise archives it',
    command: (helpTicketId, values, { actor }) => ({ type: 'RaiseHelpTicket', helpTicketId, values, submitter: { id: actor.userId, name: actor.userName } }),
  },
});

const own: RouteDef[] = [
  listRoute({ path: '/help', list: 'help_tickets', summary: 'Help ticket list (?active=t|f&archived=t|f; ?start_date&end_date&live_and_future, else the saved search dates; ?ticket_status, ?priority, ?ticket_type; ?q=), newest first' }),
  ...range.searchDatesRoutes('/help/search_dates', 'help-list'),
  {
    method: 'get',
    path: '/help/awaiting/count',
    summary: "The open help tickets awaiting the caller (the navigation's count): others' tickets our side has not answered, and the caller's own awaiting their response: {count, office, submitter}",
    readsLists: ['help_tickets'],
    handle: async ({ actor }, ctx) => {
      const row = (await ctx
        .db('help_tickets')
        .where({ account_id: actor.accountId })
        .whereRaw('not deleted and not archived')
        .select(
          ctx.db.raw("count(*) filter (where awaiting = 'office' and submitted_by is distinct from ?::bigint)::int as office", [actor.userId]),
          ctx.db.raw("count(*) filter (where awaiting = 'submitter' and submitted_by = ?::bigint)::int as submitter", [actor.userId]),
        )
        .first()) as unknown as { office: number; submitter: number };
      return { count: row.office + row.submitter, office: row.office, submitter: row.submitter };
    },
  },
];

export const helpRoutes = defineRoutes('help', withOverrides(own, generic));
