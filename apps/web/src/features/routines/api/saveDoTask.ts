import { http } from '../../../lib/http';
import { DO_ROUTINE_SHAPE } from '../logic';
import { useNestedSave, type NestedSaveInput } from './nestedCache';
import { doRoutineKey, url, type DoTask, type WriteAnswer } from './types';

/** PUT /api/lpms/do_tasks/{id}/ with the fields the user changed and the line's version (If-Match). */
export const saveDoTask = ({ id, values, version }: NestedSaveInput) => http.put<WriteAnswer<DoTask>>(url.doTask(id), values, { ifMatch: version ?? null });

export const useSaveDoTask = (doRoutineId: string) => useNestedSave(doRoutineKey(doRoutineId), DO_ROUTINE_SHAPE, 'task', saveDoTask);
