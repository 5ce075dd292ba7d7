import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';

interface Props {
  opened: boolean;
  title: string;
  label: string;
  submitLabel: string;
  onClose: () => void;
  /** Resolves when done; a rejection's message stays shown in the modal. */
  onSubmit: (value: string) => Promise<void>;
}

/** A one-question modal (find by supplier code, find by work request). */
export function PromptModal({ opened, title, label, submitLabel, onClose, onSubmit }: Props) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setValue('');
    setError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(value.trim());
      setValue('');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} size="sm">
      <form onSubmit={submit}>
        <Stack gap="sm">
          {error && (
            <Alert color="red" variant="light" p="xs">
              {error}
            </Alert>
          )}
          <TextInput label={label} data-autofocus value={value} onChange={(e) => setValue(e.currentTarget.value)} />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={close}>
              Cancel
            </Button>
            <Button size="xs" type="submit" loading={busy} disabled={!value.trim()}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
