import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** The account's settings record and users' audit. */
export const ACCOUNT_HISTORY_URL = '/api/settings/account/history/';

/** Cancel the account: every session ends at once and logins are refused. `confirm` is its name. */
export const cancelAccount = (confirm: string) => http.post<unknown>('/api/settings/account/cancel/', { confirm });

export const useCancelAccount = () => useMutation({ mutationFn: cancelAccount });
