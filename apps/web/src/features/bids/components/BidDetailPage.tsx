import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Paper } from '@mantine/core';
import { RecordAsOfView } from '../../../components/record/AsOfControl';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useLiveRecord } from '../../../lib/realtime';
import { bidRecord, useBid } from '../api/getBid';
import { bidStream, type BidDetail } from '../api/types';
import { BidEditor } from './BidEditor';
import { BidForm } from './BidForm';
import { BidHeader } from './BidHeader';
import { BidSections } from './BidSections';
import { WaitMessage } from '../../../components/WaitMessage';

/** /bid/{id}: the live bid to edit, or with ?as_of= the bid as it stood then, read-only. */
export function BidDetailPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asOf = params.get('as_of');
  const navigate = useNavigate();
  const message = useMessage();
  useLiveRecord(bidStream(id));
  const bid = useBid(id);

  // Spec 1: a bid that cannot be loaded sends the user to the list with 'Deleted.'.
  const gone = isApiError(bid.error) && bid.error.status === 404;
  useEffect(() => {
    if (!gone) return;
    message('Deleted.');
    navigate('/bid/', { replace: true });
  }, [gone, message, navigate]);

  const showAsOf = (iso: string) => setParams({ as_of: iso });
  const backToNow = () => setParams({});

  if (asOf) return <BidAsOfView id={id} asOf={asOf} onNow={backToNow} />;
  if (bid.isPending || gone) return <Wait />;
  if (bid.isError)
    return (
      <Alert color="red" title="The bid could not be loaded">
        {errorText(bid.error)}
      </Alert>
    );
  return <BidEditor key={id} bid={bid.data} onAsOf={showAsOf} />;
}

function Wait() {
  return <WaitMessage boxed />;
}

function BidAsOfView({ id, asOf, onNow }: { id: string; asOf: string; onNow: () => void }) {
  return (
    <RecordAsOfView<BidDetail> record={bidRecord(id)} noun="bid" asOf={asOf} onNow={onNow}>
      {(past) => (
        <>
          <BidHeader bid={past} />
          <Paper withBorder p="xs">
            <BidForm values={past} readOnly />
          </Paper>
          <BidSections bid={past} readOnly />
        </>
      )}
    </RecordAsOfView>
  );
}
