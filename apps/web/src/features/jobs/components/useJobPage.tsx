import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert } from '@mantine/core';
import { WaitMessage } from '../../../components/WaitMessage';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useLiveRecord } from '../../../lib/realtime';
import { jobStream, useJob } from '../api/getJob';
import { useJobLookup } from '../api/lookupJob';

const gone = (e: unknown) => isApiError(e) && (e.status === 404 || e.status === 400);

/**
 * The job of a page's address (/:key: its account job number, else its id), live while open, and the
 * page's ?as_of=. A job that cannot be found or was deleted says 'Deleted.' and sends the user to
 * `listPath` (its list). `waiting`: what the page shows instead while the job is loading or failed to.
 */
export function useJobPage(listPath: string) {
  const { key = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const message = useMessage();
  const ref = useJobLookup(key);
  const id = ref.data?.id ?? null;
  useLiveRecord(id ? jobStream(id) : null);
  const job = useJob(id);
  const missing = gone(ref.error) || gone(job.error);
  useEffect(() => {
    if (!missing) return;
    message('Deleted.');
    navigate(listPath, { replace: true });
  }, [missing, message, navigate, listPath]);
  const error = ref.error ?? job.error;
  const waiting =
    error && !missing ? (
      <Alert color="red" title="The job could not be loaded">
        {errorText(error)}
      </Alert>
    ) : !id || missing ? (
      <WaitMessage boxed />
    ) : null;
  return {
    id,
    job,
    waiting,
    asOf: params.get('as_of'),
    showAsOf: (iso: string) => setParams({ as_of: iso }),
    showNow: () => setParams({}),
  };
}
