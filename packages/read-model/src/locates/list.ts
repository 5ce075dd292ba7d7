/**
 * The locate lists (spec 3): the list of /locate/, the expiring view (the watch: every watched locate
 * whose expiry is within the account's lead time or past, across jobs), and the locates no job holds
 * yet. One table, `locates`. Also what job rows read of locates: the warning of work planned with no
 * live locate (docs/locates.md "The expiry watch").
 */
import type { Knex } from 'knex';
import { LOCATE_STATUSES, missingLocateWarning, WATCHED_LOCATE_STATUSES, workPlanned, type WatchedLocate } from '@trenchline/domain';
import { date, defineList, type ListDef, ref, rowsAt, sortedBy, text, type View } from '@trenchline/platform/lists/define.ts';
import { whereAny } from '@trenchline/platform/sql.ts';


const locateColumns = [
  text('form_type'),
  text('locate_status'),
  text('current_ticket_type'),
  text('current_ticket_number'),
  text('current_alt_ticket_number'),
  date('current_date_submitted'),
  date('current_work_date'),
  date('current_date_expiration'),
  date('created_on', 'created_at'),
  text('account_job_number'),
  text('task_id'),
  ref('job_ref'),
  ref('job_task_ref'),
  text('customer'),
  text('crew_string'),
];

/** The preference the list's saved dates are kept under (GET/PUT /api/locates/search_dates/). */
export const LOCATE_SEARCH_DATES = 'locates.search_dates';

const locatesDef: ListDef = {
  name: 'locates',
  aggregate: 'locate',
  table: 'locates',
  columns: locateColumns,
  sorts: {
    id: 'id',
    // Days left count down to the expiry: the same order.
    locate_days_left: 'current_date_expiration',
    ...sortedBy('form_type', 'locate_status', 'current_ticket_type', 'current_ticket_number', 'current_alt_ticket_number', 'current_date_submitted', 'current_work_date', 'current_date_expiration'),
    ...sortedBy('account_job_number', 'task_id', 'customer', 'crew_string'),
    last_updated: 'updated_at',
  },
  defaultOrdering: 'locate_days_left',
  search: (v) => [v.id, v.current_ticket_number, v.current_alt_ticket_number, ...(Array.isArray(v.ticket_chain) ? v.ticket_chain : []), v.locate_status, v.current_ticket_type, v.account_job_number, v.task_id, v.customer, v.customer_job_number, v.crew_string, ...(Array.isArray(v.segments) ? v.segments : []), v.latest_note],
  filters: {
    toggles: 'active_archived',
    range: { due: 'current_date_expiration', start: 'current_date_submitted', created: 'created_on', preference: LOCATE_SEARCH_DATES },
    equals: { locate_status: { column: 'locate_status', values: LOCATE_STATUSES } },
  },
};

export const locates = defineList({ ...locatesDef, annotate: (db, accountId, rows, _today, asOf) => withJobTitles(db, accountId, rows, 'job_ref', asOf), annotatedFrom: ['jobs'] });

/**
 * The expiring view: watched locates (Active, Marked) whose expiry is on or before `expiring_by` (the
 * api gives today plus the account's lead time), soonest first, with their job's title and task.
 */
export const expiringLocates = defineList({
  ...locatesDef,
  name: 'expiring_locates',
  filters: { toggles: 'active_archived', upTo: { expiring_by: { column: 'current_date_expiration' } } },
  where: (q) => whereAny(q, 'locate_status', WATCHED_LOCATE_STATUSES, 'text').whereNotNull('current_date_expiration'),
  annotate: (db, accountId, rows, _today, asOf) => withJobTitles(db, accountId, rows, 'job_ref', asOf),
  annotatedFrom: ['jobs'],
});

/** Locates no job holds yet (GET /api/locates/unassigned/), for the job screens' assign picker. */
export const unassignedLocates = defineList({
  ...locatesDef,
  name: 'unassigned_locates',
  where: (q) => q.whereNull('job_ref'),
  filters: { toggles: 'active_archived', equals: locatesDef.filters.equals },
});

/** The title of each row's job and task (`job_title`, `task_title`), read for the page's rows; `jobField` names the row's job (a ticket's `job`). */
export async function withJobTitles(db: Knex, accountId: string, rows: View[], jobField = 'job_ref', asOf?: string): Promise<View[]> {
  const jobIds = [...new Set(rows.map((r) => r[jobField]).filter((j): j is string => typeof j === 'string' && j !== ''))];
  if (!jobIds.length) return rows.map((r) => ({ ...r, job_title: null, task_title: null }));
  const tasks = [...new Set(rows.map((r) => r.job_task_ref).filter((t): t is string => typeof t === 'string' && t !== ''))];
  const found: { id: string; title: string | null; tasks: Record<string, string | null> | null }[] = await whereAny(rowsAt(db, 'jobs', asOf).where({ account_id: accountId }), 'id', jobIds)
    // Only the named tasks' titles leave Postgres, not the job's whole state.
    .select('id', 'title', db.raw(`(select jsonb_object_agg(k, state->'lines'->'job_tasks'->k->>'title') from unnest(?::text[]) k where state->'lines'->'job_tasks'->k is not null) as tasks`, [tasks]));
  const byId = new Map(found.map((j) => [String(j.id), j]));
  return rows.map((r) => {
    const ref = r[jobField];
    const job = typeof ref === 'string' ? byId.get(ref) : undefined;
    return { ...r, job_title: job?.title ?? null, task_title: (job?.tasks && typeof r.job_task_ref === 'string' ? job.tasks[r.job_task_ref] : null) ?? null };
  });
}

/** The watch fields of the account's locates on these jobs (not deleted), by job id. */
export async function locatesOfJobs(db: Knex | Knex.Transaction, accountId: string, jobIds: string[], asOf?: string): Promise<Map<string, (WatchedLocate & { job_task_ref: string | null })[]>> {
  const out = new Map<string, (WatchedLocate & { job_task_ref: string | null })[]>();
  if (!jobIds.length) return out;
  const rows: { job_ref: string; job_task_ref: string | null; locate_status: string | null; current_date_expiration: string | null; archived: boolean }[] = await whereAny(rowsAt(db, 'locates', asOf).where({ account_id: accountId }).whereRaw('not deleted'), 'job_ref', jobIds)
    .select('job_ref', 'job_task_ref', 'locate_status', 'current_date_expiration', 'archived');
  for (const r of rows) {
    const key = String(r.job_ref);
    if (!out.has(key)) out.set(key, []);
    out.get(key)!.push({ ...r, job_task_ref: r.job_task_ref === null ? null : String(r.job_task_ref) });
  }
  return out;
}

/** Job rows with `locate_warning`: work planned (crews or feet) and no live locate today (domain missingLocateWarning). */
export async function withLocateWarnings(db: Knex, accountId: string, rows: View[], today: string, asOf?: string): Promise<View[]> {
  const planned = rows.filter((r) => workPlanned({ crews: r.crew_string, planned_feet: r.segment_plan_feet, produced_feet: r.segment_total_feet, work_status: r.work_status, archived: r.archived }));
  const byJob = await locatesOfJobs(db, accountId, planned.map((r) => String(r.id)), asOf);
  const plannedIds = new Set(planned.map((r) => String(r.id)));
  return rows.map((r) => ({ ...r, locate_warning: plannedIds.has(String(r.id)) ? missingLocateWarning(true, byJob.get(String(r.id)) ?? [], today) : null }));
}
