/**
 * The help list's buttons: New help ticket, and the bulk actions on the selected tickets (all that
 * match, when so selected), run by the worker with their progress: Delete, Archive and the
 * management report (downloaded when made).
 */
import { BulkReportButton } from '../../../components/record/BulkActions';
import type { Selected } from '../../../components/record/DeleteArchiveButtons';
import { NewRecordButton } from '../../../components/record/NewRecordButton';
import { helpCalls } from '../api/record';
import { helpPath } from '../api/types';

/** New help ticket: raised at once (New in all three statuses, the user its submitter), then opened. */
export const NewHelpTicketButton = () => <NewRecordButton label="New help ticket" create={helpCalls.useCreate()} pathOf={(t) => helpPath(t.id)} />;

/** The management report of the selection, made by the worker and downloaded. */
export const ManagementReportButton = (props: Selected) => <BulkReportButton {...props} list="help_tickets" records="help tickets" report="management" label="Management report" miw={140} />;
