import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { LineAnswer } from '../../../components/lines/api/types';
import { jobKey } from './getJob';

/** An active user of the account, as GET /api/jobs/job_account_users/ lists them. */
export interface AccountUser {
  id: string;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
}

export const accountUsersQuery = () =>
  queryOptions({ queryKey: ['jobs', 'job_account_users'], queryFn: ({ signal }) => http.get<AccountUser[]>('/api/jobs/job_account_users/', { signal }), staleTime: 60_000 });

export const useAccountUsers = (enabled = true) => useQuery({ ...accountUsersQuery(), enabled });

/** Assign a user to the job by email: POST {user_to_be_assigned: email} ('Please choose a name' when none). */
export const assignUser = (jobId: string, email: string | null) =>
  http.post<LineAnswer>(`/api/jobs/${encodeURIComponent(jobId)}/assign_users/`, { user_to_be_assigned: email });

export function useAssignUser(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (email: string | null) => assignUser(jobId, email),
    onSuccess: () => qc.invalidateQueries({ queryKey: jobKey(jobId) }),
  });
}
