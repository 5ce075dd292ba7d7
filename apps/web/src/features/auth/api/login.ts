import { http } from '../../../lib/http';
import { useStartSession } from './me';
import type { UserAnswer } from './types';

export interface LoginInput {
  email: string;
  password: string;
}

export const login = (input: LoginInput) => http.post<UserAnswer>('/api/auth/login', input);

export const useLogin = () => useStartSession(login);
