/**
 * The small facts a record's title line shows beside its name, worded and styled once for every area:
 * the Archived badge, the days to a date on their colour, and when (and by whom) it last changed.
 */
import type { ReactNode } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { showDateTime } from '../../lib/dates';
import { DaysToDue } from '../table/DaysToDue';

/** 'Archived' in grey, only on an archived record. */
export function ArchivedBadge({ archived }: { archived: boolean | null | undefined }) {
  if (!archived) return null;
  return (
    <Badge size="sm" color="gray">
      Archived
    </Badge>
  );
}

/** 'Days left' (or the area's words) and the days on their colour: red under 4, orange under 7. */
export function TitleDays({ label, days, colour, testId }: { label: ReactNode; days: number | null | undefined; colour: 'red' | 'orange' | null; testId?: string }) {
  return (
    <Group gap={4} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <DaysToDue days={days} colour={colour} />
    </Group>
  );
}

/** 'Updated {when}', with ' by {who}' where the record says who. */
export function UpdatedLine({ at, by }: { at: unknown; by?: string | null }) {
  return (
    <Text size="xs" c="dimmed">
      Updated {showDateTime(at)}
      {by ? ` by ${by}` : ''}
    </Text>
  );
}
