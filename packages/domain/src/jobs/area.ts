/** What the jobs area declares; packages/domain/src/registry.ts composes every area. */
import type { AggregateDef, Area } from '../shared/aggregates.ts';
import { uniqueKeyOf } from '../shared/keys.ts';
import { jobDecider, type JobState } from './job.ts';
import { jobCollections } from './collections.ts';
import { jobLinesAsShown, jobView, withJobDays } from './view.ts';
import { jobCrewReport, jobManagementReport, jobOpsReport, jobSegmentProductionReport, jobWorkOrderReport, orcaBillingInvoicesReport, orcaCibeTableReport, orcaManagementReport, orcaOpsReport } from './reports.ts';

export const jobAggregate = {
  name: 'job',
  label: 'Job',
  decider: jobDecider,
  view: (s, today) => jobView(s, today),
  listRow: withJobDays,
  list: 'jobs',
  presentLines: jobLinesAsShown,
  // A job number is one job (`/job/{number}` opens it): no two live jobs of an account hold one,
  // case and spacing ignored; a deleted job frees its number.
  unique: {
    field: 'account_job_number',
    of: (s) => (s.id && !s.deleted ? uniqueKeyOf(s.fields.account_job_number) : null),
    message: (v) => `Job number ${String(v ?? '').trim()} is already used by another job`,
  },
} satisfies AggregateDef<JobState>;

export const jobsArea: Area = {
  aggregates: [jobAggregate],
  collections: jobCollections,
  reports: [jobOpsReport, jobManagementReport, jobSegmentProductionReport, jobCrewReport, jobWorkOrderReport, orcaOpsReport, orcaManagementReport, orcaBillingInvoicesReport, orcaCibeTableReport],
};
