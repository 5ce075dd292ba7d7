/**
 * Report schedules (docs/reports.md "Schedules"): a list's report, with its filter, built in a rhythm
 * and sent to users, outside addresses and webhooks. The generic record routes, with the checks only
 * the API can make (a report the list has, a filter the list takes, recipients of the account) before
 * anything is written, and Run now, which claims a run and queues its delivery as the worker's minute does.
 */
import { z } from 'zod';
import { aggregates, runRecipients, bulkList, bulkListNames, bulkReportNames, bulkReportOf, reportDef, reportScheduleFields, reportScheduleRuns, type BulkListName, type ReportScheduleState } from '@trenchline/domain';
import { accountTimeZone, listDef } from '@trenchline/read-model';
import { filterWords } from '@trenchline/platform';
import { defineRoutes, withOverrides, type RouteDef } from '../../platform/routes.ts';
import { recordRoutes, RECORD_FIELDS, detailReply } from '../../platform/record-routes.ts';
import { executeCommand, loadRecord, writeReply } from '../../platform/records.ts';
import { newLineIds } from '../../platform/ids.ts';
import { badRequest } from '../../platform/errors.ts';
import { today, type Actor, type ApiContext } from '../../platform/context.ts';
import { bulkFilter, checkedListFilter } from '../bulk/routes.ts';
import { listRoute } from '../../platform/lists.ts';
import { explicitFilter, listRange } from '../../platform/list-range.ts';

type Fields = z.infer<typeof reportScheduleFields>;

/** A list with reports (the drawer's choices). */
function scheduledList(list: unknown): BulkListName {
  const lists = bulkListNames().filter((l) => bulkReportNames(bulkList(l)).length);
  if (typeof list !== 'string' || !lists.includes(list)) throw badRequest({ list: `must be one of ${lists.join(', ')}` });
  return list as BulkListName;
}

/** A list with reports, the report among them, a format it is made in. */
function checkReport(v: Pick<Fields, 'list' | 'report' | 'format'>) {
  scheduledList(v.list);
  const takes = bulkReportNames(bulkList(v.list));
  const def = reportDef(bulkReportOf(bulkList(v.list), v.report) ?? '');
  if (!def) throw badRequest({ report: `no ${v.list} report named ${v.report}; ${v.list} takes ${takes.join(', ')}` });
  if (!def.formats.includes(v.format)) throw badRequest({ format: `must be one of ${def.formats.join(', ')}` });
}

/** Users of the caller's account (active), webhooks of it, and someone to send to. */
async function checkRecipients(ctx: ApiContext, actor: Actor, r: Fields['recipients']) {
  if (!r.users.length && !r.emails.length && !r.webhooks.length) throw badRequest({ recipients: 'name at least one user, e-mail address or webhook' });
  const users = [...new Set(r.users)];
  const found = users.length ? await ctx.db('users').where({ account_id: actor.accountId, active: true }).whereRaw('id = any(?::bigint[])', [users]).pluck('id') : [];
  const missing = users.filter((u) => !found.map(String).includes(u));
  if (missing.length) throw badRequest({ 'recipients.users': `${missing.join(', ')} ${missing.length === 1 ? 'is not a user' : 'are not users'} of this account` });
  const hooks = [...new Set(r.webhooks)];
  const known = hooks.length ? (await ctx.pool.query<{ id: string }>(`select id::text as id from record_index where kind = 'webhook' and account_id = $1 and id = any($2::bigint[])`, [actor.accountId, hooks])).rows.map((x) => x.id) : [];
  const unknown = hooks.filter((h) => !known.includes(h));
  if (unknown.length) throw badRequest({ 'recipients.webhooks': `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a webhook' : 'are not webhooks'} of this account` });
}

/** The whole schedule as it would stand, checked; a filter the list does not take is a 400 naming `filter.<param>`. */
async function checkSchedule(ctx: ApiContext, actor: Actor, v: Fields) {
  checkReport(v);
  await bulkFilter(ctx, actor, v.list as BulkListName, v.filter ?? {});
  await checkRecipients(ctx, actor, v.recipients);
}

/** Run now: a run claimed at once (no tick of the rhythm) and its delivery queued, as the worker's minute does. */
export async function runNow(ctx: ApiContext, actor: Actor, id: string) {
  const loaded = await loadRecord<ReportScheduleState>(ctx, actor, 'report_schedule', id);
  const [runId] = await newLineIds(ctx, actor.accountId, reportScheduleRuns.name, 'report_schedule', id);
  const timeZone = await accountTimeZone(ctx.db, actor.accountId);
  // Queued before it is claimed, as reports are: no run is ever recorded without its job.
  await ctx.jobs.enqueue('schedules.deliver', { accountId: actor.accountId, scheduleId: id, runId }, `schedule-run-${runId}`);
  return executeCommand<ReportScheduleState>(ctx, actor, 'report_schedule', id, { type: 'ClaimScheduleTick', runId, tick: ctx.now().toISOString(), manual: true, timeZone, recipients: runRecipients(loaded.state.fields.recipients) });
}

