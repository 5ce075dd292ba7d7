import { keepSelection } from '../../../components/record/BulkActions';
import { RecordListPage, type RecordListDeclaration } from '../../../components/record/RecordListPage';
import { WhenLive } from '../../../components/table/listAsOf';
import { TICKETS_PATH } from '../api/listTickets';
import { ticketSearchDates } from '../api/searchDates';
import { pagedTicketsKey, TICKETS_LIST, type TicketRow } from '../api/types';
import { DEFAULT_SORT, STATUS_CHOICES, ticketRowFit, withStatus, type StatusChoice } from '../listLogic';
import { ApproveTicketsButton, ArchiveTicketsButton, DeleteTicketsButton, TicketPhotosZipButton } from './ListActions';
import { NewTicketMenu } from './NewTicketMenu';
import { TicketTable } from './TicketTable';

/** The ticket list: the last 14 days until the user saves another choice, newest first, with its status. */
export const ticketList: RecordListDeclaration<StatusChoice> = {
  title: 'Tickets',
  noun: 'tickets',
  newLabel: 'New ticket',
  which: 'Which tickets',
  publicModeHint: 'Hide the crews and the money, for showing the list to a customer',
  searchDates: ticketSearchDates,
  queryKey: pagedTicketsKey,
  list: TICKETS_LIST,
  path: TICKETS_PATH,
  defaultSort: DEFAULT_SORT,
  rowFit: ticketRowFit,
  status: { choices: STATUS_CHOICES, withStatus },
};

/** /ticket/: the tickets (components/record/RecordListPage), with Approve, Archive, Delete and the photos zip. */
export function TicketListPage() {
  return (
    <RecordListPage<TicketRow, StatusChoice>
      of={ticketList}
      table={TicketTable}
      actions={({ target, done }) => (
        <>
          <NewTicketMenu />
          <WhenLive>
            <ApproveTicketsButton target={target} onDone={done} />
          </WhenLive>
          <DeleteTicketsButton target={target} onDone={done} />
          <ArchiveTicketsButton target={target} onDone={done} />
          <TicketPhotosZipButton target={target} onDone={keepSelection} />
        </>
      )}
    />
  );
}
