/**
 * The ticket's updates, newest first: who wrote each, when, its status (changed in place) and its
 * text; and the form to post one. Updates others post arrive live (the record room refetches the
 * ticket).
 */
import { useState } from 'react';
import { Button, Group, NativeSelect, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { HELP_UPDATE_STATUSES } from '@trenchline/domain';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { showDateTime } from '../../../../lib/dates';
import { usePostUpdate } from '../../api/postUpdate';
import { useSaveUpdate } from '../../api/saveUpdate';
import type { HelpUpdate } from '../../api/types';
import { canPost, NEW_UPDATE_STATUS, updatesNewestFirst } from './formLogic';

interface Props {
  ticketId: string;
  updates: HelpUpdate[];
  readOnly?: boolean;
}

export function UpdatesSection({ ticketId, updates, readOnly }: Props) {
  const shown = updatesNewestFirst(updates);
  return (
    <section aria-label="Updates">
      <Title order={5} mb={4}>
        Updates ({updates.length})
      </Title>
      {!readOnly && <NewUpdateForm ticketId={ticketId} />}
      <Stack gap={6} mt={6} data-testid="help-updates">
        {shown.length === 0 && (
          <Text size="xs" c="dimmed">
            No updates yet.
          </Text>
        )}
        {shown.map((u) => (
          <UpdateCard key={u.id} ticketId={ticketId} update={u} readOnly={readOnly} />
        ))}
      </Stack>
    </section>
  );
}

function NewUpdateForm({ ticketId }: { ticketId: string }) {
  const message = useMessage();
  const post = usePostUpdate(ticketId);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<string>(NEW_UPDATE_STATUS);
  const send = () => {
    if (!canPost(text)) return;
    post.mutate(
      { update: text.trim(), update_status: status },
      {
        onSuccess: () => {
          setText('');
          setStatus(NEW_UPDATE_STATUS);
          message('Update posted.', 'success');
        },
        onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
      },
    );
  };
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <Textarea
        size="xs"
        label="New update"
        placeholder="What happened, what is needed..."
        autosize
        minRows={2}
        maxRows={8}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          // Ctrl/Cmd+Enter posts; Enter alone is a new line.
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            send();
          }
        }}
        style={{ flex: 1, minWidth: 260 }}
        aria-label="New update"
      />
      <NativeSelect size="xs" label="Status" data={[...HELP_UPDATE_STATUSES]} value={status} onChange={(e) => setStatus(e.currentTarget.value)} w={230} aria-label="New update status" />
      <Button size="xs" onClick={send} loading={post.isPending} disabled={!canPost(text)} data-testid="post-update">
        Post update
      </Button>
    </Group>
  );
}

function UpdateCard({ ticketId, update, readOnly }: { ticketId: string; update: HelpUpdate; readOnly?: boolean }) {
  const message = useMessage();
  const save = useSaveUpdate(ticketId);
  const status = update.update_status ?? '';
  const setStatus = (next: string) => {
    if (next === status) return;
    save.mutate(
      { id: update.id, values: { update_status: next || null }, version: typeof update.version === 'number' ? update.version : undefined },
      {
        onSuccess: () => message('Saved successfully!', 'success'),
        onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
      },
    );
  };
  return (
    <Paper withBorder p={6} radius="sm" data-update-id={update.id}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          <Text span fw={600} c="dark" size="xs" data-testid="update-by">
            {update.created_by || 'Someone'}
          </Text>{' '}
          {showDateTime(update.created_date)}
        </Text>
        {readOnly ? (
          <Text size="xs">{status || '—'}</Text>
        ) : (
          <NativeSelect
            size="xs"
            data={status && !(HELP_UPDATE_STATUSES as readonly string[]).includes(status) ? [status, ...HELP_UPDATE_STATUSES] : [...HELP_UPDATE_STATUSES]}
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value)}
            disabled={save.isPending}
            aria-label={`Status of the update by ${update.created_by ?? 'someone'}`}
            w={230}
          />
        )}
      </Group>
      <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="update-text">
        {update.update}
      </Text>
    </Paper>
  );
}
