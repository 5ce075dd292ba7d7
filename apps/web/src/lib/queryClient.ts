import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './http';
import { startOnlineState } from './offline/network';
import { ME_KEY } from './offline/owner';

/** Missing records and missing sessions are answers, not hiccups: never retry them. */
const retry = (count: number, error: unknown) => {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return count < 2;
};

/**
 * Queries keep react-query's networkMode 'online': offline they pause and the screens show the kept
 * answers (lib/offline). Nothing serves /api/ offline, so a first try could only fail, and a query that
 * never retries (the job look-up) would then show an error over its kept answer.
 */
export function makeQueryClient() {
  startOnlineState();
  // A 401 anywhere means the session ended (expired, or signed out in another tab): back to sign-in.
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 401 && !error.url.startsWith('/api/auth/')) qc.setQueryData(ME_KEY, null);
  };
  const qc: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry, staleTime: 15_000, refetchOnWindowFocus: true },
      // Writes still fail offline with their message, as before: queued offline writes (the outbox) are their own work.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  return qc;
}
