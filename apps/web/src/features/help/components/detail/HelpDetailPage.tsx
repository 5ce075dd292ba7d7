import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Stack } from '@mantine/core';
import { WaitMessage } from '../../../../components/WaitMessage';
import { RecordAsOfView } from '../../../../components/record/AsOfControl';
import { SectionBar } from '../../../../components/record/SectionBar';
import { errorText, isApiError } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { useLiveRecord } from '../../../../lib/realtime';
import { helpRecord, useHelpTicket } from '../../api/getHelpTicket';
import { HELP_LIST_PATH_WEB, helpStream, type HelpTicketDetail } from '../../api/types';
import { helpFormLogic } from './formLogic';
import { HelpEditor } from './HelpEditor';
import { HelpForm } from './HelpForm';
import { HelpSections } from './HelpSections';
import { HelpTitle } from './HelpTitle';
import { HELP_SECTIONS, scrollToHelpSection, Section } from './sections';

/**
 * /help/{id}: the live help ticket to edit, its updates arriving as others post them, or with ?as_of=
 * the ticket as it stood then, read-only. A ticket that cannot be loaded sends the user to the list
 * with 'Deleted.' (spec 3 section 8).
 */
export function HelpDetailPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asOf = params.get('as_of');
  const navigate = useNavigate();
  const message = useMessage();
  useLiveRecord(helpStream(id));
  const ticket = useHelpTicket(id);

  const gone = isApiError(ticket.error) && (ticket.error.status === 404 || ticket.error.status === 400);
  useEffect(() => {
    if (!gone) return;
    message('Deleted.');
    navigate(HELP_LIST_PATH_WEB, { replace: true });
  }, [gone, message, navigate]);

  if (asOf) return <HelpAsOfView id={id} asOf={asOf} onNow={() => setParams({})} />;
  if (ticket.isPending || gone) return <WaitMessage boxed />;
  if (ticket.isError)
    return (
      <Alert color="red" title="The help ticket could not be loaded">
        {errorText(ticket.error)}
      </Alert>
    );
  return <HelpEditor key={id} ticket={ticket.data} onAsOf={(iso) => setParams({ as_of: iso })} />;
}

function HelpAsOfView({ id, asOf, onNow }: { id: string; asOf: string; onNow: () => void }) {
  return (
    <RecordAsOfView<HelpTicketDetail> record={helpRecord(id)} noun="help ticket" asOf={asOf} onNow={onNow}>
      {(past) => (
        <Stack gap="xs">
          <SectionBar title={<HelpTitle ticket={past} />} sections={HELP_SECTIONS} onJump={scrollToHelpSection} label="Help ticket sections" />
          <Section id="details">
            <HelpForm values={helpFormLogic.valuesOf(past)} readOnly />
          </Section>
          <HelpSections ticket={past} readOnly />
        </Stack>
      )}
    </RecordAsOfView>
  );
}
