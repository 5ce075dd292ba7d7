import { recordSections } from '../../../../components/record/Section';

/** The sections of the help ticket page, in the order they are laid out; the section bar lists them. */
export const HELP_SECTIONS = [
  { id: 'details', label: 'Ticket' },
  { id: 'updates', label: 'Updates' },
  { id: 'files', label: 'Files' },
] as const;

export type HelpSectionId = (typeof HELP_SECTIONS)[number]['id'];

/** The page's sections' anchors (#help-<id>), the section bar's jump, and its `Section`. */
export const { anchor: helpSectionAnchor, scrollTo: scrollToHelpSection, Section } = recordSections<HelpSectionId>('help');
