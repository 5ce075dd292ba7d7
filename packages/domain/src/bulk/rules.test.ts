import { describe, expect, it } from 'vitest';
import { bulkReportNames, bulkReportOf } from './rules.ts';
import { bulkList } from '../registry.ts';

const BULK_LISTS = Object.fromEntries(['orca_jobs', 'jobs', 'all_other_jobs', 'bids', 'locates', 'orders'].map((n) => [n, bulkList(n)]));

describe('the report a bulk report on a list builds (issue 29)', () => {
  it('given the ORCA dashboard’s list, when its report is named management or ops, then the ORCA reports; the job lists’ the job reports', () => {
    expect(bulkReportOf(BULK_LISTS.orca_jobs, 'management')).toBe('jobs.orca_management');
    expect(bulkReportOf(BULK_LISTS.orca_jobs, 'ops')).toBe('jobs.orca_ops');
    expect(bulkReportOf(BULK_LISTS.jobs, 'management')).toBe('jobs.management');
    expect(bulkReportOf(BULK_LISTS.all_other_jobs, 'ops')).toBe('jobs.ops');
  });

  it('given a list, when its report is named by the catalogue’s own name, short or whole, then that report, only if the list declares it', () => {
    expect(bulkReportOf(BULK_LISTS.orca_jobs, 'orca_billing_invoices')).toBe('jobs.orca_billing_invoices');
    expect(bulkReportOf(BULK_LISTS.orca_jobs, 'jobs.orca_cibe_table')).toBe('jobs.orca_cibe_table');
    expect(bulkReportOf(BULK_LISTS.jobs, 'orca_management')).toBeUndefined();
    expect(bulkReportOf(BULK_LISTS.orca_jobs, 'crew')).toBeUndefined();
    expect(bulkReportOf(BULK_LISTS.bids, 'management')).toBeUndefined();
  });

  it('given the lists, then the names their reports go by', () => {
    expect(bulkReportNames(BULK_LISTS.orca_jobs)).toEqual(['ops', 'management', 'billing_invoices', 'cibe_table']);
    expect(bulkReportNames(BULK_LISTS.jobs)).toEqual(['ops', 'management', 'crew', 'segment_production']);
    expect(bulkReportNames(BULK_LISTS.locates)).toEqual(['locates']);
    expect(bulkReportNames(BULK_LISTS.orders)).toEqual([]);
  });
});
