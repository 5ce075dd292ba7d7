import { http } from '../../../lib/http';
import { ROUTINE_SHAPE } from '../logic';
import { useNestedDelete } from './nestedCache';
import { routineKey, url } from './types';

/** DELETE /api/lpms/tasks/{id}. */
export const deleteTask = (id: string) => http.del(url.task(id).replace(/\/$/, ''));

export const useDeleteTask = (routineId: string) => useNestedDelete(routineKey(routineId), ROUTINE_SHAPE, 'task', deleteTask);
