import { rfqFiles, rfqNotes } from '@trenchline/domain';
import { linesOf, RecordLineTable } from '../../../../components/lines/RecordLineTable';
import { PdfBundleSection } from '../../../../components/record/PdfBundleSection';
import { rfqKey, type RfqDetail } from '../../api/types';
import { RfqSegments } from './RfqSegments';
import { Section } from './sections';

/** The RFQ's lines: segments with their estimates, notes and the PDF bundle (upload, view). */
export function RfqLines({ rfq, readOnly }: { rfq: RfqDetail; readOnly?: boolean }) {
  const lines = linesOf(rfq.id, rfqKey(rfq.id), readOnly);
  return (
    <>
      <Section id="segments">
        <RfqSegments rfq={rfq} readOnly={readOnly} />
      </Section>
      <Section id="notes">
        <RecordLineTable {...lines} def={rfqNotes} title="Notes" rows={rfq.notes} />
      </Section>
      <Section id="bundle">
        <PdfBundleSection {...lines} def={rfqFiles} files={rfq.pdf_bundles ?? []} title="PDF bundle" />
      </Section>
    </>
  );
}
