/** The RFQ management report (spec 3 section 7): the selected RFQs with their totals and margin, built by the worker, with its columns and row fills. */
import { selectionReport } from '../shared/report-catalogue.ts';
import { col, dueFill } from '../shared/report-columns.ts';

const { text, longtext, date, number, money, percent } = col;

/** Widths share the PDF's landscape page; the title takes what is left. */
export const rfqManagementReport = selectionReport('rfqs.management', 'RFQ management report', '/rfqs/report/management', {
  columns: [text('account_rfq_number', 'RFQ #', 7), longtext('title', 'Title', 22), text('customer', 'Customer', 16), text('rfq_status', 'Status', 11), date('rfq_date', 'RFQ date', 11),
    date('bid_due_date', 'Bid due', 11), number('days_left', 'Days left', 8), number('feet', 'Feet', 9), number('days', 'Days', 7), money('cost', 'Cost', 13), money('total', 'Total', 13),
    percent('margin', 'Margin', 9), money('per_foot', 'Per foot', 10)],
  rowColour: dueFill,
});
