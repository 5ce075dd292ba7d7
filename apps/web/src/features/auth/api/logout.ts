import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { stopRealtime } from '../../../lib/realtime';
import { forgetAccountData, meKey } from './me';

export const logout = () => http.post<null>('/api/auth/logout');

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      stopRealtime();
      // Signed out first (RequireAuth sends the user to /login), then forget the account's data.
      qc.setQueryData(meKey, null);
      forgetAccountData(qc);
    },
  });
}
