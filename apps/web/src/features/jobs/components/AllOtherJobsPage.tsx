import { useMemo } from 'react';
import { Paper } from '@mantine/core';
import { keepSelection } from '../../../components/record/BulkActions';
import { ListPrefsRow, ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import { useListPrefs } from '../../../components/table/useListPrefs';
import { usePagedList } from '../../../components/table/usePagedList';
import { useRowFlash } from '../../../components/table/useRowFlash';
import { listFilter, rowFitOf } from '../../../lib/listPrefs';
import { ALL_OTHERS_PATH } from '../api/allOthers';
import { pagedJobsKey, type JobRow } from '../api/listJobs';
import { useJobFormTypes } from '../api/listTypes';
import { jobSearchDates } from '../api/searchDates';
import { DEFAULT_SORT, ORCA_FORM_TYPE, shownJob, type ShownJob } from '../listLogic';
import { NEW_BASE_JOB, NewBaseJobButton, ReportsMenu } from './ListActions';
import { JobTable } from './JobTable';

/** Spec 2: what the dashboard says when it has no job. */
export const NO_OTHER_JOBS = `No ACAS Jobs to Display. Press ${NEW_BASE_JOB.label} to add one.`;

/**
 * /job/others/: every job that is not an ORCA job, with its segment roll-ups, paged from the server,
 * live; the Reports dropdown (Management, Crew) acts on the selected jobs. Its choices are the job list's.
 */
export function AllOtherJobsPage() {
  const prefs = useListPrefs(jobSearchDates, pagedJobsKey);
  const { applied, draft } = prefs;
  const flashed = useRowFlash('jobs');
  const types = useJobFormTypes();
  const filter = useMemo(() => listFilter(applied, 'stop_date'), [applied]);
  // A live ORCA job is not one of the dashboard's.
  const fit = useMemo(() => {
    const inList = rowFitOf(applied);
    return inList && ((r: Record<string, unknown>) => r.form_type !== ORCA_FORM_TYPE && inList(r));
  }, [applied]);
  const list = usePagedList<JobRow, ShownJob>({ list: 'jobs', path: ALL_OTHERS_PATH, filter, rowFilter: fit, defaultSort: DEFAULT_SORT, shape: (r) => shownJob(r, types.data) });
  const { nothingAsked } = prefs;
  const loading = !applied || (list.isPending && !nothingAsked);

  return (
    <Paper withBorder p="xs" radius="sm">
      <ListTitleBar title="All other jobs" filter={list.text} onFilter={list.setText}>
        <NewBaseJobButton />
        <ReportsMenu target={list.target} onDone={keepSelection} />
      </ListTitleBar>
      <ListPrefsRow prefs={prefs} label="Which jobs" publicModeHint="Hide the money columns, for showing the list to a customer" onRefreshed={list.clearSelection}>
        <MatchCount ready={list.isSuccess} count={list.count} estimated={list.countEstimated} selected={list.selectedCount} selectedEstimated={list.selectedEstimated} noun="jobs" />
      </ListPrefsRow>

      <ListStates query={list} loading={loading} nothingAsked={nothingAsked} noun="jobs" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText={NO_OTHER_JOBS} />
      {list.isSuccess && list.count > 0 && <JobTable variant="others" list={list} publicMode={draft.public_mode} flashed={flashed} />}
    </Paper>
  );
}
