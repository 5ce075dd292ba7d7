import { Button, Switch } from '@mantine/core';
import { useCan } from '../../features/auth';
import { AsOfPicker } from './AsOfControl';
import { RecordHistoryButton } from './RecordHistoryButton';
import type { RecordRef } from './recordRef';
import type { RecordEditor } from './useRecordEditor';

interface Props {
  editor: RecordEditor;
  /** The record in words, e.g. 'job', 'project' (also names the buttons' test ids). */
  noun: string;
  /** The record's area, its web path ('/job/'): whether its own fields are written here (`{ writeRecords }`). */
  area: string;
  /** The record whose history and past are shown. */
  record: RecordRef;
  fieldLabel: (field: string) => string;
  /** Open the record as it stood at an instant. */
  onAsOf: (iso: string) => void;
}

/** A record editor's actions: Archived, Save, History, As of, Delete (a user who cannot write the record, an auditor or a field user on a job, gets History and As of only). */
export function RecordEditorActions({ editor, noun, area, record, fieldLabel, onAsOf }: Props) {
  const { form } = editor;
  const writes = useCan()({ writeRecords: area });
  if (!writes)
    return (
      <>
        <RecordHistoryButton noun={noun} record={record} fieldLabel={fieldLabel} onAsOf={onAsOf} />
        <AsOfPicker onPick={onAsOf} />
      </>
    );
  return (
    <>
      <Switch size="xs" label="Archived" checked={Boolean(form.state?.draft.archived)} onChange={(e) => form.setField('archived', e.currentTarget.checked)} />
      <Button size="xs" onClick={() => void editor.save()} loading={editor.saving} variant={form.dirty ? 'filled' : 'light'} data-testid={`save-${noun}`}>
        Save
      </Button>
      <RecordHistoryButton noun={noun} record={record} fieldLabel={fieldLabel} onAsOf={onAsOf} />
      <AsOfPicker onPick={onAsOf} />
      <Button size="xs" color="red" variant="light" onClick={editor.remove} loading={editor.removing} data-testid={`delete-${noun}`}>
        Delete
      </Button>
    </>
  );
}
