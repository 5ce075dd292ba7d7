import { useCallback, useMemo, useState } from 'react';
import { Paper } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { PurchaseOrderModal } from '../../../components/record/PurchaseOrderModal';
import { keepSelection } from '../../../components/record/BulkActions';
import { ListPrefsRow, ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import { useListPrefs } from '../../../components/table/useListPrefs';
import { usePagedList } from '../../../components/table/usePagedList';
import { useRowFlash } from '../../../components/table/useRowFlash';
import { listFilter, rowFitOf } from '../../../lib/listPrefs';
import { saveJobFields } from '../api/archiveJob';
import { JOBS_PATH, pagedJobsKey, type JobRow } from '../api/listJobs';
import { useJobFormTypes } from '../api/listTypes';
import { jobSearchDates } from '../api/searchDates';
import { DEFAULT_SORT, JOB_PO_FIELDS, jobName, shownJob, type ShownJob } from '../listLogic';
import { ArchiveJobsButton, DeleteJobsButton, JobReportButton, JobZipButton, NewJobMenu } from './ListActions';
import { JobTable } from './JobTable';
import { noneYet } from '../../../lib/words';
import { GettingStarted } from '../../../components/onboarding/GettingStarted';
import { WhenLive } from '../../../components/table/listAsOf';

/** /job/: the user's saved choice of jobs, paged from the server as it scrolls, live, searched and sorted there, selectable (all that match), with bulk actions and reports. */
export function JobListPage() {
  const qc = useQueryClient();
  const prefs = useListPrefs(jobSearchDates, pagedJobsKey);
  const { applied, draft } = prefs;
  const [poOf, setPoOf] = useState<ShownJob | null>(null);
  // Rows change in place when anyone changes a job, its lines or its totals; the row is marked for a moment.
  const flashed = useRowFlash('jobs');
  const types = useJobFormTypes();
  const filter = useMemo(() => listFilter(applied, 'stop_date'), [applied]);
  const fit = useMemo(() => rowFitOf(applied), [applied]);
  const list = usePagedList<JobRow, ShownJob>({ list: 'jobs', path: JOBS_PATH, filter, rowFilter: fit, defaultSort: DEFAULT_SORT, shape: (r) => shownJob(r, types.data) });

  const { nothingAsked } = prefs;
  const loading = !applied || (list.isPending && !nothingAsked);
  const onPurchaseOrder = useCallback((r: ShownJob) => setPoOf(r), []);

  return (
    <Paper withBorder p="xs" radius="sm">
      <WhenLive>
        <GettingStarted />
      </WhenLive>
      <ListTitleBar title="Jobs" filter={list.text} onFilter={list.setText}>
        <NewJobMenu />
        <DeleteJobsButton target={list.target} onDone={list.bulkDone} />
        <ArchiveJobsButton target={list.target} onDone={list.bulkDone} />
        <JobReportButton target={list.target} onDone={keepSelection} report="ops" label="Ops report" miw={100} />
        <JobReportButton target={list.target} onDone={keepSelection} report="management" label="Management export" miw={140} />
        <JobZipButton target={list.target} onDone={keepSelection} />
      </ListTitleBar>
      <ListPrefsRow prefs={prefs} label="Which jobs" publicModeHint="Hide the money columns, for showing the list to a customer" onRefreshed={list.clearSelection}>
        <MatchCount ready={list.isSuccess} count={list.count} estimated={list.countEstimated} selected={list.selectedCount} selectedEstimated={list.selectedEstimated} noun="jobs" />
      </ListPrefsRow>

      <ListStates query={list} loading={loading} nothingAsked={nothingAsked} noun="jobs" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText={noneYet('jobs', 'New job', 'award a bid to make its job', 'for these choices')} />
      {list.isSuccess && list.count > 0 && <JobTable variant="list" list={list} publicMode={draft.public_mode} onPurchaseOrder={onPurchaseOrder} flashed={flashed} />}
      <PurchaseOrderModal
        key={poOf?.id ?? 'none'}
        record={poOf}
        title={`PO data: ${poOf ? jobName(poOf) : ''}${poOf?.title ? ` ${poOf.title}` : ''}`}
        fields={JOB_PO_FIELDS}
        save={(id, values) => saveJobFields(qc, id, values)}
        onClose={() => setPoOf(null)}
      />
    </Paper>
  );
}
