/**
 * The pieces of a record page's title line (every area's): the line itself, Archived, the status badge, the days to a due date and who changed it
 * last when, so every area's title words and draws them alike and says only what is its own.
 */
import type { ReactNode } from 'react';
import { Badge, Group, Text, type MantineColor } from '@mantine/core';
import { DaysToDue } from '../table/DaysToDue';
import { showDateTime } from '../../lib/dates';

/** The title line: its pieces side by side, wrapping on a narrow screen. */
export const TitleLine = ({ children }: { children: ReactNode }) => (
  <Group gap="sm" wrap="wrap">
    {children}
  </Group>
);

/** 'Archived' in grey while the record is archived. */
export function ArchivedBadge({ archived, testId }: { archived?: boolean | null; testId?: string }) {
  if (!archived) return null;
  return (
    <Badge size="sm" color="gray" data-testid={testId}>
      Archived
    </Badge>
  );
}

/** The record's status as a light badge, when it has one. */
export function StatusBadge({ status, color, testId }: { status?: string | null; color?: MantineColor; testId: string }) {
  if (!status) return null;
  return (
    <Badge size="sm" variant="light" color={color} data-testid={testId}>
      {status}
    </Badge>
  );
}

/** A label ('Days left', 'Expires …') and the days on their colour: red under 4, orange under 7. */
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

/** The days left to a due date on their colour ('Days to bid due'), when there is a date. */
export function DaysLeft({ label, days, colour }: { label: string; days: number | null; colour: 'red' | 'orange' | null }) {
  return days === null ? null : <TitleDays label={label} days={days} colour={colour} />;
}

/** When the record last changed, and by whom when the record says. */
export function UpdatedText({ at, by }: { at: unknown; by?: string | null }) {
  return (
    <Text size="xs" c="dimmed">
      Updated {showDateTime(at)}
      {by ? ` by ${by}` : ''}
    </Text>
  );
}
