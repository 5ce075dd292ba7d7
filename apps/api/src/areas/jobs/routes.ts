/**
 * Job calls of spec 2 section 7 (docs/jobs.md), base jobs. The record, its history, as-of and every
 * collection's four routes come from recordRoutes; what is particular to jobs is declared here, before
 * the generic routes (a route declared first wins): the list and the all-other-jobs dashboard with
 * toggles, range and saved search dates (platform/list-range.ts, shared with projects), creation under
 * the job counter's number, the look-up by account job number, the job with its lines, the
 * coordinator rule on save, and the collections with rules of their own (assigned users, crews, work
 * orders; the ORCA rules' look-ups and messages, orca.ts). Reports are declared in the domain's report catalogue and routed by the reports area.
 */
import { z } from 'zod';
import { collection as collectionDef, JOB_FORM_TYPES, jobAssignedTo, jobFields, type JobFields, type JobState } from '@trenchline/domain';
import { defineRoutes, reply, withOverrides, type Reply, type RouteDef } from '../../platform/routes.ts';
import { productionWarning } from '../locates/locates.ts';
import { detailOf, detailReply, recordRoutes } from '../../platform/record-routes.ts';
import { listRoute } from '../../platform/lists.ts';
import { listRange } from '../../platform/list-range.ts';
import { lineReply, loadRecord, writeReply } from '../../platform/records.ts';
import { notFound } from '../../platform/errors.ts';
import { addCrew, addWorkOrder, assignUser, createJob, crewNamed, jobNumbered, jobRecord, saveJob } from './jobs.ts';
import { orcaRoutes } from './orca.ts';
import { orcaDashboardRoutes } from './orca-dashboard.ts';
import { orcaImportRoutes } from './orca-import.ts';

/** The job list's saved search dates (the list itself is declared in @trenchline/platform lists/jobs.ts). */
const range = listRange({ preference: 'jobs.search_dates' });

const generic = recordRoutes({
  aggregate: 'job',
  base: '/jobs/:id',
  fields: jobFields,
  create: { path: '/jobs', summary: 'Create a job' },
});
const genericRoute = (method: RouteDef['method'], path: string) => {
  const r = generic.find((g) => g.method === method && g.path === path);
  if (!r) throw new Error(`no generic job route ${method} ${path}`);
  return r;
};

