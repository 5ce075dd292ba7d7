import { Stack } from '@mantine/core';
import { RecordEditorNotices } from '../../../../components/record/EditorNotices';
import { RecordEditorActions } from '../../../../components/record/RecordEditorActions';
import { RecordSectionBar } from '../../../../components/record/RecordDetailPage';
import { helpDetail } from './declaration';
import { useRecordEditor } from '../../../../components/record/useRecordEditor';
import { helpCalls } from '../../api/record';
import type { HelpTicketDetail } from '../../api/types';
import { helpFieldLabel } from './fields';
import { helpFormLogic, savedMessageOf, toPayload } from './formLogic';
import { HelpForm } from './HelpForm';
import { HelpSections } from './HelpSections';
import { Section } from './sections';

/**
 * The live help ticket: its fields, updates and files, and its actions (save, history, as of,
 * delete). A failed save says 'Issue detected: ...' (the editor's default); a save that closes the
 * ticket says 'Archived!'.
 */
export function HelpEditor({ ticket, onAsOf }: { ticket: HelpTicketDetail; onAsOf: (iso: string) => void }) {
  const editor = useRecordEditor({
    record: ticket,
    noun: 'help ticket',
    logic: helpFormLogic,
    saveMutation: helpCalls.useSave(),
    toPayload,
    savedMessage: (answer) => savedMessageOf(ticket, answer),
    fieldLabel: helpFieldLabel,
    removeMutation: helpCalls.useRemove(),
    removedMessage: 'Deleted.',
    afterRemove: '/help/',
  });
  const { form } = editor;
  const state = form.state;
  if (!state) return null;

  return (
    <Stack gap="xs">
      <RecordSectionBar of={helpDetail} record={ticket}>
        <RecordEditorActions editor={editor} noun="help" record={helpCalls.record(ticket.id)} fieldLabel={helpFieldLabel} onAsOf={onAsOf} />
      </RecordSectionBar>

      <RecordEditorNotices editor={editor} noun="help ticket" record={ticket} fieldLabel={helpFieldLabel} />

      <Section id="details">
        <HelpForm values={state.draft} onChange={form.setField} errors={editor.fieldErrors} dirty={form.dirtyFields} onEnter={() => void editor.save()} />
      </Section>
      <HelpSections ticket={ticket} />
    </Stack>
  );
}
