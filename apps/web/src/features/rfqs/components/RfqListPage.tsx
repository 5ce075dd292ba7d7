import { Group, Paper } from '@mantine/core';
import { ListPrefsRow, ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import { StatusSelect, useStatusListPage } from '../../../components/table/useStatusListPage';
import { rfqSearchDates } from '../api/calls';
import { pagedRfqsKey, RFQS_LIST, RFQS_PATH, type RfqRow } from '../api/types';
import { DEFAULT_SORT, rfqRowFit, STATUS_CHOICES, withStatus, type StatusChoice } from '../listLogic';
import { ArchiveRfqsButton, DeleteRfqsButton, NewRfqMenu, RfqReportButton } from './ListActions';
import { RfqTable } from './RfqTable';

/**
 * /rfq/: the user's saved choice of RFQs (by RFQ date to bid due), paged from the server as it scrolls,
 * live, searched and sorted there, bid due soonest first, selectable (all that match), with bulk
 * archive, delete and the management report. The status is applied by Refresh, as the saved choices are.
 */
export function RfqListPage() {
  const { prefs, status, flashed, list, done, loading } = useStatusListPage<RfqRow, StatusChoice>({
    searchDates: rfqSearchDates,
    queryKey: pagedRfqsKey,
    list: RFQS_LIST,
    path: RFQS_PATH,
    all: 'All statuses',
    withStatus,
    rowFit: rfqRowFit,
    defaultSort: DEFAULT_SORT,
  });
  const { nothingAsked } = prefs;
  const { bar } = status;

  return (
    <Paper withBorder p="xs" radius="sm">
      <ListTitleBar title="RFQs" filter={list.text} onFilter={list.setText}>
        <NewRfqMenu />
        <DeleteRfqsButton target={list.target} onDone={done} />
        <ArchiveRfqsButton target={list.target} onDone={done} />
        <RfqReportButton target={list.target} />
      </ListTitleBar>
      <ListPrefsRow prefs={bar} label="Which RFQs (RFQ date to bid due)" publicModeHint="Hide who changed what, for showing the list to a customer" onRefreshed={list.clearSelection}>
        <Group gap="xs" wrap="nowrap">
          <MatchCount ready={list.isSuccess} count={list.count} selected={list.selectedCount} noun="RFQs" />
          <StatusSelect choices={STATUS_CHOICES} status={status} />
        </Group>
      </ListPrefsRow>
      <ListStates query={list} loading={loading} nothingAsked={nothingAsked} noun="RFQs" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText="No RFQs for these choices." />
      {list.isSuccess && list.count > 0 && <RfqTable list={list} flashed={flashed} />}
    </Paper>
  );
}
