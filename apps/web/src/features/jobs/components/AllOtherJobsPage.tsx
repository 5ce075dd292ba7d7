import { useMemo, useState } from 'react';
import { Paper } from '@mantine/core';
import { inDateRange } from '@trenchline/domain';
import { ListPrefsRow, ListStates, ListTitleBar, RowCount } from '../../../components/table/ListPage';
import { useListPrefs } from '../../../components/table/useListPrefs';
import { useRecordTable } from '../../../components/table/useRecordTable';
import { useRowFlash } from '../../../components/table/useRowFlash';
import { selectedIds, sortRows } from '../../../lib/listLogic';
import { allOthersKey, useAllOthers } from '../api/allOthers';
import { useJobFormTypes } from '../api/listTypes';
import { jobSearchDates } from '../api/searchDates';
import { DEFAULT_SORT, filterJobs, othersOnly, shownJob, type ShownJob } from '../listLogic';
import { NewBaseJobButton, ReportsMenu } from './ListActions';
import { JobTable } from './JobTable';

/** Spec 2: what the dashboard says when it has no job. */
export const NO_OTHER_JOBS = 'No ACAS Jobs to Display';

/**
 * /job/others/: every job that is not an ORCA job, with its segment roll-ups, live; the Reports
 * dropdown (Management, Crew) acts on the selected jobs. Its choices are the job list's.
 */
export function AllOtherJobsPage() {
  const prefs = useListPrefs(jobSearchDates, allOthersKey);
  const { applied, draft } = prefs;
  const [text, setText] = useState('');
  const { sort, selected, setSelected, tableOf } = useRecordTable(DEFAULT_SORT);
  const flashed = useRowFlash('jobs');
  const jobs = useAllOthers(applied);
  const types = useJobFormTypes();

  const rows = useMemo<ShownJob[]>(() => {
    if (!applied) return [];
    const range = { from: applied.start_date, to: applied.end_date, liveAndFuture: applied.live_and_future };
    const shown = othersOnly(jobs.data ?? [])
      .filter((r) => inDateRange(r, range))
      .map((r) => shownJob(r, types.data));
    return sortRows(filterJobs(shown, text), sort);
  }, [applied, jobs.data, types.data, text, sort]);

  const ids = useMemo(() => selectedIds(rows, selected), [rows, selected]);
  const total = jobs.data ? othersOnly(jobs.data).length : 0;
  const { nothingAsked } = prefs;
  const loading = !applied || (jobs.isPending && !nothingAsked);

  return (
    <Paper withBorder p="xs" radius="sm">
      <ListTitleBar title="All other jobs" filter={text} onFilter={setText}>
        <NewBaseJobButton />
        <ReportsMenu ids={ids} />
      </ListTitleBar>
      <ListPrefsRow prefs={prefs} label="Which jobs" publicModeHint="Hide the money columns, for showing the list to a customer" onRefreshed={() => setSelected(new Set())}>
        <RowCount ready={jobs.isSuccess} shown={rows.length} total={total} selected={ids.length} />
      </ListPrefsRow>

      <ListStates query={jobs} loading={loading} nothingAsked={nothingAsked} noun="jobs" shown={rows.length} total={total} noneText={NO_OTHER_JOBS} />
      {jobs.isSuccess && rows.length > 0 && <JobTable variant="others" {...tableOf(rows)} publicMode={draft.public_mode} flashed={flashed} />}
    </Paper>
  );
}
