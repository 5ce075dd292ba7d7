import { recordSections } from '../../../../components/record/Section';

/** The sections of the ticket page (spec 3 "Ticket detail"), in the order they are laid out; the section bar lists them. */
export const TICKET_SECTIONS = [
  { id: 'details', label: 'Details' },
  { id: 'productions', label: 'Production' },
  { id: 'items', label: 'Items' },
  { id: 'equipment', label: 'Equipment' },
  { id: 'materials', label: 'Materials' },
  { id: 'expenses', label: 'Expenses' },
  { id: 'timecards', label: 'Timecards' },
  { id: 'payroll', label: 'Payroll' },
  { id: 'customer_data', label: 'Customer data' },
  { id: 'notes', label: 'Notes' },
  { id: 'damagereports', label: 'Damage reports' },
  { id: 'photos', label: 'Photos' },
  { id: 'signatures', label: 'Signatures' },
] as const;

export type TicketSectionId = (typeof TICKET_SECTIONS)[number]['id'];

/** The page's sections' anchors (#ticket-<id>), the section bar's jump, and its `Section`. */
export const { anchor: ticketSectionAnchor, scrollTo: scrollToTicketSection, Section } = recordSections<TicketSectionId>('ticket');
