import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Checkbox, Group, Table, Text } from '@mantine/core';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type ColumnSizingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { COLUMN_WIDTH, type ListName } from '@trenchline/domain';
import { setWidths } from '../../lib/columnPrefs';
import { ColumnChooser } from './ColumnChooser';
import { seenColumns, SortHeader, titleIfCut, type Column, type RowProps } from './RecordTable';
import { useCan } from '../../features/auth';
import { useListColumns } from './useListColumns';
import { linkAsOf, useListAsOf } from './listAsOf';
import { useScrollCue } from './useScrollCue';
import type { PagedList } from './usePagedList';
import './tables.css';

type Row = { id: string; version?: number };

/** A dense row's height: every row is this tall, so 100,000 rows scroll without measuring any. */
export const ROW_HEIGHT = 28;
/** Rows rendered beyond the visible ones on each side. */
const OVERSCAN = 6;
/** The select column's width, pinned first. */
const SELECT_WIDTH = 28;
/** The bar above the table (Columns, the scroll hint). */
const BAR_HEIGHT = 26;

const valueOf = (row: Row, key: string) => (row as Record<string, unknown>)[key];

interface Props<T extends Row> {
  list: PagedList<T>;
  /** Which list's columns the user's choices are kept under (the column chooser). */
  name: ListName;
  columns: Column<T>[];
  /** e.g. 'Select all matching jobs'; with selectLabel, the select column (a list without bulk actions, the audit trail, has none). */
  selectAllLabel?: string;
  /** e.g. 'Select job 1004'. */
  selectLabel?: (row: T) => string;
  /** Where clicking a row goes (its record); null: the row opens nothing. */
  rowLink: (row: T) => string | null;
  /** What else a row carries: its data-* marks, a highlight. */
  rowProps?: (row: T) => RowProps;
  /** The CSS height of the table's box with its bar (its header stays on top). */
  height: string;
  /** The table's accessible name, e.g. 'Jobs'. */
  label: string;
  /** The row to show first when the table opens (a dashboard's saved page); later lists start at the top. */
  startAt?: number;
  /** Told the first row in view as the user scrolls (a dashboard saves its page). */
  onTopRow?: (index: number) => void;
}

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

/** A column's name in the Columns menu: its label, or for an icon column its title up to its first colon ('Locates'). */
const chooserLabel = (c: { label: string; title?: string } | undefined) => c?.label || c?.title?.split(':')[0];

/**
 * A server-paged record list as a dense, striped table (TanStack Table's column model, TanStack
 * Virtual's rows): only the rows in view are rendered, their pages fetched as they come into view;
 * sticky header whose cells sort, a select column whose header selects every row that matches, and a
 * row click that opens the record. The user's columns (Columns menu, dragged widths) are kept per list;
 * the select box and the pinned columns stay on the left while the table scrolls sideways, with a cue
 * while columns are out of view. One tab stop: Up/Down move along the rows, Enter opens, Space selects.
 */
