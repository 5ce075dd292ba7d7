import { http } from '../../../lib/http';
import { DO_ROUTINE_SHAPE } from '../logic';
import { useNestedSave } from './nestedCache';
import { doRoutineKey, url, type DoTask, type WriteAnswer } from './types';

/** PUT /api/lpms/do_tasks/{id}/ with the fields the user changed. */
export const saveDoTask = (id: string, values: Record<string, unknown>) => http.put<WriteAnswer<DoTask>>(url.doTask(id), values);

export const useSaveDoTask = (doRoutineId: string) => useNestedSave(doRoutineKey(doRoutineId), DO_ROUTINE_SHAPE, 'task', saveDoTask);
