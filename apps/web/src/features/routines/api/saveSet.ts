import { http } from '../../../lib/http';
import { ROUTINE_SHAPE } from '../logic';
import { useNestedSave, type NestedSaveInput } from './nestedCache';
import { routineKey, url, type RoutineSet, type WriteAnswer } from './types';

/** PUT /api/lpms/sets/{id}/ with the fields the user changed and the line's version (If-Match). */
export const saveSet = ({ id, values, version }: NestedSaveInput) => http.put<WriteAnswer<RoutineSet>>(url.set(id), values, { ifMatch: version ?? null });

export const useSaveSet = (routineId: string) => useNestedSave(routineKey(routineId), ROUTINE_SHAPE, 'set', saveSet);
