/** The order list's own button: New order (made, then opened); Delete and Archive are components/record/DeleteArchiveButtons. */
import { NewRecordButton } from '../../../components/record/NewRecordButton';
import { orderCalls } from '../api/record';
import { orderPath } from '../api/types';

/** New order: a Draft dated today with the counter's number, opened at once to pick its customer and items. */
export const NewOrderButton = () => <NewRecordButton label="New order" create={orderCalls.useCreate()} pathOf={(o) => orderPath(o.id)} />;
