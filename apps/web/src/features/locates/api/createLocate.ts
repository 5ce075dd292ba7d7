import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { jobLocatesKey, type LocateDetail } from './locateTypes';

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

/** A job screen's locates and its coverage are read again. */
export function useCreateLocate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createLocate,
    onSuccess: () => qc.invalidateQueries({ queryKey: jobLocatesKey }),
  });
}
