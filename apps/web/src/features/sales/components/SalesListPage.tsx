import { Button, Group, Paper } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ListPrefsRow, ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import { StatusSelect, useStatusListPage } from '../../../components/table/useStatusListPage';
import { salesSearchDates } from '../api/calls';
import { pagedSalesKey, SALES_HOURS_PATH, SALES_LIST, SALES_LIST_PATH, type SalesRow } from '../api/types';
import { DEFAULT_SORT, salesRowFit, STATUS_CHOICES, withStatus, type StatusChoice } from '../listLogic';
import { ArchiveOrganizationsButton, DeleteOrganizationsButton, NewOrganizationButton } from './ListActions';
import { SalesTable } from './SalesTable';

/**
 * /sales/: the user's saved choice of organizations, paged from the server as it scrolls, live,
 * searched and sorted there, by name, each row in its colour, selectable (all that match), with bulk
 * archive and delete. The status is chosen beside the saved choices and, like them, applied by Refresh.
 */
export function SalesListPage() {
  const { prefs, status, flashed, list, done, loading } = useStatusListPage<SalesRow, StatusChoice>({
    searchDates: salesSearchDates,
    queryKey: pagedSalesKey,
    list: SALES_LIST,
    path: SALES_LIST_PATH,
    all: 'All statuses',
    withStatus,
    rowFit: salesRowFit,
    defaultSort: DEFAULT_SORT,
  });
  const { draft, nothingAsked } = prefs;
  const { bar } = status;

  return (
    <Paper withBorder p="xs" radius="sm">
      <ListTitleBar title="Sales" filter={list.text} onFilter={list.setText}>
        <Button size="xs" variant="default" component={Link} to={SALES_HOURS_PATH}>
          Weekly hours
        </Button>
        <NewOrganizationButton />
        <DeleteOrganizationsButton target={list.target} onDone={done} />
        <ArchiveOrganizationsButton target={list.target} onDone={done} />
      </ListTitleBar>
      <ListPrefsRow prefs={bar} label="Which organizations (created to last contact)" publicModeHint="Hide who changed what, for showing the list to someone else" onRefreshed={list.clearSelection}>
        <Group gap="xs" wrap="nowrap">
          <MatchCount ready={list.isSuccess} count={list.count} selected={list.selectedCount} noun="organizations" />
          <StatusSelect choices={STATUS_CHOICES} status={status} width={190} />
        </Group>
      </ListPrefsRow>

      <ListStates query={list} loading={loading} nothingAsked={nothingAsked} noun="organizations" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText="No organizations for these choices." />
      {list.isSuccess && list.count > 0 && <SalesTable list={list} publicMode={draft.public_mode} flashed={flashed} />}
    </Paper>
  );
}
