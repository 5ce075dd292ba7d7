/** Report read models: every report asked for, with its state, for the Reports page (live). */
import { recordListProjection } from '../shared/record-list.ts';

export const reportList = recordListProjection({
  aggregate: 'report',
  table: 'reports',
  columns: (v) => ({
    requested_by: v.requested_by ?? null,
    report: v.report ?? null,
    report_state: v.state ?? null,
    requested_at: v.requested_at ?? null,
  }),
  search: (v) => [v.label, v.file_name, v.requested_by_name, v.state],
});

export const reportProjections = [reportList];
