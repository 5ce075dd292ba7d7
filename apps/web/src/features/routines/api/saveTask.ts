import { http } from '../../../lib/http';
import { ROUTINE_SHAPE } from '../logic';
import { useNestedSave } from './nestedCache';
import { routineKey, url, type RoutineTask, type WriteAnswer } from './types';

/** PUT /api/lpms/tasks/{id}/ with the fields the user changed. */
export const saveTask = (id: string, values: Record<string, unknown>) => http.put<WriteAnswer<RoutineTask>>(url.task(id), values);

export const useSaveTask = (routineId: string) => useNestedSave(routineKey(routineId), ROUTINE_SHAPE, 'task', saveTask);
