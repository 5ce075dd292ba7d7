import type { ComponentProps, ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useCan } from '../../features/auth';
import { RecordEditorNotices } from './EditorNotices';
import { RecordEditorActions } from './RecordEditorActions';
import type { RecordRef } from './recordRef';
import { SectionBar } from './SectionBar';
import type { RecordEditor } from './useRecordEditor';
import type { Versioned } from './useRecordForm';

/** What a record's form is given: the editor's props, and readOnly when the role does not write the record (an auditor; a field user on a job). */
export type EditorFormProps<E extends RecordEditor> = NonNullable<E['formProps']> & { readOnly?: boolean };

interface Props<E extends RecordEditor> extends Omit<ComponentProps<typeof SectionBar>, 'children'> {
  /** The area's editor (`useRecordEditor`): its form's values keep the area's type. */
  editor: E;
  /** The record in words ('job', 'locate'): the buttons' test ids and the notices. */
  noun: string;
  /** The record's area, its web path ('/job/'): whether Save, Delete and Archived are offered. */
  area: string;
  /** The record as the server holds it (the notices compare its version). */
  record: Versioned;
  /** The record whose history and past are shown. */
  recordRef: RecordRef;
  fieldLabel: (field: string) => string;
  onAsOf: (iso: string) => void;
  /** The area's own buttons, before Save, History, As of and Delete (Re-up, Approve). */
  buttons?: ReactNode;
  /** The page below the head: the record's form (given what it takes from the editor, read-only to a role that does not write the record) and its sections. */
  children: (formProps: EditorFormProps<E>) => ReactNode;
}

/**
 * A record's editor page, the same frame on every area's: nothing until the form has its state; then
 * the section bar (title, jumps, totals) holding the area's own buttons and the editor's actions, the
 * stale and failed-save notices, and the area's form and sections below.
 */
export function RecordEditorPage<E extends RecordEditor>({ editor, noun, area, record, recordRef, fieldLabel, onAsOf, buttons, children, ...bar }: Props<E>) {
  const writes = useCan()({ writeRecords: area });
  const formProps = editor.formProps as NonNullable<E['formProps']> | null;
  if (!formProps) return null;
  return (
    <Stack gap="xs">
      <SectionBar {...bar}>
        {buttons}
        <RecordEditorActions editor={editor} noun={noun} area={area} record={recordRef} fieldLabel={fieldLabel} onAsOf={onAsOf} />
      </SectionBar>
      <RecordEditorNotices editor={editor} noun={noun} record={record} fieldLabel={fieldLabel} />
      {children(writes ? formProps : { ...formProps, readOnly: true })}
    </Stack>
  );
}
