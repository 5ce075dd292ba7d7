import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { meKey } from './me';
import type { UserAnswer } from './types';

export interface SignupInput {
  account_name: string;
  display_name: string;
  email: string;
  password: string;
}

export const signup = (input: SignupInput) => http.post<UserAnswer>('/api/auth/signup', input);

export function useSignup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (answer) => {
      // A new session: nothing cached from another account survives.
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] });
      qc.setQueryData(meKey, answer.user);
    },
  });
}
