import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { jobLocatesKey, locateKey, locateUrl, type LocateDetail } from './locateTypes';

/** What assigns a locate: the job, and for an ORCA task its line and id; the job's number. */
export interface Assignment {
  job_ref: string;
  job_task_ref?: string;
  task_id?: string | null;
  account_job_number?: string | null;
}

/** PUT /api/locates/{id}/ with the assignment alone (the server checks the task is the job's). */
export const assignLocate = ({ id, assignment }: { id: string; assignment: Assignment }) => http.put<LocateDetail>(locateUrl(id), assignment);

export function useAssignLocate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: assignLocate,
    onSuccess: (_a, { id }) =>
      Promise.all([qc.invalidateQueries({ queryKey: jobLocatesKey }), qc.invalidateQueries({ queryKey: locateKey(id) })]),
  });
}
