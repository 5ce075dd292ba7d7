import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Group, Paper } from '@mantine/core';
import { placeOf } from '@trenchline/domain';
import { BulkZipButton, keepSelection } from '../../../components/record/BulkActions';
import { PurchaseOrderModal, type PoField } from '../../../components/record/PurchaseOrderModal';
import { ListPrefsRow, ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import { useListPrefs } from '../../../components/table/useListPrefs';
import { usePagedList } from '../../../components/table/usePagedList';
import { useRowFlash } from '../../../components/table/useRowFlash';
import { listFilter, rowFitOf } from '../../../lib/listPrefs';
import { projectSearchDates } from '../api/getSearchDates';
import { projectWrites } from '../api/writes';
import type { ProjectRow, ProjectValues } from '../api/types';
import { DEFAULT_SORT, distanceMiles } from '../listLogic';
import { DeleteArchiveButtons } from '../../../components/record/DeleteArchiveButtons';
import { NEW_PROJECT, NewProjectButton } from './BulkActions';
import { ManagementReportButton } from './ManagementReportButton';
import { ProjectTable, type ShownRow } from './ProjectTable';
import { useDevicePosition } from './useDevicePosition';
import { noneYet } from '../../../lib/words';

/** The purchase-order modal's fields: PO number, PO date and PO amount (2 decimals). */
const PO_FIELDS: PoField[] = [
  { name: 'po_number', label: 'PO number', kind: 'text' },
  { name: 'po_date', label: 'PO date', kind: 'date' },
  { name: 'po_amount', label: 'PO amount', kind: 'money' },
];

/** Every page of the paged project list: Refresh refetches them. */
const pagedProjectsKey = () => ['paged', 'projects'] as const;

/** /project/: the user's saved choice of projects, paged from the server as it scrolls, live, searched and sorted there, selectable (all that match), with bulk actions. */
export function ProjectListPage() {
  const prefs = useListPrefs(projectSearchDates, pagedProjectsKey);
  const { applied, draft } = prefs;
  const [poOf, setPoOf] = useState<ProjectRow | null>(null);
  const saveProject = projectWrites.useSave();
  const device = useDevicePosition();
  // Rows change in place when anyone changes a project; the changed row is marked for a moment.
  const flashed = useRowFlash('projects');
  const filter = useMemo(() => listFilter(applied), [applied]);
  const fit = useMemo(() => rowFitOf(applied), [applied]);
  const list = usePagedList<ProjectRow, ShownRow>({
    list: 'projects',
    path: '/api/projects/',
    filter,
    rowFilter: fit,
    defaultSort: DEFAULT_SORT,
    shape: (r) => ({ ...r, place: placeOf(r.location, r), distance: device.position ? distanceMiles(device.position, r.location) : undefined }),
  });
  const publicMode = draft.public_mode;
  const done = () => {
    list.clearSelection();
    void list.refetch();
  };
  const onPurchaseOrder = useCallback((r: ShownRow) => setPoOf(r), []);
  const { nothingAsked } = prefs;
  const loading = !applied || (list.isPending && !nothingAsked);

  return (
    <Paper withBorder p="xs" radius="sm">
      <ListTitleBar title="Projects" filter={list.text} onFilter={list.setText}>
        <NewProjectButton />
        <DeleteArchiveButtons list="projects" records="projects" target={list.target} onDone={done} />
        <ManagementReportButton target={list.target} onDone={keepSelection} />
        <BulkZipButton list="projects" records="projects" target={list.target} onDone={keepSelection} />
      </ListTitleBar>
      <ListPrefsRow prefs={prefs} label="Which projects" publicModeHint="Hide PO amounts, for showing the list to a customer" onRefreshed={list.clearSelection}>
        <Group gap="xs" wrap="nowrap">
          <MatchCount ready={list.isSuccess} count={list.count} estimated={list.countEstimated} selected={list.selectedCount} selectedEstimated={list.selectedEstimated} noun="projects" />
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
      <ListStates query={list} loading={loading} nothingAsked={nothingAsked} noun="projects" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText={noneYet('projects', NEW_PROJECT.label, undefined, 'for these choices')} />
      {list.isSuccess && list.count > 0 && (
        <ProjectTable
          list={list}
          publicMode={publicMode}
          withDistance={Boolean(device.position)}
          onPurchaseOrder={onPurchaseOrder}
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
