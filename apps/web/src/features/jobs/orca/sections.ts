/**
 * The sections of the ORCA job page and of its task page (spec 2 section 2), in page order; the
 * section bar lists them. As on the base page (../sections.ts), a section of lines is a job
 * collection of the registry, named by its registry name.
 */
import { detailKeyOf, type CollectionDef } from '@trenchline/domain';
import { scrollToAnchor } from '../../../lib/scroll';
import { jobCollections, jobSectionAnchor, sectionOffset, type JobSection } from '../sections';

type PagePart = { collection: string; id?: string; label: string } | { id: string; label: string };

/** The job collection named `name` (the registry's), or a clear failure naming it. */
export function jobCollection(name: string): CollectionDef {
  const def = jobCollections().find((c) => c.name === name);
  if (!def) throw new Error(`The ORCA pages name ${name}, which is not a job collection`);
  return def;
}

function sectionOf(part: PagePart): JobSection {
  if (!('collection' in part)) return part;
  const def = jobCollection(part.collection);
  return { id: part.id ?? detailKeyOf(def), label: part.label, def };
}

/** /job/orca/{number}: the job, its CIBE lines, permits and tasks (each task with its files, photos, notes and crews). */
const JOB_PAGE: PagePart[] = [
  { id: 'details', label: 'Details' },
  { collection: 'job_cibe_items', label: 'CIBE lines' },
  { collection: 'job_permits', label: 'Permits' },
  { collection: 'job_tasks', label: 'Tasks' },
];

/** /job/orca/{number}/task/{task id}: the task's own lines of every collection (tickets come with their issue). */
const TASK_PAGE: PagePart[] = [
  { id: 'details', label: 'Details' },
  { collection: 'job_cibe_items', label: 'CIBE lines' },
  { collection: 'job_cibe_emails', label: 'CIBE emails' },
  { collection: 'job_items', label: 'Task items' },
  { collection: 'job_change_orders', label: 'Change orders' },
  { collection: 'job_materials', label: 'Materials' },
  { collection: 'job_crews', label: 'Crews' },
  { collection: 'job_crew_payouts', label: 'Crew payouts' },
  { collection: 'job_invoices', label: 'Invoices' },
  { collection: 'job_permits', label: 'Permits' },
  { collection: 'job_links', label: 'Links' },
  { collection: 'job_notes', label: 'Notes' },
  { collection: 'job_task_photos', id: 'photos', label: 'Photos' },
  { collection: 'job_task_files', id: 'general_files', label: 'General files' },
  { collection: 'job_damage_reports', label: 'Damage reports' },
  { collection: 'job_timesheets', label: 'Timesheets' },
  { collection: 'job_iwas', label: 'IWAs' },
  { id: 'locates', label: 'Locates' },
  { id: 'tickets', label: 'Tickets' },
];

export const orcaJobSections = (): JobSection[] => JOB_PAGE.map(sectionOf);
export const orcaTaskSections = (): JobSection[] => TASK_PAGE.map(sectionOf);

/** The collections whose lines a task holds (contract: task-scoped lines), by detail key. */
export const TASK_SCOPED = [
  'job_items',
  'job_change_orders',
  'job_crew_payouts',
  'job_notes',
  'job_links',
  'job_crews',
  'job_invoices',
  'job_materials',
  'job_damage_reports',
  'job_timesheets',
  'job_iwas',
  'job_permits',
  'job_cibe_items',
  'job_cibe_emails',
  'job_task_photos',
  'job_task_files',
] as const;

export const taskScopedKeys = (): string[] => TASK_SCOPED.map((n) => detailKeyOf(jobCollection(n)));

/** Scroll offsets as on the base page: 150 for the details, 160 for the sections. */
export function scrollToOrcaSection(id: string) {
  scrollToAnchor(jobSectionAnchor(id), sectionOffset(id));
}
