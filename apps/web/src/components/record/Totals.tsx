/** A record's row of totals, as the API computes them (never added up here): the base job's, the ORCA job's, a task's, a ticket's. */
import { Group, Text } from '@mantine/core';
import { useCan } from '../../features/auth';
import { shownCells, type Cell } from './totalsLogic';

export { figureCell, moneyCell, type Cell } from './totalsLogic';

/** The cells the signed-in user is shown: money left out for a role that sees none, and wherever the answer withheld it. */
export const useShownCells = (cells: readonly Cell[]) => shownCells(cells, useCan()('see money'));

/** A row of totals as the API computes them (never added up here). */
export function Totals({ cells, testId }: { cells: readonly Cell[]; testId: string }) {
  const shown = useShownCells(cells);
  return (
    <Group gap={0} wrap="wrap" mt={4} data-testid={testId} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      {shown.map((c) => (
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
