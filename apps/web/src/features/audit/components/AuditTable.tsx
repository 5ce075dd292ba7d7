import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Group, Text } from '@mantine/core';
import type { Column } from '../../../components/table/RecordTable';
import type { PagedList } from '../../../components/table/usePagedList';
import { VirtualTable } from '../../../components/table/VirtualTable';
import { linkAsOf } from '../../../components/table/listAsOf';
import { showDateTime } from '../../../lib/dates';
import { AUDIT_LIST, type AuditRow } from '../api/types';
import { changesText, recordText, whoText } from '../auditLogic';

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

/** The record, its number and title linking to it, and "then" opening it as it stood just after this event. */
function RecordCell({ row }: { row: AuditRow }) {
  const words = recordText(row);
  if (!row.record_path) return <span>{words}</span>;
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Anchor component={Link} to={row.record_path} fz="xs" onClick={stop} truncate="end" data-testid="audit-record">
        {words}
      </Anchor>
      <Anchor component={Link} to={linkAsOf(row.record_path, row.at)} fz={11} c="violet.8" onClick={stop} title={`${words} as it stood on ${showDateTime(row.at)}`} data-testid="audit-record-then">
        then
      </Anchor>
    </Group>
  );
}

const columns: Column<AuditRow>[] = [
  { key: 'at', label: 'When', width: 128, sortable: false, pinned: true, hover: (r) => r.at, render: (r) => showDateTime(r.at) },
  { key: 'user_name', label: 'Who', width: 150, sortable: false, hover: (r) => whoText(r), render: (r) => whoText(r) },
  { key: 'area', label: 'Area', width: 80, sortable: false },
  { key: 'record_title', label: 'Record', width: 230, sortable: false, hover: (r) => recordText(r) || undefined, render: (r) => <RecordCell row={r} /> },
  { key: 'summary', label: 'What happened', width: 220, sortable: false },
  {
    key: 'changes',
    label: 'Changes',
    width: 420,
    sortable: false,
    hover: (r) => changesText(r, '\n') || undefined,
    render: (r) => (
      <Text span fz="xs" data-testid="audit-changes">
        {changesText(r)}
      </Text>
    ),
  },
];

/** The trail's rows, newest first, paged from the server as it scrolls; a row opens its record. */
export function AuditTable({ list, height = 'calc(100vh - 250px)' }: { list: PagedList<AuditRow>; height?: string }) {
  const cols = useMemo(() => columns, []);
  return (
    <VirtualTable
      name={AUDIT_LIST}
      list={list}
      label="Audit trail"
      columns={cols}
      rowLink={(r) => r.record_path}
      rowProps={(r) => ({ 'data-position': String(r.position), 'data-type': r.type })}
      height={height}
    />
  );
}
