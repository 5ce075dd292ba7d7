import { Group, Paper } from '@mantine/core';
import { ListPrefsRow, ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import { StatusSelect, useStatusListPage } from '../../../components/table/useStatusListPage';
import { ORDERS_PATH } from '../api/listOrders';
import { orderSearchDates } from '../api/searchDates';
import { ORDERS_LIST, pagedOrdersKey, type OrderRow } from '../api/types';
import { DEFAULT_SORT, orderRowFit, STATUS_CHOICES, withStatus, type StatusChoice } from '../listLogic';
import { ArchiveOrdersButton, DeleteOrdersButton, NewOrderButton } from './ListActions';
import { OrderTable } from './OrderTable';

/**
 * /order/: the user's saved choice of customer orders, paged from the server as it scrolls, live,
 * searched and sorted there, newest first, selectable (all that match), with bulk archive and delete.
 * The status is chosen beside the saved choices and, like them, applied by Refresh.
 */
export function OrderListPage() {
  const { prefs, status, flashed, list, done, loading } = useStatusListPage<OrderRow, StatusChoice>({
    searchDates: orderSearchDates,
    queryKey: pagedOrdersKey,
    list: ORDERS_LIST,
    path: ORDERS_PATH,
    all: 'All statuses',
    withStatus,
    rowFit: orderRowFit,
    defaultSort: DEFAULT_SORT,
  });
  const { draft, nothingAsked } = prefs;
  const { bar } = status;

  return (
    <Paper withBorder p="xs" radius="sm">
      <ListTitleBar title="Orders" filter={list.text} onFilter={list.setText}>
        <NewOrderButton />
        <DeleteOrdersButton target={list.target} onDone={done} />
        <ArchiveOrdersButton target={list.target} onDone={done} />
      </ListTitleBar>
      <ListPrefsRow prefs={bar} label="Which orders (by order date)" publicModeHint="Hide who changed what, for showing the list to a customer" onRefreshed={list.clearSelection}>
        <Group gap="xs" wrap="nowrap">
          <MatchCount ready={list.isSuccess} count={list.count} selected={list.selectedCount} noun="orders" />
          <StatusSelect choices={STATUS_CHOICES} status={status} />
        </Group>
      </ListPrefsRow>

      <ListStates query={list} loading={loading} nothingAsked={nothingAsked} noun="orders" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText="No orders for these choices." />
      {list.isSuccess && list.count > 0 && <OrderTable list={list} publicMode={draft.public_mode} flashed={flashed} />}
    </Paper>
  );
}
