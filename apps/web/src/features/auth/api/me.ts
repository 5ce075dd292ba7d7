import { queryOptions, useQuery } from '@tanstack/react-query';
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
