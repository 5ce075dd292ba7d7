/**
 * The project management report: one row per selected project with status, dates, days left, PO,
 * customer, location and latest note, and the totals. Rows come from the project list read model
 * (the same view the list shows) through the domain's one rule, `managementReportRows`.
 */
import { managementReportRows, projectManagementReport as declared } from '@trenchline/domain';
import { tableReport } from '../shared/builder.ts';
import { dueFill, plural, selectedRows } from '../shared/source.ts';

export const projectManagementReport = tableReport({
  declared,
  select: async (ctx, accountId, ids) => (await selectedRows<{ view: Record<string, unknown> }>(ctx, 'projects', accountId, ids, ['view'])).map((r) => r.view),
  columns: [
    { key: 'name', label: 'Project', kind: 'text', width: 28 },
    { key: 'status', label: 'Status', kind: 'text', width: 12 },
    { key: 'customer', label: 'Customer', kind: 'text', width: 20 },
    { key: 'location', label: 'Location', kind: 'text', width: 24 },
    { key: 'start_date', label: 'Start', kind: 'date', width: 11 },
    { key: 'due_date', label: 'Due', kind: 'date', width: 11 },
    { key: 'days_left', label: 'Days left', kind: 'number', width: 9 },
    { key: 'po_number', label: 'PO #', kind: 'text', width: 12 },
    { key: 'po_amount', label: 'PO amount', kind: 'money', width: 14 },
    { key: 'latest_note', label: 'Latest note', kind: 'longtext', width: 40 },
  ],
  table(views, today) {
    const { rows, totals } = managementReportRows(views, today);
    return {
      rows,
      count: plural(rows.length, 'project'),
      totals: {
        name: `Totals (${plural(totals.projects, 'project')})`,
        status: totals.overdue ? `${totals.overdue} overdue` : '',
        customer: totals.due_within_week ? `${totals.due_within_week} due within 7 days` : '',
        po_amount: totals.po_amount,
      },
    };
  },
  rowColour: dueFill,
});
