import { Group, Paper } from '@mantine/core';
import { keepSelection } from '../../../components/record/BulkActions';
import { ListPrefsRow, ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import { StatusSelect, useStatusListPage } from '../../../components/table/useStatusListPage';
import { TICKETS_PATH } from '../api/listTickets';
import { ticketSearchDates } from '../api/searchDates';
import { pagedTicketsKey, TICKETS_LIST, type TicketRow } from '../api/types';
import { DEFAULT_SORT, STATUS_CHOICES, ticketRowFit, withStatus, type StatusChoice } from '../listLogic';
import { ApproveTicketsButton, ArchiveTicketsButton, DeleteTicketsButton, TicketPhotosZipButton } from './ListActions';
import { NewTicketMenu } from './NewTicketMenu';
import { TicketTable } from './TicketTable';

/**
 * /ticket/: the user's saved choice of tickets (the last 14 days until they save another), paged from
 * the server as it scrolls, live, searched and sorted there, newest first, selectable (all that
 * match), with Approve, Archive, Delete and the photos zip. The status is chosen beside the saved
 * choices and, like them, applied by Refresh.
 */
export function TicketListPage() {
  const { prefs, status, flashed, list, done, loading } = useStatusListPage<TicketRow, StatusChoice>({
    searchDates: ticketSearchDates,
    queryKey: pagedTicketsKey,
    list: TICKETS_LIST,
    path: TICKETS_PATH,
    all: 'All statuses',
    withStatus,
    rowFit: ticketRowFit,
    defaultSort: DEFAULT_SORT,
  });
  const { draft, nothingAsked } = prefs;
  const { bar } = status;

  return (
    <Paper withBorder p="xs" radius="sm">
      <ListTitleBar title="Tickets" filter={list.text} onFilter={list.setText}>
        <NewTicketMenu />
        <ApproveTicketsButton target={list.target} onDone={done} />
        <DeleteTicketsButton target={list.target} onDone={done} />
        <ArchiveTicketsButton target={list.target} onDone={done} />
        <TicketPhotosZipButton target={list.target} onDone={keepSelection} />
      </ListTitleBar>
      <ListPrefsRow prefs={bar} label="Which tickets" publicModeHint="Hide the crews and the money, for showing the list to a customer" onRefreshed={list.clearSelection}>
        <Group gap="xs" wrap="nowrap">
          <MatchCount ready={list.isSuccess} count={list.count} selected={list.selectedCount} noun="tickets" />
          <StatusSelect choices={STATUS_CHOICES} status={status} />
        </Group>
      </ListPrefsRow>

      <ListStates query={list} loading={loading} nothingAsked={nothingAsked} noun="tickets" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText="No tickets for these choices." />
      {list.isSuccess && list.count > 0 && <TicketTable list={list} publicMode={draft.public_mode} flashed={flashed} />}
    </Paper>
  );
}
