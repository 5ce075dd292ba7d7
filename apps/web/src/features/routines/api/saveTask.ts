import { http } from '../../../lib/http';
import { ROUTINE_SHAPE } from '../logic';
import { useNestedSave, type NestedSaveInput } from './nestedCache';
import { routineKey, url, type RoutineTask, type WriteAnswer } from './types';

/** PUT /api/lpms/tasks/{id}/ with the fields the user changed and the line's version (If-Match). */
export const saveTask = ({ id, values, version }: NestedSaveInput) => http.put<WriteAnswer<RoutineTask>>(url.task(id), values, { ifMatch: version ?? null });

export const useSaveTask = (routineId: string) => useNestedSave(routineKey(routineId), ROUTINE_SHAPE, 'task', saveTask);
