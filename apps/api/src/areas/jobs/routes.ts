/**
 * Job calls needed by a job created from a bid (spec 1 section 7, the three-call path) and the job
 * page. The jobs issue adds the job list screens, dashboards and the other collections.
 */
import { z } from 'zod';
import { aggregates, jobFields } from '@trenchline/domain';
import { defineRoutes } from '../../platform/routes.ts';
import { recordRoutes } from '../../platform/record-routes.ts';
import { executeCommand, writeReply } from '../../platform/records.ts';
import { newRecordId } from '../../platform/ids.ts';
import { today } from '../../platform/context.ts';
import { listRecords, wantsArchived } from '../../platform/lists.ts';

const job = aggregates.job;

export const jobRoutes = defineRoutes('jobs', [
  {
    method: 'get',
    path: '/jobs',
    summary: 'Jobs (?archived=t for archived ones)',
    query: z.object({ archived: z.enum(['t', 'f', 'true', 'false']).optional() }).loose(),
    readsLists: ['jobs'],
    handle: ({ actor, query }, ctx) => listRecords(ctx, actor, 'job', (q) => q.where('archived', wantsArchived(query.archived)).orderBy('id', 'desc')),
  },
  {
    method: 'post',
    path: '/jobs',
    summary: 'Create a job (bid_ref, work_status, form_type ...)',
    body: jobFields,
    handle: async ({ actor, body }, ctx) => {
      const id = await newRecordId(ctx, actor.accountId, 'job');
      const r = await executeCommand(ctx, actor, 'job', id, { type: 'CreateJob', jobId: id, values: body }, { create: true });
      return writeReply(job.view(r.state, today(ctx)), r.version, r.position, 201);
    },
  },
  ...recordRoutes({
    aggregate: 'job',
    base: '/jobs/:id',
    fields: jobFields,
    revise: (values) => ({ type: 'ReviseJob', values }),
    remove: () => ({ type: 'DeleteJob' }),
  }),
]);
