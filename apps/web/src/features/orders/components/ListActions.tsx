/** The order list's own button: New order (made, then opened); Delete and Archive are components/record/DeleteArchiveButtons. */
import { NewRecordButton } from '../../../components/record/NewRecordButton';
import type { NewRecordForm } from '../../../components/record/NewRecordDialog';
import { orderCalls } from '../api/record';
import { orderPath } from '../api/types';

/** What New order asks: whose it is and its date (today when left empty); a customer of Settings (with its billing) and the items are picked on its page. */
export const NEW_ORDER: NewRecordForm = {
  label: 'New order',
  fields: [
    { name: 'customer_name', label: 'Customer name', kind: 'text' },
    { name: 'order_date', label: 'Order date', kind: 'date' },
    { name: 'notes', label: 'Notes', kind: 'longtext' },
  ],
};

/** New order: its dialog, then a Draft with the counter's number, opened to add its items. */
export const NewOrderButton = () => <NewRecordButton area="/order/" form={NEW_ORDER} create={orderCalls.useCreate()} pathOf={(o) => orderPath(o.id)} />;
