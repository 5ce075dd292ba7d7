import { scrollToAnchor } from '../../lib/scroll';

/** The sections of the project page, in the order they are laid out; the section bar lists them. */
export const PROJECT_SECTIONS = [
  { id: 'details', label: 'Details' },
  { id: 'customers', label: 'Customers' },
  { id: 'locations', label: 'Locations' },
  { id: 'contacts', label: 'Contacts' },
  { id: 'notes', label: 'Notes' },
  { id: 'files', label: 'Files' },
] as const;

export type ProjectSectionId = (typeof PROJECT_SECTIONS)[number]['id'];

export const sectionAnchor = (id: ProjectSectionId) => `project-${id}`;

/** Scroll so the section's top sits 150 px below the window's top (spec 1 section 9). */
export function scrollToSection(id: ProjectSectionId) {
  scrollToAnchor(sectionAnchor(id));
}
