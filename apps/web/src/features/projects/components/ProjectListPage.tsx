import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { inDateRange, placeOf } from '@trenchline/domain';
import { WaitMessage } from '../../../components/WaitMessage';
import { DownloadBundlesButton } from '../../../components/record/DownloadBundlesButton';
import { useRecordTable } from '../../../components/table/useRecordTable';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { selectedIds, sortRows } from '../../../lib/listLogic';
import { useLiveRowEvents, type RowEvent } from '../../../lib/realtime';
import { useSearchDates } from '../api/getSearchDates';
import { useProjects } from '../api/listProjects';
import { useSaveSearchDates } from '../api/saveSearchDates';
import { projectsKey, type ProjectRow } from '../api/types';
import {
  changedPrefs,
  DEFAULT_PREFS,
  DEFAULT_SORT,
  distanceMiles,
  filterProjects,
  projectZipEntries,
  rowFilter,
  type ListPrefs,
} from '../listLogic';
import { ArchiveSelectedButton, DeleteSelectedButton, NewProjectButton } from './BulkActions';
import { ListPrefsBar } from './ListPrefsBar';
import { ManagementReportButton } from './ManagementReportButton';
import { ProjectTable, type ShownRow } from './ProjectTable';
import { PurchaseOrderModal } from './PurchaseOrderModal';
import { useDevicePosition } from './useDevicePosition';

/** How long a row someone else just changed stays marked. */
const FLASH_MS = 2500;

/** /project/: the user's saved choice of projects, live, filtered, sorted, selectable, with bulk actions. */
export function ProjectListPage() {
  const message = useMessage();
  const qc = useQueryClient();
  const saved = useSearchDates();
  const saveSearchDates = useSaveSearchDates();
  /** The preferences of the list on screen, and the ones being chosen (they differ: Refresh lights up). */
  const [applied, setApplied] = useState<ListPrefs | null>(null);
  const [draft, setDraft] = useState<ListPrefs>(DEFAULT_PREFS);
  const [text, setText] = useState('');
  const { sort, selected, setSelected, tableOf } = useRecordTable(DEFAULT_SORT);
  const [poOf, setPoOf] = useState<ProjectRow | null>(null);
  const device = useDevicePosition();
  const [flashed, setFlashed] = useState<Set<string>>(() => new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  // The saved preferences come back on every visit; without them (an error), the defaults.
  useEffect(() => {
    if (applied) return;
    const prefs = saved.data ?? (saved.isError ? DEFAULT_PREFS : null);
    if (!prefs) return;
    setApplied(prefs);
    setDraft(prefs);
  }, [applied, saved.data, saved.isError]);

  const projects = useProjects(applied);

  // Rows change in place when anyone changes a project (lib/realtime patches the cached list); the
  // changed row is marked for a moment so the change is seen.
  const flash = useCallback((ev: RowEvent) => {
    if (ev.op !== 'upsert') return;
    const id = String(ev.id);
    setFlashed((s) => new Set(s).add(id));
    clearTimeout(timers.current.get(id));
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        setFlashed((s) => {
          const next = new Set(s);
          next.delete(id);
          return next;
        });
      }, FLASH_MS),
    );
  }, []);
  useLiveRowEvents('projects', flash);
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);

  const changed = applied ? changedPrefs(applied, draft).length > 0 : false;
  const publicMode = draft.public_mode;

  const rows = useMemo<ShownRow[]>(() => {
    if (!applied) return [];
    const range = { from: applied.start_date, to: applied.end_date, liveAndFuture: applied.live_and_future };
    // A row that arrived live is kept to the list's own range, as the server would.
    const shown = (projects.data ?? []).filter((r) => inDateRange(r, range)).map((r) => ({
      ...r,
      place: placeOf(r.location, r),
      distance: device.position ? distanceMiles(device.position, r.location) : undefined,
    }));
    return sortRows(filterProjects(shown, text), sort);
  }, [applied, projects.data, device.position, text, sort]);

  const ids = useMemo(() => selectedIds(rows, selected), [rows, selected]);
  const entries = useMemo(() => projectZipEntries(rows, selected), [rows, selected]);
  const total = projects.data?.length ?? 0;

  const refresh = async () => {
    try {
      const now = await saveSearchDates.mutateAsync(draft);
      setApplied(now);
      setDraft(now);
      setSelected(new Set());
      await qc.invalidateQueries({ queryKey: projectsKey(now) });
    } catch (e) {
      message(`Problem.  ${errorText(e)}`, 'error');
    }
  };

  const nothingAsked = applied !== null && rowFilter(applied) === null;
  const loading = !applied || (projects.isPending && !nothingAsked);

  return (
    <Paper withBorder p="xs" radius="sm">
      <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Title order={4} mr={4}>
            Projects
          </Title>
          <TextInput size="xs" w={190} placeholder="Filter rows..." aria-label="Filter rows" value={text} onChange={(e) => setText(e.currentTarget.value)} />
        </Group>
        <Group gap={6} wrap="wrap">
          <NewProjectButton />
          <DeleteSelectedButton ids={ids} onDone={() => setSelected(new Set())} />
          <ArchiveSelectedButton ids={ids} onDone={() => setSelected(new Set())} />
          <ManagementReportButton ids={ids} />
          <DownloadBundlesButton prefix="Project" entries={entries} />
        </Group>
      </Group>
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <ListPrefsBar prefs={draft} onChange={setDraft} changed={changed} onRefresh={() => void refresh()} refreshing={saveSearchDates.isPending} />
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" data-testid="row-count">
            {projects.isSuccess && `${rows.length} of ${total} shown${ids.length ? `, ${ids.length} selected` : ''}`}
          </Text>
          <Button
            size="xs"
            variant={device.position ? 'light' : 'default'}
            loading={device.locating}
            onClick={device.position ? device.forget : device.locate}
            title={device.position ? 'Hide the distance column' : 'Ask this device for its position, then show how far each project is'}
          >
            {device.position ? 'Hide distances' : 'Show distances'}
          </Button>
        </Group>
      </Group>

      {device.error && (
        <Alert color="yellow" variant="light" p="xs" mb="xs" withCloseButton onClose={device.clearError}>
          {device.error}
        </Alert>
      )}
      {loading && <WaitMessage />}
      {nothingAsked && (
        <Text size="sm" c="dimmed" py="md" ta="center">
          Turn on Active or Archived (or both), then Refresh.
        </Text>
      )}
      {projects.isError && (
        <Alert color="red" variant="light" title="The projects could not be loaded">
          {errorText(projects.error)}
        </Alert>
      )}
      {projects.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed" py="md" ta="center">
          {total === 0 ? 'No projects for these choices.' : 'No projects match the filter.'}
        </Text>
      )}
      {projects.isSuccess && rows.length > 0 && (
        <ProjectTable
          {...tableOf(rows)}
          publicMode={publicMode}
          withDistance={Boolean(device.position)}
          onPurchaseOrder={setPoOf}
          flashed={flashed}
        />
      )}
      <PurchaseOrderModal key={poOf?.id ?? 'none'} project={poOf} onClose={() => setPoOf(null)} />
    </Paper>
  );
}
