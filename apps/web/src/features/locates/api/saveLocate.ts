import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveRecordInput } from '../../../components/record/api/recordCalls';
import { http } from '../../../lib/http';
import { jobLocatesKey, locateKey, locateUrl, type LocateDetail, type LocateValues } from './locateTypes';

/** The locate's changed fields and the version the user loaded (every record's save input). */
export type SaveLocateInput = SaveRecordInput<LocateValues>;

/** PUT some fields of the locate (or its assignment); with `version`, If-Match makes a stale save merge by field. */
export const saveLocate = ({ id, values, version }: SaveLocateInput) => http.put<LocateDetail>(locateUrl(id), values, { ifMatch: version ?? null });

export function useSaveLocate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveLocate,
    onSuccess: (_answer, input) => Promise.all([qc.invalidateQueries({ queryKey: locateKey(input.id) }), qc.invalidateQueries({ queryKey: jobLocatesKey })]),
  });
}
