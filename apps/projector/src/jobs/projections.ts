/**
 * Job read models: the job list (and the all-other-jobs dashboard, which reads the same rows). Every
 * event of a job's stream, its lines' included, rewrites its row, so totals and roll-ups stay live.
 */
import { recordListProjection } from '../shared/record-list.ts';

export const jobList = recordListProjection({
  aggregate: 'job',
  table: 'jobs',
  columns: (v) => ({
    job_number: v.job_number ?? null,
    form_type: v.form_type ?? null,
    bid_ref: v.bid_ref ?? null,
    account_job_number: v.account_job_number || null,
    start_date: v.start_date ?? null,
    completion_date: v.completion_date ?? null,
    created_on: typeof v.created_at === 'string' ? v.created_at.slice(0, 10) : null,
  }),
  search: (v) => [
    v.id, v.account_job_number, v.job_number, v.po_job_number, v.project_number, v.work_req_num, v.title, v.customer, v.work_status,
    v.coordinator, v.crew_string, v.description, v.address, v.city, v.county,
  ],
});

export const jobProjections = [jobList];
