import { http } from '../../../lib/http';
import { DO_ROUTINE_SHAPE } from '../logic';
import { useNestedAdd } from './nestedCache';
import { doRoutineKey, url, type DoTask, type WriteAnswer } from './types';

/** POST /api/lpms/do_tasks/ {routine, set} as the spec sends it (routine: the do-routine, set: the do-set). */
export const addDoTask = (doRoutineId: string, doSetId: string) => http.post<WriteAnswer<DoTask>>(url.doTasks, { routine: doRoutineId, set: doSetId });

export const useAddDoTask = (doRoutineId: string) =>
  useNestedAdd(doRoutineKey(doRoutineId), DO_ROUTINE_SHAPE, (setId) => addDoTask(doRoutineId, setId!), { do_routine: doRoutineId, done: false, done_by: null, done_at: null });
