import { Alert, Checkbox, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { WaitMessage } from '../../../components/WaitMessage';
import { DaysToDue } from '../../../components/table/DaysToDue';
import { showDate, showDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useLiveRecord } from '../../../lib/realtime';
import { useRecord } from '../api/records';
import { DO_ROUTINE } from '../kinds';
import { useTickDoTask } from '../api/tickDoTask';
import { doRoutineStream, routinesKey, type DoRoutine, type Routine } from '../api/types';
import { useQueryClient } from '@tanstack/react-query';
import { DoneBy } from './DoneCell';
import { ProgressCell, StatusBadge } from './DoRoutineStatus';

/** The large modal of one do-routine's data: every do-set and do-task, ticked here, with who and when. */
export function DoRoutineViewModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <Modal opened={Boolean(id)} onClose={onClose} size="90%" title={<Title order={4}>Do-routine</Title>} padding="sm">
      {id && <DoRoutineView key={id} id={id} />}
    </Modal>
  );
}

const facts = (d: DoRoutine, routineName: string | null): [string, string][] => [
  ['Assigned to', d.assigned_to ?? ''],
  ['Due', showDate(d.due_date)],
  ['Location', d.location ?? ''],
  ['Category', d.category ?? ''],
  ['Frequency', d.frequency ?? ''],
  ['From routine', d.routine ? routineName || `#${d.routine}` : 'made by hand'],
  ['Created', showDateTime(d.created_date)],
  ['Completed', showDateTime(d.completed_at)],
];

function DoRoutineView({ id }: { id: string }) {
  useLiveRecord(doRoutineStream(id));
  const message = useMessage();
  const doRoutine = useRecord(DO_ROUTINE, id);
  const tick = useTickDoTask(id);
  const qc = useQueryClient();
  if (doRoutine.isPending) return <WaitMessage />;
  if (doRoutine.isError) return <Alert color="red">{errorText(doRoutine.error)}</Alert>;
  const d = doRoutine.data;
  const routineName = qc.getQueryData<Routine[]>(routinesKey)?.find((r) => r.id === d.routine)?.name ?? null;

  return (
    <Stack gap="xs">
      <Group gap="sm" justify="space-between">
        <Group gap="sm">
          <Title order={3}>{d.name || `Do-routine #${d.id}`}</Title>
          <StatusBadge status={d.status} />
          <DaysToDue days={d.due_days_away} colour={d.due_colour} />
        </Group>
        <ProgressCell d={d} w={220} />
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs" verticalSpacing={2}>
        {facts(d, routineName).map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm">{value || '—'}</Text>
          </div>
        ))}
      </SimpleGrid>
      {(d.description || d.notes) && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {[d.description, d.notes].filter(Boolean).join('\n')}
        </Text>
      )}
      {d.do_routine_sets.length === 0 && <Text c="dimmed">No sets.</Text>}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xs">
        {d.do_routine_sets.map((set) => {
          const done = set.do_set_tasks.filter((t) => t.done).length;
          return (
            <Paper key={set.id} withBorder p={6} radius="sm" component="section" aria-label={`Set ${set.name || set.id}`}>
              <Group justify="space-between" mb={2}>
                <Text fw={700} size="sm">
                  {set.name || 'Unnamed set'}
                </Text>
                <Text size="xs" c="dimmed">
                  {done} / {set.do_set_tasks.length} done
                </Text>
              </Group>
              <Table fz="xs" verticalSpacing={2} horizontalSpacing={4} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>Done</Table.Th>
                    <Table.Th>Task</Table.Th>
                    <Table.Th>Notes</Table.Th>
                    <Table.Th>Done by · when</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {set.do_set_tasks.map((t) => (
                    <Table.Tr key={t.id} data-task-id={t.id} bg={t.done ? 'teal.0' : undefined}>
                      <Table.Td>
                        <Checkbox
                          size="sm"
                          color="teal"
                          checked={Boolean(t.done)}
                          disabled={t.pending}
                          aria-label={`Done: ${t.name || 'task'}`}
                          onChange={(e) => tick.mutate({ id: t.id, done: e.currentTarget.checked }, { onError: (err) => message(`Problem.  ${errorText(err)}`, 'error') })}
                        />
                      </Table.Td>
                      <Table.Td style={{ textDecoration: t.done ? 'line-through' : undefined }}>{t.name}</Table.Td>
                      <Table.Td c="dimmed">{t.notes}</Table.Td>
                      <Table.Td>
                        <DoneBy task={t} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {set.do_set_tasks.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={4} c="dimmed">
                        No tasks.
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
