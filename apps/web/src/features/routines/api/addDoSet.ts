import { http } from '../../../lib/http';
import { DO_ROUTINE_SHAPE } from '../logic';
import { useNestedAdd } from './nestedCache';
import { doRoutineKey, url, type DoSet, type WriteAnswer } from './types';

/** POST /api/lpms/do_sets/ {do_routine}. */
export const addDoSet = (doRoutineId: string) => http.post<WriteAnswer<DoSet>>(url.doSets, { do_routine: doRoutineId });

export const useAddDoSet = (doRoutineId: string) =>
  useNestedAdd(doRoutineKey(doRoutineId), DO_ROUTINE_SHAPE, () => addDoSet(doRoutineId), { do_routine: doRoutineId });
