import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Stack } from '@mantine/core';
import { TICKET_MESSAGES } from '@trenchline/domain';
import { WaitMessage } from '../../../../components/WaitMessage';
import { RecordAsOfView } from '../../../../components/record/AsOfControl';
import { SectionBar } from '../../../../components/record/SectionBar';
import { errorText, isApiError } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { isTempId } from '../../../../lib/offline/outboxLogic';
import { onEntrySent } from '../../../../lib/offline/syncOutbox';
import { useLiveRecord } from '../../../../lib/realtime';
import { ticketRecord, useTicket } from '../../api/getTicket';
import { useTicketLookup } from '../../api/lookupTicket';
import { ticketStream, type TicketDetail } from '../../api/ticketDetailTypes';
import { ticketPath, type TicketRow } from '../../api/types';
import { ticketFormLogic } from './formLogic';
import { TicketEditor } from './TicketEditor';
import { TicketForm } from './TicketForm';
import { TicketSections } from './TicketSections';
import { TicketTitle, TicketTotals } from './TicketTitle';
import { scrollToTicketSection, TICKET_SECTIONS, Section } from './sections';

const missing = (e: unknown) => isApiError(e) && (e.status === 404 || e.status === 400 || e.status === 410);

/**
 * /ticket/{account_ticket_number}: the number is looked up, then the live ticket is edited (another
 * user's change shows as it happens), or with ?as_of= shown as it stood then, read-only. A ticket that
 * cannot be found or loaded sends the user to the list with 'Deleted.' (spec 3 section 8).
 */
export function TicketDetailPage() {
  const { number = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asOf = params.get('as_of');
  const navigate = useNavigate();
  const message = useMessage();
  const lookup = useTicketLookup(number);
  const id = lookup.data?.id ?? '';
  useLiveRecord(id ? ticketStream(id) : null);
  const ticket = useTicket(id);

  // A ticket made offline moves to its real address once the sync's create answers it.
  useEffect(() => (isTempId(id) ? onEntrySent((_entry, answer, ids) => ids[id] && navigate(ticketPath(answer as TicketRow), { replace: true })) : undefined), [id, navigate]);

  const gone = missing(lookup.error) || missing(ticket.error);
  useEffect(() => {
    if (!gone) return;
    message(TICKET_MESSAGES.deleted);
    navigate('/ticket/', { replace: true });
  }, [gone, message, navigate]);

  if (lookup.isError && !gone)
    return (
      <Alert color="red" title="The ticket could not be found">
        {errorText(lookup.error)}
      </Alert>
    );
  if (!id || gone) return <WaitMessage boxed />;
  if (asOf) return <TicketAsOfView id={id} asOf={asOf} onNow={() => setParams({})} />;
  if (ticket.isPending) return <WaitMessage boxed />;
  if (ticket.isError)
    return (
      <Alert color="red" title="The ticket could not be loaded">
        {errorText(ticket.error)}
      </Alert>
    );
  return <TicketEditor key={id} ticket={ticket.data} onAsOf={(iso) => setParams({ as_of: iso })} />;
}

function TicketAsOfView({ id, asOf, onNow }: { id: string; asOf: string; onNow: () => void }) {
  return (
    <RecordAsOfView<TicketDetail> record={ticketRecord(id)} noun="ticket" asOf={asOf} onNow={onNow}>
      {(past) => (
        <Stack gap="xs">
          <SectionBar title={<TicketTitle ticket={past} />} sections={TICKET_SECTIONS} onJump={scrollToTicketSection} label="Ticket sections" extra={<TicketTotals ticket={past} />} />
          <Section id="details">
            <TicketForm values={ticketFormLogic.valuesOf(past)} ticket={past} readOnly />
          </Section>
          <TicketSections ticket={past} readOnly />
        </Stack>
      )}
    </RecordAsOfView>
  );
}
