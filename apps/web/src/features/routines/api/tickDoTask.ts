import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { DO_ROUTINE_SHAPE, replaceTask } from '../logic';
import { doRoutineKey, url, type DoRoutine, type DoTask, type WriteAnswer } from './types';

/** POST .../done/ ticks a do-task done (the server records who and when); DELETE .../done/ reopens it. */
export const tickDoTask = ({ id, done }: { id: string; done: boolean }) =>
  done ? http.post<WriteAnswer<DoTask>>(url.doTaskDone(id)) : http.del<WriteAnswer<DoTask>>(url.doTaskDone(id));

/** The box ticks at once; the server's who and when replace it when it answers. */
export function useTickDoTask(doRoutineId: string) {
  const qc = useQueryClient();
  const key = doRoutineKey(doRoutineId);
  return useMutation({
    mutationFn: tickDoTask,
    onMutate: ({ id, done }) => {
      // A refetch in flight is cancelled (reverting at once, synchronously) so it cannot undo the change made next.
      void qc.cancelQueries({ queryKey: key, exact: true });
      qc.setQueryData<DoRoutine>(key, (d) => (d ? replaceTask(d, DO_ROUTINE_SHAPE, id, { done, ...(done ? {} : { done_by: null, done_at: null }) }) : d));
    },
    onSuccess: (line, { id }) => {
      const { position: _p, ...row } = line;
      qc.setQueryData<DoRoutine>(key, (d) => (d ? replaceTask(d, DO_ROUTINE_SHAPE, id, row) : d));
      return qc.invalidateQueries({ queryKey: key, exact: true });
    },
    onError: () => qc.invalidateQueries({ queryKey: key, exact: true }),
  });
}
