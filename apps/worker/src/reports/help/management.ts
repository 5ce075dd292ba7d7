/**
 * The help management report (spec 3 section 7): one row per selected help ticket, newest first as
 * the help list shows them. Rows come from the `help_tickets` list read model (the view the list
 * shows) through the domain's one rule, `helpManagementRows`.
 */
import { helpManagementReport as declared, helpManagementRows } from '@trenchline/domain';
import { tableReport } from '../shared/builder.ts';
import { plural, selectedRows } from '../shared/source.ts';

export const helpManagementReport = tableReport({
  declared,
  select: async (ctx, accountId, ids) => (await selectedRows<{ view: Record<string, unknown> }>(ctx, 'help_tickets', accountId, ids, ['view'])).map((r) => r.view),
  // Widths share the PDF's landscape page; the subject and the latest update take what is left.
  columns: [
    { key: 'id', label: '#', kind: 'text', width: 6 },
    { key: 'subject', label: 'Subject', kind: 'longtext', width: 18 },
    { key: 'ticket_type', label: 'Type', kind: 'text', width: 11 },
    { key: 'priority', label: 'Priority', kind: 'text', width: 8 },
    { key: 'submitter_mood', label: 'Mood', kind: 'text', width: 7 },
    { key: 'ticket_status', label: 'Ticket status', kind: 'text', width: 8 },
    { key: 'submitter_status', label: 'Submitter status', kind: 'text', width: 11 },
    { key: 'our_status', label: 'Our status', kind: 'text', width: 11 },
    { key: 'submitted_by', label: 'Submitted by', kind: 'text', width: 11 },
    { key: 'created', label: 'Created', kind: 'date', width: 11 },
    { key: 'completion_date', label: 'Completion', kind: 'date', width: 11 },
    { key: 'updates', label: 'Updates', kind: 'number', width: 7 },
    { key: 'latest_update', label: 'Latest update', kind: 'longtext', width: 25 },
  ],
  table(views) {
    const { rows, totals, label, priorities } = helpManagementRows(views);
    return {
      rows,
      count: plural(rows.length, 'ticket'),
      totals: { subject: label, ticket_status: `${totals.open} open`, priority: priorities, updates: totals.updates },
    };
  },
});
