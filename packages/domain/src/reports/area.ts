/** What the reports area declares (the report record and the report schedule; each area declares its own reports); registry.ts composes every area. */
import { sameRow, type AggregateDef, type Area } from '../shared/aggregates.ts';
import { reportDecider, type ReportState } from './report.ts';
import { reportView } from './view.ts';
import { reportScheduleAggregate, reportScheduleRuns } from './schedule.ts';

export const reportAggregate = { name: 'report', label: 'Report', decider: reportDecider, view: (s) => reportView(s), listRow: sameRow, list: 'reports' } satisfies AggregateDef<ReportState>;

export const reportsArea: Area = { aggregates: [reportAggregate, reportScheduleAggregate as unknown as AggregateDef], collections: [reportScheduleRuns] };
