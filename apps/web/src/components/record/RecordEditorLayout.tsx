/**
 * A record page's live editor as every area lays it out (orders, RFQs, organizations, help tickets):
 * the section bar with the area's own buttons then History and As of, the editor's notices
 * (conflict, stale, save error), then the area's sections; and what an editor gives its form. The area
 * says only its buttons, its form and its sections.
 */
import type { ReactNode } from 'react';
import { Grid, Stack } from '@mantine/core';
import { RecordEditorNotices } from './EditorNotices';
import type { RecordFormProps } from './FieldGrid';
import { RecordEditorActions } from './RecordEditorActions';
import { RecordSectionBar, type RecordDetailDeclaration } from './RecordDetailPage';
import type { RecordRef } from './recordRef';
import type { RecordEditor } from './useRecordEditor';
import type { Versioned } from './useRecordForm';

interface Props<D extends Versioned> {
  of: RecordDetailDeclaration<D>;
  record: D;
  editor: RecordEditor;
  /** The record in words ('organization'): the notices, and the history buttons unless `historyNoun`. */
  noun: string;
  /** The history buttons' noun when it is not `noun` (their test ids: 'help'). */
  historyNoun?: string;
  /** The record whose history and past the buttons show. */
  history: RecordRef;
  fieldLabel: (field: string) => string;
  onAsOf: (iso: string) => void;
  /** The area's own buttons, before History (Submit, Make job). */
  actions?: ReactNode;
  /** The page's sections. */
  children: ReactNode;
}

export function RecordEditorLayout<D extends Versioned>({ of, record, editor, noun, historyNoun, history, fieldLabel, onAsOf, actions, children }: Props<D>) {
  return (
    <Stack gap="xs">
      <RecordSectionBar of={of} record={record}>
        {actions}
        <RecordEditorActions editor={editor} noun={historyNoun ?? noun} area={of.listPath} record={history} fieldLabel={fieldLabel} onAsOf={onAsOf} />
      </RecordSectionBar>
      <RecordEditorNotices editor={editor} noun={noun} record={record} fieldLabel={fieldLabel} />
      {children}
    </Stack>
  );
}

export type { RecordFormProps };

/** The dense 12-column grid a record form lays its fields on. */
export const FormGrid = ({ children }: { children: ReactNode }) => (
  <Grid columnGap="xs" rowGap={4} columns={12}>
    {children}
  </Grid>
);
