/**
 * Job calls needed by a job created from a bid (spec 1 section 7, the three-call path) and the job
 * page. The jobs issue adds the job list screens, dashboards and the other collections.
 */
import { z } from 'zod';
import { jobFields } from '@trenchline/domain';
import { defineRoutes } from '../../platform/routes.ts';
import { recordRoutes } from '../../platform/record-routes.ts';
import { listRecords, wantsArchived } from '../../platform/lists.ts';

export const jobRoutes = defineRoutes('jobs', [
  {
    method: 'get',
    path: '/jobs',
    summary: 'Jobs (?archived=t for archived ones)',
    query: z.object({ archived: z.enum(['t', 'f', 'true', 'false']).optional() }).loose(),
    readsLists: ['jobs'],
    handle: ({ actor, query }, ctx) => listRecords(ctx, actor, 'job', (q) => q.where('archived', wantsArchived(query.archived)).orderBy('id', 'desc')),
  },
  ...recordRoutes({
    aggregate: 'job',
    base: '/jobs/:id',
    fields: jobFields,
    create: { path: '/jobs', summary: 'Create a job (bid_ref, work_status, form_type ...)', command: (jobId, values) => ({ type: 'CreateJob', jobId, values }) },
    revise: (values) => ({ type: 'ReviseJob', values }),
    remove: () => ({ type: 'DeleteJob' }),
  }),
]);
