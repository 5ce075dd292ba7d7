import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { keepSelection } from '../../../../components/record/BulkActions';
import { ListStates, ListTitleBar, MatchCount } from '../../../../components/table/ListPage';
import { ListPrefsBar } from '../../../../components/table/ListPrefsBar';
import type { Page } from '../../../../components/table/pagedList';
import { QUERY_UPDATED } from '../../../../components/table/useListPrefs';
import { usePagedList } from '../../../../components/table/usePagedList';
import { WhenLive } from '../../../../components/table/listAsOf';
import { useRowFlash } from '../../../../components/table/useRowFlash';
import { errorText } from '../../../../lib/http';
import { changedPrefs, rowFitOf, type ListPrefs } from '../../../../lib/listPrefs';
import { useMessage } from '../../../../lib/messages';
import { useSavedOnChange } from '../../../../lib/useSavedOnChange';
import { useMe } from '../../../auth';
import { useCreateOrcaJob } from '../../api/createJob';
import { dashboardPrefsKey, saveDashboardPrefs, useSaveDashboardPrefs, type OrcaRow } from '../../api/orcaDashboard';
import { ORCA_FORM_TYPE } from '../../listLogic';
import {
  changedState,
  DEFAULT_DASHBOARD_PREFS,
  dashboardFilter,
  deletedMessage,
  firstIndexOfPage,
  NO_ORCA_JOBS,
  ORCA_API_PATH,
  pageOfIndex,
  prefsOfSelection,
  prefsOfSort,
  selectionOfPrefs,
  SORT_UPDATED,
  sortOfPrefs,
  type DashboardState,
  type OrcaDashboardPrefs,
} from '../../orca/dashboard';
import { orcaJobPath } from '../../orca/taskLines';
import { NewJobMenu } from '../ListActions';
import { ArchiveOrcaJobsButton, DeleteOrcaJobsButton, OrcaReportsMenu, OrcaZipButton } from './OrcaBulkActions';
import { OrcaImportModal } from './OrcaImportModal';
import { OrcaTabs, OrcaWaiting, useOrcaPrefs } from './OrcaTabs';
import { OrcaTable } from './OrcaTable';

export { NO_ORCA_JOBS };

/** How long the dashboard's state stays unchanged before it is saved (scrolling saves once it stops). */
const SAVE_AFTER_MS = 600;
/** The contract's default: an empty sort type, reversed (newest first). */
const NEWEST_FIRST = sortOfPrefs(DEFAULT_DASHBOARD_PREFS);

const rangeOf = (p: OrcaDashboardPrefs): ListPrefs => ({ start_date: p.start_date, end_date: p.end_date, active: p.active, archived: p.archived, live_and_future: p.live_and_future, public_mode: p.public_mode });

/**
 * /job/orca/: the ORCA dashboard. Its whole preference set is the server's (GET/PUT
 * /api/jobs/orcas/dashboard_prefs/), read before the list opens, so a visit resumes where the last
 * ended: range and toggles, find box, sort, the page scrolled to and the selection.
 */
export function OrcaDashboardPage() {
  const prefs = useOrcaPrefs();
  // The set is read once per visit: what this screen saves afterwards is its own.
  const [opened, setOpened] = useState<OrcaDashboardPrefs | null>(null);
  useEffect(() => {
    if (!opened && prefs) setOpened(prefs);
  }, [opened, prefs]);
  if (!opened) return <OrcaWaiting />;
  return <OrcaDashboard saved={opened} />;
}

