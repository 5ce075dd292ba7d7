import { useMemo } from 'react';
import { Text } from '@mantine/core';
import type { Column } from '../../../components/table/RecordTable';
import type { PagedList } from '../../../components/table/usePagedList';
import { VirtualTable } from '../../../components/table/VirtualTable';
import { showDate, showDateTime } from '../../../lib/dates';
import { showMoney } from '../../../lib/numbers';
import { orderPath, type OrderRow } from '../api/types';
import { shownColumns } from '../listLogic';

function columns(publicMode: boolean): Column<OrderRow>[] {
  const cols: Column<OrderRow>[] = [
    { key: 'order_number', label: 'Order #', width: 90, render: (r) => r.order_number || <Text span fz="xs" c="dimmed">{`#${r.id}`}</Text> },
    { key: 'customer_name', label: 'Customer', width: 220, maxWidth: 220 },
    { key: 'status', label: 'Status', width: 90 },
    { key: 'order_date', label: 'Order date', width: 90, render: (r) => showDate(r.order_date) },
    { key: 'item_count', label: 'Items', width: 60, align: 'right' },
    { key: 'total_price', label: 'Total', width: 110, align: 'right', render: (r) => showMoney(r.total_price) },
    { key: 'last_updated', label: 'Updated', width: 90, hover: (r) => [showDateTime(r.last_updated), r.last_updated_by && `by ${r.last_updated_by}`].filter(Boolean).join(' ') || undefined, render: (r) => showDate(r.last_updated) },
  ];
  return shownColumns(cols, publicMode);
}

interface Props {
  list: PagedList<OrderRow>;
  publicMode?: boolean;
  /** Rows someone just changed, marked for a moment. */
  flashed: ReadonlySet<string>;
  height?: string;
}

/** The dense, sortable, paged order table with a sticky header; a row opens its order. */
export function OrderTable({ list, publicMode = false, flashed, height = 'calc(100vh - 200px)' }: Props) {
  const cols = useMemo(() => columns(publicMode), [publicMode]);
  return (
    <VirtualTable
      list={list}
      label="Orders"
      columns={cols}
      selectAllLabel="Select all matching orders"
      selectLabel={(r) => `Select order ${r.order_number || r.id}`}
      rowLink={(r) => orderPath(r.id)}
      rowProps={(r) => ({
        style: { transition: 'background-color 600ms' },
        bg: flashed.has(r.id) ? 'yellow.1' : undefined,
        'data-order-id': r.id,
        'data-archived': r.archived ? 'true' : undefined,
      })}
      height={height}
    />
  );
}
