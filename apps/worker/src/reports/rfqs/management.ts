/**
 * The RFQ management report (spec 3 section 7): one row per selected RFQ with its number, title,
 * customer, status, dates, days to bid due, feet, days, cost, total, margin and price per foot, and
 * the totals. Rows come from the `rfqs` list read model (the view the list shows) through the
 * domain's one rule, `rfqManagementRows`.
 */
import { rfqManagementReport as declared, rfqManagementRows } from '@trenchline/domain';
import { tableReport } from '../shared/builder.ts';
import { listViews, plural } from '../shared/source.ts';

export const rfqManagementReport = tableReport({
  declared,
  select: listViews('rfqs'),
  table(views, today) {
    const { rows, totals, label } = rfqManagementRows(views, today);
    return {
      rows,
      count: plural(rows.length, 'RFQ'),
      totals: {
        title: label,
        rfq_status: totals.overdue ? `${totals.overdue} overdue` : '',
        feet: totals.feet,
        days: totals.days,
        cost: totals.cost,
        total: totals.total,
        margin: totals.margin,
        per_foot: totals.per_foot,
      },
    };
  },
});
