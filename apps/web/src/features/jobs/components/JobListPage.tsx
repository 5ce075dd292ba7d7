import { useMemo, useState } from 'react';
import { Paper } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { inDateRange } from '@trenchline/domain';
import { DownloadBundlesButton } from '../../../components/record/DownloadBundlesButton';
import { PurchaseOrderModal } from '../../../components/record/PurchaseOrderModal';
import { ListPrefsRow, ListStates, ListTitleBar, RowCount } from '../../../components/table/ListPage';
import { useListPrefs } from '../../../components/table/useListPrefs';
import { useRecordTable } from '../../../components/table/useRecordTable';
import { useRowFlash } from '../../../components/table/useRowFlash';
import { selectedIds, sortRows } from '../../../lib/listLogic';
import { saveJobFields } from '../api/archiveJob';
import { jobsKey, useJobs } from '../api/listJobs';
import { useJobFormTypes } from '../api/listTypes';
import { jobSearchDates } from '../api/searchDates';
import { DEFAULT_SORT, filterJobs, JOB_PO_FIELDS, jobName, jobZipEntries, shownJob, type ShownJob } from '../listLogic';
import { ArchiveJobsButton, DeleteJobsButton, JobReportButton, NewJobMenu } from './ListActions';
import { JobTable } from './JobTable';

/** /job/: the user's saved choice of jobs, live, filtered, sorted (days left first), selectable, with bulk actions and reports. */
export function JobListPage() {
  const qc = useQueryClient();
  const prefs = useListPrefs(jobSearchDates, jobsKey);
  const { applied, draft } = prefs;
  const [text, setText] = useState('');
  const { sort, selected, setSelected, tableOf } = useRecordTable(DEFAULT_SORT);
  const [poOf, setPoOf] = useState<ShownJob | null>(null);
  // Rows change in place when anyone changes a job, its lines or its totals; the row is marked for a moment.
  const flashed = useRowFlash('jobs');
  const jobs = useJobs(applied);
  const types = useJobFormTypes();

  const rows = useMemo<ShownJob[]>(() => {
    if (!applied) return [];
    const range = { from: applied.start_date, to: applied.end_date, liveAndFuture: applied.live_and_future };
    // A row that arrived live is kept to the list's own range, as the server would.
    const shown = (jobs.data ?? []).filter((r) => inDateRange(r, range)).map((r) => shownJob(r, types.data));
    return sortRows(filterJobs(shown, text), sort);
  }, [applied, jobs.data, types.data, text, sort]);

  const ids = useMemo(() => selectedIds(rows, selected), [rows, selected]);
  const entries = useMemo(() => jobZipEntries(rows, selected), [rows, selected]);
  const total = jobs.data?.length ?? 0;
  const clearSelection = () => setSelected(new Set());
  const { nothingAsked } = prefs;
  const loading = !applied || (jobs.isPending && !nothingAsked);

  return (
    <Paper withBorder p="xs" radius="sm">
      <ListTitleBar title="Jobs" filter={text} onFilter={setText}>
        <NewJobMenu />
        <DeleteJobsButton ids={ids} onDone={clearSelection} />
        <ArchiveJobsButton ids={ids} onDone={clearSelection} />
        <JobReportButton ids={ids} kind="ops" label="Ops report" miw={100} />
        <JobReportButton ids={ids} kind="management" label="Management export" miw={140} />
        <DownloadBundlesButton prefix="Job" entries={entries} />
      </ListTitleBar>
      <ListPrefsRow prefs={prefs} label="Which jobs" publicModeHint="Hide the money columns, for showing the list to a customer" onRefreshed={clearSelection}>
        <RowCount ready={jobs.isSuccess} shown={rows.length} total={total} selected={ids.length} />
      </ListPrefsRow>

      <ListStates query={jobs} loading={loading} nothingAsked={nothingAsked} noun="jobs" shown={rows.length} total={total} noneText="No jobs for these choices." />
      {jobs.isSuccess && rows.length > 0 && <JobTable variant="list" {...tableOf(rows)} publicMode={draft.public_mode} onPurchaseOrder={setPoOf} flashed={flashed} />}
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
