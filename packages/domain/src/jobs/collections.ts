/**
 * The job's child collections (spec 2 sections 3 and 7), composed from the modules that declare them
 * by meaning: the base job's (base-collections.ts), an ORCA job's tasks with their photos and files
 * (tasks.ts), CIBE lines and emails (cibe.ts) and permits (permits.ts), each beside its rules. Their
 * routes are the spec's: list and add on /api/jobs/{id}/{kind}/, one line on /api/jobs/{kind}/{id};
 * lines of a line (timecards, damage-report photos, work-order items and materials, production and
 * task photos) sit under their parent line's path (lines.ts).
 */
import { collectionIn, linesOfCollection, type CollectionDef, type LinesState } from '../shared/collections.ts';
import { lineStatusesOf } from './rules.ts';
import { baseJobCollections } from './base-collections.ts';
import { jobTaskFiles, jobTaskPhotos, jobTasks } from './tasks.ts';
import { jobCibeEmails, jobCibeItems } from './cibe.ts';
import { jobPermits } from './permits.ts';

/** Every collection of a job, in the order the job's routes list them. */
export const jobCollections = [...baseJobCollections, jobTasks, jobCibeItems, jobCibeEmails, jobPermits, jobTaskPhotos, jobTaskFiles];

/** A job's lines of one collection, by its name, as clients see them. */
export const jobLinesOf = (lines: LinesState, name: string) => linesOfCollection(lines, collectionIn(jobCollections, name));

const shownFor = new Map<string, CollectionDef>();
/**
 * A job collection as a job of this form type shows it: a status whose list follows the form type
 * (rules.ts LINE_STATUS_LISTS) offers that list; other collections are as declared. The same object
 * each time for one collection and list, so screens can hold it.
 */
export function collectionForFormType(def: CollectionDef, formType: unknown): CollectionDef {
  const list = lineStatusesOf(def.name, formType);
  if (!list) return def;
  const key = `${def.name}|${list.join('|')}`;
  let shown = shownFor.get(key);
  if (!shown) shownFor.set(key, (shown = { ...def, fields: def.fields.map((f) => (f.name === 'status' ? { ...f, choices: list } : f)) }));
  return shown;
}
