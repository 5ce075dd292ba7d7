import { useMemo } from 'react';
import type { Column } from '../../../components/table/RecordTable';
import type { RecordListTableProps } from '../../../components/record/RecordListPage';
import { lastUpdatedColumn, ListTable, numberOrId } from '../../../components/table/ListTable';
import { showDate } from '../../../lib/dates';
import { showMoney } from '../../../lib/numbers';
import { orderPath, type OrderRow } from '../api/types';
import { shownColumns } from '../listLogic';

function columns(publicMode: boolean): Column<OrderRow>[] {
  const cols: Column<OrderRow>[] = [
    { key: 'order_number', label: 'Order #', width: 90, render: numberOrId((r) => r.order_number) },
    { key: 'customer_name', label: 'Customer', width: 220, maxWidth: 220 },
    { key: 'status', label: 'Status', width: 90 },
    { key: 'order_date', label: 'Order date', width: 90, render: (r) => showDate(r.order_date) },
    { key: 'item_count', label: 'Items', width: 60, align: 'right' },
    { key: 'total_price', label: 'Total', width: 110, align: 'right', render: (r) => showMoney(r.total_price) },
    lastUpdatedColumn(),
  ];
  return shownColumns(cols, publicMode);
}

/** The dense, sortable, paged order table with a sticky header; a row opens its order. */
export function OrderTable({ list, publicMode = false, flashed, height }: RecordListTableProps<OrderRow>) {
  const cols = useMemo(() => columns(publicMode), [publicMode]);
  return (
    <ListTable listName="orders" list={list} columns={cols} noun="order" name={(r) => r.order_number} rowLink={(r) => orderPath(r.id)} mark="order" flashed={flashed} height={height} />
  );
}
