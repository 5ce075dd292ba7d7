import { http } from '../../../lib/http';
import { DO_ROUTINE_SHAPE } from '../logic';
import { useNestedSave, type NestedSaveInput } from './nestedCache';
import { doRoutineKey, url, type DoSet, type WriteAnswer } from './types';

/** PUT /api/lpms/do_sets/{id} with the fields the user changed and the line's version (If-Match). */
export const saveDoSet = ({ id, values, version }: NestedSaveInput) => http.put<WriteAnswer<DoSet>>(url.doSet(id), values, { ifMatch: version ?? null });

export const useSaveDoSet = (doRoutineId: string) => useNestedSave(doRoutineKey(doRoutineId), DO_ROUTINE_SHAPE, 'set', saveDoSet);
