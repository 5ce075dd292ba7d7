import { Checkbox, Group, Text } from '@mantine/core';
import { isPending } from '../../../components/lines/api/addPendingLine';
import { showDateTime } from '../../../lib/dates';
import type { DoTask } from '../api/types';

/** A do-task's tick box; who ticked it and when (recorded by the server) is DoneBy. */
export function DoneBox({ task, onTick, disabled }: { task: DoTask; onTick: (done: boolean) => void; disabled?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" pt={6}>
      <Checkbox
        size="xs"
        checked={Boolean(task.done)}
        disabled={disabled || task.pending || isPending(task)}
        onChange={(e) => onTick(e.currentTarget.checked)}
        aria-label={`Done: ${task.name || 'task'}`}
        color="teal"
      />
    </Group>
  );
}

export function DoneBy({ task }: { task: DoTask }) {
  if (!task.done) return null;
  return (
    <Text size="xs" c="teal.8" style={{ whiteSpace: 'nowrap' }} data-testid="done-by">
      {task.done_by ?? '…'}
      {task.done_at ? ` · ${showDateTime(task.done_at)}` : ''}
    </Text>
  );
}
