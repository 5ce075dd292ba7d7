import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper } from '@mantine/core';
import { inDateRange, placeOf } from '@trenchline/domain';
import { DownloadBundlesButton } from '../../../components/record/DownloadBundlesButton';
import { PurchaseOrderModal, type PoField } from '../../../components/record/PurchaseOrderModal';
import { ListPrefsRow, ListStates, ListTitleBar, RowCount } from '../../../components/table/ListPage';
import { useListPrefs } from '../../../components/table/useListPrefs';
import { useRecordTable } from '../../../components/table/useRecordTable';
import { useRowFlash } from '../../../components/table/useRowFlash';
import { selectedIds, sortRows } from '../../../lib/listLogic';
import { projectSearchDates } from '../api/getSearchDates';
import { useProjects } from '../api/listProjects';
import { useSaveProject } from '../api/saveProject';
import { projectsKey, type ProjectRow, type ProjectValues } from '../api/types';
import { DEFAULT_SORT, distanceMiles, filterProjects, projectZipEntries } from '../listLogic';
import { ArchiveProjectsButton, DeleteProjectsButton, NewProjectButton } from './BulkActions';
import { ManagementReportButton } from './ManagementReportButton';
import { ProjectTable, type ShownRow } from './ProjectTable';
import { useDevicePosition } from './useDevicePosition';

/** The purchase-order modal's fields: PO number, PO date and PO amount (2 decimals). */
const PO_FIELDS: PoField[] = [
  { name: 'po_number', label: 'PO number', kind: 'text' },
  { name: 'po_date', label: 'PO date', kind: 'date' },
  { name: 'po_amount', label: 'PO amount', kind: 'money' },
];

/** /project/: the user's saved choice of projects, live, filtered, sorted, selectable, with bulk actions. */
export function ProjectListPage() {
  const prefs = useListPrefs(projectSearchDates, projectsKey);
  const { applied, draft } = prefs;
  const [text, setText] = useState('');
  const { sort, selected, setSelected, tableOf } = useRecordTable(DEFAULT_SORT);
  const [poOf, setPoOf] = useState<ProjectRow | null>(null);
  const saveProject = useSaveProject();
  const device = useDevicePosition();
  // Rows change in place when anyone changes a project; the changed row is marked for a moment.
  const flashed = useRowFlash('projects');

  const projects = useProjects(applied);

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

  const { nothingAsked } = prefs;
  const loading = !applied || (projects.isPending && !nothingAsked);

  return (
    <Paper withBorder p="xs" radius="sm">
      <ListTitleBar title="Projects" filter={text} onFilter={setText}>
        <NewProjectButton />
        <DeleteProjectsButton ids={ids} onDone={() => setSelected(new Set())} />
        <ArchiveProjectsButton ids={ids} onDone={() => setSelected(new Set())} />
        <ManagementReportButton ids={ids} />
        <DownloadBundlesButton prefix="Project" entries={entries} />
      </ListTitleBar>
      <ListPrefsRow prefs={prefs} label="Which projects" publicModeHint="Hide PO amounts, for showing the list to a customer" onRefreshed={() => setSelected(new Set())}>
        <Group gap="xs" wrap="nowrap">
          <RowCount ready={projects.isSuccess} shown={rows.length} total={total} selected={ids.length} />
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
      </ListPrefsRow>

      {device.error && (
        <Alert color="yellow" variant="light" p="xs" mb="xs" withCloseButton onClose={device.clearError}>
          {device.error}
        </Alert>
      )}
      <ListStates query={projects} loading={loading} nothingAsked={nothingAsked} noun="projects" shown={rows.length} total={total} noneText="No projects for these choices." />
      {projects.isSuccess && rows.length > 0 && (
        <ProjectTable
          {...tableOf(rows)}
          publicMode={publicMode}
          withDistance={Boolean(device.position)}
          onPurchaseOrder={setPoOf}
          flashed={flashed}
        />
      )}
      <PurchaseOrderModal
        key={poOf?.id ?? 'none'}
        record={poOf}
        title={`Purchase order: ${poOf?.name || `project ${poOf?.id ?? ''}`}`}
        fields={PO_FIELDS}
        save={(id, values) => saveProject.mutateAsync({ id, values: values as Partial<ProjectValues> })}
        onClose={() => setPoOf(null)}
      />
    </Paper>
  );
}
