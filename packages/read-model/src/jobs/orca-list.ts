/**
 * The ORCA dashboard (spec 2 sections 2 and 3): the ORCA jobs of the job list's table, with the columns
 * a coordinator reads at a glance (permit expiry, tasks, CIBE difference, money) and the spec's default
 * order, "an empty sort type, reversed": newest first. Its saved range and choices are the dashboard
 * preferences (apps/api areas/jobs/orca-dashboard.ts), not the job list's search dates.
 */
import type { Knex } from 'knex';
import { ORCA_FORM_TYPE } from '@trenchline/domain';
import { date, defineList, number } from '@trenchline/platform/lists/define.ts';
import { jobColumns, jobsDef } from './list.ts';
import { whereAny } from '@trenchline/platform/sql.ts';

/** The preference the dashboard's choices are kept under (GET/PUT /api/jobs/orcas/dashboard_prefs/). */
export const ORCA_DASHBOARD_PREFERENCE = 'jobs.orca_dashboard';

export const orcaJobs = defineList({
  ...jobsDef,
  name: 'orca_jobs',
  columns: [
    ...jobColumns,
    date('permit_expiration_date'),
    date('billing_due_date'),
    number('task_count'),
    number('cibe_difference', 'CIBE_job_grand_total_difference'),
  ],
  sorts: {
    ...jobsDef.sorts,
    permit_expiration_date: 'permit_expiration_date',
    // Days left count down to the date: the same order.
    permit_days_left: 'permit_expiration_date',
    billing_due_date: 'billing_due_date',
    task_count: 'task_count',
    CIBE_job_grand_total_difference: 'cibe_difference',
    last_updated: 'updated_at',
  },
  defaultOrdering: '-id',
  filters: { toggles: 'active_archived', range: { ...jobsDef.filters.range!, preference: ORCA_DASHBOARD_PREFERENCE } },
  where: (q) => q.where('form_type', ORCA_FORM_TYPE),
  omit: jobsDef.omit,
});

/**
 * The account's ORCA jobs (not deleted) with these job numbers, job_number -> job id (the oldest when
 * two share one): how the CSV import finds the jobs a file names, in its preview and in the worker.
 */
export async function orcaJobsNumbered(db: Knex | Knex.Transaction, accountId: string, jobNumbers: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!jobNumbers.length) return found;
  const rows = await whereAny(db('jobs').where({ account_id: accountId, deleted: false, form_type: ORCA_FORM_TYPE }), 'job_number', jobNumbers, 'text')
    .orderBy('id')
    .select<{ id: string; job_number: string }[]>('id', 'job_number');
  for (const r of rows) if (!found.has(r.job_number)) found.set(r.job_number, String(r.id));
  return found;
}
