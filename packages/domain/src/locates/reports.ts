/** The locate reports (spec 3 section 7): the locates report of the selected locates. */
import { selectionReport } from '../shared/report-catalogue.ts';

export const locatesReport = selectionReport('locates.locates', 'Locates report', '/locates/report/locates');
