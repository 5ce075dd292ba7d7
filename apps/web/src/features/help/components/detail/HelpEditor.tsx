import { RecordEditorLayout, type RecordFormProps } from '../../../../components/record/RecordEditorLayout';
import { helpDetail } from './declaration';
import { useRecordEditor } from '../../../../components/record/useRecordEditor';
import { savedAndDeleted } from '../../../../components/record/savedAndDeleted';
import { helpCalls } from '../../api/record';
import type { HelpTicketDetail } from '../../api/types';
import { helpFieldLabel } from './fields';
import { helpFormLogic, savedMessageOf, toPayload, type HelpFormValues } from './formLogic';
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
    ...savedAndDeleted('/help/'),
    savedMessage: (answer) => savedMessageOf(ticket, answer),
    fieldLabel: helpFieldLabel,
    removeMutation: helpCalls.useRemove(),
  });
  const { form } = editor;
  const state = form.state;
  if (!state) return null;

  return (
    <RecordEditorLayout of={helpDetail} record={ticket} editor={editor} noun="help ticket" historyNoun="help" history={helpCalls.record(ticket.id)} fieldLabel={helpFieldLabel} onAsOf={onAsOf}>
      <HelpPageBody ticket={ticket} form={editor.formProps!} />
    </RecordEditorLayout>
  );
}

/** The ticket's fields, updates and files: live with the editor's form, or read-only as it stood. */
export function HelpPageBody({ ticket, form }: { ticket: HelpTicketDetail; form: RecordFormProps<HelpFormValues> }) {
  return (
    <>
      <Section id="details">
        <HelpForm {...form} />
      </Section>
      <HelpSections ticket={ticket} readOnly={form.readOnly} />
    </>
  );
}
