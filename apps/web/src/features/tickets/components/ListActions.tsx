/**
 * The ticket list's buttons: New ticket by form type (with its job and title), and the bulk actions on
 * the selected tickets: Approve (the approval call by ids; a selection of all that match is read page
 * by page into ids first), Delete and Archive (the worker's), and the photos zip (the worker's).
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { ServerBulkButton, BulkArchiveButton, BulkDeleteButton, SELECT_ROWS_FIRST, ZIP_SELECT_FIRST } from '../../../components/record/BulkActions';
import type { SelectionTarget } from '../../../components/record/useBulkOperation';
import { confirmAction } from '../../../lib/confirm';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useCan } from '../../auth';
import { approveTickets, matchingTicketIds } from '../api/approveTickets';
import { approvalText } from '../listLogic';

interface Selected {
  /** The selection as the bulk body takes it (usePagedList target). */
  target: SelectionTarget;
  onDone: () => void;
}

export const APPROVE_SELECTED_WARNING = 'Are you sure you want to approve selected tickets?';

export const DeleteTicketsButton = (props: Selected) => <BulkDeleteButton {...props} list="tickets" records="tickets" />;
export const ArchiveTicketsButton = (props: Selected) => <BulkArchiveButton {...props} list="tickets" records="tickets" />;

/** The selected tickets' photos as one zip made by the worker ('{number} Photos {date}' for one ticket), then downloaded. */
export const TicketPhotosZipButton = (props: Selected) => (
  <ServerBulkButton {...props} request={{ list: 'tickets', action: 'zip' }} records="tickets" label="Download photos" emptyText={ZIP_SELECT_FIRST} miw={130} />
);

/** Approve every selected ticket: Approved, dated today, its production counted on its job; then 'Approved successfully!'. */
export function ApproveTicketsButton({ target, onDone }: Selected) {
  const message = useMessage();
  const [busy, setBusy] = useState<string | null>(null);
  const mayApprove = useCan()('approve tickets');
  const go = async () => {
    if (busy) return;
    const body = target();
    if (!body) {
      message(SELECT_ROWS_FIRST);
      return;
    }
    if (!confirmAction(APPROVE_SELECTED_WARNING)) return;
    try {
      setBusy('Reading the selection...');
      // The approval call takes ids: "all that match" is read from the list as the user sees it.
      const ids = 'ids' in body ? body.ids : await matchingTicketIds(body.filter, body.except);
      setBusy(`Approving ${ids.length.toLocaleString('en-US')}...`);
      const answer = await approveTickets(ids);
      onDone();
      const said = approvalText(answer);
      message(said.text, said.tone);
    } catch (e) {
      message(`Problem.  ${errorText(e)}`, 'error');
    } finally {
      setBusy(null);
    }
  };
  if (!mayApprove) return null;
  return (
    <Button size="xs" variant="default" c="teal.9" miw={80} onClick={() => void go()} data-busy={busy ? 'true' : undefined}>
      {busy ?? 'Approve'}
    </Button>
  );
}
