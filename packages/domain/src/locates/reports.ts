/** The locate reports (spec 3 section 7): the locates report of the selected locates, with its columns and row fills. */
import { selectionReport } from '../shared/report-catalogue.ts';
import { col, dueFill } from '../shared/report-columns.ts';

const { text, longtext, date, number } = col;

/** Widths share the PDF's landscape page: a date's column fits MM/DD/YYYY on one line. Rows red under 5 days left, orange under 10, as the list colours them. */
export const locatesReport = selectionReport('locates.locates', 'Locates report', '/locates/report/locates', {
  columns: [text('ticket_number', 'Ticket #', 11), text('alt_ticket_number', 'Alt #', 9), text('locate_status', 'Status', 8), text('ticket_type', 'Ticket type', 8),
    date('date_submitted', 'Submitted', 11), date('work_date', 'Work date', 11), date('date_expiration', 'Expiration', 11), number('days_left', 'Days left', 6),
    text('job_number', 'Job #', 7), text('job_title', 'Job', 14), text('task', 'Task', 11), text('customer', 'Customer', 10), text('crews', 'Crews', 12),
    number('re_ups', 'Re-ups', 5), longtext('ticket_chain', 'Ticket chain', 16)],
  rowColour: dueFill,
});
