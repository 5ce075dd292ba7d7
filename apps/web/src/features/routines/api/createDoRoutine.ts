import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { removeRow, replaceTemp } from '../logic';
import { blankDoRoutine } from './blankDoRoutine';
import { doRoutineKey, doRoutinesKey, url, type DoRoutine, type WriteAnswer } from './types';

/** The spec's call: POST /api/lpms/do_routines/ with an empty body. */
export const createDoRoutine = () => http.post<WriteAnswer<DoRoutine>>(url.doRoutines, {});

/** A blank row appears in the list at once and is replaced by the server's record. */
export function useCreateDoRoutine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (_temp: string) => createDoRoutine(),
    onMutate: (temp) => {
      // A refetch in flight is cancelled (reverting at once, synchronously) so it cannot undo the change made next.
      void qc.cancelQueries({ queryKey: doRoutinesKey });
      qc.setQueryData<DoRoutine[]>(doRoutinesKey, (rows) => [blankDoRoutine(temp), ...(rows ?? [])]);
    },
    onSuccess: (d, temp) => {
      const { position: _p, ...row } = d;
      qc.setQueryData<DoRoutine[]>(doRoutinesKey, (rows) => replaceTemp(rows, temp, row));
      qc.setQueryData(doRoutineKey(d.id), d);
    },
    onError: (_e, temp) => qc.setQueryData<DoRoutine[]>(doRoutinesKey, (rows) => removeRow(rows, temp)),
  });
}
