/**
 * The job reports (spec 2 section 7, docs/jobs.md "Calls"): ops, management, segment production and
 * crew reports of the selected jobs, and one work order's PDF. Their rows come from report-rows.ts.
 */
import { z } from 'zod';
import { datedFileName, defineReport, idList } from '../shared/report-catalogue.ts';

const selected = z.object({ ids: idList() });

export const jobOpsReport = defineReport({
  name: 'jobs.ops',
  label: 'Job ops report',
  path: '/jobs/report/ops',
  formats: ['xlsx', 'pdf'],
  params: selected,
  fileName: (today, format) => datedFileName('Job ops report', today, format),
});

export const jobManagementReport = defineReport({
  name: 'jobs.management',
  label: 'Job management report',
  path: '/jobs/report/management',
  formats: ['xlsx', 'pdf'],
  params: selected,
  fileName: (today, format) => datedFileName('Job management report', today, format),
});

export const jobSegmentProductionReport = defineReport({
  name: 'jobs.segment_production',
  label: 'Segment production report',
  path: '/jobs/report/segment_production',
  formats: ['xlsx', 'pdf'],
  params: selected,
  fileName: (today, format) => datedFileName('Segment production report', today, format),
});

export const jobCrewReport = defineReport({
  name: 'jobs.crew',
  label: 'Crew report',
  path: '/jobs/report/crew',
  formats: ['xlsx', 'pdf'],
  params: selected,
  fileName: (today, format) => datedFileName('Crew report', today, format),
});

/** One work order (a line of job_work_orders) as a printable document; its id is the path's. */
export const jobWorkOrderReport = defineReport({
  name: 'jobs.work_order',
  label: 'Work order',
  path: '/jobs/work_orders/:id/pdf',
  formats: ['pdf'],
  params: z.object({ id: z.string({ message: 'is required' }).regex(/^\d{1,18}$/, 'must be a record id') }),
  record: { param: 'id', kind: 'job_work_orders', label: 'Work Order' },
  fileName: (today, format) => datedFileName('Work order', today, format),
});
