import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { settingsKey, type AccountUser } from './types';

export const usersKey = [...settingsKey, 'users'] as const;

/** Every user of the account, active or not. */
export const fetchUsers = (signal?: AbortSignal) => http.get<AccountUser[]>('/api/settings/users/', { signal });

export const usersQuery = () => queryOptions({ queryKey: usersKey, queryFn: ({ signal }) => fetchUsers(signal), staleTime: 0 });

export const useUsers = () => useQuery(usersQuery());
