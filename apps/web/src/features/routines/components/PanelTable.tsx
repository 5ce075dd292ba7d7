import type { ReactNode } from 'react';
import { DenseTable, type Column, type DenseTableProps } from '../../../components/table/RecordTable';
import { RowActions, RowName } from '../../../components/table/RowCells';
import type { Pending } from '../api/types';

type Row = { id: string } & Pending;

/** What the routine screen gives each of its lists. */
export interface PanelListProps<T extends Row> {
  rows: T[];
  /** The record whose panel is open: its row is highlighted. */
  selected: string | null;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}

interface Props<T extends Row> extends PanelListProps<T>, Pick<DenseTableProps<T>, 'columns' | 'label' | 'horizontalSpacing'> {
  /** The row's data-* mark of its id, e.g. 'data-routine-id'. */
  mark: `data-${string}`;
  /** The record in the buttons' labels, e.g. 'routine 12'. */
  nameOf: (row: T) => string;
  /** The row's buttons before its delete cross. */
  buttons: (row: T, name: string) => ReactNode;
}

/** A list of the routine screen: a row opens its side panel, except while the server makes it. */
export function PanelTable<T extends Row>({ rows, selected, onEdit, onDelete, mark, nameOf, buttons, ...table }: Props<T>) {
  return (
    <DenseTable<T>
      {...table}
      rows={rows}
      onRowClick={(r) => !r.pending && onEdit(r.id)}
      rowProps={(r) => ({
        ...({ [mark]: r.id } as Record<`data-${string}`, string>),
        'data-pending': r.pending ? 'true' : undefined,
        bg: selected === r.id ? 'blue.0' : undefined,
        style: { cursor: r.pending ? 'progress' : 'pointer' },
      })}
      actions={(r) =>
        !r.pending && (
          <RowActions name={nameOf(r)} onDelete={() => onDelete(r.id)}>
            {buttons(r, nameOf(r))}
          </RowActions>
        )
      }
      maxHeight="calc(100vh - 160px)"
    />
  );
}

/**
 * A list's Name column: a link that opens the record's panel ('Routine #12' while it has no name),
 * or, while the server makes it, the pending text.
 */
export function nameColumn<T extends Row & { name: string | null }>(
  title: string,
  onEdit: (id: string) => void,
  o: { maxWidth: number; pending: (row: T) => string; hover: (row: T) => string | undefined },
): Column<T> {
  return {
    key: 'name',
    label: 'Name',
    maxWidth: o.maxWidth,
    hover: o.hover,
    render: (r) => (
      <RowName pending={r.pending} pendingText={o.pending(r)} onOpen={() => onEdit(r.id)}>
        {r.name || `${title} #${r.id}`}
      </RowName>
    ),
  };
}
