import { Alert, Button, Group } from '@mantine/core';

/** Someone else saved the record while the user has unsaved edits: the user takes their changes or discards the edits. */
export function StaleNotice({ noun, changed, onMerge, onDiscard }: { noun: string; changed: string; onMerge: () => void; onDiscard: () => void }) {
  return (
    <Alert color="yellow" variant="light" p="xs" title={`Someone else changed this ${noun} while you were editing`} data-testid="stale-notice">
      Changed by them: {changed}. Your unsaved edits are still here.
      <Group gap="xs" mt={6}>
        <Button size="compact-xs" onClick={onMerge}>
          Take their changes, keep my edits
        </Button>
        <Button size="compact-xs" variant="default" onClick={onDiscard}>
          Discard my edits
        </Button>
      </Group>
    </Alert>
  );
}

/** Why the last save failed, until the user closes it. */
export function SaveErrorNotice({ error, onClose }: { error: string | null; onClose: () => void }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" p="xs" withCloseButton onClose={onClose} role="alert">
      {error}
    </Alert>
  );
}
