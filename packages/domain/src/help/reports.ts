/** The help reports (spec 3 section 7): the management report of the selected help tickets, with its columns. */
import { selectionReport } from '../shared/report-catalogue.ts';
import { col } from '../shared/report-columns.ts';

const { text, longtext, date, number } = col;

/** Widths share the PDF's landscape page; the subject and the latest update take what is left. */
export const helpManagementReport = selectionReport('help.management', 'Help management report', '/help/report/management', {
  columns: [text('id', '#', 6), longtext('subject', 'Subject', 18), text('ticket_type', 'Type', 11), text('priority', 'Priority', 8), text('submitter_mood', 'Mood', 7),
    text('ticket_status', 'Ticket status', 8), text('submitter_status', 'Submitter status', 11), text('our_status', 'Our status', 11), text('submitted_by', 'Submitted by', 11),
    date('created', 'Created', 11), date('completion_date', 'Completion', 11), number('updates', 'Updates', 7), longtext('latest_update', 'Latest update', 25)],
});
