import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './http';

/** Missing records and missing sessions are answers, not hiccups: never retry them. */
const retry = (count: number, error: unknown) => {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return count < 2;
};

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry, staleTime: 15_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
