/**
 * The RFQ management report (spec 3 section 7): one row per selected RFQ with its number, title,
 * customer, status, dates, days to bid due, feet, days, cost, total, margin and price per foot, and
 * the totals. Rows come from the `rfqs` list read model (the view the list shows) through the
 * domain's one rule, `rfqManagementRows`.
 */
import { rfqManagementReport as declared, rfqManagementRows } from '@trenchline/domain';
import { tableReport } from '../shared/builder.ts';
import { dueFill, plural, selectedRows } from '../shared/source.ts';

export const rfqManagementReport = tableReport({
  declared,
  select: async (ctx, accountId, ids) => (await selectedRows<{ view: Record<string, unknown> }>(ctx, 'rfqs', accountId, ids, ['view'])).map((r) => r.view),
  // Widths share the PDF's landscape page; the title takes what is left.
  columns: [
    { key: 'account_rfq_number', label: 'RFQ #', kind: 'text', width: 7 },
    { key: 'title', label: 'Title', kind: 'longtext', width: 22 },
    { key: 'customer', label: 'Customer', kind: 'text', width: 16 },
    { key: 'rfq_status', label: 'Status', kind: 'text', width: 11 },
    { key: 'rfq_date', label: 'RFQ date', kind: 'date', width: 11 },
    { key: 'bid_due_date', label: 'Bid due', kind: 'date', width: 11 },
    { key: 'days_left', label: 'Days left', kind: 'number', width: 8 },
    { key: 'feet', label: 'Feet', kind: 'number', width: 9 },
    { key: 'days', label: 'Days', kind: 'number', width: 7 },
    { key: 'cost', label: 'Cost', kind: 'money', width: 13 },
    { key: 'total', label: 'Total', kind: 'money', width: 13 },
    { key: 'margin', label: 'Margin', kind: 'percent', width: 9 },
    { key: 'per_foot', label: 'Per foot', kind: 'money', width: 10 },
  ],
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
  rowColour: dueFill,
});
