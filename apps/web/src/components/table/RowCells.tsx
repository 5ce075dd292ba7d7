import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Group, Loader, Text } from '@mantine/core';

/** A list row's name: a link that opens its record, or, while the server makes the record, a spinner and dimmed text. */
export function RowName({ pending, pendingText, onOpen, children }: { pending?: boolean; pendingText: ReactNode; onOpen: () => void; children: ReactNode }) {
  if (pending)
    return (
      <Group gap={4} wrap="nowrap">
        <Loader size={10} />
        <Text span fz="xs" c="dimmed">
          {pendingText}
        </Text>
      </Group>
    );
  return (
    <Anchor component="button" fz="xs" onClick={onOpen}>
      {children}
    </Anchor>
  );
}

/** A list row's own buttons, then its delete cross; `name` says which record, e.g. 'routine 12'. */
export function RowActions({ name, onDelete, children }: { name: string; onDelete: () => void; children?: ReactNode }) {
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {children}
      <ActionIcon size="sm" variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${name}`} title="Delete">
        ✕
      </ActionIcon>
    </Group>
  );
}
