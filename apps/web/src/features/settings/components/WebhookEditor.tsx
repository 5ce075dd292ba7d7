import { useState, type FormEvent } from 'react';
import { Button, CopyButton, Group, Modal, MultiSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { ModalButtons } from '../../../components/record/ModalButtons';
import { confirmAction } from '../../../lib/confirm';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useRotateSecret, useSaveWebhook, useWebhookTopics, type Webhook, type WebhookValues } from '../api/webhooks';

const EMPTY: WebhookValues = { url: '', description: '', topics: [], active: true };

/** The secret, hidden until asked for, with copy and rotate: receivers check every delivery's signature with it. */
export function WebhookSecret({ hook }: { hook: Webhook }) {
  const message = useMessage();
  const rotate = useRotateSecret();
  const [shown, setShown] = useState(false);
  const rotateNow = () => {
    if (!confirmAction('Rotate the secret? Deliveries from now on are signed with the new one: your receiver must use it at once.')) return;
    rotate.mutate(hook.id, { onSuccess: () => message('Secret rotated: give your receiver the new one.', 'success'), onError: (e) => message(errorText(e), 'error') });
  };
  return (
    <Group gap={6} wrap="nowrap">
      <TextInput
        size="xs"
        readOnly
        label="Signing secret"
        aria-label="Signing secret"
        value={shown ? hook.secret : '•'.repeat(24)}
        style={{ flex: 1 }}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <Button size="compact-xs" variant="subtle" mt={18} onClick={() => setShown((s) => !s)}>
        {shown ? 'Hide' : 'Show'}
      </Button>
      <CopyButton value={hook.secret}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="light" color={copied ? 'teal' : 'blue'} mt={18} onClick={copy}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
      <Button size="compact-xs" variant="light" color="orange" mt={18} loading={rotate.isPending} onClick={rotateNow}>
        Rotate
      </Button>
    </Group>
  );
}

interface Props {
  /** The webhook edited, or null for a new one. */
  hook: Webhook | null;
  onClose: () => void;
  /** A new webhook is shown at once, with its secret to copy. */
  onCreated: (hook: Webhook) => void;
}

/** New or edit: URL, what it is for, the topics it wants (grouped as the server groups them) and whether it is on. */
export function WebhookEditor({ hook, onClose, onCreated }: Props) {
  const message = useMessage();
  const save = useSaveWebhook();
  const topics = useWebhookTopics(true);
  const [values, setValues] = useState<WebhookValues>(hook ? { url: hook.url, description: hook.description ?? '', topics: hook.topics, active: hook.active } : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  // The value is read now: the event's target is gone by the time an updater runs.
  const set = <K extends keyof WebhookValues>(k: K, value: WebhookValues[K]) => setValues((v) => ({ ...v, [k]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id: hook?.id ?? null, values: { ...values, url: values.url.trim(), description: values.description.trim() } },
      {
        onSuccess: (saved) => {
          message(hook ? 'Webhook saved.' : 'Webhook added: copy its secret for your receiver.', 'success');
          if (!hook && saved) onCreated(saved as Webhook);
          else onClose();
        },
        onError: (err) => {
          setErrors(isApiError(err) ? err.fields : {});
          setError(errorText(err));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={hook ? 'Edit webhook' : 'New webhook'} size="lg">
      <form onSubmit={submit} aria-label={hook ? 'Edit webhook' : 'New webhook'}>
        <Stack gap="xs">
          <TextInput size="xs" label="URL" required placeholder="https://erp.example.com/trenchline" value={values.url} onChange={(e) => set('url', e.currentTarget.value)} error={errors.url} data-autofocus />
          <TextInput size="xs" label="Description" placeholder="What receives it" value={values.description} onChange={(e) => set('description', e.currentTarget.value)} error={errors.description} />
          <MultiSelect
            size="xs"
            label="Topics"
            description="The events and notifications it receives"
            placeholder={values.topics.length ? undefined : 'Pick topics'}
            searchable
            clearable
            data={(topics.data?.groups ?? []).map((g) => ({ group: g.group, items: g.topics }))}
            value={values.topics}
            onChange={(t) => set('topics', t)}
            error={errors.topics}
            maxDropdownHeight={280}
            comboboxProps={{ withinPortal: true }}
          />
          <Switch size="xs" label="Active: deliveries are sent" checked={values.active} onChange={(e) => set('active', e.currentTarget.checked)} />
          {hook && <WebhookSecret hook={hook} />}
          {!hook && (
            <Text size="xs" c="dimmed">
              Trenchline makes its signing secret when you add it.
            </Text>
          )}
          <ModalButtons error={error} onClose={onClose}>
            <Button size="xs" type="submit" loading={save.isPending}>
              {hook ? 'Save' : 'Add webhook'}
            </Button>
          </ModalButtons>
        </Stack>
      </form>
    </Modal>
  );
}

/** A just-made webhook's secret, to copy once before closing. */
export function NewWebhookSecret({ hook, onClose }: { hook: Webhook; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Webhook added" size="lg">
      <Stack gap="xs">
        <Text size="xs">
          Deliveries to <b>{hook.url}</b> are signed with this secret. Give it to your receiver; you can see, copy and rotate it here any time.
        </Text>
        <WebhookSecret hook={hook} />
        <Group justify="flex-end">
          <Button size="xs" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
