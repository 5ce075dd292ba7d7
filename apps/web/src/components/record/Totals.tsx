/** A job's (or a task's) row of totals, as the API computes them (never added up here): the base job's, the ORCA job's and a task's. */
import { Group, Text } from '@mantine/core';

export interface Cell {
  key: string;
  label: string;
  value: string;
  tone?: 'red' | 'teal';
}

/** A row of totals as the API computes them (never added up here). */
export function Totals({ cells, testId }: { cells: Cell[]; testId: string }) {
  return (
    <Group gap={0} wrap="wrap" mt={4} data-testid={testId} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      {cells.map((c) => (
        <div key={c.key} data-total={c.key} style={{ padding: '2px 14px 0 0', minWidth: 96 }}>
          <Text size="10px" c="dimmed" tt="uppercase" lh={1.3} style={{ letterSpacing: 0.3 }}>
            {c.label}
          </Text>
          <Text size="sm" fw={600} lh={1.3} c={c.tone ? `${c.tone}.8` : undefined} data-value style={{ fontVariantNumeric: 'tabular-nums' }}>
            {c.value}
          </Text>
        </div>
      ))}
    </Group>
  );
}
