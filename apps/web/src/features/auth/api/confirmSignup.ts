import { http } from '../../../lib/http';
import { useStartSession } from './me';
import type { UserAnswer } from './types';

export interface ConfirmSignupInput {
  email: string;
  code: string;
}

/** The code from the sign-up mail: makes the account and its user, and signs in. */
export const confirmSignup = (input: ConfirmSignupInput) => http.post<UserAnswer>('/api/auth/signup/confirm', input);

export const useConfirmSignup = () => useStartSession(confirmSignup);
