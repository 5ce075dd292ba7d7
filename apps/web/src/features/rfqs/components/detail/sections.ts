import { recordSections } from '../../../../components/record/Section';

/** The sections of the RFQ page, in the order they are laid out; the section bar lists them. */
export const RFQ_SECTIONS = [
  { id: 'details', label: 'Details' },
  { id: 'segments', label: 'Segments' },
  { id: 'notes', label: 'Notes' },
  { id: 'bundle', label: 'PDF bundle' },
] as const;

export type RfqSectionId = (typeof RFQ_SECTIONS)[number]['id'];

/** The page's sections' anchors (#rfq-<id>), the section bar's jump, and its `Section`. */
export const { anchor: rfqSectionAnchor, scrollTo: scrollToRfqSection, Section } = recordSections<RfqSectionId>('rfq');
