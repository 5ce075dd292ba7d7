import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { NEW_LOCATE_STATUS, NEW_TICKET_TYPE } from '@trenchline/domain';
import { jobLocatesKey, type LocateDetail } from './locateTypes';
import { pagedLocatesKey } from './types';

/** A new locate from a job or task: Active, New, assigned (the server fills the job number and the task id). */
export interface NewLocate {
  form_type: string;
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

/** New locate of a form type from the list: Active and New; the list's pages are read again (where it sorts is the server's). */
export function useNewLocate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) => createLocate({ locate_status: NEW_LOCATE_STATUS, current_ticket_type: NEW_TICKET_TYPE, ...values } as NewLocate),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...pagedLocatesKey()] }),
  });
}