/** Routes below that take the place of generic ones (same method and path). */
const own: RouteDef[] = [
  listRoute({ path: '/jobs', list: 'jobs', summary: 'Job list (?active=t|f&archived=t|f; ?start_date&stop_date&live_and_future, else the saved search dates; ?q=), soonest completion first' }),
  ...range.searchDatesRoutes('/jobs/search_dates', 'job-list'),
  listRoute({
    path: '/jobs/all_others',
    list: 'all_other_jobs',
    summary: 'All-other-jobs dashboard: every job whose form_type is not attorca, with its segment roll-ups (toggles and range as the job list)',
  }),
  {
    method: 'post',
    path: '/jobs/new',
    summary: 'Create a job {form_type, work_status?, customer?, title?, job_number?}; account_job_number is always the job counter\'s next number',
    body: jobFields.extend({ form_type: z.enum(JOB_FORM_TYPES, { message: `is required: one of ${JOB_FORM_TYPES.join(', ')}` }) }),
    handle: async ({ actor, body }, ctx) => {
      const r = await createJob(ctx, actor, body as JobFields, { number: 'always' });
      return writeReply(jobRecord(ctx, r.state), r.version, r.position, 201);
    },
  },
  {
    method: 'post',
    path: '/jobs',
    summary: 'Create a job (form_type, work_status, bid_ref ...); account_job_number is the job counter\'s next number unless one is sent (one another job holds: 409 naming it)',
    body: jobFields,
    handle: async ({ actor, body }, ctx) => {
      const r = await createJob(ctx, actor, body as JobFields, { number: 'when_missing' });
      return writeReply(jobRecord(ctx, r.state), r.version, r.position, 201);
    },
  },
  {
    method: 'get',
    path: '/jobs/lookup/:key',
    ids: { key: null },
    summary: 'The job whose account_job_number is key (case and spacing ignored: a number is one job), else the job whose id is key: {id, account_job_number}; a field user finds only the jobs they are assigned to',
    readsLists: ['jobs'],
    handle: async ({ actor, params, query }, ctx) => {
      const key = params.key.trim();
      // The number's claim names its one job at once; a job numbered before numbers were claimed is found in the list.
      const claimed = await jobNumbered(ctx, actor, key);
      const row = claimed
        ? { id: claimed }
        : key
          ? await ctx.db('jobs').where({ account_id: actor.accountId, deleted: false, account_job_number: key }).orderBy('id').first('id')
          : undefined;
      const id = row ? String(row.id) : /^\d{1,18}$/.test(key) ? key : null;
      if (!id) throw notFound('Job');
      const loaded = await loadRecord<JobState>(ctx, actor, 'job', id);
      // Narrowed by the access policy for a field user: another's job is not found.
      if (query.assigned_to && !jobAssignedTo(loaded.state, String(query.assigned_to))) throw notFound('Job');
      return { id, account_job_number: loaded.state.fields.account_job_number ?? null };
    },
  },
  {
    method: 'get',
    path: '/jobs/job_with_related/:id',
    ids: { id: 'job' },
    summary: 'The job with every collection\'s lines (the base job detail)',
    handle: async ({ actor, params }, ctx) => {
      const loaded = await loadRecord(ctx, actor, 'job', params.id);
      return reply({ headers: { ETag: `"${loaded.version}"` }, body: detailOf(ctx, loaded) });
    },
  },
  {
    method: 'put',
    path: '/jobs/job_with_related_update/:id',
    ids: { id: 'job' },
    summary: 'Save the job\'s fields (the detail may be sent back whole: lines are ignored); answers the job with its lines. An unknown coordinator code with a coordinator adds an SVA coordinator',
    body: jobFields,
    handle: async ({ actor, params, body, baseVersion }, ctx) => {
      return detailReply(ctx, 'job', await saveJob(ctx, actor, params.id, body as JobFields, baseVersion));
    },
  },
  {
    method: 'put',
    path: '/jobs/:id',
    summary: 'Edit a job (the whole record or some fields; computed fields are ignored), merged by field from the version last seen. An unknown coordinator code with a coordinator adds an SVA coordinator',
    body: jobFields,
    handle: async ({ actor, params, body, baseVersion }, ctx) => {
      const r = await saveJob(ctx, actor, params.id, body as JobFields, baseVersion);
      return writeReply(jobRecord(ctx, r.state), r.version, r.position);
    },
  },
  {
    method: 'post',
    path: '/jobs/:id/assign_users',
    summary: "Assign an active user of the account {user_to_be_assigned: email}: 400 'Please choose a name' when none, 409 when assigned already",
    body: z.object({ user_to_be_assigned: z.string({ message: 'Please choose a name' }).max(200).nullish() }).loose(),
    handle: async ({ actor, params, body }, ctx) => {
      const r = await assignUser(ctx, actor, params.id, body.user_to_be_assigned);
      return lineReply(r.state, 'job_assigned_users', r.lineId, r, 201);
    },
  },
  {
    method: 'post',
    path: '/jobs/:id/crews',
    references: collectionDef('job_crews').schema,
    summary: "Put a crew of Settings > Crews on the job {crew_name, segment_ref?, segment_number?}: 400 'Please enter a Crew name' when blank or no such crew",
    handle: async ({ actor, params, body }, ctx) => {
      const r = await addCrew(ctx, actor, params.id, (body ?? {}) as Record<string, unknown>);
      return lineReply(r.state, 'job_crews', r.lineId, r, 201);
    },
  },
  {
    method: 'put',
    path: '/jobs/crews/:id',
    references: collectionDef('job_crews').schema,
    summary: "Edit a job's crew line; a new crew_name must be a crew of Settings > Crews ('Please enter a Crew name')",
    handle: async (req, ctx) => {
      const body = { ...((req.body ?? {}) as Record<string, unknown>) };
      if ('crew_name' in body) Object.assign(body, await crewNamed(ctx, req.actor, body.crew_name));
      else delete body.crew; // the crew follows its name
      return genericRoute('put', '/jobs/crews/:id').handle({ ...req, body }, ctx);
    },
  },
  {
    method: 'post',
    path: '/jobs/:id/work_orders',
    references: collectionDef('job_work_orders').schema,
    summary: 'Add a work order; its work_order_number is the job/work_order counter\'s next number',
    handle: async ({ actor, params, body }, ctx) => {
      const r = await addWorkOrder(ctx, actor, params.id, (body ?? {}) as Record<string, unknown>);
      return lineReply(r.state, 'job_work_orders', r.lineId, r, 201);
    },
  },
  // Production on a segment whose locates have expired is saved, and the answer warns (the expiry watch).
  ...(['post /jobs/:id/productions', 'put /jobs/productions/:id'] as const).map((key): RouteDef => {
    const [method, path] = key.split(' ') as [RouteDef['method'], string];
    const route = genericRoute(method, path);
    return {
      ...route,
      summary: `${route.summary}; the answer's locate_warning says when the segment's locates had expired on the work date (never a refusal)`,
      handle: async (req, ctx) => {
        const answer = (await route.handle(req, ctx)) as Reply;
        const line = answer.body as Record<string, unknown>;
        return { ...answer, body: { ...line, locate_warning: await productionWarning(ctx, req.actor, String(line.job), line) } };
      },
    };
  }),
  ...orcaRoutes(genericRoute),
  ...orcaDashboardRoutes(genericRoute),
  ...orcaImportRoutes,
];

export const jobRoutes = defineRoutes('jobs', withOverrides(own, generic));
