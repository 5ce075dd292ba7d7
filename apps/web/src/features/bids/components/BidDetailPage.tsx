import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, Paper, Stack } from '@mantine/core';
import { AsOfBanner } from '../../../components/record/AsOfControl';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useLiveRecord } from '../../../lib/realtime';
import { useBid, useBidAsOf } from '../api/getBid';
import { bidStream } from '../api/types';
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
  const past = useBidAsOf(id, asOf);
  return (
    <Stack gap="xs">
      <AsOfBanner noun="bid" asOf={asOf} onNow={onNow} />
      {past.isPending && <Wait />}
      {past.isError && (
        <Alert color="red" title="This bid cannot be shown as of then">
          {isApiError(past.error) && past.error.status === 404 ? 'The bid did not exist at that time.' : errorText(past.error)}
          <Button size="compact-xs" ml="sm" variant="light" onClick={onNow}>
            Back to now
          </Button>
        </Alert>
      )}
      {past.isSuccess && (
        <>
          <BidHeader bid={past.data} />
          <Paper withBorder p="xs">
            <BidForm values={past.data} readOnly />
          </Paper>
          <BidSections bid={past.data} readOnly />
        </>
      )}
    </Stack>
  );
}
