/**
 * The sections of the base job detail (spec 2 section 2), in page order; the section bar lists them.
 * A section of lines is a job collection of the registry: its id, label and detail key come from the
 * declaration, so a new collection needs no list of keys here.
 */
import { collections, detailKeyOf, type CollectionDef, type Line } from '@trenchline/domain';
import { scrollToAnchor, SCROLL_OFFSET } from '../../lib/scroll';

/** The job's collections as the registry declares them. */
export const jobCollections = (): CollectionDef[] => collections().filter((c) => c.aggregate === 'job');

/** Where GET /api/jobs/{id}/ carries each collection's lines (docs/jobs.md "Collections"). */
export const jobLineKeys = (): string[] => jobCollections().map((c) => detailKeyOf(c));

/** A job's lines of one collection, by its detail key. */
export const jobLines = (job: Record<string, unknown>, key: string): Line[] => (job[key] as Line[] | undefined) ?? [];

/** A section of the page; `def` for the sections that are a collection's lines. */
export interface JobSection {
  id: string;
  label: string;
  def?: CollectionDef;
  /** The collection's registry name (the section bar leaves out lines a role does not read). */
  collection?: string;
}

/** 'Change order' -> 'Change orders', 'Work Order' -> 'Work orders', 'IWA' -> 'IWAs'. */
const pluralLabel = (noun: string) => `${noun === noun.toUpperCase() ? noun : noun[0].toUpperCase() + noun.slice(1).toLowerCase()}s`;

type PagePart = { collection: string; id?: string; label?: string } | { id: string; label: string };

/**
 * Page order: a collection by its registry name (with the screen's own id or label where its detail
 * key or noun reads otherwise), or a section that is not a collection's plain lines.
 */
const PAGE: PagePart[] = [
  { id: 'details', label: 'Details' },
  { collection: 'job_items' },
  { collection: 'job_change_orders' },
  { collection: 'job_crew_payouts' },
  { collection: 'job_invoices' },
  { collection: 'job_segments' },
  { collection: 'job_productions' },
  { collection: 'job_materials' },
  { collection: 'job_work_orders' },
  { collection: 'job_crews' },
  { id: 'assign_users', label: 'Assigned users' },
  { collection: 'job_notes' },
  { collection: 'job_links' },
  { collection: 'job_photos', id: 'photos' },
  { collection: 'job_general_files' },
  { collection: 'job_pdf_bundles', id: 'pdf_bundle', label: 'PDF bundle' },
  { collection: 'job_damage_reports' },
  { collection: 'job_timesheets' },
  { collection: 'job_iwas' },
  { id: 'locates', label: 'Locates' },
  { id: 'tickets', label: 'Tickets' },
];

function sectionOf(part: PagePart): JobSection {
  if (!('collection' in part)) return part;
  const def = jobCollections().find((c) => c.name === part.collection);
  if (!def) throw new Error(`The job page names ${part.collection}, which is not a job collection`);
  return { id: part.id ?? detailKeyOf(def), label: part.label ?? pluralLabel(def.noun), def, collection: def.name };
}

export const JOB_SECTIONS: readonly JobSection[] = PAGE.map(sectionOf);

export type JobSectionId = string;

export const jobSectionAnchor = (id: string) => `job-${id}`;

/** Spec 2 shared behaviours: offsets of 150 (the job's form, right under the bar) and 160 (its sections). */
export const JOB_SECTION_OFFSET = 160;
export const sectionOffset = (id: string) => (id === 'details' ? SCROLL_OFFSET : JOB_SECTION_OFFSET);

export function scrollToJobSection(id: string) {
  scrollToAnchor(jobSectionAnchor(id), sectionOffset(id));
}
