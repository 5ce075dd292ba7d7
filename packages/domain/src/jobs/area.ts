/** What the jobs area declares; packages/domain/src/registry.ts composes every area. */
import type { AggregateDef, Area } from '../shared/aggregates.ts';
import { uniqueKeyOf } from '../shared/keys.ts';
import { jobDecider, type JobState } from './job.ts';
import { jobCollections } from './collections.ts';
import { jobLinesAsShown, jobView, withJobDays } from './view.ts';
import { jobCrewReport, jobManagementReport, jobOpsReport, jobSegmentProductionReport, jobWorkOrderReport, orcaBillingInvoicesReport, orcaCibeTableReport, orcaManagementReport, orcaOpsReport } from './reports.ts';
import { bulkEntryNamed, type BulkListDecl } from '../shared/bulk-lists.ts';

export const jobAggregate = {
  name: 'job',
  label: 'Job',
  decider: jobDecider,
  view: (s, today) => jobView(s, today),
  listRow: withJobDays,
  list: 'jobs',
  shownAs: { page: '/job/:id' },
  presentLines: jobLinesAsShown,
  // A job number is one job (`/job/{number}` opens it): no two live jobs of an account hold one,
  // case and spacing ignored; a deleted job frees its number.
  unique: {
    field: 'account_job_number',
    of: (s) => (s.id && !s.deleted ? uniqueKeyOf(s.fields.account_job_number) : null),
    message: (v) => `Job number ${String(v ?? '').trim()} is already used by another job`,
  },
} satisfies AggregateDef<JobState>;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

const jobBulk: BulkListDecl = {
  aggregate: 'job',
  reports: { ops: jobOpsReport.name, management: jobManagementReport.name, crew: jobCrewReport.name, segment_production: jobSegmentProductionReport.name },
  zipPrefix: 'Job',
  entryPrefix: (v) => [v.account_job_number ? `Job ${text(v.account_job_number)}` : `Job #${String(v.id)}`, text(v.title)].filter(Boolean).join(' '),
};

export const jobsArea: Area = {
  aggregates: [jobAggregate],
  collections: jobCollections,
  reports: [jobOpsReport, jobManagementReport, jobSegmentProductionReport, jobCrewReport, jobWorkOrderReport, orcaOpsReport, orcaManagementReport, orcaBillingInvoicesReport, orcaCibeTableReport],
  bulk: {
    jobs: jobBulk,
    // The all-other-jobs dashboard's jobs.
    all_other_jobs: jobBulk,
    // The ORCA dashboard's jobs: the same commands, their own zip name, and the four ORCA reports (its menu's).
    orca_jobs: {
      ...jobBulk,
      zipPrefix: 'Orca Job',
      reports: { ops: orcaOpsReport.name, management: orcaManagementReport.name, billing_invoices: orcaBillingInvoicesReport.name, cibe_table: orcaCibeTableReport.name },
    },
    // The ORCA billing dashboard's invoices (lines of their jobs): deleted only.
    orca_billings: { ...jobBulk, actions: ['delete'], line: { collection: 'job_invoices', parentColumn: 'job_id', noun: 'Invoice' }, zipPrefix: 'Invoice', entryPrefix: bulkEntryNamed('invoice_number', 'Invoice') },
  },
};
