/** The help reports (spec 3 section 7): the management report of the selected help tickets. */
import { selectionReport } from '../shared/report-catalogue.ts';

export const helpManagementReport = selectionReport('help.management', 'Help management report', '/help/report/management');
