import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface SignupInput {
  account_name: string;
  display_name: string;
  email: string;
  password: string;
}

/** The same answer whether or not the email has an account: the mail says which (docs/accounts.md). */
export interface SignupAnswer {
  status: 'confirmation_sent';
  message: string;
}

export const signup = (input: SignupInput) => http.post<SignupAnswer>('/api/auth/signup', input);

export const useSignup = () => useMutation({ mutationFn: signup });