function OrcaDashboard({ saved }: { saved: OrcaDashboardPrefs }) {
  const navigate = useNavigate();
  const message = useMessage();
  const qc = useQueryClient();
  const save = useSaveDashboardPrefs();
  const create = useCreateOrcaJob();
  const [applied, setApplied] = useState<ListPrefs>(() => rangeOf(saved));
  const [draft, setDraft] = useState<ListPrefs>(() => rangeOf(saved));
  const [importing, setImporting] = useState(false);
  // What the screen is waiting for, said beside the count until the list answered.
  const [notice, setNotice] = useState<string | null>(null);
  const flashed = useRowFlash('jobs');
  const me = useMe().data?.display_name ?? null;

  const filter = useMemo(() => dashboardFilter(applied), [applied]);
  // A live job of another form type is not one of the dashboard's.
  const fit = useMemo(() => {
    const inList = rowFitOf(applied);
    return inList && ((r: Record<string, unknown>) => r.form_type === ORCA_FORM_TYPE && inList(r));
  }, [applied]);
  const [initial] = useState(() => ({ text: saved.findbox, sort: sortOfPrefs(saved), selection: selectionOfPrefs(saved) }));
  const list = usePagedList<OrcaRow>({ list: 'jobs', path: ORCA_API_PATH, filter, rowFilter: fit, defaultSort: NEWEST_FIRST, initial });
  const [startAt] = useState(() => firstIndexOfPage(saved.page_number));
  const [topRow, setTopRow] = useState(startAt);

  // ---- the dashboard's state, saved as it changes (the find box as typed: a search cleared just before leaving is saved cleared) ----
  const state: DashboardState = useMemo(
    () => ({ findbox: list.text, page_number: pageOfIndex(topRow), ...prefsOfSort(list.sort), ...prefsOfSelection(list.selection) }),
    [list.text, topRow, list.sort, list.selection],
  );
  // The saved empty sort type is the id: read back as the sort it means, so opening saves nothing.
  const [savedState] = useState<DashboardState>(() => ({
    findbox: saved.findbox,
    page_number: saved.page_number,
    ...prefsOfSort(sortOfPrefs(saved)),
    select_all: saved.select_all,
    selected_job_ids: saved.selected_job_ids,
    deselected_job_ids: saved.deselected_job_ids,
  }));
  const putState = useCallback(
    (patch: Partial<DashboardState>, opts: { keepalive: boolean }) =>
      void saveDashboardPrefs(patch, opts).then(
        (now) => qc.setQueryData(dashboardPrefsKey, now),
        () => {},
      ),
    [qc],
  );
  useSavedOnChange(state, { saved: savedState, changes: changedState, save: putState, delayMs: SAVE_AFTER_MS });

  useEffect(() => {
    if (!list.isFetching) setNotice(null);
  }, [list.isFetching]);

  const onSort = (key: string) => {
    list.onSort(key);
    setNotice(SORT_UPDATED);
    message(SORT_UPDATED);
  };
  const sortedList = { ...list, onSort };

  const refresh = async () => {
    const changed = changedPrefs(applied, draft).length > 0;
    try {
      const now = await save.mutateAsync(draft);
      if (changed) {
        setNotice(QUERY_UPDATED);
        message(QUERY_UPDATED);
      }
      setApplied(rangeOf(now));
      setDraft(rangeOf(now));
      if (!changed) await list.refetch();
    } catch (e) {
      message(`Problem.  ${errorText(e)}`, 'error');
    }
  };

  /** The number of the one selected job (read from the loaded pages), for the delete message. */
  const oneSelectedNumber = (): string | null => {
    const ids = list.selection.all ? [] : [...list.selection.ids];
    if (ids.length !== 1) return null;
    for (const [, page] of qc.getQueriesData<Page<OrcaRow>>({ queryKey: ['paged', 'jobs'] })) {
      const row = page?.results?.find((r) => String(r.id) === ids[0]);
      if (row) return row.account_job_number || row.id;
    }
    return null;
  };
  const newJob = () =>
    create.mutate(undefined, {
      onSuccess: (job) => navigate(orcaJobPath(job)),
      onError: (e) => message(`error experienced.  ${errorText(e)}`, 'error'),
    });

  const nothingAsked = filter === null;
  const searched = Boolean(list.text.trim());
  const uploadButton = (
    <WhenLive>
      <Button size="xs" variant="default" onClick={() => setImporting(true)}>
        Upload .csv
      </Button>
    </WhenLive>
  );
  const onTopRow = useCallback((i: number) => setTopRow(i), []);

  return (
    <Paper withBorder p="xs" radius="sm">
      <OrcaTabs />
      <ListTitleBar title="ORCA jobs" filter={list.text} onFilter={list.setText}>
        <WhenLive>
          <Button size="xs" onClick={newJob} loading={create.isPending}>
            New ORCA job
          </Button>
        </WhenLive>
        <NewJobMenu />
        {uploadButton}
        <DeleteOrcaJobsButton target={list.target} onDone={list.bulkDone} doneMessage={() => deletedMessage(list.selectedCount, oneSelectedNumber())} />
        <ArchiveOrcaJobsButton target={list.target} onDone={list.bulkDone} />
        <OrcaReportsMenu target={list.target} onDone={keepSelection} />
        <OrcaZipButton target={list.target} onDone={keepSelection} />
      </ListTitleBar>
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <ListPrefsBar
          label="Which jobs"
          publicModeHint="Hide the money columns, for showing the dashboard to a customer"
          prefs={draft}
          onChange={setDraft}
          changed={changedPrefs(applied, draft).length > 0}
          onRefresh={() => void refresh()}
          refreshing={save.isPending}
        />
        <Group gap="xs">
          {notice && (
            <Text size="xs" c="orange.8" role="status" data-testid="list-notice">
              {notice}
            </Text>
          )}
          <MatchCount ready={list.isSuccess} count={list.count} estimated={list.countEstimated} selected={list.selectedCount} selectedEstimated={list.selectedEstimated} noun="jobs" />
        </Group>
      </Group>
      <ListStates query={{ isError: list.isError, error: list.error, isSuccess: list.isSuccess && searched }} loading={list.isPending && !nothingAsked} nothingAsked={nothingAsked} noun="jobs" shown={list.count} total={list.count} searched={searched} noneText="" />
      {list.isSuccess && list.count === 0 && !searched && (
        <Group justify="center" gap="sm" py="md" data-testid="no-orca-jobs">
          <Text size="sm" c="dimmed">
            {NO_ORCA_JOBS}
          </Text>
          {uploadButton}
        </Group>
      )}
      {list.isSuccess && list.count > 0 && <OrcaTable list={sortedList} publicMode={draft.public_mode} flashed={flashed} startAt={startAt} onTopRow={onTopRow} me={me} />}
      <OrcaImportModal opened={importing} onClose={() => setImporting(false)} onImported={() => void list.refetch()} />
    </Paper>
  );
}
