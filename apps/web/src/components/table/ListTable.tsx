/**
 * A list page's paged table as every status list shows it (orders, RFQs, organizations, help tickets,
 * projects): VirtualTable with the list's nouns in its labels, rows that flash yellow when someone
 * changes them and carry `data-<mark>-id` and `data-archived`. Each list says only its columns and
 * what else its rows carry, so the lists cannot drift apart.
 */
import { Text } from '@mantine/core';
import type { ListName } from '@trenchline/domain';
import { showDate, showDateTime } from '../../lib/dates';
import { tagStyle } from '../../lib/tagColours';
import type { Column, RowProps } from './RecordTable';
import type { PagedList } from './usePagedList';
import { VirtualTable } from './VirtualTable';

type ListRow = { id: string; version?: number; archived?: boolean | null };

interface Props<T extends ListRow> {
  list: PagedList<T>;
  columns: Column<T>[];
  /** Which list's columns the user's choices are kept under. */
  listName: ListName;
  /** What one row is called ('order', 'RFQ', 'help ticket'): the table's name and its checkboxes' labels. */
  noun: string;
  /** The row's name in its checkbox's label ('Select order 1004'); its id while it has none. */
  name: (row: T) => string | null | undefined;
  rowLink: (row: T) => string;
  /** The rows' data mark: `data-<mark>-id`. */
  mark: string;
  /** Rows someone just changed, marked for a moment. */
  flashed: ReadonlySet<string>;
  /** The row's colour tag when it is not flashing (RFQs, organizations): a light tint and a left edge (tagStyle). */
  tag?: (row: T) => string | null | undefined;
  /** More data marks of a row (its colour, what it awaits). */
  marks?: (row: T) => RowProps;
  height?: string;
}

const FLASH = { transition: 'background-color 600ms' };

export function ListTable<T extends ListRow>({ list, listName, columns, noun, name, rowLink, mark, flashed, tag, marks, height = 'calc(100vh - 200px)' }: Props<T>) {
  const nouns = `${noun}s`;
  return (
    <VirtualTable
      list={list}
      name={listName}
      label={nouns[0].toUpperCase() + nouns.slice(1)}
      columns={columns}
      selectAllLabel={`Select all matching ${nouns}`}
      selectLabel={(r) => `Select ${noun} ${name(r) || r.id}`}
      rowLink={rowLink}
      rowProps={(r) => ({
        style: { ...FLASH, ...(flashed.has(r.id) ? { background: 'var(--mantine-color-yellow-1)' } : tagStyle(tag?.(r))) },
        [`data-${mark}-id`]: r.id,
        ...marks?.(r),
        'data-archived': r.archived ? 'true' : undefined,
      })}
      height={height}
    />
  );
}

/** A record's number as a list shows it, or its id dimmed ('#12') while it has none. */
export function numberOrId<T extends { id: string }>(numberOf: (row: T) => string | null | undefined, suffix = '') {
  return (row: T) => numberOf(row) || <Text span fz="xs" c="dimmed">{`#${row.id}${suffix}`}</Text>;
}

/** The list's last change: its date, who and when in full on hover. */
export function lastUpdatedColumn<T extends { last_updated?: string | null; last_updated_by?: string | null }>(label = 'Updated', width = 90): Column<T> {
  return {
    key: 'last_updated',
    label,
    width,
    hover: (r) => [showDateTime(r.last_updated), r.last_updated_by && `by ${r.last_updated_by}`].filter(Boolean).join(' ') || undefined,
    render: (r) => showDate(r.last_updated),
  };
}
