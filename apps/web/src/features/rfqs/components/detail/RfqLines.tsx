import { rfqFiles, rfqNotes } from '@trenchline/domain';
import { EditableTable } from '../../../../components/lines/EditableTable';
import { PdfBundleSection } from '../../../../components/record/PdfBundleSection';
import { rfqKey, type RfqDetail } from '../../api/types';
import { RfqSegments } from './RfqSegments';
import { Section } from './sections';

/** The RFQ's lines: segments with their estimates, notes and the PDF bundle (upload, view). */
export function RfqLines({ rfq, readOnly }: { rfq: RfqDetail; readOnly?: boolean }) {
  const recordKey = rfqKey(rfq.id);
  return (
    <>
      <Section id="segments">
        <RfqSegments rfq={rfq} readOnly={readOnly} />
      </Section>
      <Section id="notes">
        <EditableTable key={`notes-${rfq.id}`} def={rfqNotes} title="Notes" rows={rfq.notes ?? []} parentId={rfq.id} recordKey={recordKey} readOnly={readOnly} />
      </Section>
      <Section id="bundle">
        <PdfBundleSection def={rfqFiles} parentId={rfq.id} recordKey={recordKey} files={rfq.pdf_bundles ?? []} readOnly={readOnly} title="PDF bundle" />
      </Section>
    </>
  );
}
