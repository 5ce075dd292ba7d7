import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { usersKey } from './listUsers';
import type { Role } from '@trenchline/domain';
import type { AccountUser } from './types';

export interface AddUserInput {
  display_name: string;
  email: string;
  /** At least 8 characters; the user changes it later. */
  password: string;
  /** admin, office, field or auditor (docs/roles.md). */
  role: Role;
}

/** A new user of the account; 409 when the e-mail is taken. */
export const addUser = (input: AddUserInput) => http.post<AccountUser>('/api/settings/users/', input);

export function useAddUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addUser, onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }) });
}
