/**
 * The project management report: one row per selected project with status, dates, days left, PO,
 * customer, location and latest note, and the totals. Rows come from the project list read model
 * (the same view the list shows) through the domain's one rule, `managementReportRows`.
 */
import { managementReportRows, projectManagementReport as declared } from '@trenchline/domain';
import { tableReport } from '../shared/builder.ts';
import { listViews, plural } from '../shared/source.ts';

export const projectManagementReport = tableReport({
  declared,
  select: listViews('projects'),
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
});
