import { recordSections } from '../../../../components/record/Section';

/** The sections of the locate page, in the order they are laid out; the section bar lists them. */
export const LOCATE_SECTIONS = [
  { id: 'details', label: 'Details' },
  { id: 'locate_numbers', label: 'Locate numbers' },
  { id: 'customer_data', label: 'Customer data' },
  { id: 'crews', label: 'Crews' },
  { id: 'notes', label: 'Notes' },
] as const;

export type LocateSectionId = (typeof LOCATE_SECTIONS)[number]['id'];

/** The page's sections' anchors (#locate-<id>), the section bar's jump, and its `Section`. */
export const { anchor: locateSectionAnchor, scrollTo: scrollToLocateSection, Section } = recordSections<LocateSectionId>('locate');
