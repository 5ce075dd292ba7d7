/**
 * The job list and the all-other-jobs dashboard: one table (`jobs`), the same columns and filters;
 * the dashboard leaves out ORCA jobs. Sort keys are the fields the two tables show
 * (apps/web/src/features/jobs/components/JobTable.tsx).
 */
import { JOB_FORM_TYPES, ORCA_FORM_TYPE } from '@trenchline/domain';
import { date, defineList, type ListDef, number, ref, sortedBy, text } from '@trenchline/platform/lists/define.ts';
import { withLocateWarnings } from '../locates/list.ts';

export const jobColumns = [
  text('job_number'),
  text('form_type'),
  ref('bid_ref'),
  text('account_job_number'),
  date('start_date'),
  date('completion_date'),
  date('created_on', 'created_at'),
  text('title'),
  text('customer'),
  text('work_status'),
  text('coordinator'),
  text('crew_string'),
  text('po_job_number'),
  number('total_job'),
  number('total_job_invoiced_actual'),
  number('total_gross_profit'),
  number('segment_count', (v) => (Array.isArray(v.segment_rollups) ? v.segment_rollups.length : null)),
  number('segment_plan_feet'),
  number('segment_total_feet'),
  number('segment_percent_complete'),
  // ',12,15,': the users assigned to the job (null: none), for the jobs a user may write tickets for.
  text('assigned_users', (v) => (Array.isArray(v.assigned_user_ids) && v.assigned_user_ids.length ? `,${v.assigned_user_ids.join(',')},` : null)),
];


export const jobsDef: ListDef = {
  name: 'jobs',
  aggregate: 'job',
  table: 'jobs',
  columns: jobColumns,
  sorts: {
    id: 'id',
    // Days left count down to the completion date: the same order.
    job_days_left: 'completion_date',
    form_type_label: 'form_type',
    ...sortedBy('account_job_number', 'job_number', 'title', 'customer', 'form_type', 'work_status', 'coordinator', 'start_date', 'completion_date', 'crew_string', 'po_job_number'),
    ...sortedBy('total_job', 'total_job_invoiced_actual', 'total_gross_profit', 'segment_count', 'segment_plan_feet', 'segment_total_feet', 'segment_percent_complete'),
  },
  defaultOrdering: 'job_days_left',
  search: (v) => [
    v.id, v.account_job_number, v.job_number, v.po_job_number, v.project_number, v.work_req_num, v.title, v.customer, v.work_status,
    v.coordinator, v.crew_string, v.description, v.address, v.city, v.county,
  ],
  filters: {
    toggles: 'active_archived',
    range: { due: 'completion_date', start: 'start_date', created: 'created_on', preference: 'jobs.search_dates' },
    equals: { form_type: { column: 'form_type', values: JOB_FORM_TYPES } },
    // A field user's job list: only the jobs they are assigned to (the api sets it to them, docs/roles.md).
    member: { assigned_to: { column: 'assigned_users', only: true } },
  },
  omit: ['description', 'job_summary', 'summary_description', 'segment_rollups', 'crossroads', 'geo_loc', 'bid_area'],
  // Work planned with no live locate shows on the row (the expiry watch).
  annotate: withLocateWarnings,
  annotatedFrom: ['locates'],
};

export const jobs = defineList(jobsDef);

/** The ORCA (task-based) form type (the domain's): its jobs are on the ORCA screens, not this dashboard. */
export { ORCA_FORM_TYPE };

export const allOtherJobs = defineList({
  ...jobsDef,
  name: 'all_other_jobs',
  where: (q) => q.where((w) => w.whereNull('form_type').orWhereNot('form_type', ORCA_FORM_TYPE)),
  // The dashboard's rows are whole, segment roll-ups included (as before paging came).
  omit: [],
});

/** Work statuses of jobs no ticket is written for any more. */
export const CLOSED_WORK_STATUSES = ['Complete', 'Canceled', 'Returned'];

/**
 * The jobs a user may write field tickets for (GET /api/tickets/my_jobs/, the new-ticket form): open
 * jobs (active, not Complete, Canceled or Returned) the user is assigned to, or that have no assigned
 * user (open to every crew). The api fills `user` with the caller.
 */
export const ticketJobs = defineList({
  ...jobsDef,
  name: 'ticket_jobs',
  defaultOrdering: 'account_job_number',
  where: (q) => q.where((w) => w.whereNull('work_status').orWhereNotIn('work_status', CLOSED_WORK_STATUSES)),
  filters: { toggles: 'active_archived', equals: jobsDef.filters.equals, member: { user: { column: 'assigned_users' } } },
  annotate: undefined,
});
