import { http } from '../../../lib/http';
import { DO_ROUTINE_SHAPE } from '../logic';
import { useNestedSave } from './nestedCache';
import { doRoutineKey, url, type DoSet, type WriteAnswer } from './types';

/** PUT /api/lpms/do_sets/{id} with the fields the user changed. */
export const saveDoSet = (id: string, values: Record<string, unknown>) => http.put<WriteAnswer<DoSet>>(url.doSet(id), values);

export const useSaveDoSet = (doRoutineId: string) => useNestedSave(doRoutineKey(doRoutineId), DO_ROUTINE_SHAPE, 'set', saveDoSet);
