import { http } from '../../../lib/http';
import { ROUTINE_SHAPE } from '../logic';
import { useNestedSave } from './nestedCache';
import { routineKey, url, type RoutineSet, type WriteAnswer } from './types';

/** PUT /api/lpms/sets/{id}/ with the fields the user changed. */
export const saveSet = (id: string, values: Record<string, unknown>) => http.put<WriteAnswer<RoutineSet>>(url.set(id), values);

export const useSaveSet = (routineId: string) => useNestedSave(routineKey(routineId), ROUTINE_SHAPE, 'set', saveSet);
