import { useMemo } from 'react';
import { Group, Text } from '@mantine/core';
import { DaysToDue } from '../../../components/table/DaysToDue';
import type { Column } from '../../../components/table/RecordTable';
import type { PagedList } from '../../../components/table/usePagedList';
import { VirtualTable } from '../../../components/table/VirtualTable';
import { flashedRowProps, selectLabels } from '../../../components/table/rowMarks';
import { showDate, showDateTime } from '../../../lib/dates';
import { locatePath, type LocateRow } from '../api/types';
import { daysLeftText, jobText, shownColumns, taskText } from '../listLogic';

/** The expiry with its days left on their colour (red under 5, orange under 10). */
function Expiry({ row, words }: { row: LocateRow; words?: boolean }) {
  if (!row.current_date_expiration) return null;
  return (
    <Group gap={6} wrap="nowrap" component="span" title={daysLeftText(row.locate_days_left)}>
      <span>{showDate(row.current_date_expiration)}</span>
      <DaysToDue days={row.locate_days_left} colour={row.locate_days_colour} />
      {words && (
        <Text span fz="xs" c={row.locate_days_left !== null && row.locate_days_left < 0 ? 'red.8' : 'dimmed'} data-testid="days-left">
          {daysLeftText(row.locate_days_left)}
        </Text>
      )}
    </Group>
  );
}

const ticketHover = (r: LocateRow) => (r.ticket_chain?.length > 1 ? `Ticket chain: ${r.ticket_chain.join(' → ')}` : (r.current_ticket_number ?? undefined));

function columns(variant: 'list' | 'expiring', publicMode: boolean): Column<LocateRow>[] {
  const expiring = variant === 'expiring';
  const cols: Column<LocateRow>[] = [
    { key: 'current_ticket_number', label: 'Ticket #', width: 100, hover: ticketHover, render: (r) => r.current_ticket_number || <Text span fz="xs" c="dimmed">{`#${r.id}`}</Text> },
    { key: 'current_alt_ticket_number', label: 'Alt #', width: 70 },
    { key: 'locate_status', label: 'Status', width: 80 },
    { key: 'current_ticket_type', label: 'Type', width: 82, title: 'Ticket type' },
    { key: 'current_date_submitted', label: 'Submitted', width: 84, render: (r) => showDate(r.current_date_submitted) },
    { key: 'current_work_date', label: 'Work date', width: 84, render: (r) => showDate(r.current_work_date) },
    { key: 'locate_days_left', label: 'Expires', width: expiring ? 205 : 122, title: 'Expiry date and days left (red under 5, orange under 10)', render: (r) => <Expiry row={r} words={expiring} /> },
    { key: 'account_job_number', label: 'Job', width: 170, hover: (r) => jobText(r) || undefined, render: (r) => jobText(r) },
    { key: 'task_id', label: 'Task', width: 110, hover: (r) => taskText(r) || undefined, render: (r) => taskText(r) },
    { key: 'customer', label: 'Customer', width: 100 },
    { key: 'crew_string', label: 'Crews', width: 110 },
    { key: 'last_updated', label: 'Updated', width: 84, hover: (r) => [showDateTime(r.last_updated), r.last_updated_by && `by ${r.last_updated_by}`].filter(Boolean).join(' ') || undefined, render: (r) => showDate(r.last_updated) },
  ];
  if (expiring) return cols.filter((c) => !['current_alt_ticket_number', 'current_date_submitted', 'last_updated'].includes(c.key));
  return shownColumns(cols, publicMode);
}

interface Props {
  list: PagedList<LocateRow>;
  /** The list, or the expiry watch (days left in words, fewer dates). */
  variant: 'list' | 'expiring';
  publicMode?: boolean;
  /** Rows someone just changed, marked for a moment. */
  flashed: ReadonlySet<string>;
  height?: string;
}

/** The dense, sortable, paged locate table with a sticky header; a row opens its locate. */
export function LocateTable({ list, variant, publicMode = false, flashed, height = 'calc(100vh - 200px)' }: Props) {
  const cols = useMemo(() => columns(variant, publicMode), [variant, publicMode]);
  return (
    <VirtualTable
      name={variant === 'expiring' ? 'expiring-locates' : 'locates'}
      list={list}
      label={variant === 'expiring' ? 'Expiring locates' : 'Locates'}
      columns={cols}
      {...selectLabels<LocateRow>('locate', 'locates', (r) => r.current_ticket_number)}
      selectAllLabel={variant === 'expiring' ? 'Select all expiring locates' : 'Select all matching locates'}
      rowLink={(r) => locatePath(r.id)}
      rowProps={(r) => ({ ...flashedRowProps(r, flashed, 'data-locate-id'), 'data-colour': r.locate_days_colour ?? 'none' })}
      height={height}
    />
  );
}
