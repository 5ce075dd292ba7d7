import { Group, Progress, Text } from '@mantine/core';
import { progressOf } from '../logic';
import type { DoRoutine } from '../api/types';

const statusColour = { 'Not started': 'gray', 'In progress': 'blue', Done: 'teal' } as const;

export function StatusBadge({ status }: { status: DoRoutine['status'] }) {
  return (
    <Text span fz={11} fw={700} c={`${statusColour[status] ?? 'gray'}.8`} bg={`${statusColour[status] ?? 'gray'}.1`} px={6} py={1} style={{ borderRadius: 8, whiteSpace: 'nowrap' }} data-status={status}>
      {status}
    </Text>
  );
}

/** Tasks done of all, as a bar and '3 / 7'. */
export function ProgressCell({ d, w = 90 }: { d: Pick<DoRoutine, 'tasks_done' | 'tasks_total'>; w?: number }) {
  const p = progressOf(d.tasks_done, d.tasks_total);
  return (
    <Group gap={6} wrap="nowrap">
      <Progress value={p.percent} w={w} size="sm" color={p.percent === 100 ? 'teal' : 'blue'} aria-label={`${p.label} tasks done`} />
      <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
        {p.label}
      </Text>
    </Group>
  );
}