export function VirtualTable<T extends Row>({ list, name, columns: declaredColumns, selectAllLabel, selectLabel, rowLink: linkNow, rowProps, height, label, startAt, onTopRow }: Props<T>) {
  const navigate = useNavigate();
  // From a list shown as it stood, a row opens its record as it stood then.
  const { asOf } = useListAsOf();
  const open = (r: T) => {
    const to = linkNow(r);
    if (to) navigate(linkAsOf(to, asOf));
  };
  const selectable = Boolean(selectAllLabel && selectLabel);
  const selectWidth = selectable ? SELECT_WIDTH : 0;
  const scrollRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const virtualizer = useVirtualizer({ count: list.count, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: OVERSCAN });
  const items = virtualizer.getVirtualItems();
  const from = items[0]?.index ?? 0;
  const to = items[items.length - 1]?.index ?? 0;
  const { setRange, shownKey } = list;
  useEffect(() => setRange(from, Math.max(from, to)), [setRange, from, to]);
  // A new sort, search or filter is a new list: shown from its top (the first list from where it was left).
  const opened = useRef(false);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    const first = !opened.current;
    opened.current = true;
    if (first && startAt) scrollRef.current?.scrollTo({ top: startAt * ROW_HEIGHT });
    else scrollRef.current?.scrollTo({ top: 0 });
    setFocusAt(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- startAt is read on opening only
  }, [shownKey]);
  // The first row in view (not the overscan above it).
  const topRow = Math.floor((virtualizer.scrollOffset ?? 0) / ROW_HEIGHT);
  useEffect(() => onTopRow?.(topRow), [onTopRow, topRow]);

  // ---- the user's columns ----
  // A role whose answers carry no money is not shown money columns (empty ones would read as none).
  const seesMoney = useCan()('see money');
  const columns = useMemo(() => seenColumns(declaredColumns, seesMoney), [declaredColumns, seesMoney]);
  const chosen = useListColumns(name, columns);
  const declared = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
  const shown = useMemo(() => chosen.columns.filter((c) => !c.hidden && declared.has(c.key)), [chosen.columns, declared]);
  const defs = useMemo<ColumnDef<T>[]>(
    () =>
      shown.map((s) => {
        const c = declared.get(s.key) as Column<T>;
        return {
          id: c.key,
          header: c.label,
          size: s.width ?? c.width ?? 100,
          minSize: COLUMN_WIDTH.min,
          maxSize: COLUMN_WIDTH.max,
          enableSorting: c.sortable !== false,
          meta: { column: c, pinned: s.pinned },
          cell: ({ row }) => {
            if (c.render) return c.render(row.original);
            const v = valueOf(row.original, c.key);
            return v === null || v === undefined ? '' : String(v);
          },
        };
      }),
    [shown, declared],
  );
  // Widths being dragged live here; the drag's end saves them with the user's columns.
  const [sizing, setSizing] = useState<ColumnSizingState>({});
  const windowRows = items.map((v) => list.rowAt(v.index)).filter((r): r is T => Boolean(r));
  // The rows in view are new every render: nothing may reset on new data (a reset sets state, which renders new rows, ...).
  const table = useReactTable({
    data: windowRows,
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (r) => r.id,
    manualSorting: true,
    manualPagination: true,
    autoResetAll: false,
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
    state: { columnSizing: sizing },
    onColumnSizingChange: setSizing,
  });
  const resizing = table.getState().columnSizingInfo.isResizingColumn;
  const { change } = chosen;
  useEffect(() => {
    if (resizing || !Object.keys(sizing).length) return;
    change(setWidths(chosen.columns, sizing));
    setSizing({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saved when a drag ends, from the columns as they stand then
  }, [resizing]);

  const byId = table.getRowModel().rowsById;
  const leafs = table.getVisibleLeafColumns();
  const isPinned = (id: string) => Boolean((table.getColumn(id)?.columnDef.meta as { pinned?: boolean } | undefined)?.pinned);
  // Each pinned column's left edge: after the select box and the pinned columns before it.
  const pinLeft = new Map<string, number>();
  let pinnedWidth = selectWidth;
  for (const c of leafs) {
    if (!isPinned(c.id)) continue;
    pinLeft.set(c.id, pinnedWidth);
    pinnedWidth += c.getSize();
  }
  const lastPinned = [...pinLeft.keys()].pop();
  const pin = (id: string): { style?: CSSProperties; 'data-pinned'?: string } =>
    pinLeft.has(id) ? { style: { left: pinLeft.get(id) }, 'data-pinned': id === lastPinned ? 'last' : 'pinned' } : {};

  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const width = leafs.reduce((n, c) => n + c.getSize(), selectWidth);
  const cue = useScrollCue(scrollRef, width);
  // The stripes are tbody's odd rows: one more empty row keeps row 0, 2, 4 ... striped whatever the first shown.
  const evenStart = from % 2 === 0;
  const spacer = (h: number): CSSProperties => ({ height: h, padding: 0, border: 0, background: 'transparent' });

  // ---- the keyboard: one tab stop, the focused row roves ----
  const tabRow = focusAt ?? Math.min(topRow, Math.max(0, list.count - 1));
  const focusRow = useCallback(
    (index: number) => {
      const at = Math.max(0, Math.min(list.count - 1, index));
      setFocusAt(at);
      virtualizer.scrollToIndex(at, { align: 'auto' });
    },
    [list.count, virtualizer],
  );
  // The focused row takes the browser's focus once it is drawn (it may have just scrolled into view).
  const wantFocus = useRef(false);
  useEffect(() => {
    if (!wantFocus.current || focusAt === null) return;
    const tr = scrollRef.current?.querySelector<HTMLElement>(`tbody tr[data-focus-index="${focusAt}"]`);
    if (tr) {
      tr.focus({ preventScroll: true });
      wantFocus.current = false;
    }
  });
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget) return;
    const at = Number((e.currentTarget as HTMLElement).dataset.focusIndex);
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, PageDown: at + page, PageUp: at - page, Home: 0, End: list.count - 1 };
    if (e.key in moves) {
      e.preventDefault();
      wantFocus.current = true;
      focusRow(moves[e.key]);
      return;
    }
    const r = list.rowAt(at);
    if (!r) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      open(r);
    } else if (e.key === ' ' && selectable) {
      e.preventDefault();
      list.onToggle(r.id);
    }
  };
  const rowKeys = (index: number) => ({
    tabIndex: index === tabRow ? 0 : -1,
    // Not data-index: that marks a loaded row (a row still loading is focusable too).
    'data-focus-index': index,
    'data-focused': index === focusAt ? 'true' : undefined,
    onKeyDown,
    onFocus: (e: { target: EventTarget; currentTarget: EventTarget }) => e.target === e.currentTarget && setFocusAt(index),
  });

  return (
    <Box>
      <Group h={BAR_HEIGHT} gap="xs" justify="flex-end" wrap="nowrap">
        {cue.overflows && (
          <Text id={hintId} fz={11} c="dimmed" data-testid="scroll-hint">
            More columns: scroll sideways (Shift + wheel)
          </Text>
        )}
        <ColumnChooser label={label} columns={chosen.columns} labelOf={(k) => chooserLabel(declared.get(k)) ?? k} change={chosen.change} reset={chosen.reset} />
      </Group>
      <Box pos="relative">
        <Box ref={scrollRef} style={{ overflow: 'auto', height: `calc(${height} - ${BAR_HEIGHT}px)` }} data-testid="list-scroll" aria-describedby={cue.overflows ? hintId : undefined}>
          <Table
            className="tl-table"
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
                {selectable && (
                  <Table.Th w={SELECT_WIDTH} data-pinned="first" style={{ left: 0 }}>
                    <Checkbox size="xs" aria-label={selectAllLabel} checked={list.allState === 'all'} indeterminate={list.allState === 'some'} onChange={list.onToggleAll} />
                  </Table.Th>
                )}
                {table.getHeaderGroups()[0]?.headers.map((h) => {
                  const c = (h.column.columnDef.meta as { column: Column<T> }).column;
                  const resizer = (
                    <div
                      className="tl-resizer"
                      // A pointer's handle (the Columns menu is the keyboard's way): kept out of the header's name.
                      aria-hidden
                      title={`Drag to resize ${c.label}`}
                      data-resizing={h.column.getIsResizing() || undefined}
                      onMouseDown={h.getResizeHandler()}
                      onTouchStart={h.getResizeHandler()}
                      onClick={stop}
                      onDoubleClick={() => change(setWidths(chosen.columns, { [c.key]: c.width ?? 100 }))}
                    />
                  );
                  const p = pin(h.id);
                  return c.sortable === false ? (
                    <Table.Th key={h.id} w={h.getSize()} {...p} style={{ ...p.style, textAlign: c.align }} title={c.title} data-col={c.key}>
                      {c.label}
                      {resizer}
                    </Table.Th>
                  ) : (
                    <SortHeader key={h.id} column={{ ...c, key: c.sortKey ?? c.key }} sort={list.sort} onSort={list.onSort} width={h.getSize()} pinned={p} edge={resizer} col={c.key} />
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
                    <Table.Tr key={`i${v.index}`} style={{ height: ROW_HEIGHT }} data-loading-row aria-rowindex={v.index + 2} {...rowKeys(v.index)}>
                      <Table.Td colSpan={leafs.length + (selectable ? 1 : 0)} />
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
                    {...rowKeys(v.index)}
                    onClick={() => open(r)}
                    style={{ height: ROW_HEIGHT, cursor: linkNow(r) ? 'pointer' : undefined, ...(extra.style as object | undefined) }}
                  >
                    {selectable && (
                      <Table.Td onClick={stop} data-pinned="first" style={{ left: 0 }}>
                        <Checkbox size="xs" tabIndex={-1} aria-label={selectLabel?.(r)} checked={list.isSelected(r.id)} onChange={() => list.onToggle(r.id)} />
                      </Table.Td>
                    )}
                    {row.getVisibleCells().map((cell) => {
                      const c = (cell.column.columnDef.meta as { column: Column<T> }).column;
                      const p = pin(cell.column.id);
                      return (
                        <Table.Td
                          key={cell.id}
                          data-col={c.key}
                          {...p}
                          style={{ ...p.style, textAlign: c.align, overflow: 'hidden', textOverflow: 'ellipsis' }}
                          title={c.hover ? c.hover(r) : c.render ? undefined : String(valueOf(r, c.key) ?? '')}
                          onMouseEnter={titleIfCut}
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
        {cue.left && <div className="tl-scroll-cue" data-side="left" data-testid="scroll-cue-left" style={{ left: pinnedWidth }} />}
        {cue.right && <div className="tl-scroll-cue" data-side="right" data-testid="scroll-cue-right" style={{ right: cue.scrollbar }} />}
      </Box>
    </Box>
  );
}
