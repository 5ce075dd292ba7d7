import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveRowEvents, type RowEvent } from '../../../lib/realtime';
import { applyReportEvent, mergeReport } from '../reportLogic';
import { reportKey, reportsKey, type ReportRow } from './types';

/**
 * Keep the Reports page live: every change of a report upserts its row in the whole-account list,
 * in the user's own list when the user asked for it, and in the one report shown by ?id=.
 */
export function useLiveReports(userId: string | null) {
  const qc = useQueryClient();
  const onRow = useCallback(
    (ev: RowEvent) => {
      qc.setQueryData<ReportRow[]>(reportsKey(true), (rows) => applyReportEvent(rows, ev, null));
      if (userId !== null) qc.setQueryData<ReportRow[]>(reportsKey(false), (rows) => applyReportEvent(rows, ev, userId));
      qc.setQueryData<ReportRow>(reportKey(String(ev.id)), (old) => mergeReport(old, ev) ?? old);
    },
    [qc, userId],
  );
  useLiveRowEvents('reports', onRow);
}
