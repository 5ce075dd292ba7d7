import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http, isApiError } from '../../../lib/http';
import type { User, UserAnswer } from './types';

export const meKey = ['auth', 'me'] as const;

/** The signed-in user, or null when there is no session (401). Also sets the csrftoken cookie. */
export async function fetchMe(): Promise<User | null> {
  try {
    const answer = await http.get<UserAnswer>('/api/auth/me');
    return answer.user;
  } catch (e) {
    if (isApiError(e) && e.status === 401) return null;
    throw e;
  }
}

export const meQuery = () => queryOptions({ queryKey: meKey, queryFn: fetchMe, staleTime: 5 * 60_000 });

export const useMe = () => useQuery(meQuery());

/** Forget every cached answer but who is signed in: a new session (or none) sees nothing of another account's. */
export const forgetAccountData = (qc: QueryClient) => qc.removeQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] });

/** A call that starts a session (sign in, the sign-up code): nothing cached from another account survives, and its user is who is signed in. */
export function useStartSession<I>(mutationFn: (input: I) => Promise<UserAnswer>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      forgetAccountData(qc);
      qc.setQueryData(meKey, answer.user);
    },
  });
}
