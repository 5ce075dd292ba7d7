import type { ComponentProps, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Checkbox, Table, UnstyledButton } from '@mantine/core';
import type { SelectAllState, Sort } from '../../lib/listLogic';

export interface Column<T> {
  key: string;
  label: string;
  title?: string;
  align?: 'right' | 'center';
  /** Long text is cut to this width with the full text on hover. */
  maxWidth?: number;
  render?: (row: T) => ReactNode;
}

type Row = { id: string };

const valueOf = (row: Row, key: string) => (row as Record<string, unknown>)[key];

function cellText<T extends Row>(row: T, c: Column<T>): ReactNode {
  if (c.render) return c.render(row);
  const v = valueOf(row, c.key);
  return v === null || v === undefined ? '' : String(v);
}

/** A column header that sorts by it; the sorted one shows its direction. */
export function SortHeader({ column, sort, onSort }: { column: Pick<Column<unknown>, 'key' | 'label' | 'title' | 'align'>; sort: Sort; onSort: (key: string) => void }) {
  const c = column;
  return (
    <Table.Th style={{ textAlign: c.align }} aria-sort={sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => onSort(c.key)} title={c.title ?? `Sort by ${c.label}`} fz="xs" fw={700}>
        {c.label}
        {sort.key === c.key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

/** The list screen's state the table shows: its filtered rows, sort and selection (lib/listLogic.ts). */
export interface RecordTableState<T extends Row> {
  rows: T[];
  sort: Sort;
  onSort: (key: string) => void;
  selected: ReadonlySet<string>;
  allState: SelectAllState;
  onToggleAll: () => void;
  onToggle: (id: string) => void;
}

interface Props<T extends Row> extends RecordTableState<T> {
  columns: Column<T>[];
  /** e.g. 'Select all shown bids'. */
  selectAllLabel: string;
  /** e.g. 'Select bid WR-100'. */
  selectLabel: (row: T) => string;
  /** Where clicking a row goes (its record). */
  rowLink: (row: T) => string;
  /** What else a row carries: its data-* marks, a highlight. */
  rowProps?: (row: T) => ComponentProps<typeof Table.Tr> & Record<`data-${string}`, string | undefined>;
  /** The CSS height the table may take before it scrolls under its sticky header. */
  maxHeight: string;
}

/** A record list's dense, sortable table with a sticky header and a select column; a row opens its record. */
export function RecordTable<T extends Row>({ rows, columns, sort, onSort, selected, allState, onToggleAll, onToggle, selectAllLabel, selectLabel, rowLink, rowProps, maxHeight }: Props<T>) {
  const navigate = useNavigate();
  return (
    <Box style={{ overflow: 'auto', maxHeight }}>
      <Table striped highlightOnHover stickyHeader fz="xs" verticalSpacing={3} horizontalSpacing={6} style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={28}>
              <Checkbox size="xs" aria-label={selectAllLabel} checked={allState === 'all'} indeterminate={allState === 'some'} onChange={onToggleAll} />
            </Table.Th>
            {columns.map((c) => (
              <SortHeader key={c.key} column={c} sort={sort} onSort={onSort} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const extra = rowProps?.(r) ?? {};
            return (
              <Table.Tr key={r.id} {...extra} onClick={() => navigate(rowLink(r))} style={{ cursor: 'pointer', ...(extra.style as object | undefined) }}>
                <Table.Td onClick={(e) => e.stopPropagation()}>
                  <Checkbox size="xs" aria-label={selectLabel(r)} checked={selected.has(r.id)} onChange={() => onToggle(r.id)} />
                </Table.Td>
                {columns.map((c) => (
                  <Table.Td
                    key={c.key}
                    data-col={c.key}
                    style={{ textAlign: c.align, maxWidth: c.maxWidth, overflow: c.maxWidth ? 'hidden' : undefined, textOverflow: c.maxWidth ? 'ellipsis' : undefined }}
                    title={c.maxWidth ? String(valueOf(r, c.key) ?? '') : undefined}
                  >
                    {cellText(r, c)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
