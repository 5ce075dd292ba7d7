import { ActionIcon, Anchor, Box, Button, Group, Loader, Table, Text } from '@mantine/core';
import { showDate } from '../../../lib/dates';
import type { Routine } from '../api/types';

interface Props {
  rows: Routine[];
  selected: string | null;
  onEdit: (id: string) => void;
  onAssign: (routine: Routine) => void;
  onDelete: (id: string) => void;
}

/** Dense routine list: a row opens the side panel; Assign copies it into a new do-routine. */
export function RoutineTable({ rows, selected, onEdit, onAssign, onDelete }: Props) {
  return (
    <Box style={{ overflow: 'auto', maxHeight: 'calc(100vh - 160px)' }}>
      <Table striped highlightOnHover stickyHeader fz="xs" verticalSpacing={3} horizontalSpacing={6} style={{ whiteSpace: 'nowrap' }} aria-label="Routines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Frequency</Table.Th>
            <Table.Th ta="right" title="Sets">
              Sets
            </Table.Th>
            <Table.Th ta="right" title="Tasks">
              Tasks
            </Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr
              key={r.id}
              data-routine-id={r.id}
              data-pending={r.pending ? 'true' : undefined}
              bg={selected === r.id ? 'blue.0' : undefined}
              style={{ cursor: r.pending ? 'progress' : 'pointer' }}
              onClick={() => !r.pending && onEdit(r.id)}
            >
              <Table.Td maw={200} style={{ overflow: 'hidden', textOverflow: 'ellipsis' }} title={r.description ?? `Updated ${showDate(r.last_updated)}`}>
                {r.pending ? (
                  <Group gap={4}>
                    <Loader size={10} />
                    <Text span fz="xs" c="dimmed">
                      New routine…
                    </Text>
                  </Group>
                ) : (
                  <Anchor component="button" fz="xs" onClick={() => onEdit(r.id)}>
                    {r.name || `Routine #${r.id}`}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>{r.category}</Table.Td>
              <Table.Td>{r.frequency}</Table.Td>
              <Table.Td ta="right">{r.set_count}</Table.Td>
              <Table.Td ta="right">{r.task_count}</Table.Td>
              <Table.Td onClick={(e) => e.stopPropagation()}>
                {!r.pending && (
                  <Group gap={2} wrap="nowrap" justify="flex-end">
                    <Button size="compact-xs" variant="light" color="teal" onClick={() => onAssign(r)} aria-label={`Assign ${r.name || `routine ${r.id}`}`}>
                      Assign
                    </Button>
                    <ActionIcon size="sm" variant="subtle" color="red" onClick={() => onDelete(r.id)} aria-label={`Delete ${r.name || `routine ${r.id}`}`} title="Delete">
                      ✕
                    </ActionIcon>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
