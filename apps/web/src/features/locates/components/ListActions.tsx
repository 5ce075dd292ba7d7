/**
 * The locate list's buttons: New locate by form type, and the bulk actions on the selected locates
 * (all that match, when so selected), run by the worker with their progress: Delete, Archive, Re-up
 * and the locates report (downloaded when made).
 */
import { BulkArchiveButton, BulkDeleteButton, BulkReportButton, ServerBulkButton } from '../../../components/record/BulkActions';
import type { BulkList, SelectionTarget } from '../../../components/record/useBulkOperation';
import { useNewLocate } from '../api/createLocate';
import { locatePath } from '../api/types';
import { NewByFormTypeMenu } from '../../../components/record/NewByFormTypeMenu';
import type { NewField } from '../../../components/record/NewRecordDialog';

/** What a New locate asks: its one-call ticket and the work date (the expiry follows from the account's rules). */
export const NEW_LOCATE_FIELDS: readonly NewField[] = [
  { name: 'current_ticket_number', label: 'Ticket #', kind: 'text', required: true },
  { name: 'current_work_date', label: 'Work date', kind: 'date' },
];

/** New locate: pick a form type of the server's list, fill its dialog; the locate is made Active and New, then opened. */
export const NewLocateMenu = () => <NewByFormTypeMenu label="New locate" nav="locate" fields={NEW_LOCATE_FIELDS} create={useNewLocate()} pathOf={(locate) => locatePath(locate.id)} />;

interface Selected {
  /** The selection as the bulk body takes it (usePagedList target). */
  target: SelectionTarget;
  onDone: () => void;
}

export const DeleteLocatesButton = (props: Selected) => <BulkDeleteButton {...props} list="locates" records="locates" />;
export const ArchiveLocatesButton = (props: Selected) => <BulkArchiveButton {...props} list="locates" records="locates" />;

/** The locates report of the selection, made by the worker and downloaded. */
export const LocatesReportButton = (props: Selected) => <BulkReportButton {...props} list="locates" records="locates" report="locates" label="Locates report" miw={110} />;

/**
 * Re-up every selected locate (one LocateReUpped each: submitted today, the work date and expiry by
 * the account's rules), with its progress 'Re-upping... 3 of 12'. `list` is where the selection was
 * made: the locate list, or the expiring view (whose "all" is every expiring locate).
 */
export function ReUpButton({ list, label = 'Re-up', ...props }: Selected & { list: Extract<BulkList, 'locates' | 'expiring_locates'>; label?: string }) {
  return <ServerBulkButton {...props} request={{ list, action: 'reup' }} records="locates" label={label} done="re-upped" miw={90} />;
}
