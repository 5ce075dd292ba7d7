import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CollectionDef, Line } from '@trenchline/domain';
import { confirmAction } from '../../../lib/confirm';
import type { Shape } from '../logic';
import type { DoTask } from '../api/types';
import { DoneBox, DoneBy } from './DoneCell';
import { LineRow } from './LineRow';


export interface SetsEditorProps {
  sets: Line[];
  shape: Shape;
  setDef: CollectionDef;
  taskDef: CollectionDef;
  onAddSet: () => void;
  onSaveSet: (id: string, values: Record<string, unknown>, version: number | undefined) => Promise<unknown>;
  onDeleteSet: (id: string) => void;
  onAddTask: (setId: string) => void;
  onSaveTask: (id: string, values: Record<string, unknown>, version: number | undefined) => Promise<unknown>;
  /** A set or task save failed other than for a conflict or a deleted line. */
  onSaveFailed?: (e: unknown) => void;
  /** The record is behind (a line deleted meanwhile): fetch it again. */
  onStale: () => void;
  onDeleteTask: (id: string) => void;
  /** Do-tasks: the tick box with who and when. */
  onTick?: (id: string, done: boolean) => void;
  /** Spec 1 section 8: routine task saves fail silently. */
  silentTasks?: boolean;
}

/** The sets of a routine or do-routine, each with its tasks, all editable in place. */
export function SetsEditor(p: SetsEditorProps) {
  const setWord = p.setDef.noun;
  const taskWord = p.taskDef.noun;
  return (
    <section aria-label="Sets">
      <Group justify="space-between" mb={4}>
        <Title order={5}>Sets and tasks</Title>
        <Button size="compact-xs" variant="light" onClick={p.onAddSet}>
          Add {setWord}
        </Button>
      </Group>
      {p.sets.length === 0 && (
        <Text size="xs" c="dimmed">
          No sets yet. A set groups tasks (e.g. "Outside the truck", "Cab").
        </Text>
      )}
      <Stack gap={6}>
        {p.sets.map((set, n) => {
          const tasks = (set[p.shape.tasks] as Line[] | undefined) ?? [];
          return (
            <Paper key={set.id} withBorder p={6} radius="sm" bg="gray.0" data-set-id={set.id} aria-label={`Set ${n + 1}`} component="section">
              <LineRow
                def={p.setDef}
                line={set}
                onSave={(values, version) => p.onSaveSet(set.id, values, version)}
                onFailed={p.onSaveFailed}
                onStale={p.onStale}
                onDelete={() => confirmAction(`Sure you want to delete this ${setWord}?`) && p.onDeleteSet(set.id)}
                after={
                  <Button size="compact-xs" variant="light" onClick={() => p.onAddTask(set.id)}>
                    Add {taskWord}
                  </Button>
                }
              />
              <Stack gap={2} mt={4} pl="md">
                {tasks.map((task) => (
                  <LineRow
                    key={task.id}
                    def={p.taskDef}
                    line={task}
                    silent={p.silentTasks}
                    omit={p.onTick ? ['done'] : []}
                    before={p.onTick ? <DoneBox task={task as DoTask} onTick={(done) => p.onTick!(task.id, done)} /> : undefined}
                    trailing={p.onTick ? <div style={{ flex: '0 0 200px', paddingTop: 6, overflow: 'hidden' }}><DoneBy task={task as DoTask} /></div> : undefined}
                    onSave={(values, version) => p.onSaveTask(task.id, values, version)}
                    onFailed={p.onSaveFailed}
                    onStale={p.onStale}
                    onDelete={() => confirmAction(`Sure you want to delete this ${taskWord}?`) && p.onDeleteTask(task.id)}
                  />
                ))}
                {tasks.length === 0 && (
                  <Text size="xs" c="dimmed">
                    No tasks in this set.
                  </Text>
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </section>
  );
}