/** The create of the route and the demo seed. */
export const reportScheduleCreate = {
  path: '/report_schedules',
  summary: 'A new report schedule {name, list, report, format, filter, rhythm {every: day|week|month, weekday, month_day, at HH:MM}, recipients {users, emails, webhooks}, active}; it runs in the account\'s time zone',
  prepare: async (ctx: ApiContext, actor: Actor, body: Record<string, unknown>) => {
    await checkSchedule(ctx, actor, body as Fields);
    return body;
  },
  carries: async (ctx: ApiContext, actor: Actor) => ({ timeZone: await accountTimeZone(ctx.db, actor.accountId) }),
};

const generic = recordRoutes({
  aggregate: 'report_schedule',
  base: '/report_schedules/:id',
  create: reportScheduleCreate,
});

const partialFields = reportScheduleFields.partial();

/** The caller's kept filter of a list (its saved dates and toggles, as the list screen applies them), written out for a schedule, and in words. */
export async function keptFilter(ctx: ApiContext, actor: Actor, list: BulkListName) {
  const range = listDef(list).filters.range;
  // The toggles and dates the list screen keeps for the user (its search_dates); a list keeping none: its defaults.
  const saved = range ? await listRange({ preference: range.preference }).searchDates(ctx, actor) : null;
  const kept = saved ? { active: saved.active, archived: saved.archived, start_date: saved.start_date, end_date: saved.end_date, live_and_future: saved.live_and_future } : {};
  // A date left empty is no bound: left out, as the drawer's typed filter leaves it.
  const filter = Object.fromEntries(Object.entries(await explicitFilter(ctx, actor, list, kept)).filter(([, v]) => v !== null && v !== undefined));
  return { list, filter, words: filterWords(listDef(list), filter) };
}

const own: RouteDef[] = [
  {
    method: 'put',
    path: '/report_schedules/:id',
    ids: { id: 'report_schedule' },
    summary: 'Edit a report schedule (PUT it back whole, or some fields; next_run_at, runs and other computed fields are ignored): checked as a new one is, merged by field from the version last seen',
    body: partialFields,
    handle: async ({ actor, params, body, baseVersion }, ctx) => {
      const loaded = await loadRecord<ReportScheduleState>(ctx, actor, 'report_schedule', params.id);
      const given = Object.fromEntries(Object.entries(body as Record<string, unknown>).filter(([, v]) => v !== undefined));
      await checkSchedule(ctx, actor, { ...(loaded.state.fields as Fields), ...given } as Fields);
      const timeZone = await accountTimeZone(ctx.db, actor.accountId);
      const r = await executeCommand<ReportScheduleState>(ctx, actor, 'report_schedule', params.id, { part: RECORD_FIELDS, values: given, base: baseVersion, command: (values) => ({ type: 'ReviseReportSchedule', values, timeZone }) });
      return writeReply(aggregates.report_schedule.view(r.state, today(ctx)), r.version, r.position);
    },
  },
  {
    method: 'get',
    path: '/report_schedules/kept_filter',
    summary: "The caller's kept filter of a list (?list=), as a schedule's filter: {list, filter, words}",
    query: z.object({ list: z.unknown() }),
    handle: ({ actor, query }, ctx) => keptFilter(ctx, actor, scheduledList(query.list)),
  },
  {
    method: 'get',
    path: '/report_schedules/filter_words',
    summary: 'A schedule\'s filter in words (?list= and the filter\'s params, as a schedule keeps them): {words}; a param the list does not take is a 400 naming filter.<param>',
    query: z.record(z.string(), z.unknown()),
    handle: async ({ query }) => {
      const { list, ...filter } = query;
      const name = scheduledList(list);
      checkedListFilter(name, filter);
      return { words: filterWords(listDef(name), filter) };
    },
  },
  {
    method: 'post',
    path: '/report_schedules/:id/run',
    ids: { id: 'report_schedule' },
    summary: 'Run a schedule now (its rhythm stays as it is): the run is claimed at once and the worker builds and sends it; the answer is the schedule with its runs',
    handle: async ({ actor, params }, ctx) => detailReply(ctx, 'report_schedule', await runNow(ctx, actor, params.id), 202),
  },
];

export const reportScheduleRoutes = defineRoutes('report_schedules', [
  ...withOverrides(own, generic),
  listRoute({ path: '/report_schedules', list: 'report_schedules', summary: "The account's report schedules (by name; ?q=): rhythm in words, next run, last run's state" }),
]);
