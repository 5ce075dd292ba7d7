/**
 * The organization list's buttons: New organization (made, then opened), and the bulk actions on the
 * selected organizations (all that match, when so selected), run by the worker with their progress: Delete, Archive.
 */
import { BulkArchiveButton, BulkDeleteButton } from '../../../components/record/BulkActions';
import { NewRecordButton } from '../../../components/record/NewRecordButton';
import type { BulkTarget } from '../../../components/record/useBulkOperation';
import { useCreateOrganization } from '../api/calls';
import { salesPath } from '../api/types';

/** New organization: a Lead, New, opened at once to name it. */
export const NewOrganizationButton = () => <NewRecordButton label="New organization" create={useCreateOrganization()} pathOf={(o) => salesPath(o.id)} />;

interface Selected {
  /** The selection as the bulk body takes it (usePagedList target). */
  target: () => BulkTarget | null;
  onDone: () => void;
}

export const DeleteOrganizationsButton = (props: Selected) => <BulkDeleteButton {...props} list="sales_organizations" records="organizations" />;
export const ArchiveOrganizationsButton = (props: Selected) => <BulkArchiveButton {...props} list="sales_organizations" records="organizations" />;
