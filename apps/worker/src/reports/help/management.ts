/**
 * The help management report (spec 3 section 7): one row per selected help ticket, newest first as
 * the help list shows them. Rows come from the `help_tickets` list read model (the view the list
 * shows) through the domain's one rule, `helpManagementRows`.
 */
import { helpManagementReport as declared, helpManagementRows } from '@trenchline/domain';
import { tableReport } from '../shared/builder.ts';
import { listViews, plural } from '../shared/source.ts';

export const helpManagementReport = tableReport({
  declared,
  select: listViews('help_tickets'),
  table(views) {
    const { rows, totals, label, priorities } = helpManagementRows(views);
    return {
      rows,
      count: plural(rows.length, 'ticket'),
      totals: { subject: label, ticket_status: `${totals.open} open`, priority: priorities, updates: totals.updates },
    };
  },
});
