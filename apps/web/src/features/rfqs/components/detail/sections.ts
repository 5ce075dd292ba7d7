import { scrollToAnchor } from '../../../../lib/scroll';

/** The sections of the RFQ page, in the order they are laid out; the section bar lists them. */
export const RFQ_SECTIONS = [
  { id: 'details', label: 'Details' },
  { id: 'segments', label: 'Segments' },
  { id: 'notes', label: 'Notes' },
  { id: 'bundle', label: 'PDF bundle' },
] as const;

export type RfqSectionId = (typeof RFQ_SECTIONS)[number]['id'];

export const rfqSectionAnchor = (id: string) => `rfq-${id}`;

export const scrollToRfqSection = (id: string) => scrollToAnchor(rfqSectionAnchor(id));
