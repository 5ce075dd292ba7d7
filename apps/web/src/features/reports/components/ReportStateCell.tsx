import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { ReportProgress } from '../../../lib/realtime';
import type { ReportRow } from '../api/types';
import { liveProgress, shownState, STATE_COLOUR } from '../reportLogic';

/** The state as a coloured badge; while the worker reports progress, its label and a bar under it. */
export function ReportStateCell({ row, progress, wide }: { row: ReportRow; progress?: ReportProgress; wide?: boolean }) {
  const state = shownState(row, progress);
  const live = liveProgress(row, progress);
  const percent = live && typeof live.percent === 'number' ? Math.max(0, Math.min(100, live.percent)) : null;
  return (
    <Stack gap={2} miw={wide ? 240 : 120} data-state={state}>
      <Group gap={6} wrap="nowrap">
        <Badge size="xs" radius="sm" variant="light" color={STATE_COLOUR[state]} title={row.state === 'failed' && row.error ? row.error : undefined}>
          {state}
        </Badge>
        {live && (
          <Text span fz="xs" c="blue.8" data-testid="report-progress-label">
            {live.label}
          </Text>
        )}
      </Group>
      {live && (
        <Progress
          size={wide ? 'md' : 'sm'}
          value={percent ?? 100}
          striped
          animated
          aria-label={`${row.label}: ${live.label}`}
          data-testid="report-progress"
        />
      )}
    </Stack>
  );
}
