import { http } from '../../../lib/http';
import { ROUTINE_SHAPE } from '../logic';
import { useNestedDelete } from './nestedCache';
import { routineKey, url } from './types';

/** DELETE /api/lpms/sets/{id}: the set and its tasks. */
export const deleteSet = (id: string) => http.del(url.set(id).replace(/\/$/, ''));

export const useDeleteSet = (routineId: string) => useNestedDelete(routineKey(routineId), ROUTINE_SHAPE, 'set', deleteSet);
