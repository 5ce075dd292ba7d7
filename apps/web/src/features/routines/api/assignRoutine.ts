import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { removeRow, replaceTemp } from '../logic';
import { DO_ROUTINE } from '../kinds';
import { doRoutineKey, doRoutinesKey, url, type DoRoutine, type Routine, type WriteAnswer } from './types';

/** POST /api/lpms/routines/assign/ {selected_routine}: the routine copied into a new do-routine. */
export const assignRoutine = (routineId: string) => http.post<WriteAnswer<DoRoutine>>(url.assign, { selected_routine: routineId });

/** The new do-routine shows at once (named after its routine) and is replaced by the server's copy. */
export function useAssignRoutine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ routine }: { routine: Pick<Routine, 'id' | 'name'>; temp: string }) => assignRoutine(routine.id),
    onMutate: ({ routine, temp }) => {
      // A refetch in flight is cancelled (reverting at once, synchronously) so it cannot undo the change made next.
      void qc.cancelQueries({ queryKey: doRoutinesKey });
      qc.setQueryData<DoRoutine[]>(doRoutinesKey, (rows) => [DO_ROUTINE.blank(temp, { name: routine.name, routine: routine.id }), ...(rows ?? [])]);
    },
    onSuccess: (d, { temp }) => {
      const { position: _p, ...row } = d;
      qc.setQueryData<DoRoutine[]>(doRoutinesKey, (rows) => replaceTemp(rows, temp, row));
      qc.setQueryData(doRoutineKey(d.id), d);
    },
    onError: (_e, { temp }) => qc.setQueryData<DoRoutine[]>(doRoutinesKey, (rows) => removeRow(rows, temp)),
  });
}
