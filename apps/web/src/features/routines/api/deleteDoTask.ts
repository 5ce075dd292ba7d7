import { http } from '../../../lib/http';
import { DO_ROUTINE_SHAPE } from '../logic';
import { useNestedDelete } from './nestedCache';
import { doRoutineKey, url } from './types';

/** DELETE /api/lpms/do_tasks/{id}. */
export const deleteDoTask = (id: string) => http.del(url.doTask(id).replace(/\/$/, ''));

export const useDeleteDoTask = (doRoutineId: string) => useNestedDelete(doRoutineKey(doRoutineId), DO_ROUTINE_SHAPE, 'task', deleteDoTask);
