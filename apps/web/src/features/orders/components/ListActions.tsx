/**
 * The order list's buttons: New order (made, then opened), and the bulk actions on the selected
 * orders (all that match, when so selected), run by the worker with their progress: Delete, Archive.
 */
import { BulkArchiveButton, BulkDeleteButton } from '../../../components/record/BulkActions';
import { NewRecordButton } from '../../../components/record/NewRecordButton';
import type { BulkTarget } from '../../../components/record/useBulkOperation';
import { orderCalls } from '../api/record';
import { orderPath } from '../api/types';

/** New order: a Draft dated today with the counter's number, opened at once to pick its customer and items. */
export const NewOrderButton = () => <NewRecordButton label="New order" create={orderCalls.useCreate()} pathOf={(o) => orderPath(o.id)} />;

interface Selected {
  /** The selection as the bulk body takes it (usePagedList target). */
  target: () => BulkTarget | null;
  onDone: () => void;
}

export const DeleteOrdersButton = (props: Selected) => <BulkDeleteButton {...props} list="orders" records="orders" />;
export const ArchiveOrdersButton = (props: Selected) => <BulkArchiveButton {...props} list="orders" records="orders" />;
