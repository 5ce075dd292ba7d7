import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Checkbox, Table } from '@mantine/core';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { SortHeader, type Column, type RowProps } from './RecordTable';
import type { PagedList } from './usePagedList';

type Row = { id: string; version?: number };

/** A dense row's height: every row is this tall, so 100,000 rows scroll without measuring any. */
export const ROW_HEIGHT = 28;
/** Rows rendered beyond the visible ones on each side. */
const OVERSCAN = 6;

const valueOf = (row: Row, key: string) => (row as Record<string, unknown>)[key];

interface Props<T extends Row> {
  list: PagedList<T>;
  columns: Column<T>[];
  /** e.g. 'Select all matching jobs'. */
  selectAllLabel: string;
  /** e.g. 'Select job 1004'. */
  selectLabel: (row: T) => string;
  /** Where clicking a row goes (its record). */
  rowLink: (row: T) => string;
  /** What else a row carries: its data-* marks, a highlight. */
  rowProps?: (row: T) => RowProps;
  /** The CSS height of the table's scroll box (its header stays on top). */
  height: string;
  /** The table's accessible name, e.g. 'Jobs'. */
  label: string;
  /** The row to show first when the table opens (a dashboard's saved page); later lists start at the top. */
  startAt?: number;
  /** Told the first row in view as the user scrolls (a dashboard saves its page). */
  onTopRow?: (index: number) => void;
}

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

/**
 * A server-paged record list as a dense, striped table (TanStack Table's column model, TanStack
 * Virtual's rows): only the rows in view are rendered, their pages fetched as they come into view;
 * sticky header with sort arrows, a select column whose header selects every row that matches, and a
 * row click that opens the record.
 */
export function VirtualTable<T extends Row>({ list, columns, selectAllLabel, selectLabel, rowLink, rowProps, height, label, startAt, onTopRow }: Props<T>) {
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: list.count, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: OVERSCAN });
  const items = virtualizer.getVirtualItems();
  const from = items[0]?.index ?? 0;
  const to = items[items.length - 1]?.index ?? 0;
  const { setRange, shownKey } = list;
  useEffect(() => setRange(from, Math.max(from, to)), [setRange, from, to]);
  // A new sort, search or filter is a new list: shown from its top (the first list from where it was left).
  const opened = useRef(false);
  useEffect(() => {
    const first = !opened.current;
    opened.current = true;
    if (first && startAt) scrollRef.current?.scrollTo({ top: startAt * ROW_HEIGHT });
    else scrollRef.current?.scrollTo({ top: 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- startAt is read on opening only
  }, [shownKey]);
  // The first row in view (not the overscan above it).
  const topRow = Math.floor((virtualizer.scrollOffset ?? 0) / ROW_HEIGHT);
  useEffect(() => onTopRow?.(topRow), [onTopRow, topRow]);

  const defs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((c) => ({
        id: c.key,
        header: c.label,
        size: c.width ?? 100,
        enableSorting: c.sortable !== false,
        meta: c,
        cell: ({ row }) => {
          if (c.render) return c.render(row.original);
          const v = valueOf(row.original, c.key);
          return v === null || v === undefined ? '' : String(v);
        },
      })),
    [columns],
  );
  const windowRows = items.map((v) => list.rowAt(v.index)).filter((r): r is T => Boolean(r));
  // The rows in view are new every render: nothing may reset on new data (a reset sets state, which renders new rows, ...).
  const table = useReactTable({ data: windowRows, columns: defs, getCoreRowModel: getCoreRowModel(), getRowId: (r) => r.id, manualSorting: true, manualPagination: true, autoResetAll: false });
  const byId = table.getRowModel().rowsById;
  const leafs = table.getVisibleLeafColumns();

  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const width = leafs.reduce((n, c) => n + c.getSize(), 28);
  // The stripes are tbody's odd rows: one more empty row keeps row 0, 2, 4 ... striped whatever the first shown.
  const evenStart = from % 2 === 0;
  const spacer = (h: number): CSSProperties => ({ height: h, padding: 0, border: 0, background: 'transparent' });

  return (
    <Box ref={scrollRef} style={{ overflow: 'auto', height }} data-testid="list-scroll">
      <Table
        striped
        highlightOnHover
        stickyHeader
        fz="xs"
        verticalSpacing={3}
        horizontalSpacing={6}
        style={{ whiteSpace: 'nowrap', tableLayout: 'fixed', width: '100%', minWidth: width }}
        aria-label={label}
        aria-rowcount={list.count}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={28}>
              <Checkbox size="xs" aria-label={selectAllLabel} checked={list.allState === 'all'} indeterminate={list.allState === 'some'} onChange={list.onToggleAll} />
            </Table.Th>
            {table.getHeaderGroups()[0]?.headers.map((h) => {
              const c = h.column.columnDef.meta as Column<T>;
              return c.sortable === false ? (
                <Table.Th key={h.id} w={h.getSize()} style={{ textAlign: c.align }} title={c.title}>
                  {c.label}
                </Table.Th>
              ) : (
                <SortHeader key={h.id} column={{ ...c, key: c.sortKey ?? c.key }} sort={list.sort} onSort={list.onSort} width={h.getSize()} />
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <tr aria-hidden style={spacer(padTop)} />
          {evenStart && <tr aria-hidden style={spacer(0)} />}
          {items.map((v) => {
            const r = list.rowAt(v.index);
            const row = r ? byId[r.id] : undefined;
            if (!r || !row) {
              return (
                <Table.Tr key={`i${v.index}`} style={{ height: ROW_HEIGHT }} data-loading-row aria-rowindex={v.index + 2}>
                  <Table.Td colSpan={leafs.length + 1} />
                </Table.Tr>
              );
            }
            const extra = rowProps?.(r) ?? {};
            return (
              <Table.Tr
                key={r.id}
                {...extra}
                aria-rowindex={v.index + 2}
                data-index={v.index}
                onClick={() => navigate(rowLink(r))}
                style={{ height: ROW_HEIGHT, cursor: 'pointer', ...(extra.style as object | undefined) }}
              >
                <Table.Td onClick={stop}>
                  <Checkbox size="xs" aria-label={selectLabel(r)} checked={list.isSelected(r.id)} onChange={() => list.onToggle(r.id)} />
                </Table.Td>
                {row.getVisibleCells().map((cell) => {
                  const c = cell.column.columnDef.meta as Column<T>;
                  return (
                    <Table.Td
                      key={cell.id}
                      data-col={c.key}
                      style={{ textAlign: c.align, overflow: 'hidden', textOverflow: 'ellipsis' }}
                      title={c.hover ? c.hover(r) : c.render ? undefined : String(valueOf(r, c.key) ?? '')}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            );
          })}
          <tr aria-hidden style={spacer(padBottom)} />
        </Table.Tbody>
      </Table>
    </Box>
  );
}
