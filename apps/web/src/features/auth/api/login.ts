import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { meKey } from './me';
import type { UserAnswer } from './types';

export interface LoginInput {
  email: string;
  password: string;
}

export const login = (input: LoginInput) => http.post<UserAnswer>('/api/auth/login', input);

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      // A new session: nothing cached from another account survives.
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] });
      qc.setQueryData(meKey, answer.user);
    },
  });
}
