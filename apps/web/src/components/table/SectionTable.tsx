/**
 * The small bordered table of a record page's section (a help ticket's files, a job's locates and
 * tickets): declared columns, a row per record and 'No … yet.' while there is none. One table, so the
 * sections look alike and each says only its columns.
 */
import type { ReactNode } from 'react';
import { Table, type TableProps, type TableTdProps } from '@mantine/core';
import { EmptyRow } from './TableCells';

export interface SectionColumn<T> {
  /** The header, and the column's key unless `key` is given (a column with no header). */
  header: string;
  key?: string;
  right?: boolean;
  width?: number;
  minWidth?: number;
  cell(row: T): ReactNode;
  /** More of the cell's props (its tooltip, its colour, its wrapping). */
  props?(row: T): Partial<TableTdProps>;
}

interface Props<T extends { id: string | number }> {
  columns: SectionColumn<T>[];
  rows: T[];
  /** What the only row says while there is none ('No files yet.'). */
  empty: ReactNode;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** A row's own props (its data attribute, a click that opens it). */
  rowProps?(row: T): Record<string, unknown>;
  /** The table's own props: its test id or data mark, a highlight on hover. */
  tableProps?: Partial<TableProps> & { [mark: `data-${string}`]: string };
}

const rightAligned = (right?: boolean) => (right ? { textAlign: 'right' as const } : undefined);

export function SectionTable<T extends { id: string | number }>({ columns, rows, empty, minWidth, rowProps, tableProps }: Props<T>) {
  const keyOf = (c: SectionColumn<T>) => c.key ?? c.header;
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table fz="xs" striped withTableBorder verticalSpacing={2} horizontalSpacing={6} {...tableProps}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={keyOf(c)} w={c.width} miw={c.minWidth} style={rightAligned(c.right)}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && <EmptyRow colSpan={columns.length}>{empty}</EmptyRow>}
          {rows.map((r) => (
            <Table.Tr key={r.id} {...rowProps?.(r)}>
              {columns.map((c) => (
                <Table.Td key={keyOf(c)} style={rightAligned(c.right)} {...c.props?.(r)}>
                  {c.cell(r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
