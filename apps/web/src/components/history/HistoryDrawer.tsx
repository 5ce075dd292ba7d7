import type { ReactNode } from 'react';
import { Alert, Badge, Drawer, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { collections } from '@trenchline/domain';
import { showDateTime } from '../../lib/dates';
import { errorText } from '../../lib/http';
import { WaitMessage } from '../WaitMessage';
import { entryKey, eventLabel, lineOf, newestFirst, showValue, wordsOf, type HistoryEntry } from './format';

export interface HistoryDrawerProps<T extends HistoryEntry> {
  opened: boolean;
  onClose: () => void;
  /** The drawer's title, which also names it for screen readers, e.g. 'History of crew North Bore'. */
  title: string;
  /** The record's history, oldest first as the API answers it; undefined while it loads. */
  entries: readonly T[] | undefined;
  /** Why the history could not be read. */
  error?: unknown;
  /** What a changed field is called (its words by default, 'crew_name' -> 'Crew name'). */
  fieldLabel?: (field: string, entry: T) => string;
  /** What a line event's collection is called ('bid_items' -> 'Item'); the domain's noun by default. */
  collectionLabel?: (collection: string) => string | undefined;
  /** Buttons at the right of an entry, e.g. 'As of this'. */
  actions?: (entry: T) => ReactNode;
  /** Shown under an entry's changes, e.g. the record as it stood then. */
  detail?: (entry: T) => ReactNode;
}

const domainNoun = (name: string) => collections().find((c) => c.name === name)?.noun;

function Entry<T extends HistoryEntry>({ entry, fieldLabel, collectionLabel, actions, detail }: { entry: T } & Pick<HistoryDrawerProps<T>, 'fieldLabel' | 'collectionLabel' | 'actions' | 'detail'>) {
  const line = lineOf(entry, collectionLabel ?? domainNoun);
  return (
    <Paper withBorder p={6} radius="sm" data-history-entry data-event={entry.type}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap={6} wrap="wrap">
          <Text size="xs" fw={700}>
            {showDateTime(entry.at)}
          </Text>
          <Text size="xs">{entry.user_name}</Text>
          <Badge size="xs" variant="light">
            {eventLabel(entry.type)}
          </Badge>
          {line && (
            <Text size="xs" c="dimmed">
              {line}
            </Text>
          )}
        </Group>
        {actions?.(entry)}
      </Group>
      {entry.changes.length > 0 && (
        <Table fz="xs" verticalSpacing={1} horizontalSpacing={4} mt={4}>
          <Table.Tbody>
            {entry.changes.map((c) => (
              <Table.Tr key={c.field}>
                <Table.Td w={140} c="dimmed">
                  {fieldLabel ? fieldLabel(c.field, entry) : wordsOf(c.field)}
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>
                  <Text span fz="xs" td="line-through" c="dimmed">
                    {showValue(c.old)}
                  </Text>
                  {' → '}
                  <Text span fz="xs" fw={600}>
                    {showValue(c.new)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {detail?.(entry)}
    </Paper>
  );
}

/** Who changed what and when, newest first: each event in words and each field's old -> new value. */
export function HistoryDrawer<T extends HistoryEntry>({ opened, onClose, title, entries, error, ...entryProps }: HistoryDrawerProps<T>) {
  const shown = newestFirst(entries);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={title} padding="sm">
      {error ? (
        <Alert color="red">{errorText(error)}</Alert>
      ) : !entries ? (
        <WaitMessage />
      ) : shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          No history.
        </Text>
      ) : (
        <Stack gap={6}>
          {shown.map((e) => (
            <Entry key={entryKey(e)} entry={e} {...entryProps} />
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
