import { Table, Text } from '@mantine/core';
import type { StoodView } from '../../../components/record/AsItStood';
import type { DoRoutine, Routine } from '../api/types';
import { doRoutineFieldsAsOf, doRoutineSetsAsOf, routineFieldsAsOf, routineSetsAsOf, type StoodSet } from '../asItStood';

/** Every set as a header row over its tasks, in one table; do-tasks with their tick, who and when. */
function SetsAsTheyStood({ sets, doTasks }: { sets: StoodSet[]; doTasks: boolean }) {
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

/** What a routine's history shows of it as it stood: its fields, three to a row, and its sets with their tasks. */
export const routineAsItStood: StoodView<Routine> = {
  layout: 'grid',
  fields: routineFieldsAsOf,
  body: (r) => <SetsAsTheyStood sets={routineSetsAsOf(r)} doTasks={false} />,
};

/** A do-routine as it stood: its fields, status and progress, and its do-tasks ticked or not, who and when. */
export const doRoutineAsItStood: StoodView<DoRoutine> = {
  layout: 'grid',
  fields: doRoutineFieldsAsOf,
  body: (d) => <SetsAsTheyStood sets={doRoutineSetsAsOf(d)} doTasks />,
};
