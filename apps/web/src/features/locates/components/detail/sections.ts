import { scrollToAnchor } from '../../../../lib/scroll';

/** The sections of the locate page, in the order they are laid out; the section bar lists them. */
export const LOCATE_SECTIONS = [
  { id: 'details', label: 'Details' },
  { id: 'locate_numbers', label: 'Locate numbers' },
  { id: 'customer_data', label: 'Customer data' },
  { id: 'crews', label: 'Crews' },
  { id: 'notes', label: 'Notes' },
] as const;

export type LocateSectionId = (typeof LOCATE_SECTIONS)[number]['id'];

export const locateSectionAnchor = (id: string) => `locate-${id}`;

export const scrollToLocateSection = (id: string) => scrollToAnchor(locateSectionAnchor(id));
