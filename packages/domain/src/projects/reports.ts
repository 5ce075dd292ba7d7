/** The project reports (spec 1 section 7): the management report of the selected projects, with its columns and row fills. */
import { selectionReport } from '../shared/report-catalogue.ts';
import { col, dueFill } from '../shared/report-columns.ts';

const { text, longtext, date, number, money } = col;

export const projectManagementReport = selectionReport('projects.management', 'Project management report', '/projects/report/management', {
  columns: [text('name', 'Project', 28), text('status', 'Status', 12), text('customer', 'Customer', 20), text('location', 'Location', 24), date('start_date', 'Start', 11),
    date('due_date', 'Due', 11), number('days_left', 'Days left', 9), text('po_number', 'PO #', 12), money('po_amount', 'PO amount', 14), longtext('latest_note', 'Latest note', 40)],
  rowColour: dueFill,
});
