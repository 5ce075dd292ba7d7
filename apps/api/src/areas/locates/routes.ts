/**
 * Locate calls of spec 3 section 7 and spec 2 (locates on job screens), and the expiry watch
 * (docs/locates.md). The record, its creation under the account's date rules and the assignment check
 * (locateRecord), history, as-of, delete and every collection's routes come from recordRoutes; declared
 * here, replacing those of the same method and path: the lists, edits under the same rules, re-ups (POST .../locate_numbers/ is one, as the
 * old client adds history), the first open, crews from Settings, the job screens' look-ups, and
 * Settings > Locates. The locates report is declared in the domain's report catalogue.
 */
import { dayOfInstant } from '@trenchline/platform';
import { collection, locateFields, locateSettingsFields, parseLineValues, type LocateFields } from '@trenchline/domain';
import { countMatching } from '@trenchline/read-model';
import { defineRoutes, withOverrides, type RouteDef } from '../../platform/routes.ts';
import { collectionRoutes, detailReply, recordRoutes, singletonEditRoute, singletonRoutes } from '../../platform/record-routes.ts';
import { linkedRecordsRoute, listAnswer, listQuery, listRoute, type ListQuery } from '../../platform/lists.ts';
import { listRange } from '../../platform/list-range.ts';
import { executeCommand, lineReply, loadRecord } from '../../platform/records.ts';
import { newLineIds } from '../../platform/ids.ts';
import { today } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { expiringBy, jobCoverage, locateCrew, locateCrewEdit, locateRecord, reUpLocate, saveLocate } from './locates.ts';

const range = listRange({ preference: 'locates.search_dates' });

const generic = recordRoutes(locateRecord);
const genericCrewEdit = generic.find((r) => r.method === 'put' && r.path === '/locates/crews/:id')!;

const idParam = /^\d{1,18}$/;
const badId = (param: string) => badRequest({ [param]: 'must be a record id' });

