/**
 * The help list's buttons: New help ticket, and the bulk actions on the selected tickets (all that
 * match, when so selected), run by the worker with their progress: Delete, Archive and the
 * management report (downloaded when made).
 */
import { BulkReportButton } from '../../../components/record/BulkActions';
import type { Selected } from '../../../components/record/DeleteArchiveButtons';
import { HELP_PRIORITIES, HELP_TYPES } from '@trenchline/domain';
import { NewRecordButton } from '../../../components/record/NewRecordButton';
import type { NewRecordForm } from '../../../components/record/NewRecordDialog';
import { helpCalls } from '../api/record';
import { helpPath } from '../api/types';

/** What New help ticket asks: what it is about, its kind and how urgent. */
export const NEW_HELP_TICKET: NewRecordForm = {
  label: 'New help ticket',
  fields: [
    { name: 'subject', label: 'Subject', kind: 'text', required: true },
    { name: 'ticket_type', label: 'Type', kind: 'choice', choices: HELP_TYPES },
    { name: 'priority', label: 'Priority', kind: 'choice', choices: HELP_PRIORITIES },
    { name: 'description', label: 'Description', kind: 'longtext' },
  ],
};

/** New help ticket: its dialog, then raised (New in all three statuses, the user its submitter) and opened. */
export const NewHelpTicketButton = () => <NewRecordButton area="/help/" form={NEW_HELP_TICKET} create={helpCalls.useCreate()} pathOf={(t) => helpPath(t.id)} />;

/** The management report of the selection, made by the worker and downloaded. */
export const ManagementReportButton = (props: Selected) => <BulkReportButton {...props} list="help_tickets" records="help tickets" report="management" label="Management report" miw={140} />;
