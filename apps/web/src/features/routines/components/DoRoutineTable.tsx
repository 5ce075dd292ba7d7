import { ActionIcon, Anchor, Box, Button, Group, Loader, Table, Text } from '@mantine/core';
import { showDate } from '../../../lib/dates';
import type { DoRoutine } from '../api/types';
import { DueDays, ProgressCell, StatusBadge } from './DoRoutineStatus';

interface Props {
  rows: DoRoutine[];
  selected: string | null;
  onEdit: (id: string) => void;
  onView: (id: string) => void;
  onDelete: (id: string) => void;
}

/** Dense do-routine list: who, when due, how far along; View opens the large modal, a row the edit panel. */
export function DoRoutineTable({ rows, selected, onEdit, onView, onDelete }: Props) {
  return (
    <Box style={{ overflow: 'auto', maxHeight: 'calc(100vh - 160px)' }}>
      <Table striped highlightOnHover stickyHeader fz="xs" verticalSpacing={3} horizontalSpacing={4} style={{ whiteSpace: "nowrap" }} aria-label="Do-routines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Assigned to</Table.Th>
            <Table.Th title="Due date, and days to it (red under 4, orange under 7)">Due</Table.Th>
            <Table.Th>Progress</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <Table.Tr
              key={d.id}
              data-do-routine-id={d.id}
              data-pending={d.pending ? 'true' : undefined}
              bg={selected === d.id ? 'blue.0' : undefined}
              style={{ cursor: d.pending ? 'progress' : 'pointer' }}
              onClick={() => !d.pending && onEdit(d.id)}
            >
              <Table.Td maw={220} style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                <Group gap={4} wrap="nowrap">
                  {d.pending && <Loader size={10} />}
                  {d.pending ? (
                    <Text span fz="xs" c="dimmed">
                      {d.name || 'New do-routine'}…
                    </Text>
                  ) : (
                    <Anchor component="button" fz="xs" onClick={() => onEdit(d.id)}>
                      {d.name || `Do-routine #${d.id}`}
                    </Anchor>
                  )}
                </Group>
              </Table.Td>
              <Table.Td maw={120} style={{ overflow: 'hidden', textOverflow: 'ellipsis' }} title={d.assigned_to ?? undefined}>
                {d.assigned_to}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {showDate(d.due_date)}
                  <DueDays days={d.due_days_away} colour={d.due_colour} />
                </Group>
              </Table.Td>
              <Table.Td>
                <ProgressCell d={d} w={48} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={d.status} />
              </Table.Td>
              <Table.Td maw={96} style={{ overflow: 'hidden', textOverflow: 'ellipsis' }} title={d.location ?? undefined}>
                {d.location}
              </Table.Td>
              <Table.Td onClick={(e) => e.stopPropagation()}>
                {!d.pending && (
                  <Group gap={2} wrap="nowrap" justify="flex-end">
                    <Button size="compact-xs" variant="light" onClick={() => onView(d.id)} aria-label={`View ${d.name || `do-routine ${d.id}`}`}>
                      View
                    </Button>
                    <ActionIcon size="sm" variant="subtle" color="red" onClick={() => onDelete(d.id)} aria-label={`Delete ${d.name || `do-routine ${d.id}`}`} title="Delete">
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