const own: RouteDef[] = [
  listRoute({ path: '/locates', list: 'locates', summary: 'Locate list (?active=t|f&archived=t|f; ?start_date&end_date&live_and_future, else the saved search dates; ?locate_status; ?q=), soonest expiry first' }),
  ...range.searchDatesRoutes('/locates/search_dates', 'locate-list'),
  {
    method: 'get',
    path: '/locates/expiring',
    summary: "The expiry watch: every Active or Marked locate whose expiry is within the account's re-up lead time or past, across jobs, soonest first, with its job and task titles (paged like every list)",
    query: listQuery('expiring_locates'),
    readsLists: ['locates'],
    handle: async ({ actor, query, raw }, ctx) => {
      const asOf = (query as ListQuery).as_of;
      // As of a moment, expiring means within the lead time of that moment's day.
      const { due_by } = await expiringBy(ctx, actor, asOf ? dayOfInstant(asOf) : undefined);
      return listAnswer(ctx, actor, 'expiring_locates', { ...(query as ListQuery), expiring_by: due_by } as ListQuery, raw);
    },
  },
  {
    method: 'get',
    path: '/locates/expiring/count',
    summary: "How many locates are expiring (the navigation's count): {count, due_by, lead_days, basis}",
    readsLists: ['locates'],
    handle: async ({ actor }, ctx) => {
      const bound = await expiringBy(ctx, actor);
      const count = await countMatching(ctx.db, 'expiring_locates', actor.accountId, { active: true, archived: false, expiring_by: bound.due_by }, { today: today(ctx) });
      return { count, ...bound };
    },
  },
  listRoute({ path: '/locates/unassigned', list: 'unassigned_locates', summary: 'Locates no job holds yet (the job screens\' assign picker); active ones unless ?archived=t' }),
  linkedRecordsRoute({ path: '/locates/tasks/:task/assigned', param: 'task', kind: 'job_tasks', aggregate: 'locate', field: 'job_task_ref', summary: 'The locates assigned to an ORCA task (the id of its job_tasks line)' }),
  {
    method: 'get',
    path: '/locates/coverage/:job',
    ids: { job: 'job' },
    summary: 'The expiry watch on a job: {job_id, work_planned, locates, locate_warning, tasks: [{job_task_ref, task_id, work_planned, locates, locate_warning}]}',
    readsLists: ['locates'],
    handle: ({ actor, params }, ctx) => {
      if (!idParam.test(params.job)) throw badId('job');
      return jobCoverage(ctx, actor, params.job);
    },
  },
  linkedRecordsRoute({ path: '/locates/:job/assigned', param: 'job', kind: 'job', aggregate: 'locate', field: 'job_ref', summary: "The locates assigned to a job (base jobs; an ORCA task's are under /locates/tasks/{task}/assigned/)" }),
  {
    method: 'put',
    path: '/locates/:id',
    summary: 'Edit a locate (the whole locate may come back; computed fields are ignored), or assign it {job_ref, job_task_ref, task_id, account_job_number}. Merged by field from the version last seen; a changed submission date moves an expiry the rule gave',
    body: locateFields,
    handle: async ({ actor, params, body, baseVersion }, ctx) => {
      const r = await saveLocate(ctx, actor, params.id, body as Partial<LocateFields>, baseVersion);
      return detailReply(ctx, 'locate', r);
    },
  },
  {
    method: 'post',
    path: '/locates/:id/opened',
    summary: 'The detail was opened: a ticket type still New becomes Normal (LocateFirstOpened, with who and when); later opens change nothing. Answers the locate',
    handle: async ({ actor, params }, ctx) => {
      const r = await executeCommand(ctx, actor, 'locate', params.id, { type: 'OpenLocate' });
      return detailReply(ctx, 'locate', r);
    },
  },
  {
    method: 'post',
    path: '/locates/:id/reup',
    summary: "Re-up {ticket_number?, alt_ticket_number?, ticket_type?, segment?, date_submitted?, work_date?, date_expiration?, remarks?}: a history record, then its values in the current fields (LocateReUpped). Submitted defaults to today, the work date and expiry to the account's rules, the numbers to the current ones. It replaces the ticket of the version last seen (If-Match or `version`; else the locate as it stands when the request arrives): the locate re-upped since is a 409 'This locate was re-upped meanwhile (...)', nothing written. Answers the locate",
    handle: async ({ actor, params, body, baseVersion }, ctx) => {
      const r = await reUpLocate(ctx, actor, params.id, body, baseVersion);
      return detailReply(ctx, 'locate', r, 201);
    },
  },
  {
    method: 'post',
    path: '/locates/:id/locate_numbers',
    summary: 'Add a record to the history of locate numbers: a re-up (as POST .../reup/; the version seen only from If-Match, since a `version` in a history record is a line\'s), answering the new record',
    handle: async ({ actor, params, body, baseVersion, raw }, ctx) => {
      const r = await reUpLocate(ctx, actor, params.id, body, raw.get('if-match') ? baseVersion : undefined);
      return lineReply(r.state, 'locate_numbers', r.lineId!, r, 201, { today: today(ctx) });
    },
  },
  {
    method: 'post',
    path: '/locates/:id/crews',
    summary: "Assign a crew of Settings: {crew} (its id) or {crew_name} (any case), each filling the other; an id that is no active crew is a 400 naming crew, an empty or unknown name a 400 'Please enter a Crew name'",
    handle: async ({ actor, params, body }, ctx) => {
      const values = parseLineValues(collection('locate_crews'), body, true);
      await loadRecord(ctx, actor, 'locate', params.id);
      const crew = await locateCrew(ctx, actor, { ...((body ?? {}) as Record<string, unknown>), ...values });
      const [lineId] = await newLineIds(ctx, actor.accountId, 'locate_crews', 'locate', params.id);
      const r = await executeCommand(ctx, actor, 'locate', params.id, { type: 'AddLine', collection: 'locate_crews', lineId, values: { ...values, ...crew } });
      return lineReply(r.state, 'locate_crews', lineId, r, 201);
    },
  },
  {
    ...genericCrewEdit,
    summary: "Edit a locate crew line (it may come back whole): a changed crew (id) or crew_name is a crew of Settings, each filling the other (400 naming crew, or 'Please enter a Crew name')",
    handle: async (req, ctx) => genericCrewEdit.handle({ ...req, body: await locateCrewEdit(ctx, req.actor, req.params.id, (req.body ?? {}) as Record<string, unknown>, req.baseVersion) }, ctx),
  },
];

/** Settings > Locates: the account's ticket life, re-up wait and lead time, and holidays. */
const settings: RouteDef[] = [
  ...singletonRoutes({ aggregate: 'locate_settings', path: '/settings/locates' }),
  singletonEditRoute({
    aggregate: 'locate_settings',
    path: '/settings/locates',
    summary: 'Edit the locate rules {ticket_life_days (1-120), ticket_life_basis (calendar|working), work_wait_days, reup_lead_days (0-30)}; an empty value goes back to the spec\'s default',
    body: locateSettingsFields,
    revise: 'ReviseLocateSettings',
  }),
  ...collectionRoutes(collection('locate_holidays')),
];

export const locateRoutes = defineRoutes('locates', withOverrides([...own, ...settings], generic));
