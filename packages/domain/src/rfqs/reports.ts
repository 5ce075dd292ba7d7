/** The RFQ management report (spec 3 section 7): the selected RFQs with their totals and margin, built by the worker. */
import { selectionReport } from '../shared/report-catalogue.ts';

export const rfqManagementReport = selectionReport('rfqs.management', 'RFQ management report', '/rfqs/report/management');
