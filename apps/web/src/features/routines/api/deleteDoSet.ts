import { http } from '../../../lib/http';
import { DO_ROUTINE_SHAPE } from '../logic';
import { useNestedDelete } from './nestedCache';
import { doRoutineKey, url } from './types';

/** DELETE /api/lpms/do_sets/{id}: the do-set and its do-tasks. */
export const deleteDoSet = (id: string) => http.del(url.doSet(id).replace(/\/$/, ''));

export const useDeleteDoSet = (doRoutineId: string) => useNestedDelete(doRoutineKey(doRoutineId), DO_ROUTINE_SHAPE, 'set', deleteDoSet);
