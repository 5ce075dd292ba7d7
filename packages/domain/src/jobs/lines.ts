/**
 * How a job's collections are placed (spec 2 section 7): a job collection at /api/jobs/{id}/{kind}/
 * and /api/jobs/{kind}/{id}, and lines of a job line under their parent line's path. The base job's
 * collections (base-collections.ts), the ORCA tasks (tasks.ts), CIBE lines (cibe.ts) and permits
 * (permits.ts) declare theirs with these; collections.ts composes them.
 */
import { defineCollection, type CollectionDef } from '../shared/collections.ts';
import { text } from '../shared/fields.ts';

/** A job collection at the spec's paths: /jobs/{id}/{kind}/ and /jobs/{kind}/{id}. */
export const jobLines = (kind: string, { itemKind, ...o }: Omit<CollectionDef, 'aggregate' | 'parentField' | 'routes'> & { itemKind?: string }) =>
  defineCollection({
    ...o,
    aggregate: 'job',
    parentField: 'job',
    // Spec 2 section 7 names both: each kind's lines at /jobs/{kind}/{id}, photos also at /jobs/photos/{id}.
    routes: { list: `/jobs/:parentId/${kind}/`, item: `/jobs/${itemKind ?? kind}/:id`, ...(itemKind ? { itemAlias: `/jobs/${kind}/:id` } : {}) },
  });

/**
 * A material's and an invoice's status follow the job's form type (rules.ts LINE_STATUS_LISTS): their
 * schemas take a value of either list (so a value of neither is named with the body's other faults),
 * which the job's line rules narrow to its own list (orca-lines.ts) and the screens offer. A permit's
 * is text (it was free text: a status kept from then is sent back as it is).
 */
export const statusText = () => text(100);

/** Lines of a job line, at /jobs/{parent kind}/{parent id}/{kind}/ and /jobs/{parent kind}/{kind}/{id}. */
export const lineLines = (parentKind: string, kind: string, parent: { collection: string; field: string }, { underRecord, ...o }: Omit<CollectionDef, 'aggregate' | 'parentField' | 'routes' | 'parentLine'> & { underRecord?: boolean }) =>
  defineCollection({
    ...o,
    aggregate: 'job',
    parentField: 'job',
    parentLine: parent,
    routes: {
      list: `/jobs/${parentKind}/:parentId/${kind}/`,
      item: `/jobs/${parentKind}/${kind}/:id`,
      // Listed and added under the record too, their lines are also edited at /jobs/{kind}/{id} (spec 2: PUT /api/jobs/timecards/{id}).
      ...(underRecord ? { underRecord: `/jobs/:parentId/${kind}/`, itemAlias: `/jobs/${kind}/:id` } : {}),
    },
  });
