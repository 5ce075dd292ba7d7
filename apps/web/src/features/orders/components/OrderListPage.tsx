import { useMemo } from 'react';
import { Group, Paper, Select } from '@mantine/core';
import { ListPrefsRow, ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import { useStatusChoice } from '../../../components/table/useStatusChoice';
import { useListPrefs } from '../../../components/table/useListPrefs';
import { usePagedList } from '../../../components/table/usePagedList';
import { useRowFlash } from '../../../components/table/useRowFlash';
import { listFilter } from '../../../lib/listPrefs';
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
  const prefs = useListPrefs(orderSearchDates, pagedOrdersKey);
  const { applied, draft } = prefs;
  const { status, statusDraft, setStatusDraft, bar } = useStatusChoice<StatusChoice>(prefs, 'All statuses');
  // Rows change in place when anyone changes an order; the changed row is marked for a moment.
  const flashed = useRowFlash(ORDERS_LIST);
  const filter = useMemo(() => withStatus(listFilter(applied), status), [applied, status]);
  const fit = useMemo(() => orderRowFit(applied, status), [applied, status]);
  const list = usePagedList<OrderRow>({ list: ORDERS_LIST, path: ORDERS_PATH, filter, rowFilter: fit, defaultSort: DEFAULT_SORT });

  const done = () => {
    list.clearSelection();
    void list.refetch();
  };
  const { nothingAsked } = prefs;
  const loading = !applied || (list.isPending && !nothingAsked);

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
          <Select
            size="xs"
            w={130}
            aria-label="Status"
            data={[...STATUS_CHOICES]}
            value={statusDraft}
            allowDeselect={false}
            onChange={(v) => setStatusDraft((v as StatusChoice | null) ?? 'All statuses')}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      </ListPrefsRow>

      <ListStates query={list} loading={loading} nothingAsked={nothingAsked} noun="orders" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText="No orders for these choices." />
      {list.isSuccess && list.count > 0 && <OrderTable list={list} publicMode={draft.public_mode} flashed={flashed} />}
    </Paper>
  );
}
