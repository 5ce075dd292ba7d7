import { Group, Paper } from '@mantine/core';
import { keepSelection } from '../../../components/record/BulkActions';
import { ListPrefsRow, ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import { StatusSelect, useStatusListPage } from '../../../components/table/useStatusListPage';
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
  const { prefs, status, flashed, list, done, loading } = useStatusListPage<LocateRow, StatusChoice>({
    searchDates: locateSearchDates,
    queryKey: pagedLocatesKey,
    list: LOCATES_LIST,
    path: LOCATES_PATH,
    all: 'All statuses',
    withStatus,
    rowFit: locateRowFit,
    defaultSort: DEFAULT_SORT,
  });
  const { draft, nothingAsked } = prefs;
  const { bar } = status;

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
          <StatusSelect choices={STATUS_CHOICES} status={status} />
        </Group>
      </ListPrefsRow>

      <ListStates query={list} loading={loading} nothingAsked={nothingAsked} noun="locates" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText="No locates for these choices." />
      {list.isSuccess && list.count > 0 && <LocateTable variant="list" list={list} publicMode={draft.public_mode} flashed={flashed} />}
    </Paper>
  );
}
