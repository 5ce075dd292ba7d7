import { http } from '../../../lib/http';
import { ROUTINE_SHAPE } from '../logic';
import { useNestedAdd } from './nestedCache';
import { routineKey, url, type RoutineSet, type WriteAnswer } from './types';

/** POST /api/lpms/sets/ {routine}: a blank set of the routine. */
export const addSet = (routineId: string) => http.post<WriteAnswer<RoutineSet>>(url.sets, { routine: routineId });

export const useAddSet = (routineId: string) => useNestedAdd(routineKey(routineId), ROUTINE_SHAPE, () => addSet(routineId), { routine: routineId });
