import { useMemo } from 'react';
import { Group, Paper, Select } from '@mantine/core';
import { keepSelection } from '../../../components/record/BulkActions';
import { ListPrefsRow, ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import { useStatusChoice } from '../../../components/table/useStatusChoice';
import { useListPrefs } from '../../../components/table/useListPrefs';
import { usePagedList } from '../../../components/table/usePagedList';
import { useRowFlash } from '../../../components/table/useRowFlash';
import { listFilter } from '../../../lib/listPrefs';
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
  const prefs = useListPrefs(ticketSearchDates, pagedTicketsKey);
  const { applied, draft } = prefs;
  const { status, statusDraft, setStatusDraft, bar } = useStatusChoice<StatusChoice>(prefs, 'All statuses');
  // Rows change in place when anyone changes a ticket; the changed row is marked for a moment.
  const flashed = useRowFlash(TICKETS_LIST);
  const filter = useMemo(() => withStatus(listFilter(applied), status), [applied, status]);
  const fit = useMemo(() => ticketRowFit(applied, status), [applied, status]);
  const list = usePagedList<TicketRow>({ list: TICKETS_LIST, path: TICKETS_PATH, filter, rowFilter: fit, defaultSort: DEFAULT_SORT });

  const done = () => {
    list.clearSelection();
    void list.refetch();
  };
  const { nothingAsked } = prefs;
  const loading = !applied || (list.isPending && !nothingAsked);

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

      <ListStates query={list} loading={loading} nothingAsked={nothingAsked} noun="tickets" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText="No tickets for these choices." />
      {list.isSuccess && list.count > 0 && <TicketTable list={list} publicMode={draft.public_mode} flashed={flashed} />}
    </Paper>
  );
}
