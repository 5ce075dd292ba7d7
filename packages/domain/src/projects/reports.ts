/** The project reports (spec 1 section 7): the management report of the selected projects. */
import { selectionReport } from '../shared/report-catalogue.ts';

export const projectManagementReport = selectionReport('projects.management', 'Project management report', '/projects/report/management');
