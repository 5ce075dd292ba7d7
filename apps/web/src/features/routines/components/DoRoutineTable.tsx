import { Button, Group } from '@mantine/core';
import { DaysToDue } from '../../../components/table/DaysToDue';
import type { Column } from '../../../components/table/RecordTable';
import { showDate } from '../../../lib/dates';
import type { DoRoutine } from '../api/types';
import { ProgressCell, StatusBadge } from './DoRoutineStatus';
import { nameColumn, PanelTable, type PanelListProps } from './PanelTable';

interface Props extends PanelListProps<DoRoutine> {
  onView: (id: string) => void;
}

const columns = (onEdit: (id: string) => void): Column<DoRoutine>[] => [
  // No hover on the name: the link says it.
  nameColumn<DoRoutine>('Do-routine', onEdit, { maxWidth: 220, pending: (d) => `${d.name || 'New do-routine'}…`, hover: () => undefined }),
  { key: 'assigned_to', label: 'Assigned to', maxWidth: 120 },
  {
    key: 'due_date',
    label: 'Due',
    title: 'Due date, and days to it (red under 4, orange under 7)',
    render: (d) => (
      <Group gap={4} wrap="nowrap">
        {showDate(d.due_date)}
        <DaysToDue days={d.due_days_away} colour={d.due_colour} />
      </Group>
    ),
  },
  { key: 'progress', label: 'Progress', render: (d) => <ProgressCell d={d} w={48} /> },
  { key: 'status', label: 'Status', render: (d) => <StatusBadge status={d.status} /> },
  { key: 'location', label: 'Location', maxWidth: 96 },
];

/** Dense do-routine list: who, when due, how far along; View opens the large modal, a row the edit panel. */
export function DoRoutineTable({ onView, ...list }: Props) {
  return (
    <PanelTable
      {...list}
      label="Do-routines"
      mark="data-do-routine-id"
      horizontalSpacing={4}
      columns={columns(list.onEdit)}
      nameOf={(d) => d.name || `do-routine ${d.id}`}
      buttons={(d, name) => (
        <Button size="compact-xs" variant="light" onClick={() => onView(d.id)} aria-label={`View ${name}`}>
          View
        </Button>
      )}
    />
  );
}
