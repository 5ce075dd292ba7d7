/** The sections of the base job detail (spec 2 section 2), in page order; the section bar lists them. */
import { scrollToAnchor, SCROLL_OFFSET } from '../../lib/scroll';

export const JOB_SECTIONS = [
  { id: 'details', label: 'Details' },
  { id: 'items', label: 'Items' },
  { id: 'change_orders', label: 'Change orders' },
  { id: 'crew_payouts', label: 'Crew payouts' },
  { id: 'invoices', label: 'Invoices' },
  { id: 'segments', label: 'Segments' },
  { id: 'productions', label: 'Productions' },
  { id: 'materials', label: 'Materials' },
  { id: 'work_orders', label: 'Work orders' },
  { id: 'crews', label: 'Crews' },
  { id: 'assign_users', label: 'Assigned users' },
  { id: 'notes', label: 'Notes' },
  { id: 'links', label: 'Links' },
  { id: 'photos', label: 'Photos' },
  { id: 'general_files', label: 'Files' },
  { id: 'pdf_bundle', label: 'PDF bundle' },
  { id: 'damagereports', label: 'Damage reports' },
  { id: 'timesheets', label: 'Timesheets' },
  { id: 'iwas', label: 'IWAs' },
  { id: 'locates', label: 'Locates' },
  { id: 'tickets', label: 'Tickets' },
] as const;

export type JobSectionId = (typeof JOB_SECTIONS)[number]['id'];

export const jobSectionAnchor = (id: string) => `job-${id}`;

/** Spec 2 shared behaviours: offsets of 150 (the job's form, right under the bar) and 160 (its sections). */
export const JOB_SECTION_OFFSET = 160;
export const sectionOffset = (id: string) => (id === 'details' ? SCROLL_OFFSET : JOB_SECTION_OFFSET);

export function scrollToJobSection(id: string) {
  scrollToAnchor(jobSectionAnchor(id), sectionOffset(id));
}
