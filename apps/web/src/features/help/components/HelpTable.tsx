import { useMemo } from 'react';
import type { Column } from '../../../components/table/RecordTable';
import type { RecordListTableProps } from '../../../components/record/RecordListPage';
import { lastUpdatedColumn, ListTable, numberOrId } from '../../../components/table/ListTable';
import { showDate, showDateTime } from '../../../lib/dates';
import { helpPath, type HelpTicketRow } from '../api/types';
import { latestUpdateText, shownColumns } from '../listLogic';

function columns(publicMode: boolean): Column<HelpTicketRow>[] {
  const cols: Column<HelpTicketRow>[] = [
    { key: 'subject', label: 'Subject', width: 190, hover: (r) => r.subject ?? undefined, render: numberOrId((r) => r.subject, ' (no subject)') },
    { key: 'ticket_type', label: 'Type', width: 124 },
    { key: 'priority', label: 'Priority', width: 62 },
    { key: 'submitter_mood', label: 'Mood', width: 66 },
    { key: 'ticket_status', label: 'Status', width: 58, title: 'Ticket status' },
    { key: 'submitter_status', label: 'Submitter status', width: 136 },
    { key: 'our_status', label: 'Our status', width: 136 },
    { key: 'submitted_by_name', label: 'Submitted by', width: 106 },
    { key: 'created_at', label: 'Created', width: 80, hover: (r) => showDateTime(r.created_at) || undefined, render: (r) => showDate(r.created_at) },
    { key: 'completion_date', label: 'Completion', width: 80, render: (r) => showDate(r.completion_date) },
    { key: 'update_count', label: 'Updates', width: 62, align: 'right', sortable: false, hover: (r) => latestUpdateText(r.latest_update, 400) || undefined },
    lastUpdatedColumn('Last update', 84),
  ];
  return shownColumns(cols, publicMode);
}

/** The dense, sortable, paged help ticket table with a sticky header; a row opens its ticket. */
export function HelpTable({ list, publicMode = false, flashed, height }: RecordListTableProps<HelpTicketRow>) {
  const cols = useMemo(() => columns(publicMode), [publicMode]);
  return (
    <ListTable listName="help-tickets"
      list={list}
      columns={cols}
      noun="help ticket"
      name={(r) => r.subject}
      rowLink={(r) => helpPath(r.id)}
      mark="help"
      flashed={flashed}
      marks={(r) => ({ 'data-awaiting': r.awaiting ?? 'none' })}
      height={height}
    />
  );
}
