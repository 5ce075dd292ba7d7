import { useMemo } from 'react';
import { Button, Group, Paper, Select } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ListPrefsRow, ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import { useStatusChoice } from '../../../components/table/useStatusChoice';
import { useListPrefs } from '../../../components/table/useListPrefs';
import { usePagedList } from '../../../components/table/usePagedList';
import { useRowFlash } from '../../../components/table/useRowFlash';
import { listFilter } from '../../../lib/listPrefs';
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
  const prefs = useListPrefs(salesSearchDates, pagedSalesKey);
  const { applied, draft } = prefs;
  const { status, statusDraft, setStatusDraft, bar } = useStatusChoice<StatusChoice>(prefs, 'All statuses');
  // Rows change in place when anyone changes an organization; the changed row is marked for a moment.
  const flashed = useRowFlash(SALES_LIST);
  const filter = useMemo(() => withStatus(listFilter(applied), status), [applied, status]);
  const fit = useMemo(() => salesRowFit(applied, status), [applied, status]);
  const list = usePagedList<SalesRow>({ list: SALES_LIST, path: SALES_LIST_PATH, filter, rowFilter: fit, defaultSort: DEFAULT_SORT });

  const done = () => {
    list.clearSelection();
    void list.refetch();
  };
  const { nothingAsked } = prefs;
  const loading = !applied || (list.isPending && !nothingAsked);

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
          <Select
            size="xs"
            w={190}
            aria-label="Status"
            data={[...STATUS_CHOICES]}
            value={statusDraft}
            allowDeselect={false}
            onChange={(v) => setStatusDraft((v as StatusChoice | null) ?? 'All statuses')}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      </ListPrefsRow>

      <ListStates query={list} loading={loading} nothingAsked={nothingAsked} noun="organizations" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText="No organizations for these choices." />
      {list.isSuccess && list.count > 0 && <SalesTable list={list} publicMode={draft.public_mode} flashed={flashed} />}
    </Paper>
  );
}
