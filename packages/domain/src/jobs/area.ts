/** What the jobs area declares; packages/domain/src/registry.ts composes every area. */
import type { AggregateDef, Area } from '../shared/aggregates.ts';
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
} satisfies AggregateDef<JobState>;

export const jobsArea: Area = {
  aggregates: [jobAggregate],
  collections: jobCollections,
  reports: [jobOpsReport, jobManagementReport, jobSegmentProductionReport, jobCrewReport, jobWorkOrderReport, orcaOpsReport, orcaManagementReport, orcaBillingInvoicesReport, orcaCibeTableReport],
};
