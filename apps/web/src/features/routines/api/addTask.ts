import { http } from '../../../lib/http';
import { ROUTINE_SHAPE } from '../logic';
import { useNestedAdd } from './nestedCache';
import { routineKey, url, type RoutineTask, type WriteAnswer } from './types';

/** POST /api/lpms/tasks/ {routine, set}: a blank task in a set. */
export const addTask = (routineId: string, setId: string) => http.post<WriteAnswer<RoutineTask>>(url.tasks, { routine: routineId, set: setId });

export const useAddTask = (routineId: string) =>
  useNestedAdd(routineKey(routineId), ROUTINE_SHAPE, (setId) => addTask(routineId, setId!), { routine: routineId });
