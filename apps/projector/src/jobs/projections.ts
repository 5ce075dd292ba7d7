/** Job read models: the job list (the jobs issue adds its dashboards). */
import { recordListProjection } from '../shared/record-list.ts';

export const jobList = recordListProjection({
  aggregate: 'job',
  table: 'jobs',
  columns: (v) => ({ job_number: v.job_number ?? null, form_type: v.form_type ?? null, bid_ref: v.bid_ref ?? null }),
  search: (v) => [v.id, v.job_number, v.work_req_num, v.title, v.customer, v.description, v.address, v.city],
});

export const jobProjections = [jobList];
