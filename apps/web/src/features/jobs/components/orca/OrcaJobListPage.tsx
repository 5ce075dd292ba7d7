import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Paper } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { PurchaseOrderModal } from '../../../../components/record/PurchaseOrderModal';
import { ListPrefsRow, ListStates, ListTitleBar, MatchCount } from '../../../../components/table/ListPage';
import { useListPrefs } from '../../../../components/table/useListPrefs';
import { usePagedList } from '../../../../components/table/usePagedList';
import { useRowFlash } from '../../../../components/table/useRowFlash';
import { errorText } from '../../../../lib/http';
import { listFilter, rowFitOf } from '../../../../lib/listPrefs';
import { useMessage } from '../../../../lib/messages';
import { saveJobFields } from '../../api/archiveJob';
import { useCreateOrcaJob } from '../../api/createJob';
import { JOBS_PATH, pagedJobsKey, type JobRow } from '../../api/listJobs';
import { useJobFormTypes } from '../../api/listTypes';
import { jobSearchDates } from '../../api/searchDates';
import { DEFAULT_SORT, JOB_PO_FIELDS, jobName, ORCA_FORM_TYPE, shownJob, type ShownJob } from '../../listLogic';
import { orcaJobPath } from '../../orca/taskLines';
import { JobTable } from '../JobTable';

/** Spec 2 section 2: what the ORCA dashboard says when it has no job. */
export const NO_ORCA_JOBS = 'No ORCA Jobs to Display.  Please upload a .csv or create a new job';

/**
 * /job/orca/: the ORCA jobs (form_type attorca), paged from the server with the job list's choices,
 * live; a row opens its ORCA job page. The full dashboard (bulk actions, reports, billing) is the next issue's.
 */
export function OrcaJobListPage() {
  const navigate = useNavigate();
  const message = useMessage();
  const qc = useQueryClient();
  const [poOf, setPoOf] = useState<ShownJob | null>(null);
  const onPurchaseOrder = useCallback((r: ShownJob) => setPoOf(r), []);
  const prefs = useListPrefs(jobSearchDates, pagedJobsKey);
  const { applied, draft } = prefs;
  const flashed = useRowFlash('jobs');
  const types = useJobFormTypes();
  const create = useCreateOrcaJob();
  const filter = useMemo(() => {
    const f = listFilter(applied, 'stop_date');
    return f && { ...f, form_type: ORCA_FORM_TYPE };
  }, [applied]);
  // A live job of another form type is not one of the dashboard's.
  const fit = useMemo(() => {
    const inList = rowFitOf(applied);
    return inList && ((r: Record<string, unknown>) => r.form_type === ORCA_FORM_TYPE && inList(r));
  }, [applied]);
  const list = usePagedList<JobRow, ShownJob>({ list: 'jobs', path: JOBS_PATH, filter, rowFilter: fit, defaultSort: DEFAULT_SORT, shape: (r) => shownJob(r, types.data) });
  const { nothingAsked } = prefs;
  const loading = !applied || (list.isPending && !nothingAsked);

  const newJob = () =>
    create.mutate(undefined, {
      onSuccess: (job) => navigate(orcaJobPath(job)),
      onError: (e) => message(`error experienced.  ${errorText(e)}`, 'error'),
    });

  return (
    <Paper withBorder p="xs" radius="sm">
      <ListTitleBar title="ORCA jobs" filter={list.text} onFilter={list.setText}>
        <Button size="xs" onClick={newJob} loading={create.isPending}>
          New ORCA job
        </Button>
      </ListTitleBar>
      <ListPrefsRow prefs={prefs} label="Which jobs" publicModeHint="Hide the money columns, for showing the list to a customer" onRefreshed={list.clearSelection}>
        <MatchCount ready={list.isSuccess} count={list.count} selected={list.selectedCount} noun="jobs" />
      </ListPrefsRow>
      <ListStates query={list} loading={loading} nothingAsked={nothingAsked} noun="jobs" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText={NO_ORCA_JOBS} />
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
