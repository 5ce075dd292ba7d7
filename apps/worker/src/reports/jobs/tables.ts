/**
 * The job reports that are tables (spec 2 section 7): ops, management, segment production and crew,
 * each over the selected jobs (`?ids=`). Rows and totals are the domain's (report-rows.ts); here only
 * the reading, the columns and the row fills.
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
import { dueFill, plural } from '../shared/source.ts';

/** The selected jobs, with their lines when the report's rows need them. */
const jobs = (lines: boolean) => (ctx: WorkerContext, accountId: string, ids: string[]) => selectedJobs(ctx, accountId, ids, { lines });

export const jobOpsReport = tableReport({
  declared: opsDeclared,
  select: jobs(true),
  columns: [
    { key: 'job_number', label: 'Job #', kind: 'text', width: 10 },
    { key: 'title', label: 'Title', kind: 'text', width: 24 },
    { key: 'customer', label: 'Customer', kind: 'text', width: 13 },
    { key: 'form_type', label: 'Form', kind: 'text', width: 8 },
    { key: 'work_status', label: 'Status', kind: 'text', width: 11 },
    { key: 'start_date', label: 'Start', kind: 'date', width: 11 },
    { key: 'completion_date', label: 'Completion', kind: 'date', width: 11 },
    { key: 'days_left', label: 'Days left', kind: 'number', width: 9 },
    { key: 'crews', label: 'Crews', kind: 'text', width: 18 },
    { key: 'segment_percent_complete', label: '% complete', kind: 'percent', width: 11 },
    { key: 'latest_note', label: 'Latest note', kind: 'longtext', width: 33 },
  ],
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
  rowColour: dueFill,
});

export const jobManagementReport = tableReport({
  declared: managementDeclared,
  select: jobs(false),
  columns: [
    { key: 'job_number', label: 'Job #', kind: 'text', width: 10 },
    { key: 'title', label: 'Title', kind: 'text', width: 24 },
    { key: 'customer', label: 'Customer', kind: 'text', width: 13 },
    { key: 'work_status', label: 'Status', kind: 'text', width: 11 },
    { key: 'total_po_item_amounts', label: 'PO items', kind: 'money', width: 13 },
    { key: 'total_change_orders', label: 'Change orders', kind: 'money', width: 13 },
    { key: 'total_job', label: 'Total job', kind: 'money', width: 13 },
    { key: 'total_job_invoiced_actual', label: 'Invoiced', kind: 'money', width: 13 },
    { key: 'total_crew_payouts', label: 'Crew payouts', kind: 'money', width: 13 },
    { key: 'total_gross_profit', label: 'Gross profit', kind: 'money', width: 13 },
    { key: 'payout_pct_of_total', label: 'Payout %', kind: 'percent', width: 9 },
  ],
  table(selected, today) {
    const { rows, totals, label } = jobManagementRows(selected, today);
    return { rows, count: plural(rows.length, 'job'), totals: { ...totals, title: label } };
  },
  rowColour: dueFill,
});

export const jobSegmentProductionReport = tableReport({
  declared: segmentDeclared,
  select: jobs(true),
  columns: [
    { key: 'job_number', label: 'Job #', kind: 'text', width: 10 },
    { key: 'title', label: 'Job', kind: 'text', width: 24 },
    { key: 'segment_number', label: 'Segment', kind: 'text', width: 10 },
    { key: 'work_type', label: 'Work type', kind: 'text', width: 14 },
    { key: 'work_status', label: 'Status', kind: 'text', width: 11 },
    { key: 'feet', label: 'Planned ft', kind: 'number', width: 10 },
    { key: 'segment_total_feet', label: 'Actual ft', kind: 'number', width: 10 },
    { key: 'percent_complete', label: '% complete', kind: 'percent', width: 9 },
    { key: 'plan_days', label: 'Plan days', kind: 'number', width: 9 },
    { key: 'segment_total_days', label: 'Actual days', kind: 'number', width: 9 },
    { key: 'production_payouts', label: 'Payouts', kind: 'money', width: 13 },
  ],
  table(selected, today) {
    const { rows, totals, label } = segmentProductionRows(selected, today);
    return { rows, count: `${plural(totals.segments, 'segment')} of ${plural(selected.length, 'job')}`, totals: { ...totals, title: label } };
  },
  rowColour: (r) => (r.segment_number === 'Unassigned' ? '#FFF4E0' : null),
});

export const jobCrewReport = tableReport({
  declared: crewDeclared,
  select: jobs(true),
  columns: [
    { key: 'crew_name', label: 'Crew', kind: 'text', width: 20 },
    { key: 'jobs', label: 'Jobs', kind: 'number', width: 7 },
    { key: 'productions', label: 'Productions', kind: 'number', width: 9 },
    { key: 'feet', label: 'Feet', kind: 'number', width: 10 },
    { key: 'production_days', label: 'Prod. days', kind: 'number', width: 9 },
    { key: 'production_payouts', label: 'Production payouts', kind: 'money', width: 14 },
    { key: 'crew_payouts', label: 'Crew payouts', kind: 'money', width: 13 },
    { key: 'materials_payouts', label: 'Materials payouts', kind: 'money', width: 13 },
    { key: 'equipment_payouts', label: 'Equipment payouts', kind: 'money', width: 15 },
    { key: 'total_payouts', label: 'All payouts', kind: 'money', width: 13 },
  ],
  table(selected) {
    const { rows, totals, label } = crewRows(selected);
    return { rows, count: `${plural(totals.crews, 'crew')} on ${plural(selected.length, 'job')}`, totals: { ...totals, jobs: totals.crew_jobs, crew_name: label } };
  },
});
