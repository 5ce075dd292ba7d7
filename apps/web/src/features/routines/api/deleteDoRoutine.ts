import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { doRoutineKey, url } from './types';

/** DELETE /api/lpms/do_routines/{id}. */
export const deleteDoRoutine = (id: string) => http.del(url.doRoutine(id).replace(/\/$/, ''));

export function useDeleteDoRoutine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteDoRoutine,
    onSuccess: (_a, id) => {
      applyRowEvent(qc, { list: 'do_routines', op: 'remove', id });
      qc.removeQueries({ queryKey: doRoutineKey(id) });
    },
  });
}
