import { Stack } from '@mantine/core';
import { RecordEditorNotices } from '../../../../components/record/EditorNotices';
import { RecordEditorActions } from '../../../../components/record/RecordEditorActions';
import { SectionBar } from '../../../../components/record/SectionBar';
import { useRecordEditor } from '../../../../components/record/useRecordEditor';
import { errorText } from '../../../../lib/http';
import { useDeleteLocate } from '../../api/deleteLocate';
import { locateRecord } from '../../api/getLocate';
import type { LocateDetail } from '../../api/locateTypes';
import { useSaveLocate } from '../../api/saveLocate';
import { locateFieldLabel } from './fields';
import { locateFormLogic, toPayload } from './formLogic';
import { LocateForm } from './LocateForm';
import { LocateSections } from './LocateSections';
import { LocateTitle } from './LocateTitle';
import { ReUpButton } from './ReUpModal';
import { LOCATE_SECTIONS, scrollToLocateSection, Section } from './sections';

/** Spec 3 section 8: a failed locate save shows the server's response. */
const failed = (e: unknown) => ({ notice: errorText(e), message: errorText(e) });

/** The live locate: its current ticket, lines and actions (re-up, save, history, as of, delete). */
export function LocateEditor({ locate, onAsOf }: { locate: LocateDetail; onAsOf: (iso: string) => void }) {
  const editor = useRecordEditor({
    record: locate,
    noun: 'locate',
    logic: locateFormLogic,
    saveMutation: useSaveLocate(),
    toPayload,
    savedMessage: () => 'Saved successfully!',
    failed,
    fieldLabel: locateFieldLabel,
    removeMutation: useDeleteLocate(),
    removedMessage: 'Deleted.',
    afterRemove: '/locate/',
  });
  const { form } = editor;
  const state = form.state;
  if (!state) return null;

  return (
    <Stack gap="xs">
      <SectionBar title={<LocateTitle locate={locate} />} sections={LOCATE_SECTIONS} onJump={scrollToLocateSection} label="Locate sections">
        <ReUpButton locate={locate} />
        <RecordEditorActions editor={editor} noun="locate" record={locateRecord(locate.id)} fieldLabel={locateFieldLabel} onAsOf={onAsOf} />
      </SectionBar>

      <RecordEditorNotices editor={editor} noun="locate" record={locate} fieldLabel={locateFieldLabel} />

      <Section id="details">
        <LocateForm values={state.draft} locate={locate} onChange={form.setField} errors={editor.fieldErrors} dirty={form.dirtyFields} onEnter={() => void editor.save()} />
      </Section>
      <LocateSections locate={locate} />
    </Stack>
  );
}
