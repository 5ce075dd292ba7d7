import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { jobLocatesKey, type LocateDetail } from './locateTypes';
import { coverageKey } from './locateCoverage';

/** A new locate from a job or task: Active, New, assigned (the server fills the job number and the task id). */
export interface NewLocate {
  form_type: 'base_locate' | 'attorca_locate';
  locate_status?: string;
  current_ticket_type?: string;
  job_ref?: string;
  job_task_ref?: string;
}

/** POST /api/locates/ (201, the locate). */
export const createLocate = (values: NewLocate) => http.post<LocateDetail>('/api/locates/', values);

export function useCreateLocate(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createLocate,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: jobLocatesKey }), qc.invalidateQueries({ queryKey: coverageKey(jobId) })]),
  });
}
