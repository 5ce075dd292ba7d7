import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { usersKey } from './listUsers';
import type { AccountUser } from './types';

export interface SaveUserInput {
  id: string;
  values: Partial<Pick<AccountUser, 'display_name' | 'email' | 'active' | 'role'>> & { password?: string };
}

/** `active: false` ends the user's sessions at once; nobody can deactivate themselves. */
export const saveUser = ({ id, values }: SaveUserInput) => http.put<AccountUser>(`/api/settings/users/${encodeURIComponent(id)}/`, values);

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveUser, onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }) });
}
