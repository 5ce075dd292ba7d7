import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useLiveRecord } from '../../../lib/realtime';
import { jobStream, useJob } from '../api/getJob';
import { useJobLookup } from '../api/lookupJob';

const gone = (e: unknown) => isApiError(e) && (e.status === 404 || e.status === 400);

/**
 * The job of a page's address (its account job number, else its id), live while open. A job that
 * cannot be found or was deleted says 'Deleted.' and sends the user to `listPath` (its list).
 */
export function useJobPage(key: string, listPath: string) {
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
  return { id, job, missing, error: error && !missing ? error : null };
}
