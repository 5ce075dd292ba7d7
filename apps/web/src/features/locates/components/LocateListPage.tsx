import { useMemo } from 'react';
import { Group, Paper, Select } from '@mantine/core';
import { keepSelection } from '../../../components/record/BulkActions';
import { ListPrefsRow, ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import { useStatusChoice } from '../../../components/table/useStatusChoice';
import { useListPrefs } from '../../../components/table/useListPrefs';
import { usePagedList } from '../../../components/table/usePagedList';
import { useRowFlash } from '../../../components/table/useRowFlash';
import { listFilter } from '../../../lib/listPrefs';
import { LOCATES_PATH } from '../api/listLocates';
import { locateSearchDates } from '../api/searchDates';
import { LOCATES_LIST, pagedLocatesKey, type LocateRow } from '../api/types';
import { DEFAULT_SORT, locateRowFit, STATUS_CHOICES, withStatus, type StatusChoice } from '../listLogic';
import { ArchiveLocatesButton, DeleteLocatesButton, LocatesReportButton, NewLocateMenu, ReUpButton } from './ListActions';
import { LocateTable } from './LocateTable';
import { LocateTabs } from './LocateTabs';

/**
 * /locate/: the user's saved choice of locates, paged from the server as it scrolls, live, searched
 * and sorted there, soonest expiry first, selectable (all that match), with bulk actions and the
 * report. The status is chosen beside the saved choices and, like them, applied by Refresh.
 */
export function LocateListPage() {
  const prefs = useListPrefs(locateSearchDates, pagedLocatesKey);
  const { applied, draft } = prefs;
  const { status, statusDraft, setStatusDraft, bar } = useStatusChoice<StatusChoice>(prefs, 'All statuses');
  // Rows change in place when anyone changes a locate; the changed row is marked for a moment.
  const flashed = useRowFlash(LOCATES_LIST);
  const filter = useMemo(() => withStatus(listFilter(applied), status), [applied, status]);
  const fit = useMemo(() => locateRowFit(applied, status), [applied, status]);
  const list = usePagedList<LocateRow>({ list: LOCATES_LIST, path: LOCATES_PATH, filter, rowFilter: fit, defaultSort: DEFAULT_SORT });

  const done = () => {
    list.clearSelection();
    void list.refetch();
  };
  const { nothingAsked } = prefs;
  const loading = !applied || (list.isPending && !nothingAsked);

  return (
    <Paper withBorder p="xs" radius="sm">
      <ListTitleBar title="Locates" filter={list.text} onFilter={list.setText}>
        <LocateTabs />
        <NewLocateMenu />
        <DeleteLocatesButton target={list.target} onDone={done} />
        <ArchiveLocatesButton target={list.target} onDone={done} />
        <ReUpButton list="locates" target={list.target} onDone={keepSelection} />
        <LocatesReportButton target={list.target} onDone={keepSelection} />
      </ListTitleBar>
      <ListPrefsRow prefs={bar} label="Which locates" publicModeHint="Hide the crews and who changed what, for showing the list to a customer" onRefreshed={list.clearSelection}>
        <Group gap="xs" wrap="nowrap">
          <MatchCount ready={list.isSuccess} count={list.count} selected={list.selectedCount} noun="locates" />
          <Select
            size="xs"
            w={130}
            aria-label="Status"
            data={[...STATUS_CHOICES]}
            value={statusDraft}
            allowDeselect={false}
            onChange={(v) => setStatusDraft((v as StatusChoice | null) ?? 'All statuses')}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      </ListPrefsRow>

      <ListStates query={list} loading={loading} nothingAsked={nothingAsked} noun="locates" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText="No locates for these choices." />
      {list.isSuccess && list.count > 0 && <LocateTable variant="list" list={list} publicMode={draft.public_mode} flashed={flashed} />}
    </Paper>
  );
}
