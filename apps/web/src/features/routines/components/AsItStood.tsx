import { Alert, Button, Group, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { WaitMessage } from '../../../components/WaitMessage';
import { showDateTime } from '../../../lib/dates';
import { errorText, isApiError } from '../../../lib/http';
import { useDoRoutineAsOf } from '../api/doRoutineAsOf';
import type { RecordKind } from '../api/recordHistory';
import { useRoutineAsOf } from '../api/routineAsOf';
import { doRoutineFieldsAsOf, doRoutineSetsAsOf, routineFieldsAsOf, routineSetsAsOf, type StoodField, type StoodSet } from '../asItStood';

interface Read {
  isPending: boolean;
  error: unknown;
}

/** The record's fields, three to a row: label dimmed, value bold. */
function Fields({ fields }: { fields: StoodField[] }) {
  return (
    <SimpleGrid cols={3} spacing={8} verticalSpacing={0} mt={4}>
      {fields.map((f) => (
        <Text key={f.name} size="xs" data-field={f.name} style={{ wordBreak: 'break-word' }}>
          <Text span fz="xs" c="dimmed">
            {f.label}{' '}
          </Text>
          <Text span fz="xs" fw={600}>
            {f.value}
          </Text>
        </Text>
      ))}
    </SimpleGrid>
  );
}

/** Every set as a header row over its tasks, in one table; do-tasks with their tick, who and when. */
function Sets({ sets, doTasks }: { sets: StoodSet[]; doTasks: boolean }) {
  if (sets.length === 0)
    return (
      <Text size="xs" c="dimmed" mt={4}>
        No sets.
      </Text>
    );
  const withNotes = sets.some((s) => s.tasks.some((t) => t.notes));
  const cols = 1 + (doTasks ? 2 : 0) + (withNotes ? 1 : 0);
  return (
    <Table fz="xs" verticalSpacing={1} horizontalSpacing={4} mt={4} withRowBorders={false} aria-label="Sets as they stood">
      {cols > 1 && (
        <Table.Thead>
          <Table.Tr>
            {doTasks && <Table.Th w={24}>Done</Table.Th>}
            <Table.Th>Task</Table.Th>
            {withNotes && <Table.Th>Notes</Table.Th>}
            {doTasks && <Table.Th>Done by · when</Table.Th>}
          </Table.Tr>
        </Table.Thead>
      )}
      {sets.map((s) => (
        <Table.Tbody key={s.id} data-set-id={s.id} data-set-name={s.name}>
          <Table.Tr bg="var(--mantine-color-violet-1)">
            <Table.Td colSpan={cols} fw={700}>
              {s.name}{' '}
              <Text span fz="xs" fw={400} c="dimmed">
                {doTasks ? `${s.done ?? 0} / ${s.tasks.length} done` : `${s.tasks.length} ${s.tasks.length === 1 ? 'task' : 'tasks'}`}
              </Text>
            </Table.Td>
          </Table.Tr>
          {s.tasks.map((t) => (
            <Table.Tr key={t.id} data-task-id={t.id} data-done={doTasks ? String(Boolean(t.done)) : undefined}>
              {doTasks && (
                <Table.Td ta="center" c={t.done ? 'teal.8' : 'dimmed'} fw={700} aria-label={t.done ? 'Done' : 'Not done'}>
                  {t.done ? '✓' : '·'}
                </Table.Td>
              )}
              <Table.Td pl={doTasks ? 4 : 12} style={{ wordBreak: 'break-word' }}>
                {t.name}
              </Table.Td>
              {withNotes && (
                <Table.Td c="dimmed" style={{ wordBreak: 'break-word' }}>
                  {t.notes}
                </Table.Td>
              )}
              {doTasks && (
                <Table.Td c="teal.8" style={{ whiteSpace: 'nowrap' }}>
                  {t.doneBy}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {s.tasks.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={cols} c="dimmed" pl={12}>
                No tasks.
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      ))}
    </Table>
  );
}

/** The record as it stood, read-only, under the entry that was pressed. */
function Stood({ at, read, fields, sets, doTasks, onHide }: { at: string; read: Read; fields?: StoodField[]; sets?: StoodSet[]; doTasks: boolean; onHide: () => void }) {
  const missing = isApiError(read.error) && read.error.isNotFound;
  return (
    <Paper component="section" aria-label="As it stood then" data-testid="as-it-stood" withBorder p={6} mt={6} radius="sm" bg="var(--mantine-color-violet-0)">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" fw={700} c="violet.9">
          As it stood on {showDateTime(at)} (read-only)
        </Text>
        <Button size="compact-xs" variant="subtle" color="violet" onClick={onHide}>
          Hide
        </Button>
      </Group>
      {read.isPending && <WaitMessage />}
      {missing ? (
        <Text size="xs" c="dimmed">
          It did not exist yet.
        </Text>
      ) : (
        Boolean(read.error) && (
          <Alert color="red" p="xs">
            {errorText(read.error)}
          </Alert>
        )
      )}
      {fields && <Fields fields={fields} />}
      {sets && <Sets sets={sets} doTasks={doTasks} />}
    </Paper>
  );
}

function RoutineAsOf({ id, at, onHide }: { id: string; at: string; onHide: () => void }) {
  const q = useRoutineAsOf(id, at);
  return <Stood at={at} read={q} onHide={onHide} doTasks={false} fields={q.data && routineFieldsAsOf(q.data)} sets={q.data && routineSetsAsOf(q.data)} />;
}

function DoRoutineAsOf({ id, at, onHide }: { id: string; at: string; onHide: () => void }) {
  const q = useDoRoutineAsOf(id, at);
  return <Stood at={at} read={q} onHide={onHide} doTasks fields={q.data && doRoutineFieldsAsOf(q.data)} sets={q.data && doRoutineSetsAsOf(q.data)} />;
}

/** A routine or do-routine as it stood at `at` (an entry's time: right after that change), read-only. */
export function AsItStood({ kind, id, at, onHide }: { kind: RecordKind; id: string; at: string; onHide: () => void }) {
  return kind === 'routine' ? <RoutineAsOf id={id} at={at} onHide={onHide} /> : <DoRoutineAsOf id={id} at={at} onHide={onHide} />;
}
