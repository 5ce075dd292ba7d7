import { Fragment, type ComponentProps, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { Box, Table, UnstyledButton } from '@mantine/core';
import type { Sort } from '../../lib/listLogic';
import './tables.css';

export interface Column<T> {
  key: string;
  label: string;
  title?: string;
  align?: 'right' | 'center';
  /** Long text is cut to this width with the full text on hover. */
  maxWidth?: number;
  /** What a cut cell shows on hover when it is not the cell's value (undefined: nothing). */
  hover?: (row: T) => string | undefined;
  render?: (row: T) => ReactNode;
  /** The column's width in the paged table (px). */
  width?: number;
  /** The server's ordering column when it is not `key` (a column shown in other words). */
  sortKey?: string;
  /** False: the header does not sort (e.g. a link column the server cannot order by). */
  sortable?: boolean;
  /** Stays on the left while the paged table scrolls sideways (none pinned: the first column is). */
  pinned?: boolean;
  /** A money column: left out for a role whose answers carry no money (docs/roles.md "Money"), not shown empty. */
  money?: boolean;
}

/** The columns a role is shown: without the money ones when it sees no money. */
export const seenColumns = <C extends { money?: boolean }>(columns: C[], seesMoney: boolean): C[] => (seesMoney ? columns : columns.filter((c) => !c.money));

type Row = { id: string };

const valueOf = (row: Row, key: string) => (row as Record<string, unknown>)[key];

function cellText<T extends Row>(row: T, c: Column<T>): ReactNode {
  if (c.render) return c.render(row);
  const v = valueOf(row, c.key);
  return v === null || v === undefined ? '' : String(v);
}

/**
 * A cut cell's full text on hover: a cell whose text is cut (ellipsed) and has no title of its own gets
 * its text as its title as the pointer comes in, whatever drew it.
 */
export function titleIfCut(e: MouseEvent<HTMLElement>) {
  const el = e.currentTarget;
  if (el.scrollWidth > el.clientWidth && !el.title) el.title = el.textContent ?? '';
}

/** A cell's ellipsis: text past its width is cut (its full text on hover, titleIfCut). */
const CUT: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis' };
/** A dense table's widest column (px) unless its declaration says. */
const DENSE_MAX_WIDTH = 320;

/**
 * A column header that sorts by it: the whole cell is the button's target, the sorted one shows its
 * direction (▲/▼ and aria-sort). `pinned` keeps it on the left; `edge` is its resize handle.
 */
export function SortHeader({
  column,
  sort,
  onSort,
  width,
  pinned,
  edge,
  col,
}: {
  column: Pick<Column<unknown>, 'key' | 'label' | 'title' | 'align'>;
  sort: Sort;
  onSort: (key: string) => void;
  width?: number;
  pinned?: { style?: CSSProperties; 'data-pinned'?: string };
  edge?: ReactNode;
  /** The cell's data-col when the column sorts by another key (its declared key). */
  col?: string;
}) {
  const c = column;
  return (
    <Table.Th
      w={width}
      data-pinned={pinned?.['data-pinned']}
      data-sortable
      data-col={col ?? c.key}
      style={{ ...pinned?.style, textAlign: c.align, ...CUT }}
      aria-sort={sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
      onClick={() => onSort(c.key)}
    >
      {/* The button is the header's keyboard target; its click reaches the cell, which sorts. */}
      <UnstyledButton title={c.title ?? `Sort by ${c.label}`} fz="xs" fw={700} maw="100%" style={{ display: 'inline-flex', verticalAlign: 'bottom' }}>
        {/* A narrow column cuts its label, never the arrow. */}
        <span style={{ ...CUT, minWidth: 0 }}>{c.label}</span>
        {sort.key === c.key && <span style={{ flexShrink: 0, whiteSpace: 'pre' }}>{sort.dir === 'asc' ? ' ▲' : ' ▼'}</span>}
      </UnstyledButton>
      {edge}
    </Table.Th>
  );
}

/** The cells at the start or end of every row that act on their own: a click there does not open the row. */
interface EdgeColumn<T> {
  header?: ReactNode;
  width?: number;
  cell: (row: T) => ReactNode;
}

export type RowProps = ComponentProps<typeof Table.Tr> & Record<`data-${string}`, string | undefined>;

export interface DenseTableProps<T extends Row> {
  rows: T[];
  columns: Column<T>[];
  /** A column's header; plain text (with its title) unless given, e.g. a sort button. */
  header?: (column: Column<T>) => ReactNode;
  /** A leading column, e.g. the select boxes. */
  lead?: EdgeColumn<T>;
  /** A trailing column of the row's own buttons (View, Assign, Delete ...). */
  actions?: (row: T) => ReactNode;
  /** What clicking a row does (opens its record). */
  onRowClick: (row: T) => void;
  /** What else a row carries: its data-* marks, a highlight, its cursor. */
  rowProps?: (row: T) => RowProps;
  /** The CSS height the table may take before it scrolls under its sticky header. */
  maxHeight: string;
  /** The table's accessible name, e.g. 'Routines'. */
  label?: string;
  horizontalSpacing?: number;
}

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

/** A list's dense table with a sticky header: its columns declared, a row opens its record. */
export function DenseTable<T extends Row>({ rows, columns, header, lead, actions, onRowClick, rowProps, maxHeight, label, horizontalSpacing = 6 }: DenseTableProps<T>) {
  return (
    <Box style={{ overflow: 'auto', maxHeight }}>
      <Table className="tl-table" striped highlightOnHover stickyHeader fz="xs" verticalSpacing={3} horizontalSpacing={horizontalSpacing} style={{ whiteSpace: 'nowrap' }} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {lead && <Table.Th w={lead.width}>{lead.header}</Table.Th>}
            {columns.map((c) =>
              header ? (
                <Fragment key={c.key}>{header(c)}</Fragment>
              ) : (
                <Table.Th key={c.key} style={{ textAlign: c.align, maxWidth: c.maxWidth ?? DENSE_MAX_WIDTH, ...CUT }} title={c.title}>
                  {c.label}
                </Table.Th>
              ),
            )}
            {actions && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const extra = rowProps?.(r) ?? {};
            return (
              <Table.Tr key={r.id} {...extra} onClick={() => onRowClick(r)} style={{ cursor: 'pointer', ...(extra.style as object | undefined) }}>
                {lead && <Table.Td onClick={stop}>{lead.cell(r)}</Table.Td>}
                {columns.map((c) => (
                  <Table.Td
                    key={c.key}
                    data-col={c.key}
                    style={{ textAlign: c.align, maxWidth: c.maxWidth ?? DENSE_MAX_WIDTH, ...CUT }}
                    title={c.hover ? c.hover(r) : c.render ? undefined : String(valueOf(r, c.key) ?? '') || undefined}
                    onMouseEnter={titleIfCut}
                  >
                    {cellText(r, c)}
                  </Table.Td>
                ))}
                {actions && <Table.Td onClick={stop}>{actions(r)}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
