import { RecordEditorPage } from '../../../../components/record/RecordEditorPage';
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
  return (
    <RecordEditorPage
      editor={editor}
      noun="locate"
      area="/locate/"
      record={locate}
      recordRef={locateRecord(locate.id)}
      fieldLabel={locateFieldLabel}
      onAsOf={onAsOf}
      title={<LocateTitle locate={locate} />}
      sections={LOCATE_SECTIONS}
      onJump={scrollToLocateSection}
      label="Locate sections"
      buttons={<ReUpButton locate={locate} />}
    >
      {(formProps) => (
        <>
          <Section id="details">
            <LocateForm {...formProps} locate={locate} />
          </Section>
          <LocateSections locate={locate} />
        </>
      )}
    </RecordEditorPage>
  );
}
