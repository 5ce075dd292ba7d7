import { scrollToAnchor } from '../../../../lib/scroll';

/** The sections of the help ticket page, in the order they are laid out; the section bar lists them. */
export const HELP_SECTIONS = [
  { id: 'details', label: 'Ticket' },
  { id: 'updates', label: 'Updates' },
  { id: 'files', label: 'Files' },
] as const;

export type HelpSectionId = (typeof HELP_SECTIONS)[number]['id'];

export const helpSectionAnchor = (id: string) => `help-${id}`;

export const scrollToHelpSection = (id: string) => scrollToAnchor(helpSectionAnchor(id));
