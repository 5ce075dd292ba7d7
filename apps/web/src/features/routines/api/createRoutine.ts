import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { removeRow, replaceTemp } from '../logic';
import { routineKey, routinesKey, url, type Routine, type WriteAnswer } from './types';

/** The spec's call: POST with an empty body; the answer is the new routine. */
export const createRoutine = () => http.post<WriteAnswer<Routine>>(url.routines, {});

/** A blank row appears in the list at once and is replaced by the server's record. */
export function useCreateRoutine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (_temp: string) => createRoutine(),
    onMutate: (temp) => {
      // A refetch in flight is cancelled (reverting at once, synchronously) so it cannot undo the change made next.
      void qc.cancelQueries({ queryKey: routinesKey });
      qc.setQueryData<Routine[]>(routinesKey, (rows) => [blankRoutine(temp), ...(rows ?? [])]);
    },
    onSuccess: (routine, temp) => {
      const { position: _p, ...row } = routine;
      qc.setQueryData<Routine[]>(routinesKey, (rows) => replaceTemp(rows, temp, row));
      qc.setQueryData(routineKey(routine.id), routine);
    },
    onError: (_e, temp) => qc.setQueryData<Routine[]>(routinesKey, (rows) => removeRow(rows, temp)),
  });
}

const blankRoutine = (id: string): Routine => ({
  id,
  name: null,
  description: null,
  category: null,
  frequency: null,
  created_date: null,
  last_updated: null,
  set_count: 0,
  task_count: 0,
  routine_sets: [],
  pending: true,
});
