import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { routineKey, url } from './types';

/** DELETE /api/lpms/routines/{id} (its history is kept). */
export const deleteRoutine = (id: string) => http.del(url.routine(id).replace(/\/$/, ''));

export function useDeleteRoutine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteRoutine,
    onSuccess: (_a, id) => {
      applyRowEvent(qc, { list: 'routines', op: 'remove', id });
      qc.removeQueries({ queryKey: routineKey(id) });
    },
  });
}
