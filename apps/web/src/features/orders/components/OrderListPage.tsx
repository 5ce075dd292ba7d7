import { RecordListPage, type RecordListDeclaration } from '../../../components/record/RecordListPage';
import { ORDERS_PATH } from '../api/listOrders';
import { orderSearchDates } from '../api/searchDates';
import { ORDERS_LIST, pagedOrdersKey, type OrderRow } from '../api/types';
import { DEFAULT_SORT, orderRowFit, STATUS_CHOICES, withStatus, type StatusChoice } from '../listLogic';
import { DeleteArchiveButtons } from '../../../components/record/DeleteArchiveButtons';
import { NEW_ORDER, NewOrderButton } from './ListActions';
import { OrderTable } from './OrderTable';

/** The order list: newest first, by order date, with its status beside the saved choices. */
export const orderList: RecordListDeclaration<StatusChoice> = {
  title: 'Orders',
  noun: 'orders',
  newLabel: NEW_ORDER.label,
  which: 'Which orders (by order date)',
  publicModeHint: 'Hide who changed what, for showing the list to a customer',
  searchDates: orderSearchDates,
  queryKey: pagedOrdersKey,
  list: ORDERS_LIST,
  path: ORDERS_PATH,
  defaultSort: DEFAULT_SORT,
  rowFit: orderRowFit,
  status: { choices: STATUS_CHOICES, withStatus },
};

/** /order/: the customer orders (components/record/RecordListPage), with new, bulk archive and delete. */
export function OrderListPage() {
  return (
    <RecordListPage<OrderRow, StatusChoice>
      of={orderList}
      table={OrderTable}
      actions={({ target, done }) => (
        <>
          <NewOrderButton />
          <DeleteArchiveButtons list="orders" records="orders" target={target} onDone={done} />
        </>
      )}
    />
  );
}
