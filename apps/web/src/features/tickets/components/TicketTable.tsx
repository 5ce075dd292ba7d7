import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { DaysToDue } from '../../../components/table/DaysToDue';
import type { Column } from '../../../components/table/RecordTable';
import type { PagedList } from '../../../components/table/usePagedList';
import { VirtualTable } from '../../../components/table/VirtualTable';
import { flashedRowProps, selectLabels } from '../../../components/table/rowMarks';
import { showDate, todayIso } from '../../../lib/dates';
import { showMoney, showQuantity } from '../../../lib/numbers';
import { ticketPath, type TicketRow } from '../api/types';
import { daysLeftOf, jobText, shownColumns, signatureMark } from '../listLogic';

/** The signatures' mark: ✓ signed, ⚠ (orange) signed an earlier version; the words on hover. */
function Signature({ row }: { row: TicketRow }) {
  const s = signatureMark(row.signature_status);
  if (!s.mark) return null;
  return (
    <Text span fz="xs" fw={700} c={s.stale ? 'orange' : 'teal'} title={s.words} aria-label={s.words} data-signature={row.signature_status ?? 'unsigned'}>
      {s.mark} {s.stale ? 'earlier version' : 'signed'}
    </Text>
  );
}

function columns(publicMode: boolean, today: string): Column<TicketRow>[] {
  const cols: Column<TicketRow>[] = [
    { key: 'account_ticket_number', label: 'Ticket #', width: 80, render: (r) => r.account_ticket_number || <Text span fz="xs" c="dimmed">{`#${r.id}`}</Text> },
    { key: 'title', label: 'Title', width: 130 },
    { key: 'ticket_status', label: 'Status', width: 82 },
    { key: 'account_job_number', label: 'Job', width: 140, hover: (r) => jobText(r) || undefined, render: (r) => jobText(r) },
    { key: 'customer', label: 'Customer', width: 90 },
    { key: 'crew_name', label: 'Crew', width: 90 },
    { key: 'created_date', label: 'Created', width: 80, render: (r) => showDate(r.created_date) },
    { key: 'work_date', label: 'Work date', width: 80, render: (r) => showDate(r.work_date) },
    {
      key: 'ticket_days_left',
      label: 'Completion',
      width: 118,
      title: 'Completion date and days left (red under 4, orange under 7)',
      render: (r) => {
        if (!r.completion_date) return null;
        const d = daysLeftOf(r, today);
        return (
          <span>
            {showDate(r.completion_date)} <DaysToDue days={d.ticket_days_left} colour={d.ticket_days_colour} />
          </span>
        );
      },
    },
    { key: 'signature_status', label: 'Signed', width: 92, render: (r) => <Signature row={r} /> },
    { key: 'feet_total', label: 'Feet', width: 70, align: 'right', render: (r) => (r.feet_total ? showQuantity(r.feet_total, 'ft') : '') },
    { key: 'timecard_hours_total', label: 'Hours', width: 60, align: 'right', render: (r) => (r.timecard_hours_total ? String(r.timecard_hours_total) : '') },
    { key: 'expenses_total', label: 'Expenses', width: 84, align: 'right', render: (r) => (r.expenses_total ? showMoney(r.expenses_total) : '') },
  ];
  return shownColumns(cols, publicMode);
}

interface Props {
  list: PagedList<TicketRow>;
  publicMode?: boolean;
  /** Rows someone just changed, marked for a moment. */
  flashed: ReadonlySet<string>;
}

/** The dense, sortable, paged ticket table with a sticky header; a row opens its ticket. */
export function TicketTable({ list, publicMode = false, flashed }: Props) {
  const today = todayIso();
  const cols = useMemo(() => columns(publicMode, today), [publicMode, today]);
  return (
    <VirtualTable
      name="tickets"
      list={list}
      label="Tickets"
      columns={cols}
      {...selectLabels<TicketRow>('ticket', 'tickets', (r) => r.account_ticket_number)}
      rowLink={(r) => ticketPath(r)}
      rowProps={(r) => flashedRowProps(r, flashed, 'data-ticket-id')}
      height="calc(100vh - 200px)"
    />
  );
}
