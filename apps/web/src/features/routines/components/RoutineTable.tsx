import { Button } from '@mantine/core';
import type { Column } from '../../../components/table/RecordTable';
import { showDate } from '../../../lib/dates';
import type { Routine } from '../api/types';
import { nameColumn, PanelTable, type PanelListProps } from './PanelTable';

interface Props extends PanelListProps<Routine> {
  onAssign: (routine: Routine) => void;
}

const columns = (onEdit: (id: string) => void): Column<Routine>[] => [
  nameColumn<Routine>('Routine', onEdit, { maxWidth: 200, pending: () => 'New routine…', hover: (r) => r.description ?? `Updated ${showDate(r.last_updated)}` }),
  { key: 'category', label: 'Category' },
  { key: 'frequency', label: 'Frequency' },
  { key: 'set_count', label: 'Sets', title: 'Sets', align: 'right' },
  { key: 'task_count', label: 'Tasks', title: 'Tasks', align: 'right' },
];

/** Dense routine list: a row opens the side panel; Assign copies it into a new do-routine. */
export function RoutineTable({ onAssign, ...list }: Props) {
  return (
    <PanelTable
      {...list}
      label="Routines"
      mark="data-routine-id"
      columns={columns(list.onEdit)}
      nameOf={(r) => r.name || `routine ${r.id}`}
      buttons={(r, name) => (
        <Button size="compact-xs" variant="light" color="teal" onClick={() => onAssign(r)} aria-label={`Assign ${name}`}>
          Assign
        </Button>
      )}
    />
  );
}
