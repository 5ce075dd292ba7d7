import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { meKey } from './me';
import type { UserAnswer } from './types';

export interface ConfirmSignupInput {
  email: string;
  code: string;
}

/** The code from the sign-up mail: makes the account and its user, and signs in. */
export const confirmSignup = (input: ConfirmSignupInput) => http.post<UserAnswer>('/api/auth/signup/confirm', input);

export function useConfirmSignup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmSignup,
    onSuccess: (answer) => {
      // A new session: nothing cached from another account survives.
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] });
      qc.setQueryData(meKey, answer.user);
    },
  });
}
