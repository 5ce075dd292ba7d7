import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { jobKey, jobUrl } from './getJob';

/** DELETE one job from its detail page (its history is kept). */
export const removeJob = (id: string) => http.del<{ id: string; deleted: boolean }>(jobUrl(id));

export function useRemoveJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeJob,
    onSuccess: (_a, id) => {
      applyRowEvent(qc, { list: 'jobs', op: 'remove', id });
      qc.removeQueries({ queryKey: jobKey(id) });
    },
  });
}
