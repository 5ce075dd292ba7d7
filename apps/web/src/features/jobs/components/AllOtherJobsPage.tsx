import { useMemo, useState } from 'react';
import { Alert, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { inDateRange } from '@trenchline/domain';
import { WaitMessage } from '../../../components/WaitMessage';
import { ListPrefsBar } from '../../../components/table/ListPrefsBar';
import { useListPrefs } from '../../../components/table/useListPrefs';
import { useRecordTable } from '../../../components/table/useRecordTable';
import { useRowFlash } from '../../../components/table/useRowFlash';
import { errorText } from '../../../lib/http';
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
      <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Title order={4} mr={4}>
            All other jobs
          </Title>
          <TextInput size="xs" w={190} placeholder="Filter rows..." aria-label="Filter rows" value={text} onChange={(e) => setText(e.currentTarget.value)} />
        </Group>
        <Group gap={6} wrap="wrap">
          <NewBaseJobButton />
          <ReportsMenu ids={ids} />
        </Group>
      </Group>
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <ListPrefsBar
          label="Which jobs"
          publicModeHint="Hide the money columns, for showing the list to a customer"
          prefs={draft}
          onChange={prefs.setDraft}
          changed={prefs.changed}
          onRefresh={() => void prefs.refresh().then((ok) => ok && setSelected(new Set()))}
          refreshing={prefs.refreshing}
        />
        <Text size="xs" c="dimmed" data-testid="row-count">
          {jobs.isSuccess && `${rows.length} of ${total} shown${ids.length ? `, ${ids.length} selected` : ''}`}
        </Text>
      </Group>

      {loading && <WaitMessage />}
      {nothingAsked && (
        <Text size="sm" c="dimmed" py="md" ta="center">
          Turn on Active or Archived (or both), then Refresh.
        </Text>
      )}
      {jobs.isError && (
        <Alert color="red" variant="light" title="The jobs could not be loaded">
          {errorText(jobs.error)}
        </Alert>
      )}
      {jobs.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed" py="md" ta="center">
          {total === 0 ? NO_OTHER_JOBS : 'No jobs match the filter.'}
        </Text>
      )}
      {jobs.isSuccess && rows.length > 0 && <JobTable variant="others" {...tableOf(rows)} publicMode={draft.public_mode} flashed={flashed} />}
    </Paper>
  );
}
