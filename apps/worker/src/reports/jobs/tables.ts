/**
 * The job reports that are tables (spec 2 section 7): ops, management, segment production and crew,
 * each over the selected jobs (`?ids=`). Rows and totals are the domain's (report-rows.ts); here only
 * the reading and the totals' words; the columns and row fills are
 * the declaration's (domain jobs/reports.ts).
 */
import {
  crewRows,
  jobCrewReport as crewDeclared,
  jobManagementReport as managementDeclared,
  jobManagementRows,
  jobOpsReport as opsDeclared,
  jobOpsRows,
  jobSegmentProductionReport as segmentDeclared,
  segmentProductionRows,
} from '@trenchline/domain';
import type { WorkerContext } from '../../context.ts';
import { tableReport } from '../shared/builder.ts';
import { selectedJobs } from './source.ts';
import { plural } from '../shared/source.ts';

/** The selected jobs, with their lines when the report's rows need them. */
const jobs = (lines: boolean) => (ctx: WorkerContext, accountId: string, ids: string[], asOf?: string) => selectedJobs(ctx, accountId, ids, { lines, asOf });

export const jobOpsReport = tableReport({
  declared: opsDeclared,
  select: jobs(true),
  table(selected, today) {
    const { rows, totals, label } = jobOpsRows(selected, today);
    return {
      rows,
      count: plural(rows.length, 'job'),
      totals: {
        title: label,
        work_status: totals.overdue ? `${totals.overdue} overdue` : '',
        crews: totals.due_within_week ? `${totals.due_within_week} due within 7 days` : '',
      },
    };
  },
});

export const jobManagementReport = tableReport({
  declared: managementDeclared,
  select: jobs(false),
  table(selected, today) {
    const { rows, totals, label } = jobManagementRows(selected, today);
    return { rows, count: plural(rows.length, 'job'), totals: { ...totals, title: label } };
  },
});

export const jobSegmentProductionReport = tableReport({
  declared: segmentDeclared,
  select: jobs(true),
  table(selected, today) {
    const { rows, totals, label } = segmentProductionRows(selected, today);
    return { rows, count: `${plural(totals.segments, 'segment')} of ${plural(selected.length, 'job')}`, totals: { ...totals, title: label } };
  },
});

export const jobCrewReport = tableReport({
  declared: crewDeclared,
  select: jobs(true),
  table(selected) {
    const { rows, totals, label } = crewRows(selected);
    return { rows, count: `${plural(totals.crews, 'crew')} on ${plural(selected.length, 'job')}`, totals: { ...totals, jobs: totals.crew_jobs, crew_name: label } };
  },
});
