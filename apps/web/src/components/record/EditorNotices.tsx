import { Alert, Button, Group } from '@mantine/core';
import { ConflictPanel } from './ConflictPanel';
import type { RecordEditor } from './useRecordEditor';
import type { Versioned } from './useRecordForm';

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

interface RecordEditorNoticesProps {
  editor: RecordEditor;
  /** The record in words, e.g. 'job', 'project'. */
  noun: string;
  /** The live record (what 'Take their changes' and 'Discard' start from). */
  record: Versioned;
  fieldLabel: (field: string) => string;
}

/** A record editor's notices: a 409 (the conflict panel), someone else's save, fields both changed, the save error. */
export function RecordEditorNotices({ editor, noun, record, fieldLabel }: RecordEditorNoticesProps) {
  const { form, conflict } = editor;
  const names = (fields: string[]) => fields.map(fieldLabel).join(', ');
  return (
    <>
      <ConflictPanel control={conflict} noun={noun} labelOf={fieldLabel} />
      {!conflict.conflict && form.stale.length > 0 && (
        <StaleNotice noun={noun} changed={names(form.stale)} onMerge={() => form.mergeWith(record)} onDiscard={() => form.reset(record)} />
      )}
      {form.conflicts.length > 0 && (
        <Alert color="orange" variant="light" p="xs">
          Both of you changed: {names(form.conflicts)} (your values are shown).
        </Alert>
      )}
      <SaveErrorNotice error={editor.saveError} onClose={editor.clearSaveError} />
    </>
  );
}
