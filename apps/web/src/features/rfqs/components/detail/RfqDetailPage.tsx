import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Stack } from '@mantine/core';
import { WaitMessage } from '../../../../components/WaitMessage';
import { RecordAsOfView } from '../../../../components/record/AsOfControl';
import { SectionBar } from '../../../../components/record/SectionBar';
import { errorText, isApiError } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { useLiveRecord } from '../../../../lib/realtime';
import { rfqRecord, useRfq, useRfqLookup } from '../../api/calls';
import { rfqStream, type RfqDetail } from '../../api/types';
import { rfqFormLogic } from './formLogic';
import { RfqEditor } from './RfqEditor';
import { RfqForm } from './RfqForm';
import { RfqLines } from './RfqLines';
import { RfqTitle } from './RfqTitle';
import { RfqTotals } from './RfqTotals';
import { RFQ_SECTIONS, scrollToRfqSection, Section } from './sections';

const gone = (e: unknown) => isApiError(e) && (e.status === 404 || e.status === 400);

/**
 * /rfq/{account_rfq_number} (or its id): the number looked up (GET /api/rfqs/lookup/{key}), then the live
 * RFQ to edit, or with ?as_of= the RFQ as it stood then, read-only. One that cannot be found sends the
 * user to the list with 'Deleted.'.
 */
export function RfqDetailPage() {
  const { key = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asOf = params.get('as_of');
  const navigate = useNavigate();
  const message = useMessage();
  const lookup = useRfqLookup(key);
  const id = lookup.data?.id ?? '';
  useLiveRecord(id ? rfqStream(id) : null);
  const rfq = useRfq(id);

  const missing = gone(lookup.error) || gone(rfq.error);
  useEffect(() => {
    if (!missing) return;
    message('Deleted.');
    navigate('/rfq/', { replace: true });
  }, [missing, message, navigate]);

  const failure = lookup.error ?? rfq.error;
  if (failure && !missing)
    return (
      <Alert color="red" title="The RFQ could not be loaded">
        {errorText(failure)}
      </Alert>
    );
  if (!id || missing) return <WaitMessage boxed />;
  if (asOf) return <RfqAsOfView id={id} asOf={asOf} onNow={() => setParams({})} />;
  if (rfq.isPending) return <WaitMessage boxed />;
  if (!rfq.data) return <WaitMessage boxed />;
  return <RfqEditor key={id} rfq={rfq.data} onAsOf={(iso) => setParams({ as_of: iso })} />;
}

function RfqAsOfView({ id, asOf, onNow }: { id: string; asOf: string; onNow: () => void }) {
  return (
    <RecordAsOfView<RfqDetail> record={rfqRecord(id)} noun="RFQ" asOf={asOf} onNow={onNow}>
      {(past) => (
        <Stack gap="xs">
          <SectionBar title={<RfqTitle rfq={past} />} sections={RFQ_SECTIONS} onJump={scrollToRfqSection} label="RFQ sections" extra={<RfqTotals rfq={past} />} />
          <Section id="details">
            <RfqForm values={rfqFormLogic.valuesOf(past)} readOnly />
          </Section>
          <RfqLines rfq={past} readOnly />
        </Stack>
      )}
    </RecordAsOfView>
  );
}
