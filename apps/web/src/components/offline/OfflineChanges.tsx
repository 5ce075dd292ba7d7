/**
 * The offline changes the sync could not send, for the user to settle: a field someone else changed
 * meanwhile on the same ConflictPanel as online (keep mine or take theirs, then it is sent again from
 * the version as it now stands), or a change the server refused, with its words, to drop.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Drawer, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ConflictPanel } from '../record/ConflictPanel';
import { conflictOf, keepMine, type Choices } from '../record/conflictLogic';
import { ApiError } from '../../lib/http';
import { useEntriesToSettle } from '../../lib/offline/outbox';
import { settled, type Entry } from '../../lib/offline/outboxLogic';
import { dropEntry, settleEntry } from '../../lib/offline/syncOutbox';

/** 'work_date' → 'Work date': the outbox knows no area's labels. */
const fieldWords = (field: string) => field.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

const conflictIn = (e: Entry) => (e.answer ? conflictOf(new ApiError(e.method, e.url, e.answer.status, '', e.answer.body, '')) : null);

function ToSettle({ entry, owner }: { entry: Entry; owner: string }) {
  const qc = useQueryClient();
  const conflict = conflictIn(entry);
  const [choices, setChoices] = useState<Choices>(() => (conflict ? keepMine(conflict) : {}));
  const [saving, setSaving] = useState(false);
  const drop = () => void dropEntry(entry, qc);
  if (!conflict || entry.state === 'failed')
    return (
      <Alert color="red" variant="light" p="xs" title={entry.label} data-outbox-entry={entry.key}>
        <Text size="sm">{entry.answer?.body.message ?? 'The server refused this change.'}</Text>
        <Button size="compact-sm" variant="default" mt={6} onClick={drop}>
          Drop this change
        </Button>
      </Alert>
    );
  return (
    <div data-outbox-entry={entry.key}>
      <Text size="sm" fw={600} mb={4}>
        {entry.label}
      </Text>
      <ConflictPanel
        noun={entry.noun ?? 'record'}
        labelOf={fieldWords}
        control={{
          conflict,
          choices,
          choose: (field, choice) => setChoices((c) => ({ ...c, [field]: choice })),
          mine: (field) => entry.body?.[field],
          resolve: () => {
            setSaving(true);
            void settleEntry(settled(entry, conflict, choices), entry, owner, qc).finally(() => setSaving(false));
          },
          discard: drop,
          dismiss: () => undefined,
          saving,
        }}
      />
    </div>
  );
}

/** The header's "N to settle" and its drawer; nothing while every change went through. */
export function OfflineChanges({ owner }: { owner: string | null }) {
  const entries = useEntriesToSettle(owner);
  const [opened, setOpened] = useState(false);
  if (!owner || entries.length === 0) return null;
  return (
    <>
      <Badge component="button" color="orange" variant="filled" size="lg" style={{ cursor: 'pointer' }} onClick={() => setOpened(true)} data-testid="offline-to-settle">
        {entries.length} offline {entries.length === 1 ? 'change' : 'changes'} to settle
      </Badge>
      <Drawer opened={opened} onClose={() => setOpened(false)} position="right" size="lg" title="Offline changes">
        <Stack gap="md">
          {entries.map((e) => (
            <ToSettle key={e.key} entry={e} owner={owner} />
          ))}
        </Stack>
      </Drawer>
    </>
  );
}
