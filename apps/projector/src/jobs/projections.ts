/**
 * Job read models: the job list (and the all-other-jobs dashboard and the ORCA dashboard, which read
 * the same rows) and the billing dashboard's invoices (`orca_invoices`). Every
 * event of a job's stream, its lines' included, rewrites its row, so totals and roll-ups stay live.
 * Its columns and search words are the list's declaration (packages/read-model/src/jobs/list.ts).
 */
import { projected } from '@trenchline/platform';
import { jobsList, orcaInvoiceRows, orcaJobsList } from '@trenchline/read-model';
import { recordListProjection } from '../shared/record-list.ts';

export const jobList = recordListProjection({
  aggregate: 'job',
  table: 'jobs',
  ...projected(jobsList, orcaJobsList),
  // The billing dashboard's rows: each ORCA job's invoices.
  children: { table: 'orca_invoices', parent: 'job_id', rows: orcaInvoiceRows },
});

export const jobProjections = [jobList];
